"""Tests for the provably fair shuffle (bot/engine/fairness.py)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import secrets
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import fairness
from bot.engine.cards import FULL_DECK, CardError, Deck
from bot.engine.fairness import (
    CardOpening,
    SecretShuffle,
    ShuffleCommitment,
    commit,
    leaf_hash,
    node_hash,
    path_shape,
    verify_hand,
    verify_opening,
)

HEX = set("0123456789abcdef")


def seeded(seed: int) -> Callable[[int], bytes]:
    """A deterministic salt source for tests."""
    return random.Random(seed).randbytes


def shuffled_deck(seed: int) -> tuple[str, ...]:
    return Deck(rng=random.Random(seed)).order


def flip_hex(text: str) -> str:
    """The same hex string with its first digit changed."""
    return ("1" if text[0] == "0" else "0") + text[1:]


@pytest.fixture
def secret() -> SecretShuffle:
    return commit(shuffled_deck(7), salt_source=seeded(1))


# --------------------------------------------------------------------------- the full deck


def test_full_deck_commits_and_every_position_verifies(secret: SecretShuffle) -> None:
    commitment = secret.commitment
    assert commitment.size == 52
    assert len(commitment.root) == 64 and set(commitment.root) <= HEX
    openings = secret.open_many(range(52))
    assert [o.card for o in openings] == list(secret.order)
    assert [o.position for o in openings] == list(range(52))
    for opening in openings:
        assert verify_opening(commitment, opening), opening.position
    assert verify_hand(commitment, openings) == []


def test_tampered_card_fails(secret: SecretShuffle) -> None:
    opening = secret.open(5)
    other = next(c for c in FULL_DECK if c != opening.card)
    assert not verify_opening(secret.commitment, dataclasses.replace(opening, card=other))


def test_tampered_salt_fails(secret: SecretShuffle) -> None:
    opening = secret.open(5)
    bad = dataclasses.replace(opening, salt=flip_hex(opening.salt))
    assert not verify_opening(secret.commitment, bad)


@pytest.mark.parametrize("step", [0, 2, -1])
def test_tampered_path_hash_fails(secret: SecretShuffle, step: int) -> None:
    opening = secret.open(5)
    path = list(opening.path)
    sibling, on_left = path[step]
    path[step] = (flip_hex(sibling), on_left)
    assert not verify_opening(secret.commitment, dataclasses.replace(opening, path=tuple(path)))


def test_tampered_path_side_or_length_fails(secret: SecretShuffle) -> None:
    opening = secret.open(5)
    sibling, on_left = opening.path[0]
    flipped = ((sibling, not on_left), *opening.path[1:])
    assert not verify_opening(secret.commitment, dataclasses.replace(opening, path=flipped))
    assert not verify_opening(
        secret.commitment, dataclasses.replace(opening, path=opening.path[:-1])
    )
    assert not verify_opening(
        secret.commitment, dataclasses.replace(opening, path=(*opening.path, opening.path[0]))
    )


def test_wrong_position_fails(secret: SecretShuffle) -> None:
    opening = secret.open(5)
    for position in (4, 6, 51, 52, -1):
        assert not verify_opening(
            secret.commitment, dataclasses.replace(opening, position=position)
        )


def test_wrong_root_fails(secret: SecretShuffle) -> None:
    opening = secret.open(5)
    other = commit(secret.order, salt_source=seeded(2)).commitment
    assert other.root != secret.commitment.root
    assert not verify_opening(other, opening)
    problems = verify_hand(other, [opening])
    assert len(problems) == 1 and "does not match the committed root" in problems[0]


def test_uppercase_or_spaced_hex_is_rejected(secret: SecretShuffle) -> None:
    opening = secret.open(3)
    assert verify_opening(secret.commitment, opening)
    assert not verify_opening(
        secret.commitment, dataclasses.replace(opening, salt=opening.salt.upper())
    )
    spaced = opening.salt[:2] + " " + opening.salt[2:]
    assert not verify_opening(secret.commitment, dataclasses.replace(opening, salt=spaced))


# --------------------------------------------------------------------------- hiding


def test_opening_holds_only_its_own_card(secret: SecretShuffle) -> None:
    opening = secret.open(10)
    assert [f.name for f in dataclasses.fields(CardOpening)] == ["position", "card", "salt", "path"]
    assert opening.position == 10
    assert opening.card == secret.order[10]
    assert len(opening.salt) == 32 and set(opening.salt) <= HEX
    assert opening.path  # a 52-leaf tree has a non-empty path
    for sibling, on_left in opening.path:
        assert len(sibling) == 64 and set(sibling) <= HEX
        assert isinstance(on_left, bool)
    # Serialized, the only string value that is a card is the card itself: every other value
    # is an int, a bool or a hex hash/salt. (Hex may contain "2c" or "ad" by chance, so look
    # for whole quoted JSON strings, not substrings.)
    data = opening.to_dict()
    assert set(data) == {"position", "card", "salt", "path"}
    text = json.dumps(data)
    assert text.count(f'"{opening.card}"') == 1
    for card in FULL_DECK:
        if card != opening.card:
            assert f'"{card}"' not in text
    # The siblings are hashes, not the other cards' salts or leaf inputs.
    other_salts = {s.hex() for i, s in enumerate(secret.salts) if i != 10}
    assert not other_salts & {sibling for sibling, _ in opening.path}


def test_repr_hides_the_deck(secret: SecretShuffle) -> None:
    # Only the public root and size. (Hex can contain "2c" or "ad" by chance, so compare the
    # whole text rather than search it for card strings.)
    text = repr(secret)
    assert text == f"SecretShuffle(root={secret.commitment.root!r}, size=52)"
    assert not any(salt.hex() in text for salt in secret.salts)


def test_same_card_at_same_position_gives_unlinkable_leaves() -> None:
    # Without the salt, a leaf could be brute-forced from 52 guesses; with it two commits of
    # the same deck share no path hash at all.
    order = shuffled_deck(3)
    a = commit(order, salt_source=seeded(10)).open(0)
    b = commit(order, salt_source=seeded(11)).open(0)
    assert {s for s, _ in a.path}.isdisjoint({s for s, _ in b.path})


# --------------------------------------------------------------------------- binding


def test_any_single_swap_changes_the_root() -> None:
    order = list(shuffled_deck(11))
    salt_rng = random.Random(5)
    salts = [salt_rng.randbytes(16) for _ in order]
    base = SecretShuffle(order, salts).commitment.root
    rng = random.Random(12)
    pairs = [(0, 1), (0, 51), (50, 51), (48, 49)] + [
        tuple(rng.sample(range(52), 2)) for _ in range(30)
    ]
    for i, j in pairs:
        swapped = list(order)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        assert SecretShuffle(swapped, salts).commitment.root != base, (i, j)


def test_root_matches_the_documented_hashing_by_hand() -> None:
    # Three leaves: the odd third leaf is promoted unchanged to the next level.
    order = ["As", "Kd", "7h"]
    salts = [bytes([i]) * 16 for i in range(3)]
    leaves = [
        hashlib.sha256(
            b"killbutton-card\x00" + i.to_bytes(2, "big") + card.encode() + salts[i]
        ).digest()
        for i, card in enumerate(order)
    ]
    pair = hashlib.sha256(b"\x01" + leaves[0] + leaves[1]).digest()
    root = hashlib.sha256(b"\x01" + pair + leaves[2]).digest()
    secret = SecretShuffle(order, salts)
    assert secret.commitment == ShuffleCommitment(root=root.hex(), size=3)
    assert secret.open(2).path == ((pair.hex(), True),)
    assert secret.open(0).path == ((leaves[1].hex(), False), (leaves[2].hex(), False))


def test_single_card_deck_root_is_its_leaf() -> None:
    secret = SecretShuffle(["As"], [b"\x00" * 16])
    assert secret.commitment.root == leaf_hash(0, "As", b"\x00" * 16).hex()
    opening = secret.open(0)
    assert opening.path == ()
    assert verify_opening(secret.commitment, opening)


def test_path_shape_rejects_out_of_range() -> None:
    assert path_shape(0, 1) == ()
    assert path_shape(4, 5) == (True,)  # promoted twice, then paired with the left four
    with pytest.raises(ValueError):
        path_shape(5, 5)
    with pytest.raises(ValueError):
        path_shape(0, 0)


# --------------------------------------------------------------------------- serialization


def test_round_trip_reproduces_root_and_openings(secret: SecretShuffle) -> None:
    data = json.loads(json.dumps(secret.to_dict()))
    restored = SecretShuffle.from_dict(data)
    assert restored.commitment == secret.commitment
    assert restored.order == secret.order
    assert restored.salts == secret.salts
    assert restored.open_many(range(52)) == secret.open_many(range(52))


def test_from_dict_rejects_altered_data(secret: SecretShuffle) -> None:
    data = secret.to_dict()
    swapped = dict(data, order=[data["order"][1], data["order"][0], *data["order"][2:]])
    with pytest.raises(ValueError, match="root"):
        SecretShuffle.from_dict(swapped)
    with pytest.raises(ValueError, match="salt"):
        SecretShuffle.from_dict(dict(data, salts=[*data["salts"][:-1], "zz"]))
    with pytest.raises(ValueError, match="version"):
        SecretShuffle.from_dict(dict(data, version=99))


def test_opening_and_commitment_round_trip(secret: SecretShuffle) -> None:
    opening = secret.open(17)
    back = CardOpening.from_dict(json.loads(json.dumps(opening.to_dict())))
    assert back == opening
    commitment = ShuffleCommitment.from_dict(json.loads(json.dumps(secret.commitment.to_dict())))
    assert commitment == secret.commitment
    assert verify_opening(commitment, back)
    with pytest.raises(ValueError):
        ShuffleCommitment.from_dict({"root": "AB" * 32, "size": 52})
    with pytest.raises(ValueError):
        CardOpening.from_dict(dict(opening.to_dict(), path=[["ab", "left"]]))


# --------------------------------------------------------------------------- randomness


def test_seeded_salt_source_is_deterministic() -> None:
    order = shuffled_deck(4)
    a, b = commit(order, salt_source=seeded(9)), commit(order, salt_source=seeded(9))
    assert a.commitment == b.commitment
    assert a.salts == b.salts
    assert commit(order, salt_source=seeded(8)).commitment != a.commitment


def test_default_salt_source_is_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = secrets.token_bytes

    def spy(n: int) -> bytes:
        calls.append(n)
        return real(n)

    monkeypatch.setattr(fairness.secrets, "token_bytes", spy)
    order = shuffled_deck(5)
    first = commit(order)
    assert calls == [16 * 52]  # one draw from the OS CSPRNG, cut into the 52 salts
    assert len(set(first.salts)) == 52 and {len(s) for s in first.salts} == {16}
    assert commit(order).commitment.root != first.commitment.root


def test_bad_salt_source_or_deck_is_rejected() -> None:
    with pytest.raises(ValueError, match="16 bytes"):
        commit(FULL_DECK, salt_source=lambda n: b"\x00" * (n - 1))
    with pytest.raises(CardError):
        commit(["As", "As"], salt_source=seeded(0))
    with pytest.raises(CardError):
        commit(["As", "??"], salt_source=seeded(0))
    with pytest.raises(ValueError):
        commit([], salt_source=seeded(0))


def test_open_out_of_range_raises(secret: SecretShuffle) -> None:
    with pytest.raises(IndexError):
        secret.open(52)
    with pytest.raises(IndexError):
        secret.open(-1)


# --------------------------------------------------------------------------- verify_hand


def test_verify_hand_flags_conflicting_openings(secret: SecretShuffle) -> None:
    honest = secret.open(3)
    forged = dataclasses.replace(honest, card=secret.order[40])
    problems = verify_hand(secret.commitment, [honest, secret.open(9), forged])
    assert any("position 3 is opened twice with different cards" in p for p in problems)
    assert any("does not match the committed root" in p for p in problems)
    # The same honest opening twice is no problem.
    assert verify_hand(secret.commitment, [honest, honest]) == []


def test_verify_hand_flags_out_of_range(secret: SecretShuffle) -> None:
    opening = dataclasses.replace(secret.open(3), position=60)
    problems = verify_hand(secret.commitment, [opening])
    assert problems == ["position 60 is out of range: the deck has 52 positions (0..51)"]


def test_verify_hand_catches_a_dealer_who_committed_a_card_twice() -> None:
    # A dishonest dealer builds the tree by hand with "As" at both positions of a two-card
    # deck. Each opening verifies on its own; only the hand check catches it.
    s0, s1 = b"\x01" * 16, b"\x02" * 16
    l0, l1 = leaf_hash(0, "As", s0), leaf_hash(1, "As", s1)
    commitment = ShuffleCommitment(root=node_hash(l0, l1).hex(), size=2)
    o0 = CardOpening(0, "As", s0.hex(), ((l1.hex(), False),))
    o1 = CardOpening(1, "As", s1.hex(), ((l0.hex(), True),))
    assert verify_opening(commitment, o0) and verify_opening(commitment, o1)
    assert verify_hand(commitment, [o0, o1]) == ["card 'As' appears at two positions: 0 and 1"]


def test_verify_hand_rejects_a_malformed_commitment(secret: SecretShuffle) -> None:
    opening = secret.open(0)
    assert verify_hand(ShuffleCommitment(secret.commitment.root, 0), [opening])
    assert verify_hand(ShuffleCommitment("xyz", 52), [opening])


# --------------------------------------------------------------------------- property


@settings(max_examples=60, deadline=None)
@given(
    order=st.permutations(FULL_DECK).flatmap(
        lambda p: st.integers(1, 52).map(lambda n: tuple(p[:n]))
    ),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_random_decks_and_opened_subsets_verify(
    order: tuple[str, ...], seed: int, data: st.DataObject
) -> None:
    secret = commit(order, salt_source=seeded(seed))
    positions = data.draw(st.sets(st.integers(0, len(order) - 1)))
    openings = secret.open_many(sorted(positions))
    assert all(verify_opening(secret.commitment, o) for o in openings)
    assert verify_hand(secret.commitment, openings) == []
    assert {o.card for o in openings} == {order[p] for p in positions}
    for opening in openings:
        assert len(opening.path) == len(path_shape(opening.position, len(order)))
