"""The Hand panel: conditions in play, the weapon and its attacks, skills, crafts.

Each group but the weapon's attacks starts at the left edge under its title (the
weapon's name, "Skills:", "Crafts:"), so none reads as another's lines.

Where the panel has the rows for it (a tall terminal), each skill is listed
with its own words, the weapon with its text and the class with its abilities;
where it has rows for some of them, the skills' words first (the weapon's text, then
the class's abilities left out: #28 round 23, at 120x40 during Exploration the skills
were names only over twelve blank rows); else (80x24) the skills are one line of
names (the inspector, `i`, has their words).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from msgspec.structs import astuple
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.tui.card_lines import mark
from unbroken.tui.panel import NBSP, Panel
from unbroken.words.attacks import attack_cost
from unbroken.words.cards import class_ability_line
from unbroken.words.cards import condition_in_play as condition_text
from unbroken.words.forecast import attack_effect
from unbroken.words.monster import battle_cost_note
from unbroken.words.no_use import skill_lacks
from unbroken.words.opening import rule_shown
from unbroken.words.power import power_abilities, power_changes, power_reason
from unbroken.words.rounds_left import battle_over
from unbroken.words.vocabulary import amounts, attack_name, plural


def attack_text(
    attack: m.Attack,
    cost: dict[str, int] | None = None,
    forecast: Forecast | None = None,
    rules: Ruleset | None = None,
    state: GameState | None = None,
) -> str:
    """Return a weapon attack as the hand shows it: "Pry: break 1 ← 2 SE", "Pierce: wound 2
    past armor ← 3 SE" (it ignores armor; round 11 read "no armor" as "only against none").

    `cost`: what it costs now, when cards in play change it (words.attacks.attack_cost);
    `forecast` (with `rules`): the attack's forecast when it can be taken now, whose
    effective numbers replace the printed ones ("Stab: wound 1 (Weakened −1) ← 2 SE"),
    as the option's line says them; else (with `rules` and `state`) a wounding attack's
    power after the Passives in play, as the option would say it ("Bash: wound 1 (Thick
    Hide −1) ← 3 SE" while the monster's armor, a Response window or its cost keeps it
    from being taken now).
    """
    kind = "break" if attack.type == "break" else "wound"
    extra = " past armor" if attack.ignore_armor else ""  # "no armor" read as a condition
    paid = amounts(attack.cost if cost is None else cost)
    does = f"{kind} {attack.power}"
    if forecast is not None and forecast.power is not None and rules is not None:
        does = attack_effect(forecast, attack.type, rules).removesuffix(" armor")
    elif rules is not None and state is not None and attack.type == "wound":
        does = effective_wound(attack, state, rules)
    return f"{attack_name(attack.id)}: {does}{extra} ← {paid}"


def effective_wound(attack: m.Attack, state: GameState, rules: Ruleset) -> str:
    """Return a wounding attack's power after the Passives in play (`Query.attack_power`,
    what the option's forecast starts from), with each Passive's change named as the
    option names it: "wound 1 (Thick Hide −1)"; "wound 2" when none changes it."""
    query = Query(rules, state)
    power = query.attack_power(attack)
    if power == attack.power:
        return f"wound {power}"
    passives: list[tuple[str, m.Ability]] = []
    for card in dict.fromkeys(src for src, _ in query.power_passives()):
        for a in power_abilities(rules, card):
            monster = card in rules.monsters  # a monster's rule by its own name
            passives.append(
                (rule_shown(rules, card, a.name) if monster else rules.card_name(card), a)
            )
    why = power_reason(power_changes(attack.power, passives)[1])
    return f"wound {power} ({why})" if why else f"wound {power}"


def held_cost(line: str) -> str:
    """Return an attack's line with its cost held together on a row (NBSP): "← 2 SE"
    wraps whole, each amount of "← 1 SE + 1 ME" whole (#28 round 26: the Hand's row
    "Cut: wound 2, defeats it ← 2", its "SE" wrapped to a row out of sight)."""
    does, arrow, paid = line.rpartition(" ← ")
    if not arrow:
        return line
    held = " + ".join(part.replace(" ", NBSP) for part in paid.split(" + "))
    return f"{does} ←{NBSP}{held}"


def attack_lines(
    state: GameState, rules: Ruleset, forecasts: Mapping[act.Action, Forecast]
) -> list[str]:
    """Return the held weapon's attacks as the hand shows them (attack_text), with what
    they cost now and, for those that can be taken, their forecasts' numbers."""
    weapon = rules.weapons[state.weapons[-1]]
    return [
        attack_text(a, attack_cost(a, state, rules), forecasts.get(act.Attack(a.id)), rules, state)
        for a in weapon.attacks
    ]


def drawn_from(state: GameState, rules: Ruleset, attacks: list[str]) -> tuple[object, ...]:
    """Return all the hand's text is drawn from (HandText.hand), as values: the state's
    own lists and structs change in place as the game goes, so none of them is kept."""
    return (
        tuple(astuple(c) for c in state.conditions),
        # Their rounds counted in the round under way, and none once the battle is over
        # (#28 round 34: "Frightened (ends with this round)" on the Rewards screen); the
        # round only where a condition counts rounds: else every battle round drew the
        # whole Hand again (+3,400 calls at the p90 key, bench/tui.py --calls).
        state.round if any(c.rounds for c in state.conditions) else None,
        battle_over(state),
        tuple(state.weapons),
        tuple(attacks),
        battle_cost_note(state, rules),
        tuple(astuple(aside) for aside in state.set_aside),
        tuple(state.skills),
        tuple(skill_lacks(s, state, rules) for s in state.skills),  # the monster's keywords
        state.character,
    )


#: How many of the cards' own words the Hand says (`HandText.hand`): the skills' alone,
#: then with the class's abilities, then the weapon's text too.
SKILL_WORDS = 1
ALL_WORDS = 3


#: A number and the word after it ("2 SE", "1 ability use"): held on one row (`held_words`).
_AMOUNT = re.compile(r"(?<![\w.])(\d+) (?=\w)")


def said_lacking(skill: str, state: GameState, rules: Ruleset) -> str:
    """Return a skill's name, with why it does nothing against the monster in play where it
    needs a keyword the monster lacks: "Plate Splitter (the Mound Crawler is not Armored)"
    (31b-7)."""
    lacks = skill_lacks(skill, state, rules)
    return f"{rules.card_name(skill)} ({lacks})" if lacks else rules.card_name(skill)


def held_words(line: str) -> str:
    """Return a line of the Hand with what must not wrap apart held together (NBSP): a
    "+" kept on the row before it, after the amount it adds to, and "←" before what it
    costs (#28 round 29: "Spear ← 1 wood + 1 metal" then "+ 2 time" on the next row; a
    card's "spend 1" then "cunning"); each number with the word after it."""
    line = line.replace(" +", f"{NBSP}+").replace(" ← ", f" ←{NBSP}")
    return _AMOUNT.sub(rf"\1{NBSP}", line)


class HandText(Panel):
    """Conditions in play, the weapon with its attacks, skills, then upgrade options.

    The conditions come first: they change every turn, and the panel is
    short at 80x24. The crafts come last: they may scroll out of sight, and
    an affordable one is in the decisions anyway.
    """

    def wrapped(self, line: str, indent: str = "   ") -> str:
        """Return `line` wrapped as a panel's (`Panel.wrapped`), never starting a row
        with a "+" nor splitting an amount from its word (`held_words`)."""
        return super().wrapped(held_words(line), indent)

    #: What the hand was last drawn from (`drawn_from`, the width) and its texts so far,
    #: by `words`: the same again builds neither anew. The texts are set, each panel its
    #: own, at the first draw (no drawing matches the empty tuple).
    _drawn_from: tuple[object, ...] = ()
    _texts: dict[int, Text]

    def show(
        self,
        state: GameState,
        rules: Ruleset,
        forecasts: Mapping[act.Action, Forecast] | None = None,
    ) -> None:
        """Draw the hand; `forecasts`: those of the options offered now, whose effective
        numbers the attacks that can be taken show (else the printed ones). The cards'
        own words are added where the panel has the rows for all of them."""
        self._redraw = lambda: self.show(state, rules, forecasts)  # long lines wrap
        room = self.rows()
        attacks = attack_lines(state, rules, forecasts or {})
        # Most keys leave the hand as it was: building its text (twice at 80x24, where
        # the cards' words do not fit) was most of a key press's own work (#28).
        drawn = (id(rules), self.size.width, *drawn_from(state, rules, attacks))
        if drawn != self._drawn_from:
            self._drawn_from, self._texts = drawn, {}

        def text(words: int) -> Text:
            if words not in self._texts:
                self._texts[words] = self.hand(state, rules, attacks, words)
            return self._texts[words]

        # The most of the cards' words that fits (ALL_WORDS down to none).
        fits = (w for w in range(ALL_WORDS, 0, -1) if text(w).plain.count("\n") < room)
        self.update(text(next(fits, 0)))
        if isinstance(self.parent, HandPanel):  # drawn again for its room: its border too
            self.parent.call_after_refresh(self.parent.say_more)

    def rows(self) -> int:
        """Return the rows the Hand panel shows without scrolling (0 before the layout)."""
        parent = self.parent
        return parent.size.height if isinstance(parent, HandPanel) else 0

    def hand(self, state: GameState, rules: Ruleset, attacks: list[str], words: int) -> Text:
        """Return the hand's text; `attacks`: the weapon's attacks as shown (attack_lines);
        `words`: how many of the cards' own words it says (ALL_WORDS: the skills', the
        class's and the weapon's; SKILL_WORDS + 1: the skills' and the class's;
        SKILL_WORDS: the skills'; 0: none, the skills by name)."""
        text = Text()
        for c in state.conditions:
            name, does = condition_text(c, rules, state.round, battle_over(state))
            start = len(text)
            self.append_wrapped(text, f"{name}: {does}", style="yellow", head=len(name) + 1)
            mark(text, start, (c.id, name))
        weapon = rules.weapons[state.weapons[-1]]
        # The weapons kept under it, nearest first: a downgrade returns to them (R-WEAPON-1,
        # #28 round 21: the Maul under the Knife after the Weapon Rack was said nowhere).
        # Bare Hands, always at the bottom, goes without saying.
        under = [
            (w, rules.card_name(w))
            for w in reversed(state.weapons[:-1])
            if w != rules.settings.starting_weapon
        ]
        kept = f"; {', '.join(name for _, name in under)} under" if under else ""
        start = len(text)
        self.append_wrapped(text, f"{weapon.name} ({weapon.type}{kept})", head=len(weapon.name))
        mark(text, start, (weapon.id, weapon.name), *under)
        if words >= ALL_WORDS and weapon.text:
            self.append_wrapped(text, f" {weapon.text}", style="italic", indent=" ")
        for line in attacks:
            self.append_wrapped(text, f" {held_cost(line)}")
        if note := battle_cost_note(state, rules):  # a scouted monster's Hex, in Travel
            self.append_wrapped(text, f" {note}", style="yellow")
        for aside in state.set_aside:
            turns = plural(aside.turns, "turn")
            start = len(text)
            text.append(f" aside: {rules.card_name(aside.weapon)} ({turns})\n")
            mark(text, start, (aside.weapon, rules.card_name(aside.weapon)))
        if state.skills and words:
            text.append("Skills\n", style="bold")
            for s in state.skills:
                name = rules.card_name(s)
                skill = rules.skills.get(s)
                start = len(text)
                # Why it does nothing here, beside its name (31b-7: Plate Splitter against
                # a monster not Armored).
                said = f"{name} ({lacks})" if (lacks := skill_lacks(s, state, rules)) else name
                line = f" {said}: {skill.text}" if skill is not None and skill.text else f" {said}"
                self.append_wrapped(text, line, head=len(name) + 1)
                mark(text, start, (s, name))
        elif state.skills:
            # Wrapped between names, each whole on a row where it fits one (#28 round 28:
            # "Grim" then "Determination"); a name longer than a row wraps between words.
            room = (self.size.width or 80) - len("   ,")
            names = [said_lacking(s, state, rules) for s in state.skills]
            skills = ", ".join(n.replace(" ", NBSP) if len(n) <= room else n for n in names)
            start = len(text)
            self.append_wrapped(text, f"Skills: {skills}", head=len("Skills:"))
            mark(text, start + len("Skills:"), *((s, rules.card_name(s)) for s in state.skills))
        if words > SKILL_WORDS:
            self.character(text, state, rules)
        # Crafts last: an affordable one is also a decision, with its cost. Titled, as the
        # skills are: indented under the weapon, the skills between read as its lines.
        head = "Crafts: "
        for i, up in enumerate(weapon.upgrades):
            line = f"{head if i == 0 else ' ' * len(head)}{rules.card_name(up.to)} ← "
            start = len(text)
            # Each amount kept whole on its row, the line wrapping at a "+" (#28 round 25:
            # "Knife ← 1 metal + 1" at the Hand's last row, "time" out of sight unmarked).
            cost = " + ".join(part.replace(" ", NBSP) for part in amounts(up.cost).split(" + "))
            self.append_wrapped(text, line + cost, style="dim", indent=" " * 10)
            if i == 0:
                text.stylize("bold not dim", start, start + len(head) - 1)
            mark(text, start, (up.to, rules.card_name(up.to)))
        text.rstrip()
        return text

    def character(self, text: Text, state: GameState, rules: Ruleset) -> None:
        """Append the character's class with its abilities, each in its own words."""
        character = rules.characters.get(state.character)
        cls = rules.classes.get(character.cls) if character is not None else None
        if cls is None or not cls.abilities:
            return
        start = len(text)
        text.append(f"{cls.name}", style="bold")
        mark(text, start, (cls.id, cls.name))
        text.append(" (class)\n")
        for ability in cls.abilities:  # its whole cost, its ability use too (round 29)
            self.append_wrapped(text, f" {class_ability_line(ability)}", head=len(ability.name) + 1)


class HandPanel(VerticalScroll):
    """The Hand, scrolled: it is short at 80x24 beside the monster's sheet. Tab moves to
    it (the screen's binding), the arrows and page keys scroll it, and its border says
    when some of it is out of sight, above or below. Focus leaving it for the screen's
    other parts scrolls it back to its top (`leave`)."""

    def compose(self) -> ComposeResult:
        yield HandText(id="hand-text")

    #: The panel's name in its border (what is out of sight is said after it).
    title = ""

    def with_title(self, title: str) -> HandPanel:
        self.title = self.border_title = title
        return self

    def show(
        self,
        state: GameState,
        rules: Ruleset,
        forecasts: Mapping[act.Action, Forecast] | None = None,
    ) -> None:
        self.query_one(HandText).show(state, rules, forecasts)
        self.call_after_refresh(self.say_more)

    def say_more(self) -> None:
        """Say in the panel's border when some of the hand is out of sight, above, below or
        both, and how to see it: "↓ more (tab, ↓)", "↑↓ more (tab, ↑↓)", "↑ more (tab, ↑)"
        (#28 round 32: scrolled between its ends, it said "↓ more" only, lines hidden above
        unsaid)."""
        above = self.scroll_y > 0
        below = self.scroll_y < self.max_scroll_y
        arrows = ("↑" if above else "") + ("↓" if below else "")
        self.border_title = f"{self.title} {arrows} more (tab, {arrows})" if arrows else self.title

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.say_more()

    def on_blur(self, _: events.Blur) -> None:
        self.call_after_refresh(self.leave)

    def on_descendant_blur(self, _: events.DescendantBlur) -> None:
        self.call_after_refresh(self.leave)

    def leave(self) -> None:
        """Focus has left the Hand: when it went to another part of the game screen (Tab,
        a click on the options), scroll the Hand back to its top, where the conditions and
        the weapon's attacks are, which the next decision is about (#28 round 32: left
        scrolled, they were out of sight under "↓ more"). Not while another screen covers
        it (the inspector, from Enter on a card): Esc comes back to the Hand as it was.
        Tab back to it scrolls the card picked into sight again (CardLines)."""
        if not self.is_attached:  # the screen went (`u` draws a new one): nothing to do
            return  # (round 34: Tab, 3, u crashed, "NoScreen: node has no screen")
        screen, focused = self.screen, self.screen.focused
        inside = focused is not None and (focused is self or self in focused.ancestors)
        if screen.is_current and not inside:
            self.scroll_home(animate=False, immediate=True)
