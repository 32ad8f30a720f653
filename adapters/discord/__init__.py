"""The Discord adapter: ``/poker`` slash commands, one table message per hand with buttons,
private cards by direct message, and a mention when it is a player's turn.

Modules: :mod:`.ids` (table and player ids), :mod:`.embed` (the table message's embed),
:mod:`.buttons` (its buttons), :mod:`.interactions` (requests, ephemeral replies, modals),
:mod:`.commands` (the command tree), :mod:`.transport` (the presenter's I/O),
:mod:`.client` (the client) and :mod:`.run` (``killbutton run discord``).
"""
