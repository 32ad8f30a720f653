"""The fast reader of hand-history TOML gives what tomllib gives, or steps aside."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.phh import tomlsubset
from bot.phh.notation import load_phh


def test_every_kept_hand_history_is_read_fast_and_as_tomllib_reads_it(phh_dir: Path) -> None:
    """Every .phh and .phhs file kept with the tests is in the fast reader's part of TOML,
    and it reads each exactly as tomllib does."""
    files = sorted(p for p in phh_dir.rglob("*") if p.suffix in (".phh", ".phhs"))
    assert len(files) > 300
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert tomlsubset.loads(text) == tomllib.loads(text), path


_KEYS = st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True)
_PLAIN = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\"'\\"), max_size=8
)
_SCALARS = st.one_of(
    _PLAIN.map(lambda s: f'"{s}"'),
    _PLAIN.map(lambda s: f"'{s}'"),
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(["true", "false", "0.5", "-1.25", "+3", "1e5", "1_000", "0x1F", "inf", "00"]),
    st.sampled_from(['"a\\"b"', "'''x'''", "1979-05-27", "[1, [2]]", "{a = 1}", "[,]"]),
)
_GAPS = st.sampled_from(["", " ", "\t", "\n", " # note\n", "\n  ", "\r\n"])


@st.composite
def _documents(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        key = draw(_KEYS)
        if draw(st.booleans()):
            items = draw(st.lists(_SCALARS, max_size=5))
            if draw(st.booleans()):  # as hand-history writers lay an array out
                value = "[" + ", ".join(items) + "]"
            else:
                gap = draw(_GAPS)
                trail = draw(st.sampled_from(["", ","])) if items else ""
                body = ("," + gap).join(items) + trail
                value = f"[{gap}{body}{gap}]"
        else:
            value = draw(_SCALARS)
        lines.append(f"{key} = {value}{draw(st.sampled_from(['', ' # c', '  ']))}")
        if draw(st.integers(0, 5)) == 0:
            lines.append(f"[{draw(_KEYS)}]")
    return draw(st.sampled_from(["\n", "\n\n", "\r\n"])).join(lines)


@settings(max_examples=400, deadline=None)
@given(_documents())
def test_the_fast_reader_agrees_with_tomllib_or_steps_aside(text: str) -> None:
    """On generated documents, valid or not: whenever the fast reader gives a value,
    tomllib reads the same value; a text tomllib refuses is never read fast."""
    fast = tomlsubset.loads(text)
    if fast is None:
        return
    assert fast == tomllib.loads(text)


def test_a_hand_history_outside_the_subset_is_still_read() -> None:
    """An escape in a string sends the text to tomllib, and the hand is read all the same."""
    text = 'variant = "NT"\nantes = [0, 0]\nstarting_stacks = [100, 100]\nactions = ["p1 f"]\n'
    escaped = text.replace('"NT"', '"N\\u0054"')
    assert tomlsubset.loads(escaped) is None
    assert load_phh(escaped).variant == "NT"
    assert load_phh(text) == load_phh(escaped)
