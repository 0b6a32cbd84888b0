"""A recording made before the rules last changed says so (CHANGELOG 0.2.0), instead of a
bare divergence: tests/replay/old/ keeps a game recorded by unbroken 0.1.0."""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken import __version__
from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.replay import ContentMismatch, Divergence, read_recording, replay
from unbroken.replay.rule_changes import explained, rules_changed_since

OLD = Path(__file__).parent / "old" / "recorded-by-0.1.0.jsonl"


def test_verify_names_the_release_that_changed_the_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["verify", str(OLD)])
    out = capsys.readouterr()
    assert status == 1
    assert "Traceback" not in out.out + out.err
    first = out.out.splitlines()[0]
    assert first.startswith(
        f"FAIL  {OLD}:1: recorded by unbroken 0.1.0; the rules changed in 0.2.0: "
        "Responses go in the order you choose (R-EFFECT-2)"
    )
    assert "It no longer verifies (recorded with other plugins: plugin 'base' was 0.1.0" in first


def test_replay_raises_the_explained_mismatch() -> None:
    rec = read_recording(OLD)
    with pytest.raises(ContentMismatch, match=r"recorded by unbroken 0\.1\.0; the rules changed"):
        replay(rec, load_ruleset())


def test_a_divergence_keeps_its_kind_and_decision_when_explained() -> None:
    rec = read_recording(OLD)
    same_content = load_ruleset()
    rec.header = rec.header.__class__(
        **{
            **{f: getattr(rec.header, f) for f in rec.header.__struct_fields__},
            "plugins": same_content.plugins,
            "ruleset": same_content.digest,
        }
    )
    with pytest.raises(Divergence) as raised:
        replay(rec, same_content)
    assert raised.value.message.startswith("recorded by unbroken 0.1.0; the rules changed in")
    assert raised.value.decision >= 0


@pytest.mark.parametrize(
    "engine,changed",
    [("0.1.0", "0.2.0"), ("0.1.7", "0.2.0"), (__version__, None), ("junk", None), ("9.0", None)],
)
def test_rules_changed_since(engine: str, changed: str | None) -> None:
    found = rules_changed_since(engine)
    assert (found[0] if found else None) == changed


def test_a_recording_by_this_release_is_worded_as_before() -> None:
    message = "diverges at decision 3, event 1: expected x, the engine produced y"
    assert explained(__version__, message) == message
    assert explained("0.1.0", message).endswith(f"It no longer verifies ({message})")
