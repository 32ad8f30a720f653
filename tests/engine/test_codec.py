"""The field codec on a record of its own: the order written, defaults for missing keys,
required keys, unknown keys refused or passed over, fields given, defaults left out."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pytest

from bot.engine.codec import INT, Codec, enum, optional, tuple_of


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Chip:
    value: int
    colour: Colour = Colour.RED
    marks: tuple[str, ...] = ()
    owner: str | None = None


CHIP = Codec(Chip, {"value": INT, "colour": enum(Colour), "marks": tuple_of()})


def test_codec_writes_every_field_in_the_class_order_as_plain_data() -> None:
    data = CHIP.dump(Chip(5, Colour.BLUE, ("x", "y")))
    assert list(data) == ["value", "colour", "marks", "owner"]
    assert data == {"value": 5, "colour": "blue", "marks": ["x", "y"], "owner": None}
    assert type(data["colour"]) is str


def test_codec_reads_back_converting_and_defaulting_missing_keys() -> None:
    assert CHIP.load({"value": "7", "marks": ["a"]}) == Chip(7, Colour.RED, ("a",))
    assert CHIP.load(CHIP.dump(Chip(1, Colour.BLUE, owner="p1"))) == Chip(1, Colour.BLUE, (), "p1")


def test_codec_needs_the_fields_without_defaults_and_those_named_required() -> None:
    with pytest.raises(KeyError):
        CHIP.load({"colour": "red"})
    strict = Codec(Chip, required=True)
    with pytest.raises(KeyError):
        strict.load({"value": 1, "colour": "red", "marks": []})


def test_codec_passes_over_unknown_keys_unless_told_to_refuse_them() -> None:
    assert CHIP.load({"value": 1, "hat": 2}) == Chip(1)
    with pytest.raises(TypeError, match="hat"):
        Codec(Chip, refuse_unknown=True).load({"value": 1, "hat": 2})


def test_codec_refuses_an_unknown_value_of_an_enum() -> None:
    with pytest.raises(ValueError):
        CHIP.load({"value": 1, "colour": "green"})


def test_codec_takes_given_fields_as_they_are() -> None:
    assert CHIP.load({"value": 1, "colour": "red"}, colour=Colour.BLUE) == Chip(1, Colour.BLUE)


def test_codec_renames_orders_and_leaves_out_defaults_when_asked() -> None:
    @dataclass(frozen=True)
    class Rules:
        size: int = 1
        cap: int | None = 3
        name: str = ""

    codec = Codec(
        Rules,
        {"cap": optional(INT)},
        names=("name", "cap"),
        keys={"cap": "_cap"},
        omit_defaults=True,
    )
    assert codec.dump(Rules()) == {}
    assert list(codec.dump(Rules(5, None, "x"))) == ["name", "_cap"]
    assert codec.load({"_cap": None, "size": 9}) == Rules(1, None, "")


def test_codec_refuses_a_field_the_class_does_not_have_when_made() -> None:
    with pytest.raises(TypeError, match="colur"):
        Codec(Chip, {"colur": INT})
