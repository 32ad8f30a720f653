"""From a Discord interaction to a :class:`bot.chat.core.Request`, and the
:class:`bot.chat.core.Reply` back to the user only (an ephemeral message), for slash
commands, buttons and modals.

The adapter computes no poker: a command's text goes to :class:`bot.chat.core.ChatCore`, and
buttons come from the table view's choices.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from adapters.pieces import pieces
from bot.chat.core import Request
from bot.words.tableview import Choice

from .buttons import CARDS, Target, confirm_buttons, on_click
from .ids import PLATFORM, player_of, table_id
from .markup import plain

if TYPE_CHECKING:
    from adapters.runtime import Runtime

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds: Discord drops an interaction not answered within 3 s
MESSAGE_MAX = 2000  # characters in one Discord message
MODAL_SECONDS = 600.0  # an unsent modal is forgotten after this long
AMOUNT_COMMANDS = ("raise", "bet")  # the bare command opens a modal asking the amount


def runtime_of(interaction: discord.Interaction) -> Runtime | None:
    """The bot's runtime (None while it is starting)."""
    return getattr(interaction.client, "runtime", None)


def request_of(
    interaction: discord.Interaction, text: str, confirmed: bool = False
) -> Request | None:
    """The request for ``text`` typed or clicked by the interaction's user; None outside a
    server (poker plays in a server's channel). ``admin`` is Manage Server or
    Administrator; ``request_id`` is the interaction id (a retry is applied once)."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return None
    permissions = interaction.permissions
    return Request(
        PLATFORM,
        str(interaction.guild_id),
        str(interaction.channel_id),
        str(interaction.user.id),
        interaction.user.display_name,
        text,
        str(interaction.id),
        admin=permissions.administrator or permissions.manage_guild,
        confirmed=confirmed,
    )


def chunks(text: str, limit: int = MESSAGE_MAX) -> list[str]:
    """``text`` split at line ends into Discord messages (:func:`adapters.pieces.pieces`)."""
    return pieces(text, limit)


async def reply(
    interaction: discord.Interaction, text: str, buttons: discord.ui.View | None = None
) -> None:
    """Show ``text`` (plain: escaped so that names show as typed, see
    :func:`adapters.discord.markup.plain`) to the interaction's user only, split over
    several messages when long, with ``buttons`` under the last part."""
    parts = chunks(plain(text))
    for number, part in enumerate(parts):
        extra: dict[str, Any] = {}
        if buttons is not None and number == len(parts) - 1:
            extra["view"] = buttons
        mentions = discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(
                part, ephemeral=True, allowed_mentions=mentions, **extra
            )
        else:
            await interaction.response.send_message(
                part, ephemeral=True, allowed_mentions=mentions, **extra
            )


async def answer(
    interaction: discord.Interaction,
    text: str,
    *,
    confirmed: bool = False,
    component: bool = False,
    target: Target | None = None,
) -> None:
    """Send ``text`` as the user's command through ChatCore and reply to him only.

    Args:
        interaction: a slash command, a click or a modal submission.
        text: the command, e.g. ``raise 40``.
        confirmed: the user confirmed an all-in or a big bet.
        component: a click or a modal: a move that succeeded shows on the table message,
            so it is acknowledged without a message.
        target: the clicked button: the move is refused if its hand is over, or its
            decision (for a move's button) is past.
    """
    runtime = runtime_of(interaction)
    if runtime is None:
        await reply(interaction, "the bot is starting: try again in a moment")
        return
    request = request_of(interaction, text, confirmed)
    if request is not None and target is not None:
        step = target.step if target.step >= 0 else None
        request = replace(request, hand=target.hand, step=step)
    if request is None:
        await reply(interaction, "poker plays in a server's channel, not in direct messages")
        return
    task = asyncio.ensure_future(runtime.core.handle(request))
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done:
        await interaction.response.defer(ephemeral=True, thinking=True)
    result = await task
    buttons = None
    table = table_id(request.server_id, request.channel_id)
    if result.confirm is not None and result.hand is not None:
        # the decision the question was asked at, not the table as it is by now
        step = result.step if result.step is not None else -1
        buttons = confirm_buttons(table, result.hand, result.confirm, step)
    if result.text or buttons is not None:
        await reply(interaction, result.text or "Confirm?", buttons)
    elif component and not interaction.response.is_done():
        await interaction.response.defer()
    else:
        await reply(interaction, f"Done: {request.text}")


@on_click
async def click(interaction: discord.Interaction, target: Target) -> None:
    """A click on a table message's button or on a Confirm button.

    A button of an older hand is refused; "My cards" answers with the clicker's own cards;
    a raise with a range and a draw open a modal for the player to act; anything else goes
    to ChatCore as is (which says "not your turn" to whoever is not to act).
    """
    runtime = runtime_of(interaction)
    if runtime is None:
        await reply(interaction, "the bot is starting: try again in a moment")
        return
    if await runtime.service.current(target.table_id) is None:
        await reply(interaction, "there is no table in this channel any more")
        return
    view = runtime.presenter.view(target.table_id)
    clicker = player_of(interaction.user.id)
    mine = view.to_act == clicker
    # the engine says whether the button is out of date; the service checks it again when
    # the command is sent, under the table's lock
    step = target.step if target.step >= 0 and mine else None
    why = runtime.service.fresh(target.table_id, clicker, target.hand, step)
    if why is not None:
        await reply(interaction, why)
        return
    command = target.command
    if target.confirmed or command == CARDS:
        await answer(
            interaction, command, confirmed=target.confirmed, component=True, target=target
        )
        return
    choice = next((c for c in view.choices if c.command == command), None)
    if command in AMOUNT_COMMANDS:
        if not mine:
            # ChatCore's refusal names who is to act; the amount does not matter
            low = choice.minimum if choice is not None else 0
            await answer(interaction, f"{command} {low}", component=True, target=target)
            return
        await interaction.response.send_modal(AmountModal(target, choice))
    elif command == "draw":
        if not mine:
            # ChatCore's refusal names who is to act; which cards does not matter
            await answer(interaction, "pat", component=True, target=target)
            return
        await interaction.response.send_modal(DrawModal(target))
    else:
        await answer(interaction, command, component=True, target=target)


async def submit(interaction: discord.Interaction, target: Target, text: str) -> None:
    """A modal's command, unless its hand is over meanwhile."""
    runtime = runtime_of(interaction)
    if runtime is not None and await runtime.service.current(target.table_id) is not None:
        why = runtime.service.fresh(
            target.table_id, player_of(interaction.user.id), target.hand, None
        )
        if why is not None:
            await reply(interaction, why)
            return
    await answer(interaction, text, component=True, target=target)


class AmountModal(discord.ui.Modal):
    """Asks a bet's or a raise's amount, the minimum filled in; ChatCore validates it.

    Args:
        target: the Raise (or Bet) button clicked.
        choice: the table view's choice with its legal range, if it has one.
    """

    def __init__(self, target: Target, choice: Choice | None) -> None:
        verb = choice.label.split()[0] if choice is not None else target.command.title()
        super().__init__(title=f"{verb} · hand #{target.hand}", timeout=MODAL_SECONDS)
        self.target = target
        if choice is not None and choice.minimum is not None:
            label = f"{verb} to ({choice.minimum} to {choice.maximum})"
            default = str(choice.minimum)
        else:
            label, default = f"{verb} to", None
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=label, default=default, max_length=20, placeholder="e.g. 40, 1k, 2.5k"
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Send ``raise AMOUNT`` (or ``bet AMOUNT``)."""
        await submit(interaction, self.target, f"{self.target.command} {self.amount.value}")


class DrawModal(discord.ui.Modal):
    """Asks which cards to throw in a draw game (empty: stand pat).

    Args:
        target: the Draw button clicked.
    """

    def __init__(self, target: Target) -> None:
        super().__init__(title=f"Draw · hand #{target.hand}", timeout=MODAL_SECONDS)
        self.target = target
        self.cards: discord.ui.TextInput[DrawModal] = discord.ui.TextInput(
            label="Cards to throw (empty: stand pat)",
            required=False,
            max_length=40,
            placeholder="e.g. 7h 2c",
        )
        self.add_item(self.cards)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Send ``draw CARDS``, or ``pat`` when no card was named."""
        cards = self.cards.value.strip()
        await submit(interaction, self.target, f"draw {cards}" if cards else "pat")
