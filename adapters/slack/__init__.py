"""The Slack adapter: a ``/poker`` slash command, the table message in Block Kit with its
buttons and modals, private lines by DM (ephemeral in the table's channel when a player's
DMs fail), a turn nudge only the player sees, on slack-bolt's asyncio API (HTTP or Socket
Mode), with the tokens checked at start-up and a bounded stop."""
