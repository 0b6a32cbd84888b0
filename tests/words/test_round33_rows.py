"""#28 playtest round 33 (33a-7): `2. Fight the monster now (committed)` read like a label,
and pressing it said "Not now: Fight the monster now (you are committed to the next
encounter)."; other dimmed rows say why ("(cannot pay)", "(no use now: …)"). The row says
its reason as one: "(not now: committed to the next encounter)", cut "(not now:
committed)"; the notice says "not now" once."""

from __future__ import annotations

import io

from unbroken.core import actions as act
from unbroken.play.text import ask
from unbroken.testing import Scenario
from unbroken.tui.option_rows import fit_options
from unbroken.words.actions import option_text
from unbroken.words.option_notes import not_now


def _fight_row() -> str:
    game = Scenario("tomu").commit().start("preparation")
    why = dict(game.options())[act.Fight()]
    assert why == "you are committed to the next encounter"  # the core's reason, as it was
    return option_text(act.Fight(), why, game.state, game.ruleset)


def test_a_committed_fight_row_says_why_it_cannot_be_taken() -> None:
    row = _fight_row()
    assert row == "Fight the monster now (not now: committed to the next encounter)", row


def test_cut_at_80x24_it_keeps_not_now() -> None:
    shown = fit_options([f"2. {_fight_row()}"], 45, 1, [True])
    assert shown == ["2. Fight the monster now (not now: committed)"], shown
    # A column narrower by one (a level's longer list): the name kept whole, its reason a
    # refusal still (35b-13: "(you are committed)" read as a label, no "not now"), and
    # narrower the name is cut before "(not now)" is.
    shown = fit_options([f"2. {_fight_row()}"], 44, 1, [True])
    assert shown == ["2. Fight the monster now (not now)"], shown
    for width in range(20, 44):
        (row,) = fit_options([f"2. {_fight_row()}"], width, 1, [True])
        assert len(row) <= width and row.endswith(("(not now: committed)", "(not now)")), row


def test_its_notice_says_not_now_once() -> None:
    said = not_now(_fight_row())
    assert said == "Not now: Fight the monster now (committed to the next encounter).", said
    assert not_now("Craft the Club: pay 1 wood + 1 time (cannot pay)") == (
        "Not now: Craft the Club: pay 1 wood + 1 time (cannot pay)."
    )


def test_the_text_game_says_it_alike() -> None:
    out = io.StringIO()
    rows = ["Explore", _fight_row()]
    taken = ask("Choose", rows, io.StringIO("2\n1\n"), out, not_now=["", "committed"])
    assert taken == 0
    assert "Not now: Fight the monster now (committed to the next encounter)." in out.getvalue()


def test_a_card_kept_only_to_rest_on_says_rest_when_cut() -> None:
    # 33a-4: cut, "(no use now)" said nothing of the rest beside "(cannot pay)".
    scene = Scenario("tomu").resources(se=5).encounters("sacred-pool", "scaffold-remains")
    game = scene.start("exploration")
    rows = [
        f"{i}. {option_text(a, why, game.state, game.ruleset)}"
        for i, (a, why) in enumerate(game.options(), 1)
    ]
    assert rows[0].endswith("(time 4; no use now: no condition in play: rest, gain 4 SE)")
    shown = fit_options(rows, 45, len(rows), [False] * len(rows))
    assert shown[0] == "1. Sacred Pool: nothing… (no use now: rest)", shown
