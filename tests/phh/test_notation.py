"""Tests of bot.phh.notation: reading and writing PHH files and action strings."""

from __future__ import annotations

import datetime
import functools
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.phh.notation import (
    HandHistory,
    PhhAction,
    PhhError,
    dumps_phh,
    dumps_phhs,
    format_action,
    load_path,
    load_phh,
    load_phhs,
    parse_action,
)

PHH_DIR = Path(__file__).resolve().parents[1] / "data" / "phh"


@functools.cache
def _dataset() -> tuple[tuple[Path, str, HandHistory], ...]:
    """Every .phh file under tests/data/phh, loaded once: (path, text, hand)."""
    paths = sorted(PHH_DIR.rglob("*.phh"))
    out = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        out.append((path, text, load_phh(text)))
    return tuple(out)


def _normalize(action: str) -> list[str]:
    """The tokens of an action string without its commentary."""
    return action.partition("#")[0].split()


# --------------------------------------------------------------------------------------
# The dataset
# --------------------------------------------------------------------------------------


def test_every_dataset_file_loads() -> None:
    hands = _dataset()
    # 5 famous, 64 WSOP, 202 Pluribus and 3 of our own (killbutton/history)
    assert len(hands) == 274
    for path, text, hh in hands:
        raw = tomllib.loads(text)
        assert hh.variant == raw["variant"], path
        assert hh.actions == raw["actions"], path
        assert hh.starting_stacks == raw["starting_stacks"], path
        assert len(hh.antes) == len(hh.starting_stacks), path
        # nothing is lost: every field is an attribute or in extra
        assert set(hh.to_dict()) == set(raw), path


def test_every_dataset_action_parses_and_formats_back() -> None:
    failures: list[str] = []
    count = 0
    for path, _, hh in _dataset():
        for text in hh.actions:
            count += 1
            try:
                action = parse_action(text)
                again = format_action(action)
            except PhhError as err:
                failures.append(f"{path.name}: {text!r}: {err}")
                continue
            if _normalize(again) != _normalize(text) or parse_action(again) != action:
                failures.append(f"{path.name}: {text!r} -> {again!r}")
    assert count == 4793
    assert not failures, failures[:20]


def test_every_dataset_file_round_trips() -> None:
    failures: list[str] = []
    for path, text, hh in _dataset():
        dumped = dumps_phh(hh)
        if load_phh(dumped) != hh:
            failures.append(f"{path.name}: not equal after a round trip")
        # all but the famous files come back with their fields in the same order
        elif path.parent.name != "famous" and list(tomllib.loads(dumped)) != list(
            tomllib.loads(text)
        ):
            failures.append(f"{path.name}: field order changed")
    assert not failures, failures[:20]


def test_dataset_as_one_phhs_round_trips() -> None:
    hands = [(f"{p.parent.name}/{p.stem}", hh) for p, _, hh in _dataset()[:300]]
    assert load_phhs(dumps_phhs(hands)) == hands


def test_every_phhs_session_is_written_as_dumps_phhs_writes_it() -> None:
    """Our own sessions (killbutton/) load and are written back byte for byte."""
    paths = sorted(PHH_DIR.rglob("*.phhs"))
    assert len(paths) == 32
    for path in paths:
        text = path.read_text(encoding="utf-8")
        hands = load_phhs(text)
        numbers = [int(name) for name, _ in hands]  # the hands in order of play
        assert numbers and numbers == sorted(set(numbers)), path
        assert dumps_phhs(hands) == text, path


def test_fractional_starting_stacks_load_as_floats() -> None:
    [(name, hh)] = load_path(PHH_DIR / "famous" / "antonius-blom-2009.phh")
    assert name is None
    assert hh.starting_stacks == [1259450.25, 678473.5]
    assert all(isinstance(s, float) for s in hh.starting_stacks)
    assert hh.variant == "PO" and hh.min_bet == 1000 and hh.antes == [0, 0]
    assert isinstance(hh.min_bet, int)
    assert hh.finishing_stacks is None
    assert hh.players == ["Patrik Antonius", "Victor Blom"]
    assert hh.extra == {"author": "Juho Kim", "month": 11, "year": 2009, "currency": "USD"}
    assert "1259450.25" in dumps_phh(hh)


def test_stud_file_has_bring_in_and_no_blinds() -> None:
    studs = [hh for _, _, hh in _dataset() if hh.variant == "F7S"]
    assert studs
    for hh in studs:
        assert hh.bring_in is not None
        assert hh.blinds_or_straddles == []
        assert "blinds_or_straddles" not in dumps_phh(hh)
        assert any(parse_action(a).kind == "bring_in" for a in hh.actions)


def test_wsop_hand_fields() -> None:
    [(_, hh)] = load_path(PHH_DIR / "wsop-2023-43-5" / "1.phh")
    assert hh.ante_trimming_status is False
    assert hh.antes == [0, 120000, 0, 0, 0]
    assert hh.hand == 1
    assert hh.finishing_stacks == [7340000, 3775000, 5110000, 8935000, 4545000]
    assert list(hh.extra) == [
        "author",
        "event",
        "city",
        "region",
        "country",
        "day",
        "month",
        "year",
    ]


# --------------------------------------------------------------------------------------
# .phhs files and the TOML writer
# --------------------------------------------------------------------------------------


def _house_hand(**extra: Any) -> HandHistory:
    return HandHistory(
        variant="NT",
        ante_trimming_status=True,
        antes=[0, 0, 0],
        blinds_or_straddles=[5, 10, 0],
        min_bet=10,
        starting_stacks=[1000, 1000.5, 2000],
        actions=[
            "d dh p1 AcKd",
            "d dh p2 ????",
            "d dh p3 7h7s",
            "p3 cbr 30 # open",
            "p1 f",
            "p2 cc",
            "d db Th9c5h",
            "p2 sm",
            "# a note",
        ],
        players=["Ann", 'Bob "the" Builder', "Cé\\n"],
        hand="a",
        extra=extra,
    )


def test_phhs_with_user_fields_round_trips() -> None:
    first = _house_hand(
        author="us",
        _game="kill-button",
        _structure=["no-limit", "kill", 'with "quotes"\nand a newline'],
        _kill_state_before={"state": "leg_up", "holder": "Bob", "amount": 20},
        _killer={"Bob": 1},
        _weird={"not bare key": [1, 2.5, True], "": {}},
    )
    second = HandHistory(
        variant="F7S",
        antes=[1, 1],
        bring_in=2,
        small_bet=5,
        big_bet=10,
        starting_stacks=[100, 100],
        actions=["d dh p1 ????7h", "d dh p2 ????As", "p1 pb", "p2 f"],
        finishing_stacks=[101, 99],
        hand=2,
        extra={"_kill": False, "time": datetime.time(10, 30)},
    )
    hands = [("hand-a", first), ("2", second)]
    text = dumps_phhs(hands)
    assert "[hand-a]" in text and "[2]" in text
    assert '_kill_state_before = { state = "leg_up", holder = "Bob", amount = 20 }' in text
    assert "_killer = { Bob = 1 }" in text
    loaded = load_phhs(text)
    assert loaded == hands
    assert list(loaded[0][1].extra) == list(first.extra)


def test_load_path_reads_phhs(tmp_path: Path) -> None:
    hands = [("1", _house_hand(_x=1)), ("two words", _house_hand(_x=2))]
    file = tmp_path / "hands.phhs"
    file.write_text(dumps_phhs(hands), encoding="utf-8")
    assert load_path(file) == hands
    single = tmp_path / "hand.phh"
    single.write_text(dumps_phh(hands[0][1]), encoding="utf-8")
    assert load_path(single) == [(None, hands[0][1])]


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_load_path_reads_any_line_ending_as_text_mode_does(tmp_path: Path, ending: str) -> None:
    """A file written with Windows or old Mac line ends is the same hand (the reader takes
    the whole file as bytes, then reads line ends as text mode would)."""
    hand = _house_hand(_x=1)
    text = dumps_phh(hand)
    assert "\n" in text
    file = tmp_path / "hand.phh"
    file.write_bytes(text.replace("\n", ending).encode("utf-8"))
    assert load_path(file) == [(None, hand)]


def test_dump_field_order() -> None:
    text = dumps_phh(_house_hand(author="us", _game="x"))
    keys = list(tomllib.loads(text))
    assert keys == [
        "variant",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "starting_stacks",
        "actions",
        "author",
        "_game",
        "hand",
        "players",
    ]


def test_dump_rejects_what_toml_cannot_hold() -> None:
    with pytest.raises(PhhError, match="cannot write"):
        dumps_phh(_house_hand(_x=None))
    with pytest.raises(PhhError, match="64-bit"):
        dumps_phh(_house_hand(_x=2**70))
    with pytest.raises(PhhError, match="standard field"):
        dumps_phh(_house_hand(players=["x"]))
    with pytest.raises(PhhError, match="two hands"):
        dumps_phhs([("1", _house_hand()), ("1", _house_hand())])


def test_load_errors() -> None:
    with pytest.raises(PhhError, match="not valid TOML"):
        load_phh("variant = ")
    with pytest.raises(PhhError, match="'antes' is missing"):
        load_phh('variant = "NT"\nstarting_stacks = [1]\nactions = []')
    with pytest.raises(PhhError, match="starting_stacks"):
        load_phh('variant = "NT"\nantes = [0]\nstarting_stacks = ["x"]\nactions = []')
    with pytest.raises(PhhError, match="actions"):
        load_phh('variant = "NT"\nantes = [0]\nstarting_stacks = [1]\nactions = [1]')
    with pytest.raises(PhhError, match=r"\[2\]"):
        load_phhs(
            '[1]\nvariant = "NT"\nantes = [0]\nstarting_stacks = [1]\nactions = []\n'
            '[2]\nvariant = "NT"\n'
        )
    with pytest.raises(PhhError, match="must be a table"):
        load_phhs("x = 1")


_text = st.text(alphabet=st.characters(codec="utf-8"))  # no lone surrogates
_scalars = (
    _text
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.booleans()
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(st.from_regex(r"_[A-Za-z0-9_ .\"é-]{0,8}", fullmatch=True), _values, max_size=5)
)
def test_writer_round_trips_any_toml_value(extra: dict[str, Any]) -> None:
    hh = _house_hand(**extra)
    assert load_phh(dumps_phh(hh)) == hh


def test_float_special_values() -> None:
    hh = _house_hand(_inf=math.inf, _ninf=-math.inf, _small=1e-7, _big=1e300)
    assert load_phh(dumps_phh(hh)) == hh
    back = load_phh(dumps_phh(_house_hand(_nan=math.nan)))
    assert math.isnan(back.extra["_nan"])


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 AcKd", PhhAction(None, "deal_hole", target=0, cards=("Ac", "Kd"))),
        ("d dh p3 ????", PhhAction(None, "deal_hole", target=2, cards=("??", "??"))),
        ("d db Th9c5h", PhhAction(None, "deal_board", cards=("Th", "9c", "5h"))),
        ("p3 cbr 1150", PhhAction(2, "bet_raise", amount=1150)),
        ("p3 cbr 20.0", PhhAction(2, "bet_raise", amount=20)),
        ("p1 f", PhhAction(0, "fold")),
        ("p12 cc", PhhAction(11, "check_call")),
        ("p2 pb", PhhAction(1, "bring_in")),
        ("p2 sd", PhhAction(1, "discard")),
        ("p2 sd As??", PhhAction(1, "discard", cards=("As", "??"))),
        ("p2 sm AsKs", PhhAction(1, "show", cards=("As", "Ks"))),
        ("p2 sm -", PhhAction(1, "show")),
        ("p2 sm", PhhAction(1, "muck")),
        ("  p1   cc   # snap call ", PhhAction(0, "check_call", comment="snap call")),
        ("p1 f #", PhhAction(0, "fold", comment="")),
        ("# burn card 6s exposed", PhhAction(None, "noop", comment="burn card 6s exposed")),
        ("", PhhAction(None, "noop")),
    ],
)
def test_parse_action(text: str, expected: PhhAction) -> None:
    action = parse_action(text)
    assert action == expected
    assert action.raw == text
    assert parse_action(format_action(action)) == action


def test_format_action() -> None:
    assert format_action(PhhAction(2, "bet_raise", amount=1150)) == "p3 cbr 1150"
    assert format_action(PhhAction(None, "deal_hole", 0, ("Ac", "Kd"))) == "d dh p1 AcKd"
    assert format_action(PhhAction(1, "muck")) == "p2 sm"
    assert format_action(PhhAction(1, "show")) == "p2 sm -"
    assert format_action(PhhAction(None, "deal_board", cards=("Th", "9c", "5h"))) == ("d db Th9c5h")
    assert format_action(PhhAction(0, "fold", comment="tank")) == "p1 f # tank"
    assert format_action(PhhAction(None, "noop", comment="note")) == "# note"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p0 f", "bad player number"),
        ("p01 f", "bad player number"),
        ("px f", "bad player number"),
        ("p1 cbr", "missing amount"),
        ("p1 cbr abc", "not an amount"),
        ("p1 cbr 1.5", "fractional amount"),
        ("p1 cbr -5", "not an amount"),
        ("p1 cbr 0", "positive"),
        ("p1 cbr 5 6", "one amount"),
        ("d dh p1 Zz", "bad cards"),
        ("d dh p1 AcK", "bad cards"),
        ("d dh p1", "d dh pN CARDS"),
        ("d dh p0 AcKd", "bad player number"),
        ("d db", "d db CARDS"),
        ("d xx AcKd", "unknown dealer verb"),
        ("x y", "unknown actor"),
        ("p1", "no verb"),
        ("p1 zz", "unknown verb"),
        ("p1 f now", "takes no argument"),
        ("p1 sm Ac Kd", "at most one"),
        ("p1 sd 1x", "bad cards"),
    ],
)
def test_malformed_actions_raise(text: str, message: str) -> None:
    with pytest.raises(PhhError, match=message) as info:
        parse_action(text)
    assert text in str(info.value) or repr(text) in str(info.value)


@pytest.mark.parametrize(
    "action",
    [
        PhhAction(0, "deal_hole", 0, ("Ac", "Kd")),
        PhhAction(None, "deal_hole", None, ("Ac", "Kd")),
        PhhAction(None, "deal_hole", 0, ()),
        PhhAction(None, "deal_board"),
        PhhAction(None, "fold"),
        PhhAction(0, "bet_raise"),
        PhhAction(0, "bet_raise", amount=0),
        PhhAction(0, "show", cards=("Zz",)),
        PhhAction(0, "jump"),
    ],
)
def test_format_rejects_inconsistent_actions(action: PhhAction) -> None:
    with pytest.raises(PhhError):
        format_action(action)


def test_parsed_actions_names_the_bad_one() -> None:
    hh = _house_hand()
    assert [a.kind for a in hh.parsed_actions()][:4] == [
        "deal_hole",
        "deal_hole",
        "deal_hole",
        "bet_raise",
    ]
    hh.actions.append("p1 cbr")
    with pytest.raises(PhhError, match="action 9"):
        hh.parsed_actions()


def test_phh_error_is_value_error() -> None:
    assert issubclass(PhhError, ValueError)
