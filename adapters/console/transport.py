"""The console's transport for the shared presenter: a terminal shows one line after
another (:class:`bot.chat.presenter.Lines`), the channel's as they are and a player's
private lines marked with their reader, for whoever may see them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bot.words.tableview import TableView


class ConsoleTransport:
    """Prints what the presenter shows.

    Args:
        out: the terminal (or a script's output).
        viewer: the player id at the keyboard, whose private lines alone are shown
            (marked ``(you)``); None shows every reader's, marked ``[to NAME]`` (scripts).
    """

    def __init__(self, out: TextIO, viewer: str | None, home: str = "") -> None:
        self.out = out
        self.viewer = viewer
        # the console's own table id: a line from another table (a tournament's over
        # several) is marked with that table's channel
        self.home = home
        # names heard at the keyboard or in the script, over those the table stored
        self.names: dict[str, str] = {}

    async def say(self, table_id: str, text: str, reader: str | None, name: str) -> None:
        """One line (or several) for the channel (``reader`` None) or for one player."""
        self.show(self._marked(table_id, text), reader, name)

    def _marked(self, table_id: str, text: str) -> str:
        if not self.home or table_id == self.home:
            return text
        where = table_id.split("/", 1)[-1]
        return "\n".join(f"[{where}] {line}" for line in text.splitlines())

    def show(self, text: str, reader: str | None = None, name: str = "") -> None:
        """Print ``text``, every line of a private one marked with its reader (or left out
        when another player's and someone is at the keyboard)."""
        for line in text.splitlines() or [""]:
            if reader is None:
                print(line, file=self.out)
            elif self.viewer is None:
                print(f"  [to {self.names.get(reader) or name or reader}] {line}", file=self.out)
            elif reader == self.viewer:
                print(f"  (you) {line}", file=self.out)

    async def show_table(self, table_id: str, view: TableView, recent: Sequence[str]) -> None:
        """No table message to edit: every line is printed as it comes."""

    async def post(self, table_id: str, text: str) -> None:
        """A line to the table's channel."""
        self.show(self._marked(table_id, text))

    async def tell(self, table_id: str, player_id: str, text: str) -> bool:
        """A private line to one player; always delivered."""
        self.show(text, player_id, player_id)
        return True

    async def turn(self, table_id: str, player_id: str, view: TableView) -> None:
        """No phone to nudge: the prompt says whose turn it is."""

    async def post_image(self, table_id: str, png: bytes, caption: str) -> None:
        """A terminal shows no picture."""

    async def post_file(self, table_id: str, data: bytes, filename: str, caption: str) -> None:
        """A file for the channel (a CSV ledger, say): written in the working folder, and
        where said; a file that cannot be written is said not to be, with why (the table
        plays on)."""
        path = Path(filename)
        try:
            path.write_bytes(data)
        except OSError as exc:
            self.show(f"{caption}: not saved as {path}: {exc.strerror or exc}")
            return
        self.show(f"{caption}: saved as {path}")


# what a terminal that cannot show a symbol gets instead: suits as the letters cards are
# typed in, and plain signs for the rules and dots of the layout
_PLAIN = str.maketrans(
    {
        "♠": "s",
        "♥": "h",
        "♦": "d",
        "♣": "c",
        "─": "-",
        "·": "|",
        "…": "...",
        "→": "->",
        "±": "+/-",
        "§": "#",
    }
)


class PlainText:
    """A text stream for a terminal whose encoding cannot show the card symbols: suits are
    written as letters (``A♠`` as ``As``) and anything else it cannot show is replaced,
    never raised as an error mid-hand."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.encoding = stream.encoding or "ascii"

    def write(self, text: str) -> int:
        """Write ``text`` in what the terminal can show; returns the characters taken."""
        shown = text.translate(_PLAIN).encode(self.encoding, "replace").decode(self.encoding)
        self.stream.write(shown)
        return len(text)

    def flush(self) -> None:
        """Flush the terminal's stream."""
        self.stream.flush()


def terminal(stream: TextIO) -> TextIO:
    """``stream`` itself when its encoding shows the card symbols, else a :class:`PlainText`
    over it."""
    try:
        "♠♥♦♣─·…".encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return PlainText(stream)  # type: ignore[return-value]
    return stream
