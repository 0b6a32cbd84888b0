"""Every rule in docs/rules.md is named by a test, and docs/rules.md covers the spec."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

THIS_FILE = Path(__file__).resolve()
TESTS_DIR = THIS_FILE.parent
REPO_ROOT = TESTS_DIR.parent
RULES_DOC = REPO_ROOT / "docs" / "rules.md"
# The rules specification lives beside the repository (a sibling `shared/` checkout).
SPEC = REPO_ROOT.parent / "shared" / "RULES.md"

RULE_ID = re.compile(r"R-[A-Z]+-[0-9]+")
# A rule is defined where its id opens a bold run: **R-HUNGER-3** or **R-HUNGER-3 Title**.
BOLD_RULE_ID = re.compile(r"\*\*(R-[A-Z]+-[0-9]+)\b[^*\n]*\*\*")


def documented_rule_ids() -> list[str]:
    """Return the rule ids that docs/rules.md defines (in bold), in document order."""
    ids = BOLD_RULE_ID.findall(RULES_DOC.read_text(encoding="utf-8"))
    return list(dict.fromkeys(ids))


def files_under_tests() -> list[Path]:
    """Return every file under tests/ except this one and bytecode caches."""
    return sorted(
        path
        for path in TESTS_DIR.rglob("*")
        if path.is_file()
        and path.resolve() != THIS_FILE
        and "__pycache__" not in path.parts
        and path.suffix not in {".pyc", ".pyo"}
    )


def test_every_documented_rule_is_named_by_a_test() -> None:
    rule_ids = documented_rule_ids()
    assert rule_ids, f"no bold rule ids (**R-XXX-N**) found in {RULES_DOC}"
    corpus = "\n".join(
        path.read_text(encoding="utf-8", errors="replace") for path in files_under_tests()
    )
    untested = [
        rule_id for rule_id in rule_ids if not re.search(rf"\b{re.escape(rule_id)}\b", corpus)
    ]
    assert not untested, (
        f"{len(untested)} of {len(rule_ids)} rules in docs/rules.md are named by no test "
        f"under tests/ (name the rule in a comment, e.g. `# R-HUNGER-3`): " + ", ".join(untested)
    )


def test_rules_doc_covers_every_spec_rule() -> None:
    if not SPEC.is_file():
        pytest.skip(
            f"{SPEC} not found: the rules specification is only present when the "
            "`shared/` folder is checked out beside this repository"
        )
    spec_ids = list(dict.fromkeys(RULE_ID.findall(SPEC.read_text(encoding="utf-8"))))
    documented = set(documented_rule_ids())
    missing = [rule_id for rule_id in spec_ids if rule_id not in documented]
    assert not missing, (
        f"{len(missing)} rule ids in {SPEC} have no bold entry in docs/rules.md: "
        + ", ".join(missing)
    )
