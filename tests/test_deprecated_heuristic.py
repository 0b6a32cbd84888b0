"""`unbroken.heuristic` is deprecated (until 0.3): its names still resolve, with a warning."""

from __future__ import annotations

import pytest

from unbroken import sim


def test_the_old_heuristic_module_still_gives_the_bot_with_a_deprecation_warning() -> None:
    import unbroken.heuristic as old

    with pytest.warns(DeprecationWarning, match=r"unbroken\.sim\.heuristic_bot"):
        bot = old.heuristic_bot
    assert bot is sim.heuristic_bot


def test_a_name_the_old_module_never_had_is_an_attribute_error() -> None:
    import unbroken.heuristic as old

    with pytest.raises(AttributeError):
        old.no_such_bot  # noqa: B018
