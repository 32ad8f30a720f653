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
from bot.chat.core import AmountForm, DrawForm, Request

from .buttons import Target, confirm_buttons, on_click
from .ids import PLATFORM, table_id
from .markup import plain

if TYPE_CHECKING:
    from adapters.runtime import Runtime

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds: Discord drops an interaction not answered within 3 s
MESSAGE_MAX = 2000  # characters in one Discord message
MODAL_SECONDS = 600.0  # an unsent modal is forgotten after this long
FORM_COMMANDS = ("raise", "bet", "draw")  # the bare command opens a modal asking for more


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

    Raise… and Draw… ask ChatCore for their form (the legal range, the clicker's own
    cards) and open it as a modal; anything else goes to ChatCore as is. ChatCore refuses,
    with the reason, a button of an older hand or an earlier decision and a move that is
    not the clicker's to make.
    """
    command = target.command
    if target.confirmed or command not in FORM_COMMANDS:
        await answer(
            interaction, command, confirmed=target.confirmed, component=True, target=target
        )
        return
    runtime = runtime_of(interaction)
    if runtime is None:
        await reply(interaction, "the bot is starting: try again in a moment")
        return
    request = request_of(interaction, command)
    if request is None:
        await reply(interaction, "poker plays in a server's channel, not in direct messages")
        return
    step = target.step if target.step >= 0 else None
    result = await runtime.core.answer(replace(request, hand=target.hand, step=step, form=True))
    if isinstance(result, AmountForm):
        await interaction.response.send_modal(AmountModal(target, result))
    elif isinstance(result, DrawForm):
        await interaction.response.send_modal(DrawModal(target))
    else:
        await reply(interaction, result.text)


async def submit(interaction: discord.Interaction, target: Target, text: str) -> None:
    """A modal's command, as a click of the button that opened it (ChatCore refuses it if
    its hand or decision is past meanwhile)."""
    await answer(interaction, text, component=True, target=target)


class AmountModal(discord.ui.Modal):
    """Asks a bet's or a raise's amount, the minimum filled in; ChatCore validates it.

    Args:
        target: the Raise (or Bet) button clicked.
        form: ChatCore's form with the legal range, if the bet has one.
    """

    def __init__(self, target: Target, form: AmountForm) -> None:
        verb = form.verb
        super().__init__(title=f"{verb} · hand #{target.hand}", timeout=MODAL_SECONDS)
        self.target = target
        if form.minimum is not None:
            label = f"{verb} to ({form.minimum} to {form.maximum})"
            default = str(form.minimum)
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
