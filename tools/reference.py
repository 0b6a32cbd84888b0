"""Write docs/reference.md, the plugin API reference, from the code (never by hand).

    python tools/reference.py           # write docs/reference.md; record new API names
    python tools/reference.py --check   # exit 1 if docs/reference.md is stale

Everything comes from `unbroken.api` and `unbroken.plugins.hookspecs`: every hook with
its arguments and docstring, then every public name of the API in the sections
of `unbroken.api.__all__` (its `# Title` comments), each with its docstring and
type hints: a msgspec Struct's fields (types as written in the source, defaults,
the comment beside a field) and its `kind`/`type` tag, a class's methods, a
function's signature, a constant's or type alias's definition. Only the
standard library (`ast`, `inspect`) and msgspec's own struct info are used.

It also appends any new public name to tests/plugins/api_names.txt (never
removing one): tests/plugins/test_plugin_api.py fails when a name listed there is
neither public nor deprecated. An object without a docstring is reported on
stderr, and the same test fails on it.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import enum
import importlib
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Union, get_origin

import msgspec

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference.md"
NAMES = ROOT / "tests" / "plugins" / "api_names.txt"
COMMAND = "python tools/reference.py"

#: What each section of the API says before its names (by its title in `__all__`).
INTROS: dict[str, str] = {
    "Effects": (
        "What a card does, as data: each is one `kind` in a content file's "
        "`effects = [...]` (content.md) and a record a handler passes to `ctx.apply(...)`. "
        "`Amounts` is `dict[str, int]`: resource id (`RESOURCES`) -> number."
    ),
    "Modifiers": "Passives: a card's `modifiers = [...]`, read by the engine where they apply.",
    "Events": (
        "Every change to a game is an event (tag field `type`, as recordings write it); "
        "the state is the fold of the events. Observers get each one with the state after "
        "it; scoring rules and achievement predicates get the whole list."
    ),
    "Actions": (
        "The decisions a player (or a bot) makes: `actions.<Name>` (tag field `type`). "
        "A bot returns one of `game.legal_actions()`."
    ),
    "Content": (
        "The cards and their parts, as msgspec Structs: the fields are the keys of the "
        "content TOML (content.md). A `Tracker` is an int from 0 to 20 (R-MONSTER-2)."
    ),
}


# --------------------------------------------------------------------------- reading the code


def api() -> ModuleType:
    """Return `unbroken.api`, imported."""
    return importlib.import_module("unbroken.api")


def sections() -> list[tuple[str, list[str]]]:
    """Return the sections of `unbroken.api.__all__`: (title, names), in source order.

    A `# Title (more words)` comment inside the `__all__` list starts a section
    titled by the words before the parenthesis.
    """
    source = Path(inspect.getfile(api())).read_text(encoding="utf-8")
    tree = ast.parse(source)
    node = next(
        n
        for n in tree.body
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)
    )
    out: list[tuple[str, list[str]]] = [("Other", [])]
    for line in source.splitlines()[node.lineno - 1 : node.end_lineno]:
        text = line.strip()
        comment = re.fullmatch(r"#\s*(.+)", text)
        if comment:
            title = comment.group(1).split("(")[0].strip()
            out.append((title, []))
        for name in re.findall(r'"([^"]+)"', text):
            out[-1][1].append(name)
    return [(title, names) for title, names in out if names]


def homes() -> dict[str, tuple[str, str]]:
    """Return {API name: (the module it comes from, its name there)}, from api.py's imports."""
    module = api()
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    found: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                found[alias.asname or alias.name] = (node.module, alias.name)
    for name, home in module.LAZY.items():
        where, _, there = home.partition(":")
        found[name] = (where, there or name)
    return found


def public_names() -> list[str]:
    """Return every public name: `__all__`, and `module.Name` for a namespace's members."""
    module = api()
    out = list(module.__all__)
    for name in module.__all__:
        value = getattr(module, name)
        if isinstance(value, ModuleType):
            out.extend(f"{name}.{member}" for member, _ in members(value))
    return out


def members(module: ModuleType) -> list[tuple[str, Any]]:
    """Return the public classes and functions defined in a module, in source order."""
    out = []
    for name, value in vars(module).items():
        if name.startswith("_") or not (inspect.isclass(value) or inspect.isfunction(value)):
            continue
        if value.__module__ == module.__name__:
            out.append((name, value))
    return sorted(out, key=lambda item: inspect.getsourcelines(item[1])[1])


def hooks() -> list[Callable[..., Any]]:
    """Return every hook spec of `unbroken.plugins.hookspecs`, in source order."""
    specs = importlib.import_module("unbroken.plugins.hookspecs")
    found = [v for n, v in vars(specs).items() if n.startswith("unbroken_") and callable(v)]
    return sorted(found, key=lambda f: inspect.getsourcelines(f)[1])


# --------------------------------------------------------------------------- words


class Writer:
    """Collects the reference's lines, and the objects that have no docstring."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.undocumented: list[str] = []

    def add(self, *lines: str) -> None:
        """Add lines (each a line of the file)."""
        self.lines.extend(lines)

    def doc(self, what: str, obj: Any, own: bool = True) -> None:
        """Add the docstring of `obj` (its own, not a base class's), or note its absence."""
        text = obj.__doc__ if own else inspect.getdoc(obj)
        if not text or not text.strip():
            self.undocumented.append(what)
            return
        self.add(inspect.cleandoc(text), "")

    def text(self) -> str:
        """Return the file: lines joined, no run of blank lines, one newline at the end."""
        out = re.sub(r"\n{3,}", "\n\n", "\n".join(self.lines))
        return out.strip() + "\n"


def annotation(value: Any) -> str:
    """Return a type hint as the source writes it."""
    if value is inspect.Parameter.empty:
        return ""
    text = value if isinstance(value, str) else inspect.formatannotation(value)
    # Module prefixes say nothing here: `m.Effect`, `ev.Event`, `typing.Any` -> the name.
    return re.sub(r"\b(?:[a-z_]+\.)+(?=[A-Za-z_])", "", text)


def signature(fn: Callable[..., Any], drop_self: bool = False) -> str:
    """Return `(a: int, b: str = 'x') -> None` for a function, hints as written."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return "(...)"
    parts = []
    params = list(sig.parameters.values())
    if drop_self and params and params[0].name in ("self", "cls"):
        params = params[1:]
    star_done = False
    for p in params:
        if p.kind is p.KEYWORD_ONLY and not star_done:
            parts.append("*")
            star_done = True
        prefix = "*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else ""
        star_done = star_done or p.kind is p.VAR_POSITIONAL
        text = prefix + p.name
        hint = annotation(p.annotation)
        if hint:
            text += f": {hint}"
        if p.default is not p.empty:
            text += f" = {p.default!r}" if hint else f"={p.default!r}"
        parts.append(text)
    out = f"({', '.join(parts)})"
    if fn.__name__ == "__init__":
        return out
    ret = annotation(sig.return_annotation)
    return f"{out} -> {ret}" if ret else out


def source_comments(cls: type) -> dict[str, str]:
    """Return {attribute: its comment} from a class's source (`x: int  # why`, or `#:` above)."""
    try:
        lines = inspect.getsourcelines(cls)[0]
    except (OSError, TypeError):
        return {}
    out: dict[str, str] = {}
    pending: list[str] = []
    for line in lines[1:]:
        text = line.strip()
        if text.startswith("#:"):
            pending.append(text[2:].strip())
            continue
        field = re.match(r"^\s{4}(\w+)\s*:[^#]*(?:#\s*(.*))?$", line.rstrip())
        if field and not line.startswith(" " * 5):
            said = [*pending, *([field.group(2)] if field.group(2) else [])]
            if said:
                out[field.group(1)] = " ".join(said)
        pending = []
    return out


def class_annotations(cls: type) -> dict[str, Any]:
    """Return the class's field annotations, bases first, as written in the source."""
    out: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        out.update(klass.__dict__.get("__annotations__", {}))
    return out


def shown_default(value: Any) -> str:
    """Return a default as the reference shows it (never an object's address)."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    text = repr(value)
    return f"{type(value).__name__}()" if " at 0x" in text else text


def cell(text: str) -> str:
    """Return text fit for a table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def field_rows(cls: type) -> list[tuple[str, str, str, str]]:
    """Return (field, type, default, comment) for a Struct's or dataclass's fields."""
    hints = class_annotations(cls)
    comments = source_comments(cls)
    for klass in cls.__mro__[1:]:
        for key, said in source_comments(klass).items():
            comments.setdefault(key, said)
    rows = []
    if issubclass(cls, msgspec.Struct):
        for f in msgspec.structs.fields(cls):
            if f.default is not msgspec.NODEFAULT:
                default = shown_default(f.default)
            elif f.default_factory is not msgspec.NODEFAULT:
                default = shown_default(f.default_factory())
            else:
                default = "required"
            rows.append(
                (f.name, annotation(hints.get(f.name, "")), default, comments.get(f.name, ""))
            )
    elif dataclasses.is_dataclass(cls):
        for field in dataclasses.fields(cls):
            if field.name.startswith("_"):
                continue
            if field.default is not dataclasses.MISSING:
                default = shown_default(field.default)
            elif field.default_factory is not dataclasses.MISSING:
                default = shown_default(field.default_factory())
            else:
                default = "required"
            rows.append(
                (
                    field.name,
                    annotation(hints.get(field.name, "")),
                    default,
                    comments.get(field.name, ""),
                )
            )
    else:  # a Protocol or plain class: its annotated attributes
        for name, hint in hints.items():
            if not name.startswith("_") and name in cls.__dict__.get("__annotations__", {}):
                rows.append((name, annotation(hint), "", comments.get(name, "")))
    return rows


def definition(module_name: str, name: str) -> tuple[str, str]:
    """Return (the source of `name = ...` in a module, the `#:` comment above it)."""
    module = importlib.import_module(module_name)
    source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    kinds = (ast.Assign, ast.AnnAssign, ast.ImportFrom)
    for node in (n for n in ast.walk(tree) if isinstance(n, kinds)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign) and node.col_offset == 0:
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            said: list[str] = []
            i = node.lineno - 2
            while i >= 0 and lines[i].strip().startswith("#:"):
                said.insert(0, lines[i].strip()[2:].strip())
                i -= 1
            if isinstance(node, ast.AnnAssign) and node.value is None:
                return "", " ".join(said)  # declared for type checkers only
            return ast.get_source_segment(source, node) or "", " ".join(said)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if (alias.asname or alias.name) == name:  # a re-export: read its home
                    return definition(node.module, alias.name)
    return "", ""


# --------------------------------------------------------------------------- rendering


def heading(name: str) -> str:
    """Return the anchor GitHub gives a `### \\`name\\`` heading."""
    return re.sub(r"[^a-z0-9_-]", "", name.lower())


def link(value: Any, known: dict[int, str]) -> str:
    """Return a class as a link to its heading when the reference has one."""
    shown = known.get(id(value))
    return f"[`{shown}`](#{heading(shown)})" if shown else f"`{value.__name__}`"


def headings(module: ModuleType) -> dict[int, str]:
    """Return {id(object): the name its heading shows} for every class the reference shows."""
    out: dict[int, str] = {}
    for name in module.__all__:
        value = getattr(module, name)
        if isinstance(value, ModuleType):
            out.update((id(v), f"{name}.{n}") for n, v in members(value))
        elif not isinstance(value, str | int | tuple | dict):  # classes and type aliases
            out.setdefault(id(value), name)
    return out


def render_hook(w: Writer, fn: Callable[..., Any]) -> None:
    """Add one hook: its signature, how pluggy calls it, its docstring."""
    spec = getattr(fn, "unbroken_spec", {}) or {}
    w.add(f"### `{fn.__name__}`", "", "```python", f"{fn.__name__}{signature(fn)}", "```", "")
    flags = [k for k in ("firstresult", "historic") if spec.get(k)]
    if flags:
        w.add(f"pluggy: {', '.join(flags)}.", "")
    w.doc(f"hook {fn.__name__}", fn)
    module = api()
    named = re.findall(r"\b[A-Z]\w*", signature(fn))
    found = [n for n in dict.fromkeys(named) if n in module.__all__]
    if found:
        w.add("Types: " + ", ".join(f"[`{n}`](#{heading(n)})" for n in found) + ".", "")


def render_fields(w: Writer, cls: type, known: dict[int, str]) -> None:
    """Add a table of a class's fields (nothing when it has none), then links to the
    API's types they name (resolved in the class's own module: `Attack` on a Weapon
    is `WeaponAttack`)."""
    rows = field_rows(cls)
    if not rows:
        return
    w.add("| field | type | default | |", "|---|---|---|---|")
    for name, hint, default, said in rows:
        shown = "" if default == "" else ("required" if default == "required" else f"`{default}`")
        w.add(f"| `{name}` | `{cell(hint)}` | {cell(shown)} | {cell(said)} |")
    w.add("")
    scope = vars(sys.modules[cls.__module__])
    named = re.findall(r"\b[A-Z]\w*", " ".join(hint for _, hint, _, _ in rows))
    found = [known[id(scope[n])] for n in named if n in scope and id(scope[n]) in known]
    found = [t for t in dict.fromkeys(found) if t != known.get(id(cls))]
    if found:
        w.add("Types: " + ", ".join(f"[`{t}`](#{heading(t)})" for t in found) + ".", "")


#: Classes that are parts of another (its methods written in another module for size),
#: whose methods are documented with it: `Query`'s `KeptQueries` (core/kept_query.py).
PARTS = {"KeptQueries"}


def render_methods(w: Writer, cls: type, shown: str) -> None:
    """Add a class's public methods and properties, each with its signature and docstring,
    then those of its PARTS."""
    own = dict(cls.__dict__)
    for base in cls.__mro__[1:]:
        if base.__name__ in PARTS:
            own.update({k: v for k, v in base.__dict__.items() if k not in own})
    for name, value in own.items():
        if name.startswith("_") and name != "__call__":
            continue
        if isinstance(value, property):
            hint = annotation(inspect.signature(value.fget).return_annotation) if value.fget else ""
            w.add(f"- **`.{name}`**" + (f" → `{hint}`" if hint else "") + " (property)")
            target: Any = value
        elif isinstance(value, classmethod | staticmethod):
            fn = value.__func__
            w.add(f"- **`{shown}.{name}{signature(fn, drop_self=True)}`**")
            target = fn
        elif inspect.isfunction(value):
            w.add(f"- **`.{name}{signature(value, drop_self=True)}`**")
            target = value
        else:
            continue
        doc = target.__doc__
        if doc and doc.strip():
            body = inspect.cleandoc(doc).replace("\n", "\n  ")
            w.add(f"  {body}")
        else:
            w.undocumented.append(f"{shown}.{name}")
    w.add("")


def render_class(w: Writer, shown: str, cls: type, home: str, known: dict[int, str]) -> None:
    """Add a class: its tag, where it lives, its constructor, docstring, fields and methods."""
    w.add(f"### `{shown}`", "")
    where = f"`{cls.__module__}.{cls.__qualname__}`"
    line = []
    config = getattr(cls, "__struct_config__", None)
    if config is not None and config.tag is not None and not cls.__subclasses__():
        line.append(f'`{config.tag_field} = "{config.tag}"`')
    line.append(where)
    w.add(" · ".join(line), "")
    w.doc(shown, cls)
    if issubclass(cls, enum.Enum):
        values = ", ".join(f"`{shown}.{x.name}` (`{x.value!r}`)" for x in cls)
        w.add(f"Members: {values}.", "")
        return
    if not issubclass(cls, msgspec.Struct | BaseException) and not dataclasses.is_dataclass(cls):
        init = cls.__dict__.get("__init__")
        if init is not None and "Protocol" not in [b.__name__ for b in cls.__mro__]:
            w.add("```python", f"{shown}{signature(init, drop_self=True)}", "```", "")
    render_fields(w, cls, known)
    methods = [
        n
        for n, v in cls.__dict__.items()
        if (not n.startswith("_") or n == "__call__")
        and (inspect.isfunction(v) or isinstance(v, property | classmethod | staticmethod))
    ]
    if methods:
        render_methods(w, cls, shown)


def render_function(w: Writer, shown: str, fn: Callable[..., Any]) -> None:
    """Add a function: its signature and docstring."""
    w.add(f"### `{shown}`", "", "```python", f"{shown}{signature(fn)}", "```", "")
    module = getattr(fn, "__module__", "")
    w.add(f"`{module}.{getattr(fn, '__qualname__', shown)}`", "")
    w.doc(shown, fn)


def render_value(
    w: Writer, shown: str, value: Any, home: tuple[str, str], known: dict[int, str]
) -> None:
    """Add a type alias or constant: its definition in the source and its `#:` comment."""
    module, name = home
    code, said = definition(module, name)
    w.add(f"### `{shown}`", "")
    args = getattr(value, "__args__", None)
    is_union = get_origin(value) is Union
    if is_union and args:
        w.add(f"`{module}.{name}`: one of " + ", ".join(link(a, known) for a in args) + ".")
        w.add("")
    elif code:
        w.add(f"`{module}.{name}`", "", "```python", code, "```", "")
    else:
        w.add(f"`{module}.{name}`", "")
    if said:
        w.add(said, "")
    elif not is_union:
        w.undocumented.append(shown)


def render_module(w: Writer, shown: str, module: ModuleType, known: dict[int, str]) -> None:
    """Add a namespace module: its docstring, then each of its classes and functions."""
    w.add(f"### `{shown}`", "", f"`{module.__name__}`", "")
    w.doc(shown, module)
    for name, value in members(module):
        full = f"{shown}.{name}"
        if inspect.isclass(value):
            render_class(w, full, value, module.__name__, known)
        else:
            render_function(w, full, value)


def render(w: Writer | None = None) -> str:
    """Return the whole reference."""
    w = w or Writer()
    module = api()
    where = homes()
    groups = sections()
    known = headings(module)
    w.add(
        "# Plugin API reference",
        "",
        f"<!-- Generated by `{COMMAND}` from the code: do not edit by hand. -->",
        "",
        "Everything a plugin may use, generated from the docstrings and type hints of",
        "`unbroken.api` (the one module to import from) and `unbroken.plugins.hookspecs` (the",
        "hooks). The guide is [plugins.md](plugins.md); the content files are",
        "[content.md](content.md). Run `" + COMMAND + "` after changing any of it;",
        "the test suite fails while this file is stale.",
        "",
        "```python",
        "from unbroken.api import GameOver, HandlerApi, ScoringRule, hookimpl",
        "```",
        "",
        "A name listed here stays until it is deprecated: it then moves to",
        "[Deprecated](#deprecated), still works with a `DeprecationWarning`, and",
        "CHANGELOG.md says in which version it goes.",
        "",
        "## Contents",
        "",
        "- [Hooks](#hooks)",
        *(f"- [{title}](#{heading(title.replace(' ', '-'))})" for title, _ in groups),
        "- [Deprecated](#deprecated)",
        "",
        "## Hooks",
        "",
        "A plugin implements a hook with a module-level function (or a method) of the",
        "same name marked `@hookimpl`. Every plugin's implementation is called, in",
        "load order; an implementation may take any subset of the arguments.",
        "",
    )
    for fn in hooks():
        render_hook(w, fn)
    for title, names in groups:
        w.add(f"## {title}", "")
        intro = INTROS.get(title)
        if intro:
            w.add(intro, "")
        for shown in names:
            value = getattr(module, shown)
            home = where.get(shown, (getattr(value, "__module__", ""), shown))
            if isinstance(value, ModuleType):
                render_module(w, shown, value, known)
            elif inspect.isclass(value):
                render_class(w, shown, value, home[0], known)
            elif inspect.isfunction(value):
                render_function(w, shown, value)
            else:
                render_value(w, shown, value, home, known)
    w.add("## Deprecated", "")
    if module.DEPRECATED:
        w.add("| name | use instead | goes in |", "|---|---|---|")
        for name, (_, instead, until) in sorted(module.DEPRECATED.items()):
            w.add(f"| `{name}` | {cell(instead)} | {until} |")
    else:
        w.add("Nothing is deprecated at present.")
    return w.text()


# --------------------------------------------------------------------------- the command


def recorded_names() -> list[str]:
    """Return the names in tests/plugins/api_names.txt (comments and blank lines left out)."""
    if not NAMES.exists():
        return []
    lines = NAMES.read_text(encoding="utf-8").splitlines()
    return [t for t in (line.strip() for line in lines) if t and not t.startswith("#")]


def new_names() -> list[str]:
    """Return the public names not yet in tests/plugins/api_names.txt."""
    recorded = set(recorded_names())
    return [n for n in public_names() if n not in recorded]


def record_names(names: list[str]) -> None:
    """Append names to tests/plugins/api_names.txt (never removing any)."""
    if not names:
        return
    text = NAMES.read_text(encoding="utf-8") if NAMES.exists() else HEADER
    with NAMES.open("w", encoding="utf-8", newline="\n") as out:
        out.write(text if text.endswith("\n") else text + "\n")
        out.writelines(f"{n}\n" for n in names)


HEADER = """\
# The public names of unbroken.api, one per line (`module.Name` for a namespace's members).
# `python tools/reference.py` appends new ones; a name is never just deleted:
# tests/plugins/test_plugin_api.py fails unless it is public or in unbroken.api.DEPRECATED.
# Delete a line only when its deprecation has run out and the name is gone.
"""


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) docs/reference.md; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args(argv)
    w = Writer()
    text = render(w)
    for what in w.undocumented:
        print(f"reference.py: no docstring: {what}", file=sys.stderr)
    if args.check:
        current = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
        added = new_names()
        if current != text or added:
            print(f"{REFERENCE.relative_to(ROOT)} is stale: run `{COMMAND}`", file=sys.stderr)
            return 1
        return 0
    REFERENCE.write_text(text, encoding="utf-8", newline="\n")
    added = new_names()
    record_names(added)
    print(f"wrote {REFERENCE.relative_to(ROOT)}; {len(added)} new API name(s) recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
