"""Records saved as plain data by their dataclass fields, and read back.

A :class:`Codec` writes a dataclass as a dict of its fields, each under its own name in the
class's order, and reads such a dict back into the class. A field whose value is not plain
JSON has a converter (:class:`As`): an enum is saved by its value (:func:`enum`), a tuple as
a list (:func:`tuple_of`), a nested record by its own codec (:func:`record`), an optional
value as null or the value (:func:`optional`); reading, a field may be made a plain type
(:data:`INT`, :data:`BOOL`, :data:`STR`, :data:`FLOAT`). A key missing from the data leaves
its field at the class's default; a field without a default, or every field of a codec made
with ``required=True``, must be there.

The field list is taken once, when the codec is made beside its class at import: looking it
up at every call was most of a table's saving time, and a class compiled by mypyc is still
a dataclass at runtime, so the list is the same in both builds.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from typing import Any, Generic, TypeVar

Record = TypeVar("Record")
"""The dataclass a codec reads and writes."""

Convert = Callable[[Any], Any]
"""A value to its plain data, or plain data to the value."""


@dataclass(frozen=True)
class As:
    """How one field is saved and read back.

    Attributes:
        dump: the field's value -> plain JSON data; None saves the value as it is.
        load: the saved data -> the field's value; None reads it as it is. It raises what
            bad data makes it raise (``ValueError``, ``TypeError``, ``KeyError``).
    """

    dump: Convert | None = None
    load: Convert | None = None


PLAIN = As()
"""A value saved and read as it is."""
INT = As(load=int)
"""An int, read with ``int()``."""
BOOL = As(load=bool)
"""A bool, read with ``bool()``."""
STR = As(load=str)
"""A str, read with ``str()``."""
FLOAT = As(load=float)
"""A float, read with ``float()``."""


def _value(member: Enum) -> Any:
    return member.value


def enum(kind: type[Enum]) -> As:
    """An enum member, saved as its value; reading an unknown value raises ``ValueError``."""
    return As(_value, kind)


def tuple_of(item: As = PLAIN) -> As:
    """A tuple, saved as a list of its items (each through ``item``)."""
    dump, load = item.dump, item.load
    return As(
        list if dump is None else lambda value: [dump(v) for v in value],
        tuple if load is None else lambda data: tuple(load(v) for v in data),
    )


def optional(inner: As) -> As:
    """A value or None: None is saved and read as null, anything else through ``inner``."""
    dump, load = inner.dump, inner.load
    return As(
        None if dump is None else lambda value: None if value is None else dump(value),
        None if load is None else lambda data: None if data is None else load(data),
    )


def record(codec: Codec[Any]) -> As:
    """A nested record, saved and read by its own codec."""
    return As(codec.dump, codec.load)


class Codec(Generic[Record]):
    """Writes a dataclass as plain data and reads it back, by its fields.

    Args:
        kind: the dataclass.
        convert: field name -> its converter; a field not named is saved as it is.
        names: the fields saved, in the order saved (default: every field, in the class's
            order); the others are left at their defaults when reading.
        keys: field name -> the key it is saved under (default: its own name).
        required: the fields that must be in the data read, beyond those without a
            default; True for every field.
        refuse_unknown: reading data with a key that is no saved field raises ``TypeError``
            (as the class's constructor would), instead of passing it over.
        omit_defaults: a field at its default is left out when saving (the class must
            then be constructible without arguments).
    """

    def __init__(
        self,
        kind: type[Record],
        convert: Mapping[str, As] | None = None,
        *,
        names: tuple[str, ...] | None = None,
        keys: Mapping[str, str] | None = None,
        required: Collection[str] | bool = (),
        refuse_unknown: bool = False,
        omit_defaults: bool = False,
    ) -> None:
        declared = fields(kind)  # type: ignore[arg-type]
        known = {f.name: f for f in declared}
        chosen = names if names is not None else tuple(known)
        convert = convert or {}
        keys = keys or {}
        unknown = [n for n in (*chosen, *convert, *keys) if n not in known]
        if unknown:
            raise TypeError(f"{kind.__name__} has no field {unknown[0]!r}")
        must = set(chosen) if required is True else set(required or ())
        self.kind = kind
        self._writes = tuple(
            (name, keys.get(name, name), convert.get(name, PLAIN).dump) for name in chosen
        )
        self._reads = tuple(
            (
                name,
                keys.get(name, name),
                convert.get(name, PLAIN).load,
                name in must
                or (known[name].default is MISSING and known[name].default_factory is MISSING),
            )
            for name in chosen
        )
        self._keys = frozenset(key for _, key, _ in self._writes)
        self._refuse_unknown = refuse_unknown
        self._defaults: dict[str, Any] | None = None
        if omit_defaults:
            base = kind()
            self._defaults = {name: getattr(base, name) for name in chosen}

    def dump(self, value: Record) -> dict[str, Any]:
        """``value`` as plain data: saved key -> plain value, in the saved order."""
        out: dict[str, Any] = {}
        defaults = self._defaults
        for name, key, dump in self._writes:
            field_value = getattr(value, name)
            if defaults is not None and field_value == defaults[name]:
                continue
            out[key] = field_value if dump is None else dump(field_value)
        return out

    def load(self, data: Mapping[str, Any], **given: Any) -> Record:
        """The record saved as ``data``; the fields in ``given`` are taken as given, not
        read.

        Raises:
            KeyError: a required key is missing.
            TypeError: a key that is no saved field, with ``refuse_unknown``; or what the
                class's constructor raises.
            ValueError: what a converter or the class raises on bad data.
        """
        if self._refuse_unknown:
            extra = [key for key in data if key not in self._keys]
            if extra:
                raise TypeError(f"{self.kind.__name__} has no saved field {extra[0]!r}")
        values = dict(given)
        for name, key, load, required in self._reads:
            if name in given:
                continue
            if key in data:
                raw = data[key]
                values[name] = raw if load is None else load(raw)
            elif required:
                raise KeyError(key)
        return self.kind(**values)
