"""Long text split at line ends, for platforms that cap a message's length (a session's
hand histories, say): each piece at most ``limit`` characters, a line longer than that
cut where it must be."""

from __future__ import annotations


def pieces(text: str, limit: int) -> list[str]:
    """``text`` split at line ends into pieces of at most ``limit`` characters, in order
    (one empty piece for empty text)."""
    out: list[str] = []
    current = ""
    for line in text.splitlines() or [""]:
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            out.append(current)
            joined = line
        current = joined
    out.append(current)
    return [p for p in out if p] or [""]
