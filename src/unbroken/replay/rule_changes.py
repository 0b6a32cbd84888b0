"""The releases that changed the rules, so a recording made before one is explained.

A recording re-runs only under the rules it was played with. When the rules
change, older recordings stop verifying; `explained` turns the bare divergence
or content mismatch into a message that says which release changed what.
"""

from __future__ import annotations

from unbroken import __version__

#: (release, what changed in the rules), oldest first. A release that changes what
#: the engine does with the same decisions (or the base content) adds a line here.
RULE_CHANGES: list[tuple[str, str]] = [
    (
        "0.2.0",
        "Responses go in the order you choose (R-EFFECT-2), a weapon of choice can be "
        "declined and is never a second copy (R-REWARD-2), Orienteer lasts one level "
        "(R-TRAVEL-8), no ambush without an ambush effect (R-COMBAT-4), the monster "
        "tracker stops at 20 (R-MONSTER-2), and the base content was re-balanced",
    ),
    (
        "0.3.0",
        "time in a cost is paid in full (R-TRAVEL-9), any weapon taken over the current "
        "one further along the upgrade tree breaks Slugger (R-ACH-2), and pointless "
        "questions are passed for the player (R-DIGI-4)",
    ),
]


def _release(text: str) -> tuple[int, ...] | None:
    """Return a release number as a tuple of ints ("0.1.0" -> (0, 1, 0)), or None."""
    parts = text.strip().split(".")
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def rules_changed_since(engine: str) -> tuple[str, str] | None:
    """Return the first (release, change) after `engine` up to this one, or None."""
    recorded = _release(engine)
    here = _release(__version__)
    if recorded is None or here is None:
        return None
    for release, change in RULE_CHANGES:
        number = _release(release)
        if number is not None and recorded < number <= here:
            return release, change
    return None


def explained(engine: str, message: str) -> str:
    """Return `message` about a recording by `engine`, prefixed with the rules change
    that explains it when there is one since."""
    changed = rules_changed_since(engine)
    if changed is None or message.startswith("recorded by "):
        return message
    release, change = changed
    return (
        f"recorded by unbroken {engine}; the rules changed in {release}: {change}. "
        f"It no longer verifies ({message})"
    )
