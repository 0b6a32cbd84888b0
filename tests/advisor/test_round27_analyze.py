"""#28 round 27 (27a-7): analyze's misstep against the Wyvern, named for an option that
only stood in for the others.

Niola, Normal (seed 7837117180271193612), decision 126, level 4 Preparation, the Wyvern
revealed ("trickery: cannot be tricked"): analyze said "took Fight the monster now 86 %
(78-91); Plan instead: +14 points …; Plan: pays 4 SE, gains 1 cunning", read as if the
cunning made the gap. Plan is no "no use now" (cunning pays encounter cards and scores at
the end); the race found every option but Fight winning every future, the reference bot
exploring before the fight after any of them, and Plan named best among equals. The
verdict names the others about equal to it.
"""

from __future__ import annotations

from pathlib import Path

from unbroken.advisor.analysis import Analysis, _choice, positions
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import weigh
from unbroken.cli.analyze import text_report
from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording
from unbroken.tui.chart_words import head_words

NIOLA = Path(__file__).parent / "data" / "round27_niola_normal_won.jsonl.gz"


def test_a_misstep_names_every_option_about_equal_to_the_best() -> None:
    found, _ = positions(read_recording(NIOLA), load_ruleset())
    p = {q.n: q for q in found}[126]
    assert p.game.state.monster is not None and p.game.state.monster.id == "base:wyvern"
    assert isinstance(p.legal[p.taken], act.Fight)
    w = weigh(p.game, p.legal)
    assert isinstance(p.legal[w.best], act.Plan)
    # Every option but the Fight is about equal to Plan; the Fight clearly behind.
    assert sorted(w.about_equal()) == [k for k in range(len(p.legal)) if k != p.taken]
    choice = _choice(p, w)
    assert choice.clearly_worse
    said = choice.verdict()
    assert said.startswith(
        "Plan instead (Explore, Focus, Inspiration, Downgrade and Orienteer about equal to"
        " it): +22 points"
    )
    assert Choice.from_json(choice.as_json()) == choice  # kept for the viewer
    analysis = Analysis(100, 20, 130, "won", [choice])
    assert "Orienteer about equal to it" in " ".join(text_report(analysis, "a game").split())
    assert "Orienteer about equal to it" in head_words(analysis, 126)
