"""The card gallery: every card of the base pack reads as words, made from its data."""

from __future__ import annotations

import re
from typing import get_args

import pytest

from unbroken.cli.command import main
from unbroken.core import model as m
from unbroken.plugins import load_ruleset
from unbroken.words import cards
from unbroken.words.effects import effect_text, modifier_text

RULES = load_ruleset()

#: Struct class names like "GainCondition" (one-word ones such as "Gain" are plain words).
RECORD_CLASSES = sorted(
    name
    for name in {t.__name__ for t in get_args(m.Effect)}
    | {t.__name__ for t in get_args(m.Modifier)}
    if re.search(r"[a-z][A-Z]", name)
)
RAW = re.compile(r"kind=|\w+=\w|Struct|\{|\}|" + "|".join(rf"\b{c}\b" for c in RECORD_CLASSES))


def every_card_id() -> list[str]:
    return [i for kind in cards.KINDS for i in cards.card_ids(RULES, kind)]


def test_every_base_card_renders_in_words() -> None:
    ids = every_card_id()
    assert len(ids) == 4 + 8 + 7 + 24 + 24 + 10 + len(RULES.encounters)
    for card_id in ids:
        lines = cards.describe_card(RULES, card_id)
        assert lines[0].startswith(RULES.card_name(card_id)), card_id
        for line in lines:
            assert line.strip(), card_id
            assert not RAW.search(line), f"{card_id}: {line!r}"


def test_every_ability_says_what_it_does() -> None:
    for kind in ("classes", "skills", "conditions", "monsters"):
        for card in getattr(RULES, kind).values():
            for ability in card.abilities:
                body = cards.ability_lines(ability)[1].strip()
                assert body.endswith(".") and len(body) > 10, (card.id, ability.id)
                assert body != "Nothing happens.", (card.id, ability.id)


def test_all_effect_and_modifier_records_have_sentences() -> None:
    samples: list[m.Effect] = [
        m.Gain(amounts={"se": 2}),
        m.Lose(amounts={"food": 1}, alt=[m.Lose(amounts={"se": 2})]),
        m.Reduce(lose={"me": 1}, gain={"se": 2}),
        m.GainCondition(condition="base:poisoned", timing="now", tokens=1),
        m.AddTokens(condition="base:poisoned", amount=2),
        m.RemoveCondition(),
        m.RemoveCondition(condition="base:bleeding"),
        m.Downgrade(turns=2),
        m.GainWeapon(choices=["base:club", "base:knife"]),
        m.MonsterGain(armor=1, health=2),
        m.MonsterHeal(amount=2),
        m.Defend(),
        m.Wound(amount=1, ignore_armor=True),
        m.BreakArmor(amount=1),
        m.ExtraTurn(),
        m.RevealMore(amount=1),
        m.Commit(),
        m.GainSkill(),
        m.ModifyRoll(amount=-1),
        m.Reroll(),
        m.AttackPower(amount=1),
        m.ExtraAttack(),
        m.SkipTurn(),
        m.MonsterAttack(bonus=1),
        m.RollCheck(against="level", success=[m.Gain(amounts={"time": 1})]),
        m.GainLevel(resource="se"),
        m.ReduceLoss(),
        m.ExtraSkillChoice(),
        m.Handler(name="lose_per_token", params={"resource": "se"}),
    ]
    assert {type(e) for e in samples} == set(get_args(m.Effect))
    for e in samples:
        words = effect_text(e)
        assert words and not RAW.search(words), words
    mods: list[m.Modifier] = [
        m.WoundPower(amount=1, up_to=2),
        m.WoundCap(amount=2),
        m.IgnoreResult(result="DAZE"),
        m.RevealDelta(amount=-1),
        m.AbilityUses(amount=1),
        m.WeaponAttackCost(amounts={"se": 1}),
        m.RollBonus(amount=1),
        m.IgnoreArmor(),
        m.HungerDelta(amount=-1),
        m.RollInstead(condition="base:paralyzed", amounts={"se": 2}),
        m.WoundLoss(amount=-1),
    ]
    assert {type(x) for x in mods} == set(get_args(m.Modifier))
    for mod in mods:
        words = modifier_text(mod)
        assert words and not RAW.search(words), words


def test_monster_sheet_shows_table_and_numbers() -> None:
    lines = cards.describe_card(RULES, "base:kobold")
    assert lines[0] == "Kobold (level 1 monster, number 1)"
    assert "  Armor 1, health 3." in lines
    rows = [ln for ln in lines if re.match(r"    [1-6]  [A-Z]+: ", ln)]
    assert len(rows) == 6


def test_encounter_card_reads_spend_and_gain() -> None:
    lines = cards.describe_card(RULES, "base:spearfishing")
    assert "  Resolve: Spend 1 metal to gain 2 food." in lines
    assert "  Rest: gain 2 SE." in lines


def test_cards_command_prints_a_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "weapons"]) == 0
    out = capsys.readouterr().out
    assert "(basic weapon)" in out and "(advanced weapon)" in out
    assert out.count("weapon)") == 7


def test_cards_command_one_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--id", "vampire"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Vampire (level 4 monster, number 6)")
    assert "Trickery: not possible." in out


def test_cards_command_fits_80_columns_with_the_same_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    rules = RULES
    written = [
        line
        for k in cards.KINDS
        for i in cards.card_ids(rules, k)
        for line in cards.describe_card(rules, i)
    ]
    assert out.split() == " ".join(written).split()  # wrapped, not cut


def test_cards_command_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "dragons"]) == 2
    err = capsys.readouterr().err
    assert "unknown kind 'dragons'" in err
    assert "classes, characters, weapons, monsters, skills, conditions, encounters" in err


def test_cards_command_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "skills", "--id", "hyena"]) == 2
    err = capsys.readouterr().err
    assert "no card 'hyena' among skills" in err
    assert "wrecker" in err  # a short list is given whole
    assert main(["cards", "--id", "hyenna"]) == 2  # among every card: the close ones
    err = capsys.readouterr().err
    assert "no card 'hyenna'; did you mean: hyena," in err and "wrecker" not in err


def test_encounter_exchanges_in_menus_read_as_words() -> None:
    from unbroken.words.effects import encounter_text

    for card in RULES.encounters.values():
        words = encounter_text(card)
        assert not RAW.search(words), f"{card.id}: {words!r}"


def test_the_vocabulary_has_words_for_every_trigger_timing_and_limit() -> None:
    # The core owns these lists; the words follow them, in their order.
    from typing import get_args, get_type_hints

    from unbroken.words.vocabulary import LIMIT_WORDS, TIMING_WORDS, TRIGGER_WORDS

    assert tuple(TRIGGER_WORDS) == tuple(m.TRIGGERS)
    assert tuple(TIMING_WORDS) == m.ACTION_TIMINGS
    limits = get_args(get_type_hints(m.Ability)["limit"])
    assert tuple(LIMIT_WORDS) == tuple(x for x in limits if x)


def test_condition_cards_say_how_they_end() -> None:
    # R-COND-1: discarded as the Combat Phase of the level it is active in ends (sooner after its
    # rounds); a permanent one stays until an effect removes it. R-COND-2: tokens.
    ends = {cid: cards.describe_card(RULES, cid)[-1] for cid in RULES.conditions}
    assert ends["base:armored"] == "  Ends: only when an effect removes it."
    assert ends["base:bleeding"] == (
        "  Ends: as the Combat Phase of the level it is active in ends (after the Hunger "
        "step), or after the rounds it was gained for, if any."
    )
    assert ends["base:poisoned"] == (
        "  Ends: as the Combat Phase of the level it is active in ends (after the Hunger "
        "step), when its last token is removed, or after the rounds it was gained for, if any."
    )
    assert all(line.startswith("  Ends: ") for line in ends.values())


def test_a_weapon_says_what_it_is_crafted_from() -> None:
    # R-WEAPON-3: an upgrade is printed on the weapon it is crafted from.
    sword = cards.describe_card(RULES, "base:sword")
    assert "  Crafted from Knife: spend 2 metal + 2 time." in sword
    assert not any("Crafted from" in line for line in cards.describe_card(RULES, "base:bare-hands"))
