"""Joining the plugins' packs to the base game's: monster faces replaced, upgrade edges added."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from unbroken.content import Problem, UpgradeEdge, missing_edge_weapons
from unbroken.core.model import Pack, Weapon
from unbroken.core.ruleset import RulesetError


def compose(contributions: Sequence[Any]) -> list[Pack]:
    """Return the packs of `contributions` (loading's, each with `name`, `packs` and
    `upgrades`) in load order with monster faces replaced and upgrade edges added.

    Raises RulesetError naming the file:line of each edge whose `from` or `to`
    is no weapon of its own or an earlier pack.
    """
    packs: list[Pack] = []
    for contribution in contributions:
        for pack in contribution.packs:
            faces = {(m.level, m.number) for m in pack.monsters}
            packs = [
                msgspec.structs.replace(
                    p, monsters=[m for m in p.monsters if (m.level, m.number) not in faces]
                )
                if any((m.level, m.number) in faces for m in p.monsters)
                else p
                for p in packs
            ]
            packs.append(pack)
        known = {w.id for p in packs for w in p.weapons}
        problems: list[Problem] = []
        for edge in contribution.upgrades:
            found = missing_edge_weapons(edge, contribution.name, known)
            if found:
                problems.extend(found)
            else:
                packs = _add_upgrade(packs, edge)
        if problems:
            raise RulesetError("\n".join(str(p) for p in problems))
    return packs


def _add_upgrade(packs: list[Pack], edge: UpgradeEdge) -> list[Pack]:
    """Return `packs` with the edge's upgrade appended to the upgrades of its weapon."""
    for i, pack in enumerate(packs):
        weapons: list[Weapon] = list(pack.weapons)
        for j, weapon in enumerate(weapons):
            if weapon.id == edge.weapon:
                upgrades = [*weapon.upgrades, edge.upgrade]
                weapons[j] = msgspec.structs.replace(weapon, upgrades=upgrades)
                return [*packs[:i], msgspec.structs.replace(pack, weapons=weapons), *packs[i + 1 :]]
    return packs
