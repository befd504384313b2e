"""The host package's import graph keeps the layers (README.md, Layout): an arrow never runs up.

Every module under host/wordtable is parsed with ``ast`` (nothing is imported), and every import in it,
at module level or inside a function, under ``TYPE_CHECKING`` or not, is an arrow to the module it names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

HOST = Path(__file__).resolve().parents[1] / "host"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("cli", "web"),
    ("fleet", "classroom", "table"),
    ("ai", "display", "store"),
    ("games",),
    ("lexicon",),
)
"""The host's packages, top to bottom: a package imports only its own layer and those below."""

RANK = {package: rank for rank, layer in enumerate(LAYERS) for package in layer}


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the ``wordtable`` package under ``root`` by its dotted name (a package by its own)."""
    found = {}
    for path in sorted((root / "wordtable").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST, type_checking: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements under ``node``, anywhere (functions too), without ``if TYPE_CHECKING:``
    blocks unless ``type_checking``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test) and not type_checking:
            for sub in child.orelse:
                yield from _import_nodes(ast.Module(body=[sub], type_ignores=[]), type_checking)
        else:
            yield from _import_nodes(child, type_checking)


def _imported(module: str, path: Path, known: set[str], type_checking: bool) -> Iterator[tuple[str, int]]:
    """The ``wordtable`` modules that ``module`` imports, with the line of each import."""
    is_package = path.name == "__init__.py"
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path)), type_checking):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "wordtable":
                    yield alias.name, node.lineno
        else:
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "wordtable":
                continue
            for alias in node.names:
                # ``from pkg import name`` names a submodule when there is one, else something in pkg
                sub = f"{target}.{alias.name}"
                yield (sub if sub in known else target), node.lineno


def import_graph(root: Path = HOST, type_checking: bool = True) -> dict[str, dict[str, int]]:
    """Module -> {imported module: line}, for every ``wordtable`` module under ``root``; imports made
    for the type checker only (``if TYPE_CHECKING:``) count unless ``type_checking`` is false."""
    files = module_files(root)
    known = set(files)
    graph: dict[str, dict[str, int]] = {}
    for module, path in files.items():
        arrows = graph.setdefault(module, {})
        for target, line in _imported(module, path, known, type_checking):
            if target != module:
                arrows.setdefault(target, line)
    return graph


def package_of(module: str) -> str:
    """The host package a module belongs to (``wordtable.games.cards`` -> ``games``); the root is ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def arrows(graph: dict[str, dict[str, int]]) -> Iterator[tuple[str, str, str, str, int]]:
    """Every import between two host packages: (from module, to module, from package, to package, line)."""
    for source, targets in graph.items():
        for target, line in targets.items():
            a, b = package_of(source), package_of(target)
            if a != b:
                yield source, target, a, b, line


def upward_arrows(graph: dict[str, dict[str, int]]) -> list[str]:
    """Imports from a package to one in a higher layer (or to a package the layers do not name)."""
    bad = []
    for source, target, a, b, line in arrows(graph):
        if b == "":
            continue  # the root package holds the version only; anything may read it
        if a == "" or b not in RANK or (a in RANK and RANK[b] < RANK[a]):
            bad.append(f"{source}:{line} imports {target}")
    return sorted(bad)


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The import cycles: every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(groups)


@pytest.fixture(scope="module")
def graph() -> dict[str, dict[str, int]]:
    return import_graph()


def test_the_graph_sees_the_packages_and_their_imports(graph) -> None:
    assert {package_of(m) for m in graph} >= {
        "cli",
        "web",
        "table",
        "ai",
        "display",
        "store",
        "games",
        "lexicon",
    }
    assert "wordtable.games.crossword" in graph["wordtable.games.wordgame"]
    # a function-local import counts as much as one at the top of the module
    assert "wordtable.table.doctor" in graph["wordtable.cli.table"]
    # ``from .. import lexicon`` is an arrow to the lexicon package
    assert "wordtable.lexicon" in graph["wordtable.cli.table"]


def test_games_and_lexicon_import_nothing_above_them(graph) -> None:
    above = {"table", "web", "ai", "display", "store", "cli", "fleet", "classroom"}
    bad = [
        f"{s}:{line} imports {t}"
        for s, t, a, b, line in arrows(graph)
        if a in ("games", "lexicon") and b in above
    ]
    assert bad == []
    assert [f"{s} imports {t}" for s, t, a, b, _ in arrows(graph) if a == "lexicon" and b == "games"] == []


def test_no_import_runs_up_the_layers(graph) -> None:
    assert upward_arrows(graph) == []


def test_only_the_command_line_imports_the_command_line(graph) -> None:
    assert sorted(f"{s} imports {t}" for s, t, a, b, _ in arrows(graph) if b == "cli") == []


def terminal_uses(path: Path) -> list[str]:
    """Where a module parses arguments or talks to the terminal: argparse, print, input, sys.stdout/stderr/stdin."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names):
            found.append(f"{node.lineno}: import argparse")
        elif isinstance(node, ast.ImportFrom) and node.module == "argparse":
            found.append(f"{node.lineno}: from argparse")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("print", "input")
        ):
            found.append(f"{node.lineno}: {node.func.id}()")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in ("stdout", "stderr", "stdin")
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        ):
            found.append(f"{node.lineno}: sys.{node.attr}")
    return found


def test_only_the_command_line_parses_arguments_and_prints() -> None:
    bad = {
        module: uses
        for module, path in module_files(HOST).items()
        if package_of(module) != "cli" and (uses := terminal_uses(path))
    }
    assert bad == {}


def test_argument_parsing_and_printing_are_found_anywhere_in_a_module(tmp_path: Path) -> None:
    module = tmp_path / "report.py"
    module.write_text("import sys\nimport argparse\n\n\ndef report(x):\n    print(x, file=sys.stderr)\n")
    assert sorted(terminal_uses(module)) == ["2: import argparse", "6: print()", "6: sys.stderr"]


def test_no_module_imports_itself_round_a_cycle_when_the_program_runs() -> None:
    assert cycles(import_graph(type_checking=False)) == []


TYPE_ONLY_CYCLES = (
    ["wordtable.games.crossword", "wordtable.games.position"],
    ["wordtable.games.wordcard", "wordtable.games.wordcard_play"],
    ["wordtable.games.wordcard_options", "wordtable.games.wordcard_scoring"],
    ["wordtable.games.wordchain", "wordtable.games.wordchain_word"],
)
"""Cycles closed by ``if TYPE_CHECKING:`` imports only: a position is set up for the crossword game class
passed in, a card game's play or word reading takes the game as its argument and names its type in
annotations, and WORDCARD's scoring names the options it reads."""


def test_type_checking_imports_close_no_cycle_but_the_known_ones(graph) -> None:
    assert [group for group in cycles(graph) if group not in TYPE_ONLY_CYCLES] == []


def test_an_upward_arrow_and_a_cycle_are_caught(tmp_path: Path) -> None:
    package = tmp_path / "wordtable"
    for name, text in {
        "__init__.py": "",
        "games/__init__.py": "",
        "games/rules.py": "from wordtable.ai.bots import choose\n",
        "ai/__init__.py": "",
        "ai/bots.py": "def choose():\n    from ..games import rules\n",
        "ai/hints.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .bots import choose\n",
    }.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    small = import_graph(tmp_path)
    assert upward_arrows(small) == ["wordtable.games.rules:1 imports wordtable.ai.bots"]
    assert cycles(small) == [["wordtable.ai.bots", "wordtable.games.rules"]]
    assert small["wordtable.ai.hints"] == {"wordtable.ai.bots": 3}
    assert import_graph(tmp_path, type_checking=False)["wordtable.ai.hints"] == {}
