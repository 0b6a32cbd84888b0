"""Imports of the package's own modules sit at module top, unless startup time needs them
lazy: then the import (or the block of imports it opens) has a `# lazy: <why>` comment, and
its module is one REASONS lists (docs/architecture.md, "Imports").

A new import inside a function fails here until it moves to the top or says why it may not;
a module that imports lazily without being listed fails too.
"""

from __future__ import annotations

import ast
from pathlib import Path

from test_imports import PACKAGE, is_type_checking, module_name

#: The modules that may import the package's own modules inside functions, and why (the
#: longest matching name says). Each lazy import still says its own why.
REASONS: dict[str, str] = {
    "unbroken.cli.command": "`unbroken --help` and `--version` load nothing more",
    "unbroken.cli": "`unbroken COMMAND --help` imports this module: the engine, the board, "
    "textual load only on the path that runs",
    "unbroken.tui.app": "the title's first frame draws before the engine and the other "
    "screens load",
    "unbroken.tui.app_rules": "the title's first frame draws before the plugins load",
    "unbroken.tui": "the title's first frame and the game screen's draw before what only one "
    "action needs (today's daily, the inspector)",
    "unbroken.board.offer": "offering a daily after `unbroken` ends loads the records and the "
    "board's client only when there is something to offer",
    "unbroken.board.schema": "only the migration that re-reads the recordings loads the reader "
    "and the engine",
    "unbroken.board.testing": "test helpers load the bots and the daily only for the tests that "
    "ask",
    "unbroken.fuzz.runs": "each fuzz target loads only what it drives (the command line, the "
    "readers)",
    "unbroken.advisor.analysis": "`unbroken analyze` and the viewer's chart load the worker pool "
    "and the cache only when they weigh options",
    "unbroken.bots.workers": "only a spawned worker loads the plugins",
    "unbroken.testing": "unbroken.api imports this module, and a plugin loading loads no "
    "command line",
}


def reason_for(module: str) -> str | None:
    """Return why `module` may import lazily (the longest name in REASONS), or None."""
    found = [n for n in REASONS if module == n or module.startswith(n + ".")]
    return REASONS[max(found, key=len)] if found else None


def _own(node: ast.stmt) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").startswith("unbroken")
    return isinstance(node, ast.Import) and any(a.name.startswith("unbroken") for a in node.names)


def lazy_groups(path: Path) -> list[tuple[int, bool]]:
    """Return (first line, explained) for every block of consecutive imports of the package's
    own modules inside a function (not under `if TYPE_CHECKING:`); a block is explained when
    a `# lazy:` comment is on one of its lines or on the lines just above it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines))
    found: list[tuple[int, bool]] = []

    def body_blocks(body: list[ast.stmt], start: int) -> None:
        previous_end = start
        i = 0
        while i < len(body):
            node = body[i]
            if isinstance(node, (ast.Import, ast.ImportFrom)) and _own(node):
                j = i
                while (
                    j + 1 < len(body)
                    and isinstance(body[j + 1], (ast.Import, ast.ImportFrom))
                    and _own(body[j + 1])
                ):
                    j += 1
                text = lines[previous_end : body[j].end_lineno or node.lineno]
                found.append((node.lineno, any("# lazy:" in line for line in text)))
                previous_end = body[j].end_lineno or node.lineno
                i = j + 1
                continue
            previous_end = node.end_lineno or node.lineno
            i += 1

    def visit(node: ast.AST, inside: bool) -> None:
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or not block:
                continue
            if isinstance(node, ast.If) and is_type_checking(node) and field == "body":
                continue
            if inside and all(isinstance(s, ast.stmt) for s in block):
                start = block[0].lineno - 1
                while start > 0 and lines[start - 1].strip().startswith("#"):
                    start -= 1
                body_blocks(block, start)
        for child in ast.iter_child_nodes(node):
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return found


def test_the_check_finds_an_unexplained_lazy_import(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "def f():\n"
        "    from unbroken.core import game\n"
        "    x = 1\n"
        "    # lazy: why\n"
        "    from unbroken.core import rng\n"
        "    from unbroken.core import state\n"
        "    import os\n"
        "    from unbroken.core import model  # lazy: why\n",
        encoding="utf-8",
    )
    assert lazy_groups(source) == [(2, False), (5, True), (8, True)]


def test_every_lazy_import_says_why() -> None:
    unexplained = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, explained in lazy_groups(path)
        if not explained
    ]
    assert not unexplained, (
        "an import inside a function without a `# lazy: <why>` comment (move it to the "
        "module's top, or say why startup needs it lazy):\n" + "\n".join(unexplained)
    )


def test_only_the_listed_modules_import_lazily() -> None:
    unlisted = sorted(
        {
            module_name(path)
            for path in PACKAGE.rglob("*.py")
            if lazy_groups(path) and reason_for(module_name(path)) is None
        }
    )
    assert not unlisted, "imports inside functions, not in REASONS: " + ", ".join(unlisted)


def test_every_listed_module_still_imports_lazily() -> None:
    modules = {module_name(p) for p in PACKAGE.rglob("*.py") if lazy_groups(p)}
    stale = [n for n in REASONS if not any(m == n or m.startswith(n + ".") for m in modules)]
    assert not stale, "REASONS lists modules that import nothing lazily: " + ", ".join(stale)
