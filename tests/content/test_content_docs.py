"""docs/content.md documents every trigger, effect kind and modifier kind the schema has."""

from __future__ import annotations

import typing
from pathlib import Path

from unbroken.core import model

DOC = (Path(__file__).resolve().parents[2] / "docs" / "content.md").read_text()


def tags(union: object) -> list[str]:
    return [t.__struct_config__.tag for t in typing.get_args(union)]


def test_every_trigger_is_documented() -> None:
    missing = [t for t in model.TRIGGERS if f"| `{t}` |" not in DOC]
    assert not missing, f"triggers missing from docs/content.md: {missing}"


def test_every_effect_and_modifier_kind_is_documented() -> None:
    missing = [k for k in tags(model.Effect) + tags(model.Modifier) if f"| `{k}` |" not in DOC]
    assert not missing, f"kinds missing from docs/content.md: {missing}"


def test_every_combat_result_word_is_documented() -> None:
    missing = [r for r in model.RESULTS if r not in DOC]
    assert not missing
