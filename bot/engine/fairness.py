"""A provably fair shuffle: commit to the deck before the deal, open only cards that are seen.

This is a design rule of this project, not a rule of the cardroom rulebook the game is
played by.

Protocol
--------
1. **Before the deal** the dealer shuffles a :class:`~bot.engine.cards.Deck` and calls
   :func:`commit` on its ``order``. Each deck position ``i`` (``0..n-1``) gets a fresh
   16-byte salt from the OS CSPRNG (:func:`secrets.token_bytes`). Leaf ``i`` is::

       sha256(b"killbutton-card\\x00" + i.to_bytes(2, "big") + card.encode() + salt)

   and the leaves are hashed into a Merkle tree whose inner nodes are
   ``sha256(b"\\x01" + left + right)``. Leaves and inner nodes are domain-separated (a leaf
   preimage starts with ``b"killbutton-card\\x00"``, a node preimage with ``b"\\x01"``), so a
   node can never be passed off as a leaf or the other way round.

   **Odd nodes are promoted unchanged**: when a level has an odd number of nodes, the last
   one moves up to the next level as it is (no duplicate-pair hashing, which would let two
   different leaf lists share a root). Positions therefore need no padding and a path can be
   shorter than ``ceil(log2(n))`` steps.

   The hex root and the deck size form the :class:`ShuffleCommitment`, published to the
   table before any card is dealt.
2. **During the hand** each player privately receives the :class:`CardOpening` of each of
   his own hole cards (position, card, salt, Merkle path). He checks it with
   :func:`verify_opening` against the published commitment.
3. **After the hand** the openings of every card that became public -- the board and every
   hand shown at showdown -- are published, and anyone can check the whole lot with
   :func:`verify_hand`.
4. **Unseen cards are never opened**: folded hands, mucked hands, burn cards and the undealt
   stub stay secret. An opening holds only its own card, its own salt and sibling *hashes*;
   each sibling hash covers cards under 128-bit salts, so it cannot be brute-forced back to
   the cards it commits to (there are only 52 cards, which is why the salt is there).

What it proves, and what not
----------------------------
The commitment is *binding*: once the root is published the dealer cannot change any card
at any position without the change showing up as an opening that fails to verify, or as two
openings that disagree (:func:`verify_hand` reports both). The position is part of the leaf
and the shape of a path is fixed by the position and the deck size, so a card cannot be
opened at a position other than the one it was committed at. It is *hiding*: nothing about
an unopened card can be learnt from the root or from other cards' openings.

It does not by itself prove the shuffle was uniformly random (that would need entropy from
the players too); it proves the deck was fixed before the deal and never changed after.

Keep :meth:`SecretShuffle.to_dict` output (the whole order and every salt) as secret as the
deck itself: it is for saving a hand in progress, never for publishing.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from bot.engine.cards import JOKER_DECK, CardError

SALT_BYTES = 16
"""Length of each position's salt, in bytes (128 bits)."""

HASH_BYTES = 32
"""Length of a SHA-256 digest, in bytes (a hex digest is twice as many characters)."""

MAX_SIZE = len(JOKER_DECK)
"""The most positions a commitment can have: the 52 distinct cards of a deck."""

LEAF_PREFIX = b"killbutton-card\x00"
"""Domain separator in front of every leaf preimage."""

NODE_PREFIX = b"\x01"
"""Domain separator in front of every inner-node preimage."""

SERIAL_VERSION = 1
"""Format version written by :meth:`SecretShuffle.to_dict`."""

_CARDS = frozenset(JOKER_DECK)

SaltSource = Callable[[int], bytes]
"""A source of randomness: called with a byte count, returns that many random bytes."""

PathStep = tuple[str, bool]
"""One step of a Merkle path: ``(sibling_hash_hex, sibling_on_left)``."""


# --------------------------------------------------------------------------- hashing


def leaf_hash(position: int, card: str, salt: bytes) -> bytes:
    """Hash one deck position into its Merkle leaf.

    Args:
        position: the card's index in dealing order, ``0..65535`` (two big-endian bytes).
        card: a two-character card such as ``"As"``.
        salt: the position's salt, :data:`SALT_BYTES` bytes.
    Returns:
        The 32-byte digest ``sha256(LEAF_PREFIX + position(2 bytes) + card + salt)``.
    Raises:
        OverflowError: if ``position`` does not fit in two unsigned bytes.
    """
    return hashlib.sha256(LEAF_PREFIX + position.to_bytes(2, "big") + card.encode() + salt).digest()


# Each leaf's preimage up to its salt, by position and card: a commitment hashes 52 leaves
# on every deal, and building these prefixes was a third of its time.
_LEAF_HEADS = [
    {card: LEAF_PREFIX + i.to_bytes(2, "big") + card.encode() for card in JOKER_DECK}
    for i in range(len(JOKER_DECK))
]


def node_hash(left: bytes, right: bytes) -> bytes:
    """Hash two child nodes (32 bytes each) into their parent, ``sha256(b"\\x01"+left+right)``.

    Returns:
        The parent's 32-byte digest. Raises nothing.
    """
    return hashlib.sha256(NODE_PREFIX + left + right).digest()


def _build_levels(leaves: Sequence[bytes]) -> tuple[tuple[bytes, ...], ...]:
    """All levels of the tree, leaves first and the one-node root level last."""
    sha256 = hashlib.sha256
    levels = [tuple(leaves)]
    while len(levels[-1]) > 1:
        level = levels[-1]
        parents = [
            sha256(NODE_PREFIX + level[j] + level[j + 1]).digest()
            for j in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            parents.append(level[-1])  # odd node out: promoted unchanged
        levels.append(tuple(parents))
    return tuple(levels)


def path_shape(position: int, size: int) -> tuple[bool, ...]:
    """The sides of the siblings on the path from leaf ``position`` in a tree of ``size``.

    Args:
        position: a leaf index, ``0 <= position < size``.
        size: the number of leaves, ``>= 1``.
    Returns:
        One ``sibling_on_left`` flag per path step, leaf level first. Levels where the node
        is promoted unchanged (odd one out) contribute no step.
    Raises:
        ValueError: if ``size < 1`` or ``position`` is not in ``0..size-1``.
    """
    if size < 1:
        raise ValueError(f"a tree needs at least one leaf, not {size}")
    if not 0 <= position < size:
        raise ValueError(f"position {position} is not in 0..{size - 1}")
    sides: list[bool] = []
    index, width = position, size
    while width > 1:
        if index % 2:
            sides.append(True)
        elif index + 1 < width:
            sides.append(False)
        index //= 2
        width = (width + 1) // 2
    return tuple(sides)


def _strict_hex(text: object, nbytes: int) -> bytes | None:
    """Decode lowercase hex of exactly ``nbytes`` bytes, or None if it is anything else."""
    if not isinstance(text, str) or len(text) != 2 * nbytes:
        return None
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        return None
    # fromhex also takes capitals and spaces: only the exact lowercase spelling round-trips
    # (a restore reads 52 salts a table, and a set of characters per salt was slower)
    return raw if raw.hex() == text else None


def _is_int(value: object) -> TypeGuard[int]:
    """True for an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


# --------------------------------------------------------------------------- public data


@dataclass(frozen=True)
class ShuffleCommitment:
    """The public commitment to a deck, published before the deal.

    Attributes:
        root: the Merkle root, 64 lowercase hex characters (a SHA-256 digest).
        size: the number of committed positions (52 for a full deck).
    """

    root: str
    size: int

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: ``{"root": str, "size": int}``."""
        return {"root": self.root, "size": self.size}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShuffleCommitment:
        """Read :meth:`to_dict` output back.

        Raises:
            ValueError: if ``root`` is not 64 lowercase hex characters or ``size`` is not an
                integer in ``1..52``.
        """
        root, size = data.get("root"), data.get("size")
        if _strict_hex(root, HASH_BYTES) is None:
            raise ValueError(f"root must be {2 * HASH_BYTES} lowercase hex characters")
        if not isinstance(root, str) or not _is_int(size) or not 1 <= size <= MAX_SIZE:
            raise ValueError(f"size must be an integer in 1..{MAX_SIZE}, not {size!r}")
        return cls(root=root, size=size)


@dataclass(frozen=True)
class CardOpening:
    """Everything needed to check one card against a :class:`ShuffleCommitment`.

    It names its own card and nothing else: the other fields are its own salt and the
    sibling hashes on its Merkle path.

    Attributes:
        position: the card's index in dealing order, ``0..size-1``.
        card: the card, e.g. ``"As"``.
        salt: the position's salt, 32 lowercase hex characters (16 bytes).
        path: the Merkle authentication path, leaf level first; each step is
            ``(sibling_hash_hex, sibling_on_left)`` with a 64-character lowercase hex hash.
            Going up, the parent is ``node_hash(sibling, current)`` when ``sibling_on_left``
            and ``node_hash(current, sibling)`` otherwise.
    """

    position: int
    card: str
    salt: str
    path: tuple[PathStep, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: ``{"position", "card", "salt", "path": [[hex, bool], ...]}``."""
        return {
            "position": self.position,
            "card": self.card,
            "salt": self.salt,
            "path": [[sibling, on_left] for sibling, on_left in self.path],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CardOpening:
        """Read :meth:`to_dict` output back (the shape only; use :func:`verify_opening`).

        Raises:
            ValueError: if a field is missing or of the wrong type.
        """
        position, card, salt, path = (
            data.get("position"),
            data.get("card"),
            data.get("salt"),
            data.get("path"),
        )
        if not _is_int(position):
            raise ValueError(f"position must be an integer, not {position!r}")
        if not isinstance(card, str) or not isinstance(salt, str):
            raise ValueError("card and salt must be strings")
        if not isinstance(path, list | tuple):
            raise ValueError("path must be a list of [sibling_hex, sibling_on_left] pairs")
        steps: list[PathStep] = []
        for step in path:
            if (
                not isinstance(step, list | tuple)
                or len(step) != 2
                or not isinstance(step[0], str)
                or not isinstance(step[1], bool)
            ):
                raise ValueError(f"path step {step!r} is not a [sibling_hex, sibling_on_left]")
            steps.append((step[0], step[1]))
        return cls(position=position, card=card, salt=salt, path=tuple(steps))


# --------------------------------------------------------------------------- the secret side


def _check_order(order: Sequence[str]) -> tuple[str, ...]:
    cards = tuple(order)
    if not 1 <= len(cards) <= MAX_SIZE:
        raise ValueError(f"a committed deck holds 1..{MAX_SIZE} cards, not {len(cards)}")
    for card in cards:
        if card not in _CARDS:
            raise CardError(f"{card!r} is not a card that can be committed to")
    if len(set(cards)) != len(cards):
        raise CardError("a deck may not hold the same card twice")
    return cards


class SecretShuffle:
    """The dealer's secret side of a commitment: the deck order, its salts and the tree.

    Build one with :func:`commit` (fresh salts) or :meth:`from_dict` (a saved hand). Never
    publish it; publish :attr:`commitment` and hand out :meth:`open` results instead. Its
    ``repr`` shows only the public root and size.

    Args:
        order: the deck in dealing order, 1..52 distinct cards.
        salts: one salt per position, :data:`SALT_BYTES` bytes each.
    Raises:
        CardError: if ``order`` repeats a card or holds something that is not a card.
        ValueError: if the deck size is not in ``1..52``, the salt count differs from the
            card count, or a salt is not :data:`SALT_BYTES` bytes.
    """

    __slots__ = ("_order", "_salts", "_levels", "_hex_levels", "_openings")

    def __init__(self, order: Sequence[str], salts: Sequence[bytes]) -> None:
        cards = _check_order(order)
        salt_list = tuple(salts)
        if len(salt_list) != len(cards):
            raise ValueError(f"{len(cards)} cards need {len(cards)} salts, not {len(salt_list)}")
        for i, salt in enumerate(salt_list):
            if not isinstance(salt, bytes) or len(salt) != SALT_BYTES:
                raise ValueError(f"the salt of position {i} must be {SALT_BYTES} bytes")
        self._order = cards
        self._salts = salt_list
        sha256 = hashlib.sha256
        self._levels = _build_levels(
            [
                sha256(_LEAF_HEADS[i][card] + salt).digest()
                for i, (card, salt) in enumerate(zip(cards, salt_list, strict=True))
            ]
        )
        # Openings are asked for again and again (the proofs at the deal, the public cards
        # twice at the end), so each level's hex text and each opening is made once.
        self._hex_levels: list[list[str]] | None = None
        self._openings: dict[int, CardOpening] = {}

    def __repr__(self) -> str:
        return f"SecretShuffle(root={self.commitment.root!r}, size={self.size})"

    @property
    def order(self) -> tuple[str, ...]:
        """The committed deck order (secret)."""
        return self._order

    @property
    def salts(self) -> tuple[bytes, ...]:
        """The per-position salts, 16 bytes each (secret)."""
        return self._salts

    @property
    def size(self) -> int:
        """The number of committed positions."""
        return len(self._order)

    @property
    def commitment(self) -> ShuffleCommitment:
        """The public commitment (hex root and size) to publish before the deal."""
        return ShuffleCommitment(root=self._levels[-1][0].hex(), size=self.size)

    def open(self, position: int) -> CardOpening:
        """The opening of one position, to give its owner or publish once the card is seen.

        Args:
            position: an index into the dealing order, ``0..size-1``.
        Returns:
            That position's card, salt and Merkle path.
        Raises:
            IndexError: if ``position`` is out of range.
        """
        opening = self._openings.get(position) if _is_int(position) else None
        if opening is not None:
            return opening
        if not _is_int(position) or not 0 <= position < self.size:
            raise IndexError(f"position {position!r} is not in 0..{self.size - 1}")
        hex_levels = self._hex_levels
        if hex_levels is None:
            hex_levels = [[node.hex() for node in level] for level in self._levels[:-1]]
            self._hex_levels = hex_levels
        path: list[PathStep] = []
        index = position
        for level in hex_levels:
            if index % 2:
                path.append((level[index - 1], True))
            elif index + 1 < len(level):
                path.append((level[index + 1], False))
            index //= 2
        opening = CardOpening(
            position=position,
            card=self._order[position],
            salt=self._salts[position].hex(),
            path=tuple(path),
        )
        self._openings[position] = opening
        return opening

    def open_many(self, positions: Iterable[int]) -> list[CardOpening]:
        """Openings of several positions, in the order given.

        Raises:
            IndexError: if any position is out of range.
        """
        return [self.open(position) for position in positions]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data to save a hand in progress (secret: holds every salt).

        Returns:
            ``{"version": 1, "order": [card, ...], "salts": [hex, ...], "root": hex}``.
        """
        return {
            "version": SERIAL_VERSION,
            "order": list(self._order),
            "salts": [salt.hex() for salt in self._salts],
            "root": self.commitment.root,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SecretShuffle:
        """Restore :meth:`to_dict` output exactly (same root, same openings).

        Raises:
            ValueError: if the version is unknown, a field is malformed, or the rebuilt root
                differs from the saved one (the saved data was altered or corrupted).
            CardError: if the saved order repeats a card or holds something not a card.
        """
        if data.get("version") != SERIAL_VERSION:
            raise ValueError(f"unknown shuffle format version {data.get('version')!r}")
        order, salts_hex, root = data.get("order"), data.get("salts"), data.get("root")
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise ValueError("order must be a list of card strings")
        if not isinstance(salts_hex, list):
            raise ValueError("salts must be a list of hex strings")
        salts: list[bytes] = []
        for i, text in enumerate(salts_hex):
            salt = _strict_hex(text, SALT_BYTES)
            if salt is None:
                raise ValueError(
                    f"the salt of position {i} is not {2 * SALT_BYTES} lowercase hex characters"
                )
            salts.append(salt)
        shuffle = cls(order, salts)
        if shuffle.commitment.root != root:
            raise ValueError("the saved root does not match the saved deck and salts")
        return shuffle


def commit(order: Sequence[str], salt_source: SaltSource | None = None) -> SecretShuffle:
    """Commit to a deck order before the deal, drawing a fresh salt for every position.

    Args:
        order: the deck in dealing order (e.g. ``Deck.order``), 1..52 distinct cards.
        salt_source: called once per position with :data:`SALT_BYTES`, returns that many
            random bytes; by default every salt is cut from one :func:`secrets.token_bytes`
            draw (the OS CSPRNG). Tests pass a seeded source such as
            ``random.Random(seed).randbytes``.
    Returns:
        The secret side; publish its :attr:`~SecretShuffle.commitment`.
    Raises:
        CardError: if ``order`` repeats a card or holds something that is not a card.
        ValueError: if the deck size is not in ``1..52`` or ``salt_source`` returns something
            that is not :data:`SALT_BYTES` bytes.
    """
    cards = _check_order(order)
    if salt_source is None:
        pool = secrets.token_bytes(SALT_BYTES * len(cards))  # one system call, not one a card
        salts = [pool[i : i + SALT_BYTES] for i in range(0, len(pool), SALT_BYTES)]
    else:
        salts = [salt_source(SALT_BYTES) for _ in cards]
    return SecretShuffle(cards, salts)


# --------------------------------------------------------------------------- verification


def verify_opening(commitment: ShuffleCommitment, opening: CardOpening) -> bool:
    """Check one card's opening against the published commitment.

    Args:
        commitment: the root and size published before the deal.
        opening: a position, card, salt and path, as from :meth:`SecretShuffle.open`.
    Returns:
        True only if the card is a real card, the position is in range, the salt is 16 bytes
        of lowercase hex, the path has exactly the shape fixed by ``(position, size)`` and
        hashing up it reaches ``commitment.root``. Malformed data gives False; raises nothing.
    """
    size, position = commitment.size, opening.position
    if not _is_int(size) or not 1 <= size <= MAX_SIZE:
        return False
    if not _is_int(position) or not 0 <= position < size:
        return False
    if not isinstance(opening.card, str) or opening.card not in _CARDS:
        return False
    root = _strict_hex(commitment.root, HASH_BYTES)
    salt = _strict_hex(opening.salt, SALT_BYTES)
    if root is None or salt is None:
        return False
    shape = path_shape(position, size)
    if not isinstance(opening.path, tuple | list) or len(opening.path) != len(shape):
        return False
    node = leaf_hash(position, opening.card, salt)
    for step, expected_on_left in zip(opening.path, shape, strict=True):
        if not isinstance(step, tuple | list) or len(step) != 2:
            return False
        sibling = _strict_hex(step[0], HASH_BYTES)
        if sibling is None or step[1] is not expected_on_left:
            return False
        node = node_hash(sibling, node) if expected_on_left else node_hash(node, sibling)
    return node == root


def verify_hand(commitment: ShuffleCommitment, openings: Iterable[CardOpening]) -> list[str]:
    """Check every opening published for a hand, and that they agree with each other.

    Args:
        commitment: the root and size published before the deal.
        openings: the openings made public (board, shown hands) and any held privately.
            The same opening may appear more than once.
    Returns:
        The problems found, one sentence each, in the order found; empty when all is well.
        Reported: a malformed commitment, a position out of range, an opening that does not
        hash to the committed root, a position opened twice with different cards (or
        different salts), and a card appearing at two positions.
    Raises:
        Nothing.
    """
    size = commitment.size
    if not _is_int(size) or not 1 <= size <= MAX_SIZE:
        return [f"the commitment's size must be an integer in 1..{MAX_SIZE}, not {size!r}"]
    if _strict_hex(commitment.root, HASH_BYTES) is None:
        return [f"the commitment's root is not {2 * HASH_BYTES} lowercase hex characters"]

    problems: list[str] = []
    by_position: dict[int, CardOpening] = {}
    position_of_card: dict[str, int] = {}
    for opening in openings:
        position, card = opening.position, opening.card
        if not _is_int(position) or not 0 <= position < size:
            problems.append(
                f"position {position!r} is out of range: the deck has {size} positions "
                f"(0..{size - 1})"
            )
            continue
        if not verify_opening(commitment, opening):
            problems.append(
                f"the opening of position {position} ({card!r}) does not match the committed root"
            )
        earlier = by_position.get(position)
        if earlier is None:
            by_position[position] = opening
        elif earlier.card != card:
            problems.append(
                f"position {position} is opened twice with different cards: "
                f"{earlier.card!r} and {card!r}"
            )
            continue
        elif earlier.salt != opening.salt:
            problems.append(f"position {position} is opened twice with different salts")
            continue
        else:
            continue  # the same card at the same position again: nothing new to check
        other = position_of_card.get(card)
        if other is None:
            position_of_card[card] = position
        elif other != position:
            problems.append(f"card {card!r} appears at two positions: {other} and {position}")
    return problems
