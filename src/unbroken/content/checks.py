"""What msgspec's types cannot catch in a loaded card: resources, amounts, ranges, names."""

from __future__ import annotations

from typing import Any

from unbroken.content.lines import Place
from unbroken.core import model

#: The most copies of one encounter card in the deck (the base game has at most 3).
MAX_COPIES = 10
#: The most ability uses a character may start with.
MAX_ABILITY_USES = 10


def upgrade_problems(upgrade: model.Upgrade, label: str) -> list[tuple[Place, str]]:
    """Return (place, message) for an upgrade's cost: known resources, and time (R-WEAPON-2)."""
    out = _amount_problems("cost", upgrade.cost, label)
    if upgrade.cost.get("time", 0) < 1:
        out.append(
            (("cost",), f"{label}: field `cost` has no `time`; crafting takes time (R-WEAPON-2)")
        )
    return out


def _amount_problems(field: str, value: dict[str, int], label: str) -> list[tuple[Place, str]]:
    """Return (place, message) for unknown resources and negative amounts in `value`."""
    out: list[tuple[Place, str]] = []
    for res, n in value.items():
        if res not in model.RESOURCES:
            out.append(((field, res), f"{label}: field `{field}` names unknown resource {res!r}"))
        elif n < 0:
            out.append(((field, res), f"{label}: field `{field}` has a negative amount"))
    return out


def check_card(card: Any, label: str) -> list[tuple[Place, str]]:
    """Return (place in the card, message) for problems msgspec's types cannot catch."""
    out: list[tuple[Place, str]] = []

    def within(prefix: Place, found: list[tuple[Place, str]]) -> None:
        out.extend(((*prefix, *place), message) for place, message in found)

    for i, ability in enumerate(getattr(card, "abilities", [])):
        at: Place = ("abilities", i)
        if ability.type == "response" and ability.trigger not in model.TRIGGERS:
            out.append(
                (
                    (*at, "trigger"),
                    f"{label}: ability {ability.id!r} field `trigger` is {ability.trigger!r}; "
                    f"expected one of {', '.join(model.TRIGGERS)}",
                )
            )
        if ability.type == "action" and ability.timing not in model.ACTION_TIMINGS:
            out.append(
                (
                    (*at, "timing"),
                    f"{label}: ability {ability.id!r} field `timing` is {ability.timing!r}; "
                    f"expected travel, combat or general",
                )
            )
        within(at, _amount_problems("cost", ability.cost, label))
        needs = ability.requires
        if needs is not None and any(not 1 <= n <= 4 for n in needs.levels):
            out.append(
                (
                    (*at, "requires", "levels"),
                    f"{label}: ability {ability.id!r} requires levels {needs.levels}; "
                    "levels are 1-4",
                )
            )
    if isinstance(card, model.Monster):
        if len(card.table) != 6:
            out.append(
                (("table",), f"{label}: field `table` has {len(card.table)} rows; expected 6")
            )
        if not 1 <= card.level <= 4:
            out.append((("level",), f"{label}: field `level` must be 1-4"))
        if card.number < 1:
            out.append((("number",), f"{label}: field `number` must be 1 or more"))
        for i, row in enumerate(card.table):
            if row.result not in model.RESULTS:
                out.append(
                    (
                        ("table", i, "result"),
                        f"{label}: unknown combat result {row.result!r}; "
                        f"expected one of {', '.join(model.RESULTS)}",
                    )
                )
    if isinstance(card, model.Encounter):
        out.extend(_amount_problems("spend", card.spend, label))
        out.extend(_amount_problems("gain", card.gain, label))
        if not 1 <= card.time <= 5:
            out.append((("time",), f"{label}: field `time` must be 1-5"))
        if not 0 <= card.copies <= MAX_COPIES:  # 0: defined, but not in the deck
            out.append((("copies",), f"{label}: field `copies` must be 0-{MAX_COPIES}"))
    if isinstance(card, model.Character):
        out.extend(_amount_problems("resources", card.resources, label))
        if not 0 <= card.ability_uses <= MAX_ABILITY_USES:
            out.append(
                (
                    ("ability_uses",),
                    f"{label}: field `ability_uses` must be 0-{MAX_ABILITY_USES}",
                )
            )
        for field in ("skills", "conditions"):
            listed: list[str] = getattr(card, field)
            for i, ident in enumerate(listed):
                if ident in listed[:i]:
                    out.append(
                        (
                            (field, i),
                            f"{label}: field `{field}` names {ident!r} twice; "
                            "a card is held once: remove one",
                        )
                    )
    if isinstance(card, model.Weapon):
        for i, atk in enumerate(card.attacks):
            within(("attacks", i), _amount_problems("cost", atk.cost, label))
        for i, up in enumerate(card.upgrades):
            within(("upgrades", i), upgrade_problems(up, label))
    out.extend(_effect_amounts(card, (), label))
    out.extend(_weapon_offers(card, (), label))
    return out


def _weapon_offers(value: Any, place: Place, label: str) -> list[tuple[Place, str]]:
    """Return (place, message) for every `gain_weapon` within `value` that offers nothing,
    or one weapon twice (a second copy of a weapon is never held, R-REWARD-2)."""
    out: list[tuple[Place, str]] = []
    if isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_weapon_offers(item, (*place, i), label))
    elif isinstance(value, model.GainWeapon):
        if not value.choices:
            out.append(
                (
                    (*place, "choices"),
                    f"{label}: `gain_weapon` offers no weapon; name at least one in `choices`",
                )
            )
        for i, weapon in enumerate(value.choices):
            if weapon in value.choices[:i]:
                out.append(
                    (
                        (*place, "choices", i),
                        f"{label}: `gain_weapon` offers {weapon!r} twice; a weapon is held "
                        "once (R-REWARD-2): remove one",
                    )
                )
    elif hasattr(value, "__struct_fields__"):
        for name in value.__struct_fields__:
            item = getattr(value, name)
            if isinstance(item, (list, tuple)) or hasattr(item, "__struct_fields__"):
                out.extend(_weapon_offers(item, (*place, name), label))
    return out


def _effect_amounts(value: Any, place: Place, label: str) -> list[tuple[Place, str]]:
    """Return (place, message) for the amounts of every Gain, Lose and Reduce within `value`
    (abilities, table rows, ambush, rewards, nested alternatives), wherever they are."""
    out: list[tuple[Place, str]] = []
    if isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_effect_amounts(item, (*place, i), label))
    elif hasattr(value, "__struct_fields__"):
        checked = model.AMOUNT_FIELDS.get(type(value), ())
        for name in value.__struct_fields__:
            item = getattr(value, name)
            if name in checked and isinstance(item, dict):
                found = _amount_problems(name, item, label)
                out.extend(((*place, *at), message) for at, message in found)
            elif isinstance(item, (list, tuple)) or hasattr(item, "__struct_fields__"):
                out.extend(_effect_amounts(item, (*place, name), label))
    return out
