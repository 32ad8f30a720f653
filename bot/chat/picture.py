"""The picture posted with a showdown's result: the board and the hands shown, drawn big
enough to read on a phone.

Only what the table has seen is drawn: the board (both boards of a double board) and the
hands shown at the showdown; a folded or mucked hand is never in it. The text result is
posted as well, for screen readers and for the console, which shows no pictures.
Suits are told apart by shape and by colour (four colours, as online tables use), so the
picture reads in black and white too. Pillow is imported only when a picture is drawn.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

CARD_W, CARD_H, GAP = 96, 134, 12  # pixels: a card is a third of an inch on a phone
WIDTH = 960
FELT = (23, 94, 56)
INK = (255, 255, 255)
SUITS = {"s": ("♠", (20, 20, 20)), "h": ("♥", (200, 20, 30)), "d": ("♦", (20, 80, 200))}
SUITS["c"] = ("♣", (10, 130, 40))
RANKS = {"T": "10"}


@dataclass(frozen=True)
class ShownHand:
    """A hand shown at the showdown: the player's name, his cards (``"Ah"``), the hand
    in words and the chips it won (0 when it lost)."""

    name: str
    cards: tuple[str, ...]
    description: str
    won: int


def showdown_png(title: str, boards: Sequence[Sequence[str]], hands: Sequence[ShownHand]) -> bytes:
    """A PNG of a showdown.

    Args:
        title: the first line, e.g. ``"Hand #12 · No-Limit Hold'em 1/2"``.
        boards: the board's cards, one sequence per board (none in stud and draw games).
        hands: the hands shown, in the order they were shown.
    Returns:
        The PNG file's bytes: 960 pixels wide, a row per board and per hand.
    """
    from PIL import Image, ImageDraw

    rows = [b for b in boards if b]
    height = 90 + (CARD_H + 70) * (len(rows) + len(hands)) + 20
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    _fitted(draw, (24, 24), title, 34)
    y = 90
    for k, board in enumerate(rows):
        label = "Board" if len(rows) == 1 else f"Board {k + 1}"
        draw.text((24, y), label, font=_font(28), fill=INK)
        _cards(draw, board, 24, y + 44)
        y += CARD_H + 70
    for hand in hands:
        won = f" wins {hand.won}" if hand.won else ""
        words = re.sub(r" \([^)]*\)", "", hand.description)  # the hand's name, not its cards
        _fitted(draw, (24, y), f"{hand.name}{won}" + (f": {words}" if words else ""))
        _cards(draw, hand.cards, 24, y + 44)
        y += CARD_H + 70
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _fitted(draw: ImageDraw.ImageDraw, at: tuple[int, int], text: str, size: int = 28) -> None:
    """One line of text, in a smaller size when it would run past the picture's edge."""
    while size > 14 and draw.textlength(text, font=_font(size)) > WIDTH - 2 * at[0]:
        size -= 2
    draw.text(at, text, font=_font(size), fill=INK)


def _cards(draw: ImageDraw.ImageDraw, cards: Sequence[str], x: int, y: int) -> int:
    """Draw cards left to right from (x, y); returns the x after the last one."""
    for card in cards:
        draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=10, fill=INK)
        rank, (symbol, colour) = RANKS.get(card[0], card[0]), SUITS.get(card[1], ("?", (0, 0, 0)))
        draw.text((x + 10, y + 4), rank, font=_font(44), fill=colour)
        draw.text(
            (x + CARD_W // 2, y + CARD_H - 44), symbol, font=_font(62), fill=colour, anchor="mm"
        )
        x += CARD_W + GAP
    return x


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A bold font with the suit symbols: DejaVu Sans, which the chart library brings."""
    import matplotlib
    from PIL import ImageFont

    path = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSans-Bold.ttf")
    try:
        return ImageFont.truetype(path, size)
    except OSError:  # a chart library without its fonts: Pillow's own, which scales
        return ImageFont.load_default(size)
