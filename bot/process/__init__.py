"""The process wing: how a bot process behaves whatever it serves (the garbage collector,
the interpreter lock shared with the database thread, what the log may say)."""
