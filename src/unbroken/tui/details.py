"""The detail line under the options: the whole text of the option highlighted."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.core.model import RESOURCE_NAMES
from unbroken.tui.hand import attack_text
from unbroken.words.actions import label, option_detail
from unbroken.words.attacks import attack_cost
from unbroken.words.forecast import warning_sentences


def detail(action: act.Action, game: Game, forecast: Forecast | None = None) -> str:
    """Return the full text of the card or action under the cursor (`forecast`: its
    forecast when made already)."""
    rules = game.ruleset
    s = game.state
    if isinstance(action, act.ChooseEncounter):
        card = rules.encounters[action.card]
        group = RESOURCE_NAMES.get(card.group, card.group) or "encounter"
        return f"{rules.card_name(card.id)} ({group}, time {card.time}): {card.text}"
    if isinstance(action, act.ChooseSkill):
        # The card's own words: the option above already says what each ability does.
        skill = rules.skills[action.skill]
        return f"{rules.card_name(skill.id)}: {skill.text}"
    if isinstance(action, act.Craft):
        # What the weapon does comes first: the detail has two lines at 80x24.
        w = rules.weapons[action.weapon]
        attacks = "; ".join(attack_text(a, attack_cost(a, s, rules)) for a in w.attacks)
        text = f"{rules.card_name(w.id)} ({w.type}) attacks: {attacks}. {w.text}"
        if game.query().ambushes(action):
            text = f"Its time takes the track to 0: the monster ambushes you. {text}"
        return text
    if isinstance(action, act.Eat):
        eat = game.query().hunger(action.food)
        text = (
            f"Eat {action.food} of {eat.need}: +{action.food} SE; "
            f"{eat.missing} uneaten costs {eat.loss} SE"
        )
        if eat.starves:
            return text + ": more than you have — you would starve."
        return text + "."
    f = forecast or game.query().forecast(action)
    text = option_detail(action, s, rules, f)
    warned = " ".join(warning_sentences(f, rules, s))
    if warned and text.startswith(f"{warned} "):
        # The option's own words first and whole, its warnings after: the detail has two
        # rows at 80x24, and a warning said on every option of a battle (starvation) cut
        # what the highlighted one does (#28).
        text = f"{text[len(warned) + 1 :]} {warned}"
    # No rule acts and nothing is warned of: the option's own words, which the screen
    # does not repeat under the list.
    own = label(action, s, rules)
    return own if text == f"{own}." else text
