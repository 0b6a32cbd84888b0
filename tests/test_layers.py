"""The layers of src/unbroken (docs/architecture.md, "The layers"): every import points to
its own unit or a lower layer, and the units have no cycle.

The table is read from docs/architecture.md, where it is written once.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_imports import PACKAGE, cycles, graph, module_name

DOC = Path(__file__).parents[1] / "docs" / "architecture.md"
ROW = re.compile(r"^\| (\d+) \| (\w+) \| ([^|]+) \|")


def table(text: str) -> dict[str, tuple[int, str]]:
    """Return {module name as written: (layer, unit)} from the layers table in `text`."""
    section = text.split("## The layers", 1)[1].split("\n## ", 1)[0]
    names: dict[str, tuple[int, str]] = {}
    for line in section.splitlines():
        if found := ROW.match(line):
            layer, unit, modules = found.groups()
            for name in re.findall(r"`([\w.]+)`", modules):
                assert name not in names, f"{name} is in two rows of the layers table"
                names[name] = (int(layer), unit)
    return names


LAYERS = table(DOC.read_text(encoding="utf-8"))


def place(module: str, names: dict[str, tuple[int, str]] = LAYERS) -> tuple[int, str] | None:
    """Return (layer, unit) of a module: the longest name in the table that is the module or
    a package above it (`unbroken` alone is the package's front door only)."""
    found = [
        name
        for name in names
        if module == name or (name != "unbroken" and module.startswith(name + "."))
    ]
    return names[max(found, key=len)] if found else None


def against(edges: dict[str, set[str]], names: dict[str, tuple[int, str]] = LAYERS) -> list[str]:
    """Return every import that points to a peer or a higher layer, as a line."""
    wrong = []
    for module, targets in sorted(edges.items()):
        here = place(module, names)
        for target in sorted(targets):
            there = place(target, names)
            assert here and there
            if here[1] != there[1] and there[0] >= here[0]:
                wrong.append(
                    f"{module} ({here[1]}, {here[0]}) imports {target} ({there[1]}, {there[0]})"
                )
    return wrong


def unit_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Return {unit: the units it imports}."""
    units: dict[str, set[str]] = {}
    for module, targets in edges.items():
        here = place(module)
        assert here
        out = units.setdefault(here[1], set())
        out.update(t[1] for t in map(place, targets) if t and t[1] != here[1])
    return units


def test_the_table_is_read() -> None:
    assert place("unbroken.core.game") == (1, "core")
    assert place("unbroken.play.text") == (10, "text")
    assert place("unbroken.play.session") == (7, "play")
    assert place("unbroken") == (0, "home")


def test_the_check_finds_an_arrow_against_the_layers() -> None:
    names = {"a": (0, "a"), "b": (1, "b"), "c": (1, "c"), "b.x": (2, "x")}
    edges = {"a": {"b"}, "b": {"a", "b.x"}, "c": {"b"}, "b.x": {"b"}}
    assert against(edges, names) == [
        "a (a, 0) imports b (b, 1)",
        "b (b, 1) imports b.x (x, 2)",
        "c (c, 1) imports b (b, 1)",
    ]


def test_every_module_has_a_layer() -> None:
    unplaced = [module_name(p) for p in PACKAGE.rglob("*.py") if place(module_name(p)) is None]
    assert not unplaced, "not in the layers table (docs/architecture.md): " + ", ".join(unplaced)


def test_every_import_points_down() -> None:
    wrong = against(graph(type_checking=True))
    assert not wrong, "imports against the layers (docs/architecture.md):\n" + "\n".join(wrong)


def test_no_cycle_between_units() -> None:
    found = cycles(unit_graph(graph(type_checking=True)))
    assert not found, "cycles between units: " + "; ".join(" <-> ".join(c) for c in found)


#: Where the plugins on (read from UNBROKEN_PLUGINS or the user's config) are decided: the
#: front ends, which hand them down (docs/architecture.md, "The plugins in use").
DECIDERS = ("unbroken.plugins", "unbroken.cli", "unbroken.tui.app", "unbroken.testing")
#: (`unbroken.tui.app` by its name's start: its rules and plugins, `unbroken.tui.app_rules`, too.)
#: The calls that read which plugins are on (`load_ruleset()` without a pack folder too).
READS_CONFIG = {"current_plugins", "load_in_use", "load_ruleset"}


def config_reads(tree: ast.AST) -> list[int]:
    """Return the lines of calls that read which plugins are on."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in READS_CONFIG and not (name == "load_ruleset" and (node.args or node.keywords)):
            lines.append(node.lineno)
    return lines


def test_only_front_ends_decide_the_plugins_in_use() -> None:
    assert config_reads(ast.parse("plugins.current_plugins()\nload_ruleset(folder)")) == [1]
    wrong = [
        f"{module_name(path)}:{line}"
        for path in PACKAGE.rglob("*.py")
        if not module_name(path).startswith(DECIDERS)
        for line in config_reads(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not wrong, "the plugins in use read below the front ends: " + ", ".join(wrong)
