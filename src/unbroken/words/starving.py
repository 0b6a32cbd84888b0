"""Certain starvation ahead of an option, in words: the warning an option's line and its
detail line give where the level's Hunger step will take the game after it (R-HUNGER-3)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.query import HungerPreview, Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase
from unbroken.words.power import MINUS


def starving_warning(f: Forecast, ruleset: Ruleset, now: GameState) -> tuple[str, str] | None:
    """Return the starvation warning of an option taken in `now`, in full and as the option
    lines say it, short ("⚠ You starve at the Hunger step (food 0/3: −6 SE)."), for the
    detail line where the full one would be cut; None when it does not starve for certain.
    Said for any option of the Combat phase (and Fight or Trick), not only when committing
    to the fight (R-HUNGER-3); of this level's Hunger step only: an option that ends the
    level (a Response after eating) leads to the next level's, a whole level of finds
    away (#28 round 12)."""
    if not before_hunger(f, now):
        return None
    ahead = starving(f, ruleset)
    hunger = ahead or starving(f, ruleset, rewards=False)
    if hunger is None:
        return None
    held = f.after.res.get("food", 0)
    # Not certain while the rewards may still feed you: said so, not left out (it came
    # and went as the monster was revealed).
    unless = " unless the fight pays" if ahead is None else ""
    head = f"⚠ You starve at the Hunger step{unless}"
    # Two rows of the detail line at 80x24: the numbers first.
    full = (
        f"{head}: {hunger.need} food due, {held} held, eating short costs {hunger.loss} SE "
        "(more than you have)."
    )
    return full, f"{head} (food {held}/{hunger.need}: {MINUS}{hunger.loss} SE)."


def before_hunger(f: Forecast, now: GameState) -> bool:
    """Return whether an option taken in `now` leads to this level's Hunger step with no
    Exploration between (one of the Combat phase, a Fight or a Trick): its starvation is
    said on its line and its detail line alike (#28 round 28: the killing Aimed Shot at
    level 2 said none, the level's Hunger then took the game)."""
    combat = now.phase == Phase.COMBAT and f.after.level == now.level
    return combat or isinstance(f.action, act.Fight | act.Trick)


def starving(f: Forecast, ruleset: Ruleset, rewards: bool = True) -> HungerPreview | None:
    """Return the Hunger step ahead when it starves for certain after the option (the
    level's rewards still to come counted, unless not `rewards`), else None."""
    if f.stops == "over" or isinstance(f.action, act.Eat):
        return None  # over, or the Hunger step's own options say it
    rules = Query(ruleset, f.after)
    if not rules.hunger_to_come():  # eaten already: its loss is paid
        return None
    if rewards:
        ahead = rules.hunger_ahead()
    else:
        ahead = rules.hunger(min(rules.food_requirement(), f.after.res.get("food", 0)))
    return ahead if ahead.starves else None
