"""The words wing: what players type (commands, table set-up) and what they read (events,
the table message, a hand's history, counts). Pure: engine state in, text out, or text in,
typed commands out."""
