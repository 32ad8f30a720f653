"""Every shared hand of a game we deal replays to `match`: NT, FT, PO, FO/8 (the engine
issue) and F7S, F7S/8, FR, N2L1D, F2L3D (the draw-and-stud issue)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from bot.cli import main
from bot.phh.replay import ReplayResult, replay_paths

OUR_GAMES = {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}


def _variant(path: str) -> str:
    for line in Path(path).read_text().splitlines():
        if line.startswith("variant"):
            return line.split("=", 1)[1].strip().strip("'\"")
    return ""


def test_every_shared_hand_of_our_games_matches(phh_dir: Path) -> None:
    results: list[ReplayResult] = list(replay_paths([str(phh_dir)]))
    assert len(results) > 2_200
    ours = [r for r in results if _variant(r.path) in OUR_GAMES and "famous" not in r.path]
    assert len(ours) == 2_286
    bad = [(r.path, r.status, r.error) for r in ours if r.status != "match"]
    assert bad == []
    by_variant = Counter(_variant(r.path) for r in ours)
    assert by_variant["F7S"] == 11 and by_variant["F2L3D"] == 5 and by_variant["FR"] == 7
    by_status = Counter(r.status for r in results if "famous" in r.path)
    # the famous hands carry no finishing stacks; badugi and short deck are not ours, and
    # the Antonius-Blom hand has fractional chips
    assert by_status == Counter({"unchecked": 2, "unsupported": 3})


def test_famous_statuses_name_their_reason(phh_dir: Path) -> None:
    results = {Path(r.path).name: r for r in replay_paths([str(phh_dir / "famous")])}
    assert results["dwan-ivey-2009.phh"].status == "unchecked"
    assert results["antonius-blom-2009.phh"].status == "unsupported"
    assert "fractional" in (results["antonius-blom-2009.phh"].error or "")
    assert results["alice-carol-wikipedia.phh"].status == "unsupported"


def test_json_lines_have_every_key_and_exit_status(phh_dir: Path, capsys) -> None:
    files = [str(phh_dir / "wsop-2023-43-5" / "1.phh"), str(phh_dir / "famous")]
    status = main(["replay", "--json", *files])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    keys = {"path", "hand", "status", "finishing_stacks", "expected", "action_index", "error"}
    assert all(set(line) == keys for line in lines)
    assert lines[0]["path"] == files[0]
    assert lines[0]["hand"] == 1
    assert lines[0]["status"] == "match"
    assert lines[0]["finishing_stacks"] == lines[0]["expected"]
    assert status == 1  # unsupported famous hands, nothing illegal


def test_illegal_hand_reports_the_action_and_exit_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text(
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\n"
        "min_bet = 100\nstarting_stacks = [1000, 1000, 1000]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p3 cbr 150']\n"
        "finishing_stacks = [1000, 1000, 1000]\n"
    )
    status = main(["replay", "--json", str(bad)])
    line = json.loads(capsys.readouterr().out)
    assert status == 2
    assert line["status"] == "illegal"
    assert line["action_index"] == 3
    assert "minimum raise is to 200" in line["error"]


def test_phhs_hands_after_an_illegal_one_are_skipped(tmp_path: Path) -> None:
    hand = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = [{actions}]\n"
    )
    good = "'d dh p1 AsKs', 'd dh p2 QdQc', 'p2 f'"
    illegal = "'d dh p1 AsKs', 'd dh p2 QdQc', 'p1 f'"
    text = "".join(
        f"[{i}]\n" + hand.format(actions=acts) for i, acts in enumerate([good, illegal, good])
    )
    path = tmp_path / "session.phhs"
    path.write_text(text)
    statuses = [r.status for r in replay_paths([str(path)])]
    assert statuses == ["unchecked", "illegal", "skipped"]


def test_a_mixed_game_phhs_session_replays_hand_by_hand(phh_dir: Path, tmp_path: Path) -> None:
    """The draw-and-stud issue: `killbutton replay` reads a mixed-game .phhs session (here
    one hand each of hold'em, Omaha hi-lo, razz, stud and stud hi-lo: HORSE)."""
    from bot.phh.notation import dumps_phhs, load_path

    wsop = phh_dir / "wsop-2023-43-5"
    picks = {"FT": None, "FO/8": None, "FR": None, "F7S": None, "F7S/8": None}
    for path in sorted(wsop.glob("*.phh")):
        variant = _variant(str(path))
        if variant in picks and picks[variant] is None:
            picks[variant] = load_path(path)[0][1]
    sections = [(f"hand-{i}", hh) for i, hh in enumerate(picks.values()) if hh is not None]
    assert len(sections) == 5
    session = tmp_path / "horse.phhs"
    session.write_text(dumps_phhs(sections))
    results = list(replay_paths([str(session)]))
    assert [r.status for r in results] == ["match"] * 5
    assert [r.hand for r in results] == [hh.hand for _, hh in sections]
