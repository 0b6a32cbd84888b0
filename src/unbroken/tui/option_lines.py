"""The options' lines as the decision list draws them (`DecisionPanel.draw`): each one's
words with its key, its shorter ways to say it, and which are cut first where room lacks;
apart from the widget, so a test can read them over many games' decisions."""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.plugins import other_scores
from unbroken.tui.option_rows import option_line
from unbroken.words.actions import option_text, shared_note
from unbroken.words.attacks import brief_attack_labels

#: The options offered: each action with why it cannot be taken now ("" if it can).
Offered = list[tuple[act.Action, str]]


def option_lines(
    game: Game,
    offered: Offered,
    forecasts: dict[act.Action, Forecast],
    odds: dict[int, str] | None = None,
) -> tuple[list[str], list[list[str]]]:
    """Return the options' lines with their keys ("3. Attack with Stab: …") and each one's
    shorter ways to say it (an attack's Responses' figures said below), `odds` (by index)
    drawn before the words where `%` shows them."""
    s, rules, odds = game.state, game.ruleset, odds or {}
    lines, briefer = [], []
    shared = shared_note(offered, s, rules, forecasts)
    scores = other_scores(rules, game.events)  # the plugins' scorings (the Tally)
    for i, (action, why) in enumerate(offered):
        f = forecasts.get(action)
        text = option_text(action, why, s, rules, f, shared, scores)
        ways = brief_attack_labels(text, f, rules) if isinstance(action, act.Attack) else []
        put = [f"{odds[i]} {way}" if i in odds else way for way in [text, *ways]]
        lines.append(option_line(i, put[0]))
        briefer.append([option_line(i, way) for way in put[1:]])
    return lines, briefer


def cut_first(offered: Offered, no_use: Sequence[str | None]) -> list[bool]:
    """Return which options are cut first where room lacks: an ability's own words (the
    inspector keeps them) and an option of no use now (the detail line says why), not a
    forecast's words."""
    return [
        (isinstance(action, act.Use) and not why) or bool(said)
        for (action, why), said in zip(offered, no_use, strict=True)
    ]
