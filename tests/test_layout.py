"""The house's layout: wings whose imports point only down, and a README that names every
module where it lives."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Each wing's floor: a module may import from its own floor or below, never above.
FLOORS = {
    "bot.engine": 0,
    "bot.process": 0,
    "bot.compile": 0,
    "storage": 0,
    "bot.phh": 1,
    "bot.words": 2,
    "bot.service": 3,
    "bot.chat": 4,
    "adapters": 5,
    "bot.app": 6,
}


def _wing(module: str) -> str | None:
    for wing in sorted(FLOORS, key=len, reverse=True):
        if module == wing or module.startswith(wing + "."):
            return wing
    return None


def _modules() -> list[Path]:
    return sorted(p for top in ("bot", "adapters", "storage") for p in (ROOT / top).rglob("*.py"))


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.append(".".join([*base, node.module] if node.module else base))
            elif node.module:
                found.append(node.module)
    return found


def test_every_module_belongs_to_a_wing_and_imports_only_down() -> None:
    """No module imports from a wing above its own (lazy imports inside functions count
    too), and every module of bot/, adapters/ and storage/ is in a wing."""
    upward = []
    for path in _modules():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module == "bot.__init__":
            continue
        wing = _wing(module)
        assert wing is not None, f"{module} is in no wing"
        for imported in _imports(path):
            target = _wing(imported)
            if target is not None and FLOORS[target] > FLOORS[wing]:
                upward.append(f"{module} imports {imported}")
    assert upward == []


# What an adapter may import of the project: the chat core, the words, how a bot process
# behaves, and the adapters' own shared modules. The service, the engine and storage stay
# behind the chat core.
ADAPTER_IMPORTS = ("bot.chat", "bot.words", "bot.process", "adapters")
# The composition root: the modules that open the database and build the service for a
# platform, and alone may name them.
COMPOSITION_ROOT = frozenset(
    {"adapters.runtime", "adapters.discord.run", "adapters.slack.run", "adapters.console.run"}
)


def _project_imports(path: Path) -> list[str]:
    return [m for m in _imports(path) if m == "bot" or m.startswith(("bot.", "storage"))]


def _beyond(imported: str) -> bool:
    return not any(imported == a or imported.startswith(a + ".") for a in ADAPTER_IMPORTS)


def test_adapters_import_only_the_chat_core_the_words_and_the_process_wing() -> None:
    """An adapter speaks to the chat core only: it imports ``bot.chat``, ``bot.words``,
    ``bot.process`` and other adapters, never the service, the engine or storage (lazy
    imports included), except the composition root named above; and each
    module excepted still needs its exception, so the list cannot outlive its reason."""
    beyond = []
    needless = []
    for path in _modules():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if not module.startswith("adapters."):
            continue
        outside = [m for m in _project_imports(path) if _beyond(m)]
        if module in COMPOSITION_ROOT:
            if not outside:
                needless.append(module)
            continue
        beyond += [f"{module} imports {m}" for m in outside]
    assert beyond == []
    assert needless == []


def test_the_readme_layout_names_every_module_in_its_wing() -> None:
    """Each module's file name appears in the README's layout entry of its wing."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout", 1)[1].split("\n## ", 1)[0]
    entries: dict[str, str] = {}
    for entry in re.split(r"\n- ", layout):
        head = re.match(r"`([\w/]+/)`", entry.strip().removeprefix("- "))
        if head:
            entries[head.group(1)] = entry
    missing = []
    for path in _modules():
        relative = path.relative_to(ROOT).as_posix()
        if path.name == "__init__.py" and path.parent.name not in ("engine", "storage"):
            continue
        wing = max((w for w in entries if relative.startswith(w)), key=len, default=None)
        if wing is None or f"`{path.name}`" not in entries[wing]:
            missing.append(relative)
    assert missing == []


def _module_names() -> dict[str, Path]:
    names = {}
    for path in _modules():
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def _edges(path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules a file imports, type-checking imports included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = path.relative_to(ROOT).with_suffix("").parts
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            for alias in node.names:
                if f"{module}.{alias.name}" in known:
                    found.add(f"{module}.{alias.name}")  # a submodule
                elif module in known:
                    found.add(module)
    return found


def test_no_module_imports_itself_round_a_circle() -> None:
    """The import graph of bot/, adapters/ and storage/ has no cycle, imports made only
    for type checking counted (a Protocol says what a part needs of its whole instead)."""
    known = _module_names()
    graph = {name: _edges(path, known) - {name} for name, path in known.items()}
    done: set[str] = set()
    circles = []

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            circles.append(trail[trail.index(name) :] + [name])
            return
        if name in done:
            return
        for nxt in sorted(graph[name]):
            visit(nxt, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert circles == []
