"""The rules engine: pure, synchronous, no I/O. See ``hand.Hand`` for the state machine."""
