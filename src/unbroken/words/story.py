"""The end-of-game summary: a finished game's event log told as a short plain-text story."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.words.endings import how_lost
from unbroken.words.vocabulary import plural, times


@dataclass
class LevelStory:
    """What happened on one level, gathered from its events."""

    level: int
    encounters: list[str] = field(default_factory=list)
    rests: int = 0
    crafted: list[str] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)
    monster: str = ""
    tricked: bool = False
    fought: bool = False
    rounds: int = 0
    defeated: bool = False
    food_eaten: int | None = None
    food_needed: int = 0


def _levels(events: Sequence[ev.Event]) -> list[LevelStory]:
    levels: list[LevelStory] = []
    for e in events:
        if isinstance(e, ev.LevelStarted):
            levels.append(LevelStory(e.level))
        if not levels:
            continue
        now = levels[-1]
        if isinstance(e, ev.EncounterResolved):
            now.encounters.append(e.card)
        elif isinstance(e, ev.Rested):
            now.rests += 1
        elif isinstance(e, ev.WeaponsSet) and e.why == "crafted":
            now.crafted.append(e.weapon or e.weapons[-1])
        elif isinstance(e, ev.SkillKept):
            now.skills.append(e.skill)
        elif isinstance(e, ev.MonsterRevealed):
            now.monster = e.monster
        elif isinstance(e, ev.MonsterTricked):
            now.tricked = True
        elif isinstance(e, ev.BattleStarted):
            now.fought = True
        elif isinstance(e, ev.RoundStarted):
            now.rounds = max(now.rounds, e.round)
        elif isinstance(e, ev.MonsterDefeated):
            now.defeated = True
        elif isinstance(e, ev.Ate):
            now.food_eaten = (now.food_eaten or 0) + e.food
            now.food_needed += e.requirement
    return levels


def _resources(res: dict[str, int]) -> str:
    parts = [f"{res[k]} {m.RESOURCE_NAMES[k]}" for k in m.RESOURCES if k != "time" and k in res]
    return ", ".join(parts) if parts else "nothing"


def story(events: Sequence[ev.Event], ruleset: Ruleset) -> str:
    """Return the summary of a finished game: who, each level, what was left, the score."""
    name = ruleset.card_name
    start = next((e for e in events if isinstance(e, ev.GameStarted)), None)
    over = next((e for e in reversed(events) if isinstance(e, ev.GameOver)), None)
    lines: list[str] = []
    if start is None:
        return "An empty game: nothing happened.\n"
    lines.append(
        f"{name(start.character)} the {name(start.cls)}, "
        f"{ruleset.difficulty_name(start.difficulty)} game, "
        f"seed {start.seed}."
    )
    for level in _levels(events):
        lines.append("")
        lines.append(f"Level {level.level}")
        travel: list[str] = []
        if level.encounters:
            travel.append(
                "took on " + ", ".join(name(c) for c in level.encounters)
                if len(level.encounters) <= 4
                else f"took on {len(level.encounters)} encounters"
            )
        if level.rests:
            travel.append(f"rested {times(level.rests)}")
        if level.crafted:
            travel.append("crafted " + ", ".join(name(w) for w in level.crafted))
        if level.skills:
            travel.append("learnt " + ", ".join(name(s) for s in level.skills))
        if travel:
            lines.append("  Travel: " + "; ".join(travel) + ".")
        else:
            lines.append("  Travel: nothing taken on.")
        if level.monster:
            met = f"  Met {name(level.monster)}"
            if level.tricked:
                met += ": tricked it and slipped past."
            elif level.fought:
                how = "defeated it" if level.defeated else "fought it"
                met += f": {how} in {plural(level.rounds, 'round')}."
            else:
                met += "."
            lines.append(met)
        if level.food_eaten is not None:
            lines.append(f"  Hunger: ate {level.food_eaten} of {level.food_needed} food needed.")
    final = fold(events)
    lines.append("")
    if over is None:
        lines.append("The game is not over.")
    elif over.won:
        lines.append(f"Won: out of the caverns after level {over.level}.")
    else:
        killer = f" ({name(over.source)})" if over.source and over.source != "hunger" else ""
        cause = over.cause or "worn out"
        lines.append(f"Lost on level {over.level}, {over.step} step: {cause}{killer}.")
        # What asked for more than was held, as the game over screen says it (#28 round
        # 20: "Resources left: 1 SE" alone read as if the blow had left 1 SE).
        lines.append(how_lost(events, final, ruleset))
    left = "Resources left" if over is None or over.won else "Resources held at the end"
    lines.append(f"{left}: {_resources(final.res)}.")
    lines.append("")
    lines.extend(_score_lines(final.res, over, ruleset))
    return "\n".join(lines) + "\n"


def _score_lines(res: dict[str, int], over: ev.GameOver | None, ruleset: Ruleset) -> list[str]:
    if over is None or not over.won:
        return ["Score: 0 (only a won game scores)."]
    lines = ["Score:"]
    for key, points in ruleset.settings.score.items():
        have = res.get(key, 0)
        if have:
            label = m.RESOURCE_NAMES.get(key, key)
            lines.append(f"  {have} {label} x {points} = {have * points}")
    lines.append(f"  Total {over.score}: {over.rank or 'no rank'}.")
    return lines
