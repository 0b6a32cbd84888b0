"""Why a gain or a skill draw comes, where its event does not say it.

The engine tags a rest's SE with the card rested on (the card's time is what the
rest gives, R-TRAVEL-5), and a skill draw carries no source at all: the Rewards
step may draw twice, for a monster whose reward is a skill and then for the
level (R-REWARD-1), with nothing in the log to tell the two apart (#28 round 9).
Following the events, this says it: "You gain 4 SE [Rest]", "You lose 4 time [Rest]",
"Skills drawn (the Bugbear Warlord's reward): …", then "Skills drawn (level 3's skill,
R-REWARD-1): …".
"""

from __future__ import annotations

from collections.abc import Callable

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import StepName


class Sources:
    """Follows a game's events for the rest under way and the skill draws to come."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: The card just rested on: the SE gained next is the Rest's.
        self.resting = ""
        #: And the time lost next is the Rest's too (the card's time, R-TRAVEL-5/6).
        self.rest_time = ""
        #: Why each skill draw still to come in this Rewards step is made, in order.
        self.draws: list[str] = []
        #: A draw is under way (a reshuffle splits one draw in two events).
        self.drawing = False

    def see(self, e: ev.Event, monster_id: str, level: int) -> None:
        """Follow one event, before its line is made."""
        if isinstance(e, ev.Rested):
            self.resting = self.rest_time = e.card
        elif isinstance(e, ev.Awaiting):
            self.resting = self.rest_time = ""
        elif isinstance(e, ev.SkillKept):
            self.drawing = False
        elif isinstance(e, ev.StepEntered) and e.step == StepName.REWARDS:
            self.draws = self._reward_draws(monster_id, level)

    def _reward_draws(self, monster_id: str, level: int) -> list[str]:
        # core.combat.rewards: the monster's rewards act first, then the level's draw.
        said = []
        sheet = self.rules.monsters.get(monster_id)
        if sheet is not None and any(isinstance(x, m.GainSkill) for x in sheet.rewards):
            said.append(f"the {sheet.name}'s reward")
        if level <= m.SKILL_LEVELS:
            said.append(f"level {level}'s skill")
        return said

    def gain_tag(self, e: ev.Gained) -> str:
        """Return "Rest" for the SE a rest gives, "" for any other gain."""
        resting, self.resting = self.resting, ""
        return "Rest" if resting and e.source == resting else ""

    def lost_tag(self, e: ev.Lost) -> str:
        """Return "Rest" for the time a rest takes (tagged by the engine with the card
        rested on: #28 round 16 read "You lose 4 time [Suspicious Mushrooms]" as the
        card's doing), "" for any other loss."""
        resting = self.rest_time
        if resting and e.source == resting and e.amounts.get("time"):
            self.rest_time = ""
            return "Rest"
        return ""

    def drawn(self, e: ev.SkillsDrawn, name: Callable[[str], str]) -> str:
        """Return the log's line of a skill draw, with why it is made when a Rewards step
        draws ("Skills drawn (level 3's skill, R-REWARD-1): Sidestep, Quick Study.")."""
        why = "" if self.drawing else (self.draws.pop(0) if self.draws else "")
        self.drawing = True
        said = f"Skills drawn ({why}): " if why else "Skills drawn: "
        return said + ", ".join(name(c) for c in e.cards) + "."
