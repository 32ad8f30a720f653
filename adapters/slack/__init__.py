"""The Slack adapter: a ``/poker`` slash command, the table message in Block Kit with its
buttons and modals, private lines by DM, on slack-bolt's asyncio API (HTTP or Socket Mode)."""
