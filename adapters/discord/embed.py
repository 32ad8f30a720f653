"""The table message's embed: what the channel sees of a hand, built from the table view.

Everything here comes from :class:`bot.words.tableview.TableView` and the hand's public lines,
which carry no hidden card. Suits are text symbols (♠♥♦♣) and the player to act is marked
with a word and an arrow, so nothing relies on colour.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.words.render import cards_text
from bot.words.tableview import SeatLine, TableView

from .markup import plain

# Discord's embed limits (characters).
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_MAX = 1024
FOOTER_MAX = 2048


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _seat(line: SeatLine, to_act: str | None) -> str:
    name = plain(line.name)
    arrow = "▶ " if line.player_id == to_act else ""
    bet = f" · bet {line.bet}" if line.bet else ""
    shows = f" · shows {cards_text(line.upcards)}" if line.upcards else ""
    marks = f" [{plain(', '.join(line.marks))}]" if line.marks else ""
    return f"{arrow}{line.seat}. **{name}** {line.stack}{bet}{shows}{marks}"


def table_embed(view: TableView, recent: Sequence[str]) -> discord.Embed:
    """The embed of the table message.

    Args:
        view: the table as it stands.
        recent: the hand's last public lines, oldest first.
    Returns:
        An embed within Discord's limits: title (game and hand number), a tournament's
        lines (its lobby, level and clock, prize pool, deal), board, pot, whose turn with
        the legal range, the seats, the recent lines and the footer. Names and
        lines are escaped (:func:`adapters.discord.markup.plain`) where Discord renders
        markdown; the footer, which it shows as is, is not.
    """
    title = f"Hand #{view.hand_number} · {view.title}" if view.hand_number else view.title
    lines = [plain(line) for line in view.tournament]
    for line in view.board_lines():
        label, cards = line.split(": ", 1)
        lines.append(f"{label}: **{cards}**")
    if view.phase != "between hands":
        lines.append(f"Pot: **{view.pot}** · {view.phase}")
    name = view.to_act_name()
    if name is not None:
        legal = f": {view.legal}" if view.legal else ""
        lines.append(f"To act: ▶ **{plain(name)}**{plain(legal)}")
    elif view.phase == "between hands":
        lines.append("Between hands")
    embed = discord.Embed(
        title=clip(title, TITLE_MAX), description=clip("\n".join(lines), DESCRIPTION_MAX)
    )
    seats = "\n".join(_seat(line, view.to_act) for line in view.seats) or "nobody is seated"
    embed.add_field(name="Seats", value=clip(seats, FIELD_MAX), inline=False)
    if recent:
        # the newest lines matter most: cut from the oldest end
        text = "\n".join(plain(line) for line in recent)
        if len(text) > FIELD_MAX:
            text = "…" + text[-(FIELD_MAX - 1) :]
        embed.add_field(name="Recent", value=text, inline=False)
    if view.footer:
        embed.set_footer(text=clip(view.footer, FOOTER_MAX))
    return embed
