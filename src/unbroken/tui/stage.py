"""The Stage panel: revealed encounter cards, or the monster sheet with its combat table
(tui/sheet.py, whose rules `m` unfolds a page at a time here)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.reactive import var

from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase, StepName
from unbroken.tui.card_lines import mark
from unbroken.tui.sheet import MonsterSheet
from unbroken.tui.sheet_pages import EXPAND_KEY
from unbroken.words.effects import encounter_text
from unbroken.words.keeping import weapons_held
from unbroken.words.vocabulary import plural

__all__ = ["EXPAND_KEY", "StagePanel"]

#: The steps of the combat after the battle: `m`'s page shown stays into them.
AFTER_THE_BATTLE = (StepName.REWARDS, StepName.HUNGER)


class StagePanel(MonsterSheet):
    """Revealed encounter cards, or the monster sheet with its combat table."""

    #: Whether the monster's sheet is shown (not encounter cards, not an empty stage).
    sheet = False
    #: The level and monster the stage shows (`m`'s pages are that monster's).
    meeting: tuple[int, str] = (0, "")
    #: Whether the stage last showed the Combat phase, and its step (`m`'s pages start
    #: over at each step of it).
    fighting: tuple[bool, str] = (False, "")

    def with_title(self, title: str) -> StagePanel:
        """Return the panel with a border title."""
        self.title = self.border_title = title
        return self

    def fold_or_unfold(self, draw: Callable[[], None]) -> bool:
        """Turn the monster's rules the other way (`m`) and draw the stage with `draw`:
        what `m` unfolded shows its next part where it is shown a part at a time, else
        folds back; folded, it unfolds (or, where folding changes nothing on the stage,
        no rules to fold, it unfolds the table's rows). Return whether the stage changed."""
        before = self.drawn
        if self.expanded is True:
            if self.page + 1 < self.pages:
                self.page, self.page_holds = self.page + 1, ""
                draw()
                return True
            # After the last page, back to the view the stage first had (#28 round 17: the
            # Bear's whole table never came back), or folded where that shows the same.
            self.page, self.page_holds = 0, ""
            for expanded in (None, False):
                self.expanded = expanded
                draw()
                if self.drawn != before:
                    break
            return True
        self.page, self.page_holds = 0, ""
        # With no rules, folding has nothing to fold: it would only cut the table's rows
        # (#28 round 17: `m` on the Bear cut rows that were whole).
        for expanded in (True,) if self.bare else (not self.full, True):
            self.expanded = expanded
            draw()
            if self.drawn != before:
                return True
        return False

    #: The room the stage was last drawn for (`rows_free`).
    room = -1

    def fit_room(self) -> None:
        """Draw the stage again where the layout left it other room than it was drawn for
        (#28 round 28: the Goblin's table drawn whole before the Display above it grew, the
        Hand under it squeezed to a row; `m` then drew it for the room it had, cut)."""
        if self._redraw is not None and self.rows_free() != self.room:
            self._redraw()

    #: The die as the stage shows it: a face while it rolls, then the roll in words
    #: (tui/dice.py). A new face redraws the stage alone (tui/rolling.py sets it).
    die: var[str] = var("", init=False)

    def watch_die(self) -> None:
        if self._redraw is not None:
            self._redraw()

    def show(self, state: GameState, rules: Ruleset, die: str = "", row: int = 0) -> None:
        """Draw the stage. The table row a pending monster roll points at is marked, else
        `row`: the one the last monster roll applied (0: none)."""
        # `m` opened the pages of one monster: another (the next level's) opens folded
        # (#28 round 11: the Barrow Hound came up as "rules 1 of 3" without a key).
        meeting = (state.level, state.monster.id if state.monster is not None else "")
        if meeting != self.meeting:
            self.meeting, self.expanded, self.page, self.page_holds = meeting, None, 0, ""
        fighting = (state.phase == Phase.COMBAT, state.step)
        after = self.fighting[0] and state.step in AFTER_THE_BATTLE
        if fighting[0] and fighting != self.fighting and not after:
            # Into each step of the combat up to the battle's start the pages open at the
            # first of what acts now, not at the page holding what `m` showed before (#28
            # round 21: the Giant Spider's scouted "table 1 of 1" stayed, its trickery on a
            # page before it; round 28: the Crazed Survivor's trickery's "rules 3 of 3"
            # opened the battle at "rules 2 of 2", its Grab the Weapon on the page before).
            # After the battle the page shown stays, where it still is, until `m` (round
            # 30, 30b-16: the Iron Beetle's "table 1 of 1" went back to "rules 1 of 1" at
            # the Rewards step without a key).
            self.page, self.page_holds = 0, ""
        self.fighting = fighting
        self.set_reactive(StagePanel.die, die)
        self._redraw = lambda: self.draw(state, rules, row)  # lines fit to the width
        self.draw(state, rules, row)

    def draw(self, state: GameState, rules: Ruleset, row: int) -> None:
        """Draw the stage as `show` says, with the die as it is now."""
        die = self.die
        text = Text()
        self.border_title = self.title
        mo = state.monster
        # Encounter cards while travelling (a scouted monster waits), else the monster.
        cards: list[str] = []
        if state.phase != Phase.COMBAT:
            cards = list(state.revealed) or ([state.chosen] if state.chosen else [])
        self.sheet = mo is not None and not cards
        self.bare = False
        if self.sheet:
            self.monster_sheet(text, state, rules, die, row)
        elif cards:
            title = "Revealed encounters" if state.revealed else "Kept encounter"
            text.append(f"{title}\n", style="bold")
            for cid in cards:
                enc = rules.encounters[cid]
                shown = rules.card_name(cid)
                # The weapons it offers now, as its option says (#28 rounds 13-14: the
                # stage said "take a weapon: Sling" where the option said none was left).
                said = encounter_text(enc, level=state.level)  # "for level 4" (round 26)
                line, _ = weapons_held(f"• {shown}: {said}", enc, state, rules, why=False)
                start = len(text)
                self.append_wrapped(text, line, head=len(shown) + 3, indent="  ")
                mark(text, start, (enc.id, shown))
                # The card's own words when there is room (the detail line has them too).
                if self.size.width >= 40 or len(cards) == 1:
                    self.append_wrapped(text, f"  {enc.text}", style="italic", indent="  ")
            if die:
                text.append(f"die {die}", style="bold")
        else:
            text.append("The dark tunnels stretch on.\n", style="italic")
            text.append(f"Encounter deck {len(state.encounter_deck)}, discard ")
            text.append(f"{len(state.encounter_discard)}.")
            if state.reveal_bonus:
                text.append(f"\nNext Exploration: +{plural(state.reveal_bonus, 'card')}.")
            if state.committed:
                text.append("\nCommitted to the next encounter.", style="bold")
            if die:
                text.append(f"\ndie {die}", style="bold")
        text.rstrip()
        self.drawn, self.room = text.plain, self.rows_free()
        if self.is_attached:  # once the layout has settled: the room may have changed
            self.call_after_refresh(self.fit_room)
        if self.sheet and self.pad:  # a page of `m` as tall as the others
            text.append("\n" * self.pad)
        self.update(text)
