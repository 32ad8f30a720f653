"""The Discord adapter: ``/poker`` slash commands, one table message per hand with buttons,
private cards by direct message, and a mention when it is a player's turn.

Modules: :mod:`.ids` (table and player ids), :mod:`.views` (the embed and its buttons),
:mod:`.interactions` (requests and ephemeral replies), :mod:`.commands` (the command tree),
:mod:`.transport` (the presenter's I/O), :mod:`.client` (the client) and :mod:`.run`.
"""
