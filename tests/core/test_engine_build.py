"""`unbroken --version` says which build of the engine runs (#30 item 5): pure or compiled.

CI runs this file on the pure package and on the compiled copy (tools/compile.py).
"""

from __future__ import annotations

import pytest

import unbroken
from unbroken.cli.command import main
from unbroken.core import driver


def test_the_engine_build_is_the_one_imported(capsys: pytest.CaptureFixture[str]) -> None:
    compiled = not str(driver.__file__).endswith(".py")
    assert unbroken.engine() == ("compiled" if compiled else "pure Python")
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == (
        f"unbroken {unbroken.__version__} ({unbroken.engine()} engine)"
    )
