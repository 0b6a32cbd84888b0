"""Round 31 (#28, 31a-6): `unbroken analyze` at 80 columns cut the option's name but kept a
warning every option of the decision shared: "5   1 … Trial and… — ⚠ time runs out",
"7   1 … Keep Weak… — ⚠ time runs out". The name goes whole before a warning; a warning
every option shares is left out of the row."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, _choice, _Position
from unbroken.advisor.estimator import Weighing
from unbroken.cli.analyze import short_option, text_report, without_shared
from unbroken.core import actions as act
from unbroken.testing import Scenario

WARNING = "⚠ time runs out: the monster ambushes you"


def _choose_skill() -> _Position:
    """Maxyn, the time short, choosing which skill Trial and Error gives (every option warns
    that time runs out, tests/words/test_round18_options.py)."""
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10, time=3)
        .monster("kobold")
        .encounters("trial-and-error", "hard-lesson")
        .start()
    )
    for action in (act.Explore(), act.ChooseEncounter("base:trial-and-error"), act.Resolve()):
        game.apply(action)
    game.apply(act.Pass())
    assert game.decision is not None and game.decision.kind == "choose_skill"
    legal = game.legal_actions()
    return _Position(7, 1, game.state.decision, game, legal, 0, 0)


def test_the_row_leaves_out_the_warning_every_option_shares() -> None:
    p = _choose_skill()
    every = (1 << 16) - 1
    race = Weighing((every,) * len(p.legal), (16,) * len(p.legal), best=0, fresh=every)
    choice = _choice(p, race)
    assert choice.taken.startswith("Keep ") and choice.taken.endswith(f" — {WARNING}")
    assert choice.shared.startswith(WARNING)
    assert without_shared(choice.taken, choice.shared) == choice.taken.split(" — ")[0]
    report = text_report(Analysis(16, 20, 9, "won", [choice]), "t", 80, wrap=True)
    (row,) = [line for line in report.splitlines() if line.startswith("    7   1")]
    name = choice.taken.split(":")[0]
    assert name in row and "⚠" not in row, row
    # Kept (and read back) with the analysis.
    again = Analysis.from_json(Analysis(16, 20, 9, "won", [choice]).as_json())
    assert again.choices[0].shared == choice.shared


def test_the_name_goes_whole_before_a_warning_of_its_own() -> None:
    taken = "Trial and Error: 3 time -> a skill — ⚠ time runs out: the monster ambushes you"
    # Said short in whole words, never "⚠ time runs out" cut mid-phrase (35b, 34a-2), the
    # name kept whole before it.
    assert short_option(taken, 33) == "Trial and Error… — ⚠ ambush"
    assert short_option(taken, 60) == "Trial and Error: 3 time -> a skill — ⚠ time runs out: ambush"
    # Not a warning: a finishing blow's "— defeats it" is kept as before (round 24).
    heart = "Attack with Heart shot: wound 5, ignores armor, pay 2 SE — defeats it: 1 treasure"
    assert short_option(heart, 30) == "Attack with… — defeats it"
