"""The score an option ends a won game with, in every scoring in play.

The base game's score (R-SCORE-1/2) is the core's: the `GameOver` event of the option's
forecast carries it. The plugins' scoring rules (Unearthed's Tally) are asked by the
front ends, which pass them in as `Scores` (`unbroken.plugins.other_scores`): the words
cannot call a plugin. #28 round 21: the last Hunger's "the 6 SE hunger takes scores
nothing" was said with the Tally on, which counts SE (eating 2 food gave 34, not 27).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.forecast import Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, copy_state
from unbroken.words.vocabulary import amounts

#: The other scorings in play, asked of a finished game (the forecast's events, the state
#: it leaves): {a scoring rule's name as shown: its points}; none that does not apply.
Scores = Callable[[Sequence[ev.Event], GameState], dict[str, int]]


def score_name(rule: str, title: str = "") -> str:
    """Return a plugin scoring rule's name as a player reads it: its title, else its id in
    words ("gauntlet:scorepad" reads "Scorepad (gauntlet)")."""
    if title:
        return title
    plugin, _, name = rule.rpartition(":")
    words = name.replace("-", " ").replace("_", " ").strip().capitalize() or rule
    return f"{words} ({plugin})" if plugin else words


def score_note(
    f: Forecast,
    state: GameState | None = None,
    ruleset: Ruleset | None = None,
    scores: Scores | None = None,
) -> str:
    """Return the score an option ends a won game with (the last Hunger step's Eat: each
    food kept scores, SE nothing, R-SCORE-1/2): "score 12 (rank: Survivor)", the rank named
    as one (#28 round 19: "score 62 (Nemesis)" said nothing of what Nemesis is), and for an
    Eat that keeps food and pays hunger for it (given the `state` and `ruleset`) why that
    scores more: "score 62 (rank: Nemesis; 4 food kept score 12; hunger takes 10 SE, which
    would score nothing)" (#28 round 26: "the 10 SE hunger takes scores nothing" was hard
    to parse). The other `scores` in play follow, each by name ("score 27 (rank:
    Survivor; 2 food kept score 6); Unearthed Tally 34"), and the SE the hunger takes is
    said to score nothing only where none of them counts it. "" when the option does not
    win the game."""
    over = next((e for e in f.events if isinstance(e, ev.GameOver)), None)
    if over is None or not over.won:
        return ""
    others = scores(f.events, f.after) if scores is not None else {}
    said = [f"rank: {over.rank}"] if over.rank else []
    if isinstance(f.action, act.Eat) and state is not None and ruleset is not None:
        # Why eating less can score more (#28 round 20: "Eat 0 food — score 62" above "Eat
        # 4 — score 50" read odd): the food kept scores, the SE hunger takes does not.
        kept = f.after.res.get("food", 0)
        loss = Query(ruleset, state).hunger(f.action.food).loss
        per = ruleset.settings.score.get("food", 0)
        if kept and loss and per:
            verb = "scores" if kept == 1 else "score"
            said.append(f"{kept} food kept {verb} {kept * per}")
            said[-1] += hunger_taken(f, loss, ruleset, others, scores)
    note = f"score {over.score}" + (f" ({'; '.join(said)})" if said else "")
    return "; ".join([note, *(f"{name} {points}" for name, points in others.items())])


def hunger_taken(
    f: Forecast, loss: int, ruleset: Ruleset, others: dict[str, int], scores: Scores | None
) -> str:
    """Return what the `loss` SE hunger of an Eat takes, as the rules pay it (the forecast's
    `Lost` event, R-HUNGER-3 with R-RES-4's substitution): "; hunger takes 7 SE + 3 ME
    (the 3 ME would score 9)" when ME or LE covers the SE short (#28 round 22: 7 SE,
    "takes scores nothing" while the score fell 90 -> 84), "; hunger takes 10 SE, which
    would score nothing" when only SE is taken and no scoring counts it, else ""."""
    taken = next(
        (e.amounts for e in f.events if isinstance(e, ev.Lost) and e.source == "hunger"), {}
    )
    per = ruleset.settings.score
    scored = {k: n for k, n in taken.items() if n and per.get(k, 0)}
    if scored:
        points = sum(n * per[k] for k, n in scored.items())
        return f"; hunger takes {amounts(taken)} (the {amounts(scored)} would score {points})"
    if per.get("se", 0) or counts_se(f, taken.get("se", loss), others, scores):
        return ""  # round 21: the Tally counts SE
    return f"; hunger takes {loss} SE, which would score nothing"


def counts_se(f: Forecast, loss: int, others: dict[str, int], scores: Scores | None) -> bool:
    """Return whether a scoring in play would score the `loss` SE the hunger takes: one of
    the `others`, asked again of the game with that SE kept."""
    if scores is None or not others:
        return False
    kept = copy_state(f.after)
    kept.res = {**kept.res, "se": kept.res.get("se", 0) + loss}
    return scores(f.events, kept) != others


def best_final(forecasts: Sequence[Forecast | None]) -> int | None:
    """Return the index of the option whose final score is the best (the first of equals),
    where every option's forecast ends the game and one wins it (the last level's Hunger
    step: each Eat's score known; a loss scores below any win), else None. The highlight
    starts there (#28 round 26: it sat on "Eat 4 food — score 39", the worst of five; Eat
    1 scored 48)."""
    ends = [
        next((e for e in f.events if isinstance(e, ev.GameOver)), None) if f else None
        for f in forecasts
    ]
    if len(ends) < 2 or any(over is None for over in ends):
        return None
    points = [over.score if over is not None and over.won else -1 for over in ends]
    return points.index(max(points)) if max(points) >= 0 else None
