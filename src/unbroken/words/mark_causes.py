"""What the Display's ▲▼ marks add up from, each change by its cause (#28 round 36,
36a-7/36b-1): after a Rest taken for you on Hard the prompt said "Rest: gain 3 SE … You
lose 2 SE [Hyena's ambush]" beside "SE ▼−1", the Hyena's first strike (STEAL, −2 SE) said
only in the log. Said where the mark is explained: "SE ▼−1: +3 Rest, −2 Hyena's ambush,
−2 Hyena's STEAL (first strike)."; a condition's loss by the condition ("−1 Poisoned")."""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import StepName, Turn


class _Causes:
    """Each resource's changes over some events, by cause, in the order they came."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        self.parts: dict[str, dict[str, int]] = {}
        self.step: StepName | None = None
        self.first = False  # the monster strikes first and the player's turn has not come
        self.result = ""  # the monster's last table row ("STEAL")
        self.rested = ""  # the card rested on: its gain and time are the Rest's
        self.reset = False
        #: The causes the player did not choose: a monster's rules, a condition's.
        self.unasked: set[str] = set()

    def read(self, e: ev.Event) -> None:
        """Take one event in."""
        if isinstance(e, ev.StepEntered):
            self.step = e.step
        elif isinstance(e, ev.Rested):
            self.rested = e.card
        elif isinstance(e, ev.BattleStarted):
            self.first = e.monster_first
        elif isinstance(e, ev.TurnStarted) and e.who == Turn.PLAYER:
            self.first = False
        elif isinstance(e, ev.CombatResult):
            self.result = e.result
        elif isinstance(e, ev.TimeSet):
            self.reset = True
        elif isinstance(e, ev.Gained):
            self.add(e.amounts, 1, e.source)
        elif isinstance(e, (ev.Spent, ev.Lost)):
            self.add(e.amounts, -1, e.source)

    def cause(self, source: str) -> str:
        """Return a change's cause in words: "Rest", "Hyena's ambush", "Hyena's STEAL
        (first strike)", "Poisoned", a card's name."""
        if source and source == self.rested:
            return "Rest"
        name = self.rules.card_name(source) if source else "the game"
        if source in self.rules.monsters:
            if self.step == StepName.AMBUSH:
                return f"{name}'s ambush"
            if self.result:
                strike = " (first strike)" if self.first else ""
                return f"{name}'s {self.result}{strike}"
        return name

    def add(self, amounts: dict[str, int], sign: int, source: str) -> None:
        cause = self.cause(source)
        if source in self.rules.monsters or source in self.rules.conditions:
            self.unasked.add(cause)
        for k, n in amounts.items():
            if n:
                kept = self.parts.setdefault(k, {})
                kept[cause] = kept.get(cause, 0) + sign * n


def change_causes(events: Sequence[ev.Event], ruleset: Ruleset) -> str:
    """Return each resource that more than one cause changed over `events` (a key's, as
    the Display marks them: the net since it), or a monster's rule or a condition did
    ("SE ▼−1: −1 Poisoned.", 36b-1), with its net mark and its parts by cause:
    "SE ▼−1: +3 Rest, −2 Hyena's ambush, −2 Hyena's STEAL (first strike)." (time left
    out where the track was set anew: its mark says nothing then); "" where none is."""
    causes = _Causes(ruleset)
    for e in events:
        causes.read(e)
    said = []
    for k in m.RESOURCES:
        parts = {c: n for c, n in causes.parts.get(k, {}).items() if n}
        unasked = any(c in causes.unasked for c in parts)  # a monster's or a condition's
        if not parts or (len(parts) < 2 and not unasked) or (k == "time" and causes.reset):
            continue
        net = sum(parts.values())
        mark = f" ▲+{net}" if net > 0 else f" ▼−{-net}" if net < 0 else " ±0"
        each = ", ".join(f"{'+' if n > 0 else '−'}{abs(n)} {c}" for c, n in parts.items())
        said.append(f"{m.RESOURCE_NAMES[k]}{mark}: {each}")
    return f"{'; '.join(said)}." if said else ""
