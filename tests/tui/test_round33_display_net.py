"""#28 playtest round 33 (33a-6): after "Taken for you: Rest … the monster ambushed you"
the Display read "SE 17/20 ▲+1", the ambush and a Hard first-turn WOUND folded in; beside
"Taken for you: Second Wind — +3 SE" it read "▲+1", the 2 SE the player's own attack paid
folded in. The mark is the net change since the player's last key, whatever came between;
the prompt cannot say every part (the key's own payment is no decision taken for you), so
the help and README say the mark is net, and the log says each part."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.testing import Scenario
from unbroken.tui.help_pages import THE_SCREEN
from unbroken.tui.widgets import marks_of


def test_the_help_says_the_marks_are_net_since_your_last_key() -> None:
    said = " ".join(THE_SCREEN.split())
    assert "▲ and ▼ mark the net change since your last key" in said, said
    assert "decisions taken for you, an ambush, the monster's turn" in said


def test_a_keys_mark_nets_its_payment_and_the_monsters_turn() -> None:
    # An attack's 2 SE and the monster's WOUND after it: one mark, their sum.
    game = (
        Scenario("tomu", level=2)
        .resources(se=12)
        .weapon("knife")
        .monster("goblin")
        .dice(*[2] * 40)
        .start("battle")
    )
    before = game.state.res["se"]
    attack = next(a for a, why in game.options() if isinstance(a, act.Attack) and not why)
    since = len(game.events)
    game.apply(attack)
    while game.decision is not None and game.decision.kind == "response":
        game.apply(act.Pass())
    parts = game.events[since:]
    assert {type(e) for e in parts} >= {ev.Spent, ev.Lost}  # paid, then lost to the WOUND
    assert marks_of(parts).change.get("se", 0) == game.state.res["se"] - before
