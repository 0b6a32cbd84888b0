"""Round 32 (#28, 32a-3): `%` at level 4's Preparation showed five options at exactly
"[51% behind]", 17 points under Cold Logic, read as one number copied. They were rightly
the same: the monster of the level is unseen at Preparation, each future draws one, and
after Explore, Focus, Plan, Orienteer or Dangerous Idea alike the reference bot won against
the same monsters and lost to the same (found at Helena's level-4 Preparation, seed 1,
decision 124: six options won and lost on the same 32 futures, every loss a Basilisk).
Each such option now reads "[same futures as 2]" (until round 35 "[same as 2]", read as
the same move): the futures cannot tell it from option 2.

32a-4: "[59% no use]" was shown but neither help nor docs/ described it: every form a
bracket can take, found by running the code over every kind of figure, is in both."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.estimator import Weighing
from unbroken.advisor.twins import twins
from unbroken.core import actions as act
from unbroken.tui import odds
from unbroken.tui.help_pages import KEYS
from unbroken.tui.option_rows import OPTION_KEYS

LEAD = (1 << 32) - 1 - 0b111  # the best wins 29 of 32
SAME = (1 << 32) - 1 - 0xFF0F  # three others win the same 20 of them


class _Odds:
    """What `GameOdds.marks` reads of the odds: `race` weighed, done."""

    error = ""
    games = 32
    finished = True

    def __init__(self, race: Weighing) -> None:
        self.race_ = race

    class race:
        decided = True

        @staticmethod
        def cut_short() -> str:
            return ""

    def weighing(self) -> Weighing:
        return self.race_

    def under_way(self) -> tuple[int, int]:
        return (0, 0)


def _marks(race: Weighing, no_use: set[int] | None = None) -> dict[int, str]:
    """The odds' brackets of a decision of as many options as `race` has, all legal."""
    n = len(race.wins)
    actions = [act.Explore(), act.Focus(), act.Plan(), act.Orienteer(), act.Downgrade()][:n]
    game = SimpleNamespace(events=[])
    screen = SimpleNamespace(game=game, offered=[(a, "") for a in actions])
    shown = odds.GameOdds(cast(Any, screen))
    shown.anytime = cast(Any, _Odds(race))
    shown.at, shown.legal, shown.no_use = 0, list(range(n)), no_use or set()
    texts, _ = shown.marks()
    return texts


def test_options_the_futures_cannot_tell_apart_say_so() -> None:
    race = Weighing((LEAD, SAME, SAME, SAME), (32,) * 4, best=0, fresh=LEAD, fresh_games=32)
    assert twins(race) == {2: 1, 3: 1}
    texts = _marks(race)
    assert texts[1].endswith("% behind]")  # the first of them keeps the figure
    assert texts[2] == texts[3] == "[same futures as 2]"
    assert texts[0] == odds.odds_text(race.shown(0))


def test_one_the_same_as_the_best_names_the_best() -> None:
    # The best's line holds the chance here: the one the same as it names it, wherever listed.
    race = Weighing((SAME, LEAD, LEAD), (32,) * 3, best=2, fresh=LEAD, fresh_games=32)
    assert twins(race) == {1: 2}
    texts = _marks(race)
    assert texts[1] == "[same futures as 3]" and texts[2].startswith("[91% ")


def test_alike_only_on_the_futures_both_played_and_reading_the_same() -> None:
    # One future apart: a figure each, even where they round alike.
    race = Weighing((LEAD, SAME, SAME & ~(1 << 20)), (32,) * 3, best=0, fresh=LEAD, fresh_games=32)
    assert twins(race) == {}
    # The same futures, but one stopped early (16 played): its line reads otherwise.
    stopped = Weighing((LEAD, SAME, SAME & 0xFFFF), (32, 32, 16), best=0, fresh=LEAD)
    assert odds.odds_text(stopped.shown(2)) != odds.odds_text(stopped.shown(1))
    assert 2 not in twins(stopped)


def test_an_option_of_no_use_keeps_its_own_words() -> None:
    race = Weighing((LEAD, SAME, SAME), (32,) * 3, best=0, fresh=LEAD, fresh_games=32)
    assert twins(race, apart=[1]) == {}
    texts = _marks(race, no_use={1})
    assert texts[1].endswith("% no use]") and texts[2].endswith("% behind]")


def test_the_text_game_marks_them_too() -> None:
    from unbroken.play.text_odds import table

    race = Weighing((LEAD, SAME, SAME), (32,) * 3, best=0, fresh=LEAD, fresh_games=32)
    printed = table(["Explore", "Focus", "Plan"], [0, 1, 2], race).splitlines()
    (focus,) = [line for line in printed if line.startswith("   2. ")]
    (plan,) = [line for line in printed if line.startswith("   3. ")]
    assert "same futures won" not in focus
    assert plan.endswith("(clearly behind, same futures won as 2)"), plan


def _form(text: str) -> str:
    """Return a bracket's form: its numbers, the key it names and the option that does
    nothing (Skip, Pass) made placeholders, its spaces as one."""
    # "[  …  ]" padded to a figure's width in the game; the help says "[…]" (a space in it
    # is a place its wrapper breaks the line: "[  …" then "]: no figure yet").
    text = re.sub(r"\[\s*…\s*\]", "[…]", " ".join(text.split()))
    text = re.sub(r"same futures as [^\]]+", "same futures as N", text).replace("Pass's", "Skip's")
    return re.sub(r"\d+", "N", text)


def _forms_of_the_code() -> set[str]:
    """Every form `odds_text`, `no_use_text` and `same_text` give, over figures of every
    kind: none, no games, each tag alone and together, rates and tops at 0, under 1 % and
    above."""
    figures: list[Figure | None] = [None]
    for games in (0, 16):
        for rate, high in ((0.0, 0.0), (0.0, 0.003), (0.0, 0.12), (0.004, 0.3), (0.3, 0.6)):
            for flags in itertools.product((False, True), repeat=4):
                stopped, at_most, behind, early = flags
                figures.append(Figure(rate, 0.0, high, games, stopped, at_most, behind, early))
    texts = {odds.odds_text(f) for f in figures}
    for own, passing in itertools.product(figures, repeat=2):
        texts |= {odds.no_use_text(own, passing, name) for name in ("Skip", "Pass")}
    texts |= {odds.same_text(key) for key in OPTION_KEYS}
    return {_form(t) for t in texts}


def _forms_said(text: str) -> set[str]:
    return {_form(m) for m in re.findall(r"`(\[[^`]*\])`", " ".join(text.split()))}


def test_help_and_the_docs_describe_every_form_of_the_brackets() -> None:
    forms = _forms_of_the_code()
    # The forms found are those the help lists (a new one must be described there).
    said = {"[N% no use]", "[same futures as N]", "[…]", "[N-N% behind]", "[at most Skip's N%]"}
    assert said <= forms
    root = Path(__file__).parents[2]
    for where in ("help", "docs/advisor.md", "README.md"):
        text = KEYS if where == "help" else (root / where).read_text(encoding="utf-8")
        missing = forms - _forms_said(text)
        assert not missing, (where, sorted(missing))


def test_a_bound_is_the_one_form_with_at_most() -> None:
    # 33b-3: "[≤33% behind]" beside a chance here of 89 %: the README's "≤" (lost nothing
    # to the best on the futures both played) and "behind" (clearly behind it) in one row.
    # "≤" marks only a figure stopped early at most the best's; a row clearly behind whose
    # figure is held at 0 says its interval, 0 to its top.
    assert {f for f in _forms_of_the_code() if "≤" in f} == {"[≤N% stopped]"}
    chance = Estimate(89, 100)
    downgrade = Figure.against(chance, -0.95, -1.0, -0.7, 16, stopped=True)
    assert downgrade.behind and not downgrade.at_most and downgrade.high > 0.1
    assert odds.odds_text(downgrade) == f"[0-{round(100 * downgrade.high)}% behind]"


def test_the_option_that_does_nothing_keeps_its_figure_for_one_of_no_use() -> None:
    # The Focus of no use reads "at most Skip's N%": Skip's own line holds that N, never
    # "[same futures as 2]" (found at 8 games by tests/tui/test_odds.py's Focus of no use).
    race = Weighing((LEAD, SAME, SAME), (32,) * 3, best=0, fresh=LEAD, fresh_games=32)
    assert twins(race, first=[2]) == {1: 2}
    actions = [act.Focus(), act.Plan(), act.Skip()]
    screen = SimpleNamespace(game=SimpleNamespace(events=[]), offered=[(a, "") for a in actions])
    shown = odds.GameOdds(cast(Any, screen))
    shown.anytime = cast(Any, _Odds(race))
    shown.at, shown.legal, shown.no_use, shown.passing = 0, [0, 1, 2], set(), 2
    texts, _ = shown.marks()
    assert texts[1] == "[same futures as 3]" and texts[2].endswith("% behind]")
    # With an option of no use reading Skip's figure, Skip keeps it even beside the best.
    race = Weighing((SAME, LEAD, LEAD), (32,) * 3, best=1, fresh=LEAD, fresh_games=32)
    shown.anytime = cast(Any, _Odds(race))
    shown.no_use = {0}
    texts, _ = shown.marks()
    assert texts[2] == odds.odds_text(race.shown(2)) and "%" in texts[2]
    assert texts[0] == f"[at most Skip's {texts[2][1:].split('%')[0]}%]"
