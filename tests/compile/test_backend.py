"""The build backend's optional compiled build: which modules it compiles, and a pure
build leaving no compiled module of an earlier build to shadow the source."""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

import pytest

from bot.compile import backend


def _tree(root: Path, names: list[str]) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")


def test_the_engine_and_the_reader_are_compiled_but_not_the_records_callers_fill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The betting round, the events and the replay are compiled; the action and stake
    records and the packages' __init__ stay Python."""
    _tree(
        tmp_path,
        [
            "bot/engine/__init__.py",
            "bot/engine/hand.py",
            "bot/engine/actions.py",
            "bot/engine/config.py",
            "bot/engine/events.py",
            "bot/phh/__init__.py",
            "bot/phh/replay.py",
            "bot/service/tables.py",
        ],
    )
    monkeypatch.chdir(tmp_path)
    assert backend.compiled_paths() == [
        "bot/engine/events.py",
        "bot/engine/hand.py",
        "bot/phh/replay.py",
    ]


def test_a_pure_build_removes_the_compiled_modules_an_earlier_build_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python loads an extension module in place of its source, so a pure build removes
    every compiled module of ours (kept-pure ones compiled by an older list included) and
    the shared library, and nothing else."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    ours = [
        f"bot/engine/hand{suffix}",
        f"bot/engine/actions{suffix}",
        f"bot/phh/replay{suffix}",
        f"bot/compile/native__mypyc{suffix}",
    ]
    kept = [f"bot/engine/other{suffix}", "bot/engine/notes.so.txt", "bot/service/tables.so"]
    _tree(tmp_path, ["bot/engine/hand.py", "bot/engine/actions.py", "bot/phh/replay.py"])
    _tree(tmp_path, ours + kept)
    monkeypatch.chdir(tmp_path)
    backend._remove_compiled()
    assert [name for name in ours if (tmp_path / name).exists()] == []
    assert [name for name in kept if (tmp_path / name).exists()] == kept


def test_compiling_is_asked_for_by_the_environment_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only KILLBUTTON_COMPILE=1 compiles: a plain install never needs a compiler."""
    monkeypatch.delenv(backend.SWITCH, raising=False)
    assert not backend.wanted()
    for value in ("0", "yes", ""):
        monkeypatch.setenv(backend.SWITCH, value)
        assert not backend.wanted()
    monkeypatch.setenv(backend.SWITCH, "1")
    assert backend.wanted()


def test_a_missing_or_broken_c_compiler_is_found_before_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No compiler, or one that fails: the reason, so the build goes on pure (a build
    that fails half way cannot start again)."""
    monkeypatch.setenv("CC", "/bin/false")
    assert "exited 1" in (backend._no_compiler() or "")
    monkeypatch.setenv("CC", "/no/such/compiler-here")
    assert "compiler-here" in (backend._no_compiler() or "")


def test_a_working_c_compiler_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiler Python was built with, when it is installed, builds the probe."""
    monkeypatch.delenv("CC", raising=False)
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed here")
    assert backend._no_compiler() is None
