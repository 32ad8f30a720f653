"""The console adapter: a table in a terminal (:mod:`adapters.console.play`) with computer
players in the other seats (:mod:`bot.chat.computer`)."""
