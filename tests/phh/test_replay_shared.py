"""Every hand of ``tests/data/phh`` of a game we deal replays to `match`: the public
dataset's NT, FT, PO, FO/8, F7S, F7S/8, FR, N2L1D and F2L3D, and every hand our own engine
dealt (``killbutton/``: kill sessions, jacks or better, ace-to-five, every structure)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from bot.app.cli import main
from bot.phh.notation import HandHistory, load_path
from bot.phh.replay import ReplayResult, iter_paths, replay_paths
from bot.phh.variants import from_phh

OUR_GAMES = {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}

# the public dataset's hands kept here, by variant (famous/ aside)
DATASET_VARIANTS = {
    "NT": 211,  # 202 Pluribus, 9 WSOP
    "FT": 5,
    "PO": 5,
    "FO/8": 12,
    "F7S": 11,
    "F7S/8": 5,
    "FR": 7,
    "N2L1D": 5,
    "F2L3D": 5,
}

# our own hands (killbutton/), by game and structure
OURS = {
    "ace_to_five fixed_limit": 6,
    "ace_to_five no_limit": 6,
    "ace_to_five pot_limit": 6,
    "deuce_to_seven_single fixed_limit": 6,
    "deuce_to_seven_single no_limit": 6,
    "deuce_to_seven_triple fixed_limit": 27,
    "deuce_to_seven_triple pot_limit": 6,
    "holdem fixed_limit": 39,
    "holdem half_pot": 6,
    "holdem no_limit": 51,
    "holdem pl_preflop_nl_postflop": 6,
    "holdem pot_limit": 6,
    "holdem spread_limit": 6,
    "jacks fixed_limit": 12,
    "jacks spread_limit": 10,
    "omaha fixed_limit": 6,
    "omaha no_limit": 6,
    "omaha pot_limit": 36,
    "omaha_hilo fixed_limit": 39,
    "omaha_hilo pot_limit": 6,
    "razz fixed_limit": 9,
    "stud fixed_limit": 9,
    "stud spread_limit": 6,
    "stud_hilo fixed_limit": 10,
}

# kill sessions: file -> (hands, killed hands by reason)
KILL_SESSIONS = {
    "27td-fl.phhs": (20, {"required": 7}),
    "holdem-fl.phhs": (30, {"required": 3, "voluntary": 1}),
    "holdem-nl-half.phhs": (30, {"required": 9}),
    "o8-fl.phhs": (30, {"required": 23}),
    "omaha-pl-half-last.phhs": (30, {"required": 7}),
}


def _variant(path: str) -> str:
    for line in Path(path).read_text().splitlines():
        if line.startswith("variant"):
            return line.split("=", 1)[1].strip().strip("'\"")
    return ""


def _replayed(root: Path) -> list[tuple[ReplayResult, HandHistory]]:
    """Every hand under ``root`` with its replay, in the order ``replay_paths`` gives."""
    results = list(replay_paths([str(root)]))
    histories = [hh for path in iter_paths([str(root)]) for _, hh in load_path(path)]
    assert len(results) == len(histories)
    return list(zip(results, histories, strict=True))


def _game(hh: HandHistory) -> str:
    game, structure = from_phh(hh.variant, hh.extra.get("_game"), hh.extra.get("_structure"))
    return f"{game.value} {structure.value}"


def _part(result: ReplayResult, root: Path) -> str:
    return Path(result.path).relative_to(root).parts[0]


def test_every_hand_of_our_games_matches(phh_dir: Path) -> None:
    hands = _replayed(phh_dir)
    assert len(hands) == 597
    assert Counter(r.status for r, _ in hands) == Counter(
        {"match": 592, "unchecked": 2, "unsupported": 3}
    )
    dataset = [(r, hh) for r, hh in hands if _part(r, phh_dir) in ("pluribus", "wsop-2023-43-5")]
    assert Counter(hh.variant for _, hh in dataset) == DATASET_VARIANTS
    assert {hh.variant for _, hh in dataset} <= OUR_GAMES
    ours = [(r, hh) for r, hh in hands if _part(r, phh_dir) == "killbutton"]
    assert Counter(_game(hh) for _, hh in ours) == OURS
    bad = [(r.path, r.hand, r.status, r.error) for r, _ in dataset + ours if r.status != "match"]
    assert bad == []
    by_status = Counter(r.status for r, _ in hands if _part(r, phh_dir) == "famous")
    # the famous hands carry no finishing stacks; badugi and short deck are not ours, and
    # the Antonius-Blom hand has fractional chips
    assert by_status == Counter({"unchecked": 2, "unsupported": 3})


def test_kill_sessions_check_every_kill(phh_dir: Path) -> None:
    """Each kill session replays to `match` with the button reported after every hand,
    and the kills it holds are the ones the rules required (or offered)."""
    kill_dir = phh_dir / "killbutton" / "kill"
    found = {}
    for path in iter_paths([str(kill_dir)]):
        hands = load_path(path)
        results = list(replay_paths([path]))
        assert [r.status for r in results] == ["match"] * len(hands), path
        assert all(r.extra["kill"] is not None for r in results)
        reasons = Counter(hh.extra["_kill_reason"] for _, hh in hands if "_killer" in hh.extra)
        found[Path(path).name] = (len(hands), dict(reasons))
        # the first hand of a session is dealt with the button neutral
        assert "_killer" not in hands[0][1].extra
    assert found == KILL_SESSIONS
    [(_, quit_hand)] = [
        (n, hh)
        for path in iter_paths([str(kill_dir)])
        for n, hh in load_path(path)
        if "_quit" in hh.extra
    ]
    assert quit_hand.extra["_quit"] == ["dan"]


def _make_sessions() -> ModuleType:
    """``tests/data/phh/make_sessions.py`` as a module (it is a script, not a package)."""
    name = "killbutton_phh_make_sessions"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parents[1] / "data" / "phh" / "make_sessions.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up while defined
    spec.loader.exec_module(module)
    return module


def test_the_generator_deals_the_same_hands_and_they_replay(tmp_path: Path) -> None:
    """`make_sessions.py` is deterministic, and every hand the table deals and writes
    today replays to `match` (``make_sessions.py --check`` compares with the kept files)."""
    module = _make_sessions()
    files = module.generate()
    assert files == module.generate()
    assert set(files) == {s.path for s in module.GAMES + module.KILLS} | {
        h[0] for h in module.HISTORY
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert module.check_replays(tmp_path) == []


def test_replay_summary_and_exit_status_over_the_folder(phh_dir: Path, capsys) -> None:
    assert main(["replay", str(phh_dir)]) == 1  # the famous unsupported hands
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "597 hands: 592 match, 2 unchecked, 3 unsupported"
    assert main(["replay", str(phh_dir / "killbutton")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "326 hands: 326 match"


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
    """`killbutton replay` reads a mixed-game .phhs session (here
    one hand each of hold'em, Omaha hi-lo, razz, stud and stud hi-lo: HORSE)."""
    from bot.phh.notation import dumps_phhs

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
