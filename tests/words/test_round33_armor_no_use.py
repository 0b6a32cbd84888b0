"""#28 playtest round 33 (33a-3): against the Troll at armor 0/2, `7. Inventive (pay 1
wood): break 1 of the monster's armor; take another turn` said no "(no use now)" while
Beat aside beside it said "(no armor to break)"; taking it paid 1 wood for nothing. Its
"then take another turn" only gives back the turn the action spends (R-BATTLE-2), so at
armor 0 it does nothing: the core says so (`core.cannot_help.turn_given_back`). Every
armor-breaking ability and weapon attack of the base game and both expansions is checked
alike at armor 0; where the turn's end and start do change something (a weapon set
aside counting turns, R-WEAPON-4) the extra turn is of use and no "no use now" is said."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import SetAside, copy_state
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.actions import option_text
from unbroken.words.no_use_why import option_no_use

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
BOTH = {"gauntlet": "unbroken_gauntlet", "unearthed": "unbroken_unearthed"}


def _rulesets() -> Iterator[Ruleset]:
    with expansions_from_source(PLUGINS, BOTH) as rules:
        yield rules


def _breakers(rules: Ruleset) -> list[tuple[str, str, m.Ability]]:
    """Return every ability that breaks armor: (skill or class id, its kind, the ability)."""
    out = [
        (sid, "skill", a)
        for sid, card in rules.skills.items()
        for a in card.abilities
        if any(isinstance(e, m.BreakArmor) for e in a.effects)
    ]
    out += [
        (cid, "class", a)
        for cid, card in rules.classes.items()
        for a in card.abilities
        if any(isinstance(e, m.BreakArmor) for e in a.effects)
    ]
    return out


def _bare(rules: Ruleset) -> str:
    """Return a monster with no armor at all."""
    return next(k for k, v in sorted(rules.monsters.items()) if v.armor == 0 and v.level <= 2)


def _offered(game: Game, use: act.Action) -> bool:
    """Drive the battle to the decision that offers `use`, passing Responses on the way."""
    for _ in range(12):
        if game.decision is None:
            return False
        if use in game.legal_actions():
            return True
        if act.Pass() in game.legal_actions():
            game.apply(act.Pass())
        else:
            return False
    return False


def _scene(rules: Ruleset, source: str, kind: str) -> Scenario:
    character = next(c.id for c in rules.characters.values() if kind == "skill" or c.cls == source)
    scene = Scenario(character, level=2, ruleset=rules).resources(se=12, wood=3, metal=2)
    return scene.skills(source) if kind == "skill" else scene


def _said(game: Game, use: act.Use) -> tuple[str | None, str]:
    why = dict(game.options())[use]
    assert not why, why
    state, rules = game.state, game.ruleset
    return option_no_use(use, state, rules), option_text(use, why, state, rules)


def test_every_armor_breaking_ability_is_of_no_use_at_armor_0() -> None:
    checked: list[str] = []
    for rules in _rulesets():
        breakers = _breakers(rules)
        assert {a.name for _, _, a in breakers} >= {"Improvised Lever", "Snare"}
        for source, kind, ability in breakers:
            game = _scene(rules, source, kind).monster(_bare(rules)).start("battle")
            use = act.Use(source, ability.id)
            assert _offered(game, use), (source, ability.id)
            assert game.state.monster is not None and game.state.monster.armor == 0
            why, row = _said(game, use)
            assert why == "the monster has no armor", (ability.name, why, row)
            assert "(no use now: the monster has no armor" in row or (
                "no use now: the monster has no armor)" in row
            ), row
            checked.append(ability.name)
    assert "Improvised Lever" in checked


def test_every_break_attack_is_dimmed_at_armor_0() -> None:
    for rules in _rulesets():
        weapons = [w for w in rules.weapons.values() if any(a.type == "break" for a in w.attacks)]
        assert len(weapons) >= 8
        for weapon in weapons:
            scene = Scenario("tomu", level=2, ruleset=rules).resources(se=12, me=2)
            game = scene.weapon(weapon.id).monster(_bare(rules)).start("battle")
            assert _offered(game, act.Skip())
            for action, why in game.options():
                if isinstance(action, act.Attack) and action.attack in {
                    a.id for a in weapon.attacks if a.type == "break"
                }:
                    assert why.startswith("no armor to break"), (weapon.id, action, why)


def test_inventive_with_armor_left_is_of_use() -> None:
    scene = _scene(Scenario().rules, "base:inventive", "skill").monster("base:troll")
    game = scene.start("battle")
    use = act.Use("base:inventive", "inventive-lever")
    assert _offered(game, use)
    why, row = _said(game, use)
    assert why is None and "no use now" not in row, row


def test_inventive_at_armor_0_with_a_weapon_set_aside_is_of_use() -> None:
    """The turn's end counts a set-aside weapon's turns (R-WEAPON-4): the extra turn
    brings it back sooner, so it is not said to do nothing."""
    rules = Scenario().rules
    game = _scene(rules, "base:inventive", "skill").monster(_bare(rules)).start("battle")
    use = act.Use("base:inventive", "inventive-lever")
    assert _offered(game, use)
    assert option_no_use(use, game.state, rules) == "the monster has no armor"
    state = copy_state(game.state)
    state.set_aside = [SetAside(weapon="base:knife", turns=2)]
    assert option_no_use(use, state, rules) is None
    row = option_text(use, "", state, rules)  # it says what it still does
    assert row.endswith("take another turn (no armor to break: only the extra turn)"), row
