"""Build a checkout's compiled engine: the hot modules compiled with mypyc.

    pip install 'mypy==2.4.1'          # mypyc comes with mypy; a C compiler is needed too
    python tools/compile.py [--out build/compiled]
    PYTHONPATH=build/compiled/src python bench/advisor.py      # or any unbroken command

The pure-Python package in src/ stays the reference: nothing here changes it, and
the compiled copy must give the same event logs byte for byte (the same tests pass
on both: see docs/architecture.md, "Speed"). The copy is a checkout's layout
(src/unbroken, content, replays, docs/rules.md) with the modules in COMPILED built
as extension modules beside their sources (Python imports those first); anything
else runs as Python. `pip install .` compiles the same modules the same way
(tools/hatch_build.py, the wheel's build hook). The copy's sources are the
package's but for PATCHES (below: the Resolver marked so that Python may subclass it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules compiled: the rules in motion and the reference bot (what a rollout runs).
#: Modules of msgspec Structs only (state, events, actions, steps, model) stay Python:
#: there is nothing to gain compiling them.
#: (rng.py stays Python: its 64-bit arithmetic is no faster compiled.)
COMPILED = (
    "unbroken/core/reducer.py",
    "unbroken/core/resolver.py",
    "unbroken/core/payment.py",
    "unbroken/core/responses.py",
    "unbroken/core/legality.py",
    "unbroken/core/attacking.py",
    "unbroken/core/effects.py",
    "unbroken/core/travel.py",
    "unbroken/core/combat.py",
    "unbroken/core/taking.py",
    "unbroken/core/driver.py",
    "unbroken/core/game.py",
    "unbroken/bots/values.py",
    "unbroken/bots/heuristic.py",
)


#: Edits made to the copy before compiling: (module, text, replacement). The Resolver
#: may be subclassed by Python code: the forecast's `_Foreseer` (core/forecast.py, not
#: compiled) holds dice, shuffles and draws aside by overriding its methods. The
#: decorator is imported for the compiler only, so the compiled engine needs no
#: mypy_extensions at run time.
PATCHES = (
    (
        "unbroken/core/resolver.py",
        "\nclass Resolver:\n",
        "\nimport typing\n\nif typing.TYPE_CHECKING:\n"
        "    from mypy_extensions import mypyc_attr\n\n\n"
        "@mypyc_attr(allow_interpreted_subclasses=True)\nclass Resolver:\n",
    ),
)


class CompileError(Exception):
    """The engine could not be compiled (no C compiler, no mypyc, or mypyc failed)."""


def compile_package(src: Path) -> list[Path]:
    """Compile the modules in COMPILED of the package copy in `src` (src/unbroken) in place,
    after PATCHES; return the extension modules built (beside their sources, and mypyc's
    shared one in `src`). Raises CompileError saying why not."""
    if shutil.which(os.environ.get("CC", "cc")) is None:
        raise CompileError("no C compiler (cc) found")
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise CompileError("mypyc is missing: pip install 'mypy==2.4.1'") from None
    for module, text, replacement in PATCHES:
        path = src / module
        source = path.read_text(encoding="utf-8")
        if source.count(text) != 1:
            raise CompileError(f"{module} has changed: cannot find {text.strip()!r} once")
        path.write_text(source.replace(text, replacement), encoding="utf-8")
    command = [sys.executable, "-m", "mypyc", *COMPILED]
    done = subprocess.run(command, cwd=src, capture_output=True, text=True)
    if done.returncode != 0:
        raise CompileError(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
    shutil.rmtree(src / "build", ignore_errors=True)
    return sorted(p for p in src.rglob("*") if p.suffix in (".so", ".pyd"))


def build(out: Path) -> None:
    """Copy the package to `out` and compile the modules in COMPILED there."""
    if out.exists():
        shutil.rmtree(out)
    # A checkout's layout, so the package finds what it reads from one (the base
    # content, the rules for the help screen, the golden recordings of the tests).
    src = out / "src"
    shutil.copytree(
        ROOT / "src" / "unbroken",
        src / "unbroken",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    shutil.copytree(ROOT / "content", out / "content")
    shutil.copytree(ROOT / "replays", out / "replays")
    (out / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "rules.md", out / "docs" / "rules.md")
    print("compile: mypyc", " ".join(COMPILED), f"(in {out})", flush=True)
    try:
        built = compile_package(src)
    except CompileError as exc:
        sys.exit(f"compile: {exc}")
    print(f"compile: {len(built)} extension modules in {src}; use PYTHONPATH={src}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    args = parser.parse_args()
    build(args.out.resolve())


if __name__ == "__main__":
    main()
