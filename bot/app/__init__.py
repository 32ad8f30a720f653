"""The application wing, the top floor: the ``killbutton`` command line that starts a
console table, a chat bot or a replay."""
