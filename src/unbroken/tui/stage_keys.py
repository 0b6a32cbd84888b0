"""The game screen's `m`: the monster's rules in full on the stage, a part at a time, and
what it says of the page it shows (tui/stage.py draws them; tui/game.py binds the key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unbroken.tui.hints import HintBox
from unbroken.tui.sheet_rows import no_rules_words
from unbroken.tui.stage import StagePanel

if TYPE_CHECKING:
    from unbroken.tui.game import GameScreen


def monster_rules(screen: GameScreen) -> None:
    """Show the monster's rules in full on the stage (a part at a time where they do not
    fit above its whole table: `m` again shows the next), or fold them back."""
    stage = screen.query_one(StagePanel)
    changed = stage.fold_or_unfold(screen.draw_stage)
    mo, rules = screen.game.state.monster, screen.game.ruleset
    box = screen.query_one(HintBox)
    if stage.bare and mo is not None and (not changed or stage.expanded is True):
        # Round 10: `m` said nothing of why; round 29: unfolding the Troglodyte's table
        # said nothing of it having no rules.
        name, page = rules.card_name(mo.id), (stage.page + 1, stage.pages)
        card = rules.monsters[mo.id]
        said = no_rules_words(name, card, rules, changed, page, stage.cut_here)
        screen.say(said)
        screen.paged_notice = said
    elif not changed:
        screen.say("The monster's rules and table are all in sight.")
    elif box.text == screen.paged_notice and not box.heading:
        # Folded: the page's notice goes with it (36b-3: "Lich: … page 2 of 2" stayed).
        box.expire()
