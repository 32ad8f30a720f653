"""The table message's buttons, as :class:`discord.ui.DynamicItem` buttons whose custom ids
carry the table, the hand number (with the decision's step for a move) and the command
(``kb:GUILD:CHANNEL:HAND[.STEP]:COMMAND``), so a click still works after the bot restarts
and a click on an older hand, or a second click on an earlier decision, can be refused."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.words.tableview import TableView

from .ids import split_table, table_id

# "kb!" marks a confirmation click (the command is sent again with ``confirmed``).
TEMPLATE = (
    r"kb(?P<ok>!?):(?P<guild>[0-9]+):(?P<channel>[0-9]+):(?P<hand>[0-9]+)"
    r"(?:\.(?P<step>[0-9]+))?:(?P<command>.+)"
)
CUSTOM_ID_MAX = 100  # Discord's limit
LABEL_MAX = 80
CARDS = "cards"  # the "My cards" button's command
ROW_MOST = 5  # Discord's buttons in a row
LOBBY_ROW = 4  # the last of Discord's five rows: the table-wide buttons, under the moves

STYLES = {
    "danger": discord.ButtonStyle.danger,
    "primary": discord.ButtonStyle.primary,
    "success": discord.ButtonStyle.success,
    "secondary": discord.ButtonStyle.secondary,
}


@dataclass(frozen=True)
class Target:
    """What a button does: ``command`` at the table ``guild/channel`` in hand ``hand``, for
    the decision at ``step`` moves into the hand (-1: any, e.g. "My cards");
    ``confirmed`` for the confirmation of an all-in or a big bet."""

    guild: int
    channel: int
    hand: int
    command: str
    confirmed: bool = False
    step: int = -1

    @property
    def table_id(self) -> str:
        """The service's table id."""
        return table_id(self.guild, self.channel)

    def custom_id(self) -> str:
        """The button's custom id (at most 100 characters for the commands of a view)."""
        ok = "!" if self.confirmed else ""
        hand = f"{self.hand}.{self.step}" if self.step >= 0 else str(self.hand)
        return f"kb{ok}:{self.guild}:{self.channel}:{hand}:{self.command}"

    @classmethod
    def _of(cls, match: re.Match[str]) -> Target:
        """The target of a custom id matched by :data:`TEMPLATE`."""
        return cls(
            int(match["guild"]),
            int(match["channel"]),
            int(match["hand"]),
            match["command"],
            bool(match["ok"]),
            int(match["step"]) if match["step"] else -1,
        )


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """One button of a table message or of a confirmation.

    Args:
        target: what a click does.
        label: the button's text (cut to 80 characters).
        style: its style.
    """

    def __init__(
        self,
        target: Target,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_MAX], style=style, custom_id=target.custom_id(), row=row
            )
        )
        self.target = target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        """Rebuild the button from a click's custom id (discord.py calls this)."""
        label = getattr(item, "label", None) or ""
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(Target._of(match), label, style)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Handle a click with the handler :func:`on_click` registered
        (:func:`adapters.discord.interactions.click`, which replies with these buttons)."""
        if _HANDLER is None:
            raise RuntimeError("no click handler: import adapters.discord.interactions")
        await _HANDLER(interaction, self.target)


ClickHandler = Callable[[discord.Interaction, Target], Awaitable[None]]
_HANDLER: ClickHandler | None = None


def on_click(handler: ClickHandler) -> ClickHandler:
    """Register what a table button's click does (the interactions module registers its
    ``click`` when imported); returns ``handler``."""
    global _HANDLER  # noqa: PLW0603 - one handler for the process's buttons
    _HANDLER = handler
    return handler


def table_buttons(view: TableView) -> discord.ui.View | None:
    """The buttons under a table message: the choices of the player to act, then "My
    cards" for everyone, then a tournament's table-wide choices (register, rebuy, the
    add-on, a deal's answers) in a row of their own at the bottom, for anyone to click;
    None between hands when there is no table-wide choice (the message then has no
    buttons)."""
    between = view.phase == "between hands"
    if between and not view.lobby:
        return None
    guild, channel = split_table(view.table_id)
    buttons = discord.ui.View(timeout=None)
    if not between:
        for choice in view.choices:
            target = Target(guild, channel, view.hand_number, choice.command, step=view.step)
            style = STYLES.get(choice.style, discord.ButtonStyle.secondary)
            buttons.add_item(TableButton(target, choice.label, style))
        mine = Target(guild, channel, view.hand_number, CARDS)
        buttons.add_item(TableButton(mine, "My cards", discord.ButtonStyle.secondary))
    for index, choice in enumerate(view.lobby[: 2 * ROW_MOST]):
        # good for the hand shown, as "My cards" is: the next deal redraws the row
        target = Target(guild, channel, view.hand_number, choice.command)
        style = STYLES.get(choice.style, discord.ButtonStyle.secondary)
        row = LOBBY_ROW - (len(view.lobby) > ROW_MOST) + index // ROW_MOST
        buttons.add_item(TableButton(target, choice.label, style, row))
    return buttons


def confirm_buttons(table: str, hand: int, command: str, step: int = -1) -> discord.ui.View | None:
    """A Confirm button sending ``command`` again with ``confirmed``, good for the decision
    at ``step``; None when the command is too long for a custom id (the reply then asks to
    type it again)."""
    guild, channel = split_table(table)
    target = Target(guild, channel, hand, command, confirmed=True, step=step)
    if len(target.custom_id()) > CUSTOM_ID_MAX:
        return None
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TableButton(target, "Confirm", discord.ButtonStyle.danger))
    return buttons
