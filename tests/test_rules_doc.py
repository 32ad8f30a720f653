"""docs/rules.md stays true to the code: every module and test it names exists, every rule
in it names both, and every rule citation used in the code or the tests has a heading in it.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"

# a citation as the code writes it: "000 kill §3", "000 NL §16", "003 §10", "004 jacks §10",
# "002 misc §7", a named section of source 002 such as "002 kill/opening-round", or a rule
# of the tournament directors' rules, "TDA 2024 R23", "TDA 2024 RP-11"
CITATION = re.compile(
    r"\b00[0-4] [A-Za-z/ -]*§ ?[0-9]+|\b00[0-4] [a-z]+/[a-z-]+|\bTDA 2024 R(?:P-)?[0-9]+(?:-[A-Z])?"
)
MODULE = re.compile(r"`((?:bot|adapters|storage)/[\w/]+\.py)`")
TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def _normal(text: str) -> str:
    """One spelling of a citation: single spaces, no space after the section sign."""
    return re.sub(r"§\s+", "§", " ".join(text.split()))


@cache
def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _headings() -> list[str]:
    return [_normal(line) for line in _doc().splitlines() if line.startswith("#")]


def _has_heading(citation: str, headings: list[str]) -> bool:
    """Whether a heading carries ``citation`` as a whole: "000 kill §1" is not satisfied by
    "000 kill §10" or "000 kill §1a"."""
    pattern = re.compile(r"(?<![\w/])" + re.escape(citation) + r"(?![\w/-])")
    return any(pattern.search(heading) for heading in headings)


def _citations(*folders: str, skip: tuple[Path, ...] = ()) -> dict[str, list[str]]:
    """Every citation in the Python files under ``folders``: citation -> files citing it."""
    found: dict[str, list[str]] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path in skip:
                continue
            text = path.read_text(encoding="utf-8")
            for match in CITATION.finditer(text):
                where = str(path.relative_to(ROOT))
                found.setdefault(_normal(match.group(0)), []).append(where)
    return found


def _missing_headings(found: dict[str, list[str]]) -> list[str]:
    headings = _headings()
    return [
        f"{citation} (cited in {', '.join(sorted(set(files))[:3])})"
        for citation, files in sorted(found.items())
        if not _has_heading(citation, headings)
    ]


def _functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def test_the_rulebook_names_modules_tests_and_citations() -> None:
    """The checks below are not vacuous: the document names many modules and tests, and
    the patterns find the citations the code uses."""
    assert len(set(MODULE.findall(_doc()))) >= 30
    assert len(set(TEST.findall(_doc()))) >= 200
    found = _citations("bot")
    for citation in ("000 kill §6", "000 NL §16", "000 PL §5", "003 §10", "004 jacks §10"):
        assert citation in found
    assert _has_heading("000 kill §3", _headings())
    near_misses = "#### " + "000 kill §3" + "0, " + "000 kill §3" + "a"  # §30 and §3a
    assert not _has_heading("000 kill §3", [near_misses])


def test_every_module_named_in_the_rulebook_exists() -> None:
    missing = sorted({m for m in MODULE.findall(_doc()) if not (ROOT / m).is_file()})
    assert not missing, f"docs/rules.md names modules that do not exist: {missing}"


def test_every_test_named_in_the_rulebook_exists() -> None:
    missing = []
    for file, name in sorted(set(TEST.findall(_doc()))):
        path = ROOT / file
        if not path.is_file():
            missing.append(f"{file} (no such file)")
        elif name not in _functions(path):
            missing.append(f"{file}::{name}")
    assert not missing, f"docs/rules.md names tests that do not exist: {missing}"


def test_every_rule_names_its_code_and_its_tests() -> None:
    """Each rule (a ``####`` heading) names at least one module and one test."""
    bare = []
    for section in re.split(r"(?m)^(?=#### )", _doc())[1:]:
        heading = section.splitlines()[0]
        if not MODULE.search(section) or not TEST.search(section):
            bare.append(heading)
    assert not bare, f"rules without a module or a test: {bare}"


def test_every_citation_in_the_code_has_a_heading_in_the_rulebook() -> None:
    missing = _missing_headings(_citations("bot", "adapters", "storage"))
    assert not missing, f"citations in the code with no heading in docs/rules.md: {missing}"


def test_every_citation_in_the_tests_has_a_heading_in_the_rulebook() -> None:
    found = _citations("tests", skip=(Path(__file__).resolve(),))
    missing = _missing_headings(found)
    assert not missing, f"citations in the tests with no heading in docs/rules.md: {missing}"
