"""A button's words come from the words wing: the engine says which move, and its chips."""

from __future__ import annotations

from bot.engine import LegalMove
from bot.words.tableview import Choice, choice, choice_label


def test_each_legal_move_reads_as_its_button_always_has() -> None:
    moves = [
        (LegalMove("bring_in", "bringin", "primary", amount=3), "Bring in 3"),
        (LegalMove("fold", "fold", "danger"), "Fold"),
        (LegalMove("check", "check", "primary"), "Check"),
        (LegalMove("call", "call", "primary", amount=20), "Call 20"),
        (LegalMove("call", "call", "primary", confirm=True, amount=80), "Call 80 (all-in)"),
        (LegalMove("raise", "raise 40", "success", amount=40), "Raise to 40"),
        (LegalMove("bet", "raise", "success", 20, 480), "Bet 20…"),
        (LegalMove("complete", "raise 10", "success", amount=10), "Complete to 10"),
        (LegalMove("all_in", "allin", "danger", confirm=True, amount=500), "All-in 500"),
        (LegalMove("pat", "pat", "primary"), "Stand pat"),
        (LegalMove("draw", "draw", "success"), "Draw…"),
        (LegalMove("runs", "runs 3", amount=3), "Run three times"),
    ]
    assert [choice_label(move) for move, _ in moves] == [label for _, label in moves]


def test_a_button_keeps_what_it_sends_and_the_legal_range_beside_its_label() -> None:
    ranged = LegalMove("raise", "raise", "success", 40, 1000)
    assert choice(ranged) == Choice("Raise 40…", "raise", "success", 40, 1000)
