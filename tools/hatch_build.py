"""The wheel's build hook: the engine compiled with mypyc when it can be, else pure Python.

`pip install .` (the README's command) builds the wheel with hatchling, which
runs this hook (pyproject.toml, `[tool.hatch.build.targets.wheel.hooks.custom]`):
the modules of tools/compile.py's COMPILED list are compiled with mypyc and
shipped beside their sources (Python imports the extension modules first), as
black and mypy ship theirs. When that cannot be done — no C compiler, mypyc
failing — the install goes on with the pure-Python engine and one line on
stderr says so. The pure-Python package stays the reference: the compiled one
gives the same event logs byte for byte (CI tests both).

Not compiled: an editable install (`pip install -e .`, the tests' command:
quick, and the sources are what runs), or with UNBROKEN_PURE=1 set.
`unbroken --version` says which engine runs.
"""

from __future__ import annotations

import inspect
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: What compiling needs in the build environment (mypyc comes with mypy; setuptools
#: builds the C; msgspec's types are what the engine's are made of).
NEEDS = ["mypy==2.4.1", "setuptools>=70", "msgspec>=0.18"]


def _editable() -> bool:
    """True when the frontend is asking what an editable build needs (PEP 660)."""
    return any(frame.function == "get_requires_for_build_editable" for frame in inspect.stack())


def _note(text: str) -> None:
    print(f"unbroken: {text}", file=sys.stderr, flush=True)


class CompiledEngine(BuildHookInterface):
    """Compile the engine into the wheel, or leave it pure Python with a note."""

    def dependencies(self) -> list[str]:
        if _editable() or os.environ.get("UNBROKEN_PURE"):
            return []
        return list(NEEDS)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        if os.environ.get("UNBROKEN_PURE"):
            _note("UNBROKEN_PURE is set: installing the pure-Python engine.")
            return
        sys.path.insert(0, str(Path(self.root) / "tools"))
        try:
            from compile import CompileError, compile_package
        finally:
            sys.path.pop(0)
        work = Path(tempfile.mkdtemp(prefix="unbroken-compile-"))
        self._work = work
        shutil.copytree(
            Path(self.root) / "src" / "unbroken",
            work / "unbroken",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        try:
            built = compile_package(work)
        except CompileError as exc:
            reason = str(exc).splitlines()[0]
            _note(f"installing the pure-Python engine (the compiled one failed: {reason}).")
            return
        except OSError as exc:
            _note(f"installing the pure-Python engine (the compiled one failed: {exc}).")
            return
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        _note(f"compiled the engine with mypyc ({len(built)} extension modules).")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
