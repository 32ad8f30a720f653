"""The chat wing, shared by every platform: requests in (:mod:`bot.chat.core`), what the
service publishes out to a transport (:mod:`bot.chat.presenter`), the session chart."""
