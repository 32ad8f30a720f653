"""The package's build backend: setuptools, plus an optional compiled build.

``pip install .`` (or ``-e .``) builds the pure-Python package, as setuptools alone would.
With ``KILLBUTTON_COMPILE=1`` in the environment, the modules in :data:`COMPILED` (the
rules engine and the hand-history reader) are also compiled with mypyc from this same
source into extension modules, which Python then loads in place of the ``.py`` files; the
``.py`` files stay beside them. When there is no working C compiler or mypyc refuses the
source, the build says why on standard error and goes on pure, so the install works
everywhere (a compiler that fails half way through the build fails the build).

An editable install builds the extension modules in the checkout: after editing one of
those modules, install again (or delete its ``.so``), since the compiled module is the one
Python loads.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from glob import glob
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 - the hooks setuptools defines as they are
    build_sdist,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

SWITCH = "KILLBUTTON_COMPILE"

# The modules compiled: every module of the engine and of the hand-history package except
# those kept pure. Compiled code refuses a value of the wrong Python type with a TypeError
# where it is passed; the action and stake records take what a caller gives, so that the
# engine refuses a bad amount with the legal choices in both builds. A package's __init__
# compiled into the shared library gets a wrong __path__, and the engine's lazy
# __getattr__ crashes compiled (mypyc issue 1198). The events are compiled, marked so that
# the chat layer may subclass them.
COMPILED = ("bot/engine/*.py", "bot/phh/*.py")
KEPT_PURE = (
    "bot/engine/__init__.py",
    "bot/engine/actions.py",
    "bot/engine/config.py",
    "bot/phh/__init__.py",
)

# mypyc comes with mypy; the compiled build is tested with mypy 2.4
MYPYC = "mypy>=2.4,<3"


def wanted() -> bool:
    """Whether the build was asked to compile (``KILLBUTTON_COMPILE=1``)."""
    return os.environ.get(SWITCH, "") == "1"


def _sources() -> list[str]:
    """Every module of the compiled packages, relative to the project's root, sorted."""
    return sorted({path for pattern in COMPILED for path in glob(pattern)})


def compiled_paths() -> list[str]:
    """The source files to compile, relative to the project's root, sorted."""
    return [path for path in _sources() if path not in KEPT_PURE]


def _remove_compiled() -> None:
    """A pure build removes the extension modules an earlier compiled build left in the
    checkout, which Python would otherwise load in place of the source."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    stale = [path[: -len(".py")] + suffix for path in _sources()]
    stale = [path for path in stale if os.path.exists(path)]
    stale += glob("bot/compile/native__mypyc*")
    for path in stale:
        os.remove(path)
    if stale:
        _say(f"removed the {len(stale)} compiled modules of an earlier build")


def _no_compiler() -> str | None:
    """Why the C compiler setuptools would use (``CC``, else Python's own) cannot build
    against this Python's headers, or None when it can: tried on a one-line file before
    anything is generated, since a build that fails half way cannot start again pure."""
    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    headers = sysconfig.get_paths()["include"]
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w", encoding="ascii") as file:
            file.write("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            done = subprocess.run(
                [*command, "-I", headers, "-c", source, "-o", os.path.join(folder, "probe.o")],
                capture_output=True,
                text=True,
                timeout=120,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            return f"{command[0]}: {exc}"
    if done.returncode != 0:
        return f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[:200]}"
    return None


def _say(text: str) -> None:
    print(f"killbutton build: {text}", file=sys.stderr)


# setuptools' own backend class (read as Any: setuptools is typed in some versions only)
_SetuptoolsBackend: Any = getattr(_setuptools, "_BuildMetaBackend")  # noqa: B009


class _Backend(_SetuptoolsBackend):  # type: ignore[misc]
    """setuptools' backend, with the compiled modules added when they are asked for."""

    def run_setup(self, setup_script: str = "setup.py") -> None:
        from setuptools import setup

        building = any(c in sys.argv for c in ("bdist_wheel", "editable_wheel"))
        if not (building and wanted()):
            if building:
                _remove_compiled()
            setup()
            return
        missing = _no_compiler()
        if missing:
            _say(f"no C compiler to build with ({missing}); building pure Python")
            setup()
            return
        try:
            from mypyc.build import mypycify

            extensions = mypycify(compiled_paths(), group_name="bot.compile.native")
        except (Exception, SystemExit) as exc:  # mypyc failed: the pure build
            why = "its errors are above" if isinstance(exc, SystemExit) else exc
            _say(f"mypyc could not compile ({why}); building pure Python")
            setup()
            return
        setup(ext_modules=extensions)


_BACKEND = _Backend()


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy (for mypyc) when compiling."""
    found: list[str] = _BACKEND.get_requires_for_build_wheel(config_settings)
    return [*found, MYPYC] if wanted() else found


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """As :func:`get_requires_for_build_wheel`."""
    return get_requires_for_build_wheel(config_settings)


# the builds themselves are setuptools', through run_setup above
build_wheel = _BACKEND.build_wheel
build_editable = _BACKEND.build_editable
