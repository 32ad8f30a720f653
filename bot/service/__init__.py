"""The service wing: one ordered lock per table, every command committed before it is told,
the turn timers, and the session's books. Below it: the engine, hand histories, the words
players type and read, storage. Above it: the chat core and the adapters."""
