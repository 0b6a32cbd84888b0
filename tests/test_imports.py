"""The import graph of src/unbroken, read with `ast`: no cycles between modules, no arrow
from the core to outside it, and outside the core only the core's public surface
(docs/architecture.md, "The core's public surface")."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).parents[1] / "src"
PACKAGE = SRC / "unbroken"

#: What code outside unbroken.core may import from it (docs/architecture.md).
PUBLIC: dict[str, set[str] | None] = {
    # None: every public name of the module.
    "unbroken.core": None,
    "unbroken.core.game": None,
    "unbroken.core.query": None,
    "unbroken.core.forecast": {
        "Forecast",
        "Acted",
        "UNSEEN",
        "DECISION",
        "OVER",
        "CHANCE",
        "FAILED",
    },
    # What a change of weapon changes of the known monster's rules, read off a Forecast.
    "unbroken.core.weapon_rules": {"WeaponRule", "weapon_rules", "BATTLE_START", "TRICKERY"},
    "unbroken.core.actions": None,
    "unbroken.core.events": None,
    "unbroken.core.history": None,
    "unbroken.core.model": None,
    "unbroken.core.state": None,
    "unbroken.core.ruleset": None,
    "unbroken.core.achievements": None,
    "unbroken.core.rng": None,
    "unbroken.core.reducer": {"apply_event", "fold"},
    "unbroken.core.handlers": {
        "HandlerError",
        "BUILTIN_HANDLERS",
        "HandlerApi",
        "EffectType",
        "effect_type",
        "handler_words",
        "TookTooLong",
        "StateChanged",
    },
    "unbroken.core.effects": {"HandlerContext"},
}
#: unbroken.testing builds scenarios from inside the engine (as the core's own tests do).
INSIDE_USERS = {"unbroken.testing"}


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path, type_checking: bool = False) -> list[tuple[str, list[str]]]:
    """Return (module, names) for every import in a file, at any depth (in functions too);
    those only for type checkers (`if TYPE_CHECKING:`) only when `type_checking`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    this = module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    found: list[tuple[str, list[str]]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node) and not type_checking:
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            found.append((base, [alias.name for alias in node.names]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def graph(type_checking: bool = False) -> dict[str, set[str]]:
    """Return {module: the unbroken modules it imports} (with those only for type checkers
    when `type_checking`)."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        for module, names in imports(path, type_checking):
            if not module.startswith("unbroken"):
                continue
            # `from unbroken.core import game` imports the module unbroken.core.game.
            targets = [f"{module}.{n}" for n in names if f"{module}.{n}" in files]
            if not targets and module in files:
                targets = [module]
            for target in targets:
                if target != name:
                    edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return out


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_between_modules() -> None:
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_core_imports_nothing_outside_it() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, targets in graph().items()
        if name.startswith("unbroken.core")
        for target in targets
        if not target.startswith("unbroken.core")
    ]
    assert not wrong, wrong


def test_outside_the_core_only_its_public_surface_is_imported() -> None:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    wrong = []
    for name, path in files.items():
        if name.startswith("unbroken.core") or name in INSIDE_USERS:
            continue
        for module, names in imports(path):
            if not module.startswith("unbroken.core"):
                continue
            for imported in names or [""]:
                target = f"{module}.{imported}"
                if target in files:  # `from unbroken.core import flow`: the whole module
                    module_, allowed = target, PUBLIC.get(target, set())
                    ok = allowed is None
                else:
                    module_, allowed = module, PUBLIC.get(module, set())
                    ok = allowed is None or imported in allowed
                    ok = ok and not imported.startswith("_")
                if module_ not in PUBLIC or not ok:
                    wrong.append(f"{name}: from {module} import {imported}")
    assert not wrong, "outside the core's public surface:\n" + "\n".join(wrong)


#: What the core must never import: randomness without a seed, clocks, I/O, UIs, plugins.
IMPURE = {"secrets", "random", "time", "datetime", "os", "io", "sqlite3", "pathlib"}
IMPURE_PREFIXES = ("textual", "rich", "pluggy", "platformdirs")


def test_the_core_draws_no_unseeded_randomness_and_reads_no_clock() -> None:
    wrong = [
        f"{module_name(path)} imports {module}"
        for path in (PACKAGE / "core").rglob("*.py")
        for module, _ in imports(path)
        if module.split(".")[0] in IMPURE or module.startswith(IMPURE_PREFIXES)
    ]
    assert not wrong, wrong
