"""Every decision of a recording, weighed by the advisor (`unbroken analyze`, the viewer).

For each decision with a choice, the one estimator (`estimator`) races the
options on the position's futures: the position's chance (its best option's,
the "before" of the chart), the chance of the option taken, and the taken
option against the best on the same futures (a paired difference with its
interval). A decision is costly when the option taken is clearly worse than
the best (its paired interval below 0) by more than COSTLY points; when the
interval holds 0 the two are about equal, whatever the point estimates say.
Decisions with one answer are skipped (nothing to choose). The recording is
verified first (`replay`), so a bad or edited file is refused with verify's
words.

An option whose outcome is certain (no die, no card revealed before the next
decision: the core's forecast says so) leads to one position, the next
decision's, and its chance IS that position's chance (docs/advisor.md): the
analysis shows that one number for it, and its paired figures — the
reference bot playing on after it, which may play the next position worse
than its best option — claim "clearly worse" only when that position's
chance agrees (round 7: "took 6 %, then 37 %" for a Craft with no roll).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.changes import what_it_changes
from unbroken.advisor.estimator import GAMES, Weighing, weigh
from unbroken.advisor.paired import Difference
from unbroken.advisor.rollouts import DEFAULT_SEED, position
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.actions import Action
from unbroken.core.forecast import DECISION, Forecast
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.replay import Recording, replay, rules_to_verify
from unbroken.words.actions import option_text

#: Points of chance lost (best option minus option taken) that make a decision costly.
COSTLY = 10.0
#: The version of the analysis files kept in the cache (a change makes them stale).
#: 3: the chance is the best option's on futures of its own (2: on the race's).
#: 4: the chance taken is the chance less what it lost on the same futures (3: the race's).
#: 5: a certain option taken has the chance of the position it led to (`led_to`).
#: 6: `bot_next`, what the reference bot played there when clearly worse than its best.
FORMAT = 6


@dataclass(frozen=True)
class Choice:
    """One decision with a choice, weighed."""

    n: int
    level: int
    kind: str
    options: int
    taken: str
    best: str
    reference: str
    #: The position's chance: its best option's (the chart's line, "before" the decision).
    before: Estimate
    #: The option taken's figure as `%` shows it: the chance before less what it lost
    #: against the best on the same futures (`Weighing.shown`; the chance itself if best),
    #: or for a certain option the chance of the position it led to (`led_to`).
    chance_taken: Figure
    #: The option taken against the best, on the futures both played.
    against_best: Difference
    #: What the option taken and the best one are sure to do (`changes.what_it_changes`).
    taken_changes: str = ""
    best_changes: str = ""
    #: The chance of the position the option taken led to for certain (nothing random
    #: between: the next decision with a choice, as weighed there): the option's chance by
    #: definition. None when a die or a card came between (or no choice came after).
    led_to: Estimate | None = None
    #: When the reference bot played the position `led_to` clearly worse than its best
    #: option: what it played there, in words (`bot_next`); else "".
    bot_next: str = ""

    @property
    def chance_best(self) -> Estimate:
        return self.before

    @property
    def certain(self) -> bool:
        """True when the option taken led to the next position for certain (`led_to`)."""
        return self.led_to is not None

    @property
    def loss(self) -> float:
        """Points of chance the option taken gave up against the best one (0 at best): the
        chance less the chance taken, as the two columns read (for an option that was
        not certain, what it lost against the best on the same futures)."""
        if self.led_to is not None:
            return 100.0 * (self.before.rate - self.led_to.rate)
        return -100.0 * self.against_best.mean

    @property
    def bot_worse(self) -> bool:
        """True when the reference bot wins less often after the option taken than after the
        best on the same futures (the paired interval below 0): what the race measures."""
        return self.against_best.worse

    @property
    def contradicted(self) -> bool:
        """True when the paired figures call the option taken worse but the position it led
        to for certain does not: the best's chance is inside (or under) that position's
        interval. The reference bot then played on worse than that position's best option,
        which is a flaw of the bot's line, not of the decision."""
        return self.bot_worse and self.led_to is not None and self.before.rate <= self.led_to.high

    @property
    def clearly_worse(self) -> bool:
        """True when the option taken is clearly worse than the best: the paired interval
        below 0, and for a certain option the position it led to clearly below the best."""
        return self.bot_worse and not self.contradicted

    @property
    def costly(self) -> bool:
        return self.clearly_worse and self.loss > COSTLY

    def verdict(self) -> str:
        """Return the decision in words: the better option and what it changes, or why not."""
        if self.taken == self.best:
            return f"the best option{self._above() or self._where_led()}"
        if self.contradicted:
            return self._bot_only()
        if not self.clearly_worse:
            if not self.against_best.games:  # an analysis from before #30: no comparison
                return f"about equal to {self.best}"
            # The paired figures first (a table cuts the line short): the chance before less
            # the chance taken is this difference (unless the option was certain).
            return (
                f"{self.against_best.points()} on the same futures: about equal to"
                f" {self.best}{self._above() or self._where_led()}"
            )
        d = self.against_best
        gain = Difference(d.behind, d.ahead, d.games)
        why, named = "", self.best
        if self.taken_changes != self.best_changes:
            taken, best = short_name(self.taken), short_name(self.best)
            # The best named short when what it does follows: its line's "Wight's ambush:
            # lose 3 SE" said the loss its changes say again (#30 round 8).
            named = best if taken != best else self.best
            taken, best = (taken, best) if taken != best else ("taken", "best")
            why = f"; {taken}: {self.taken_changes}; {best}: {self.best_changes}"
        if self.led_to is None:
            return f"{named} instead: {gain.points()}{why}"
        # The columns' gap, then the bot's paired line (round 9: 100 %, 51 %, "+62 points").
        return (
            f"{named} instead: +{round(self.loss)} points ({100 * self.before.rate:.0f} % against"
            f" the {100 * self.led_to.rate:.0f} % where this led); the reference bot playing on,"
            f" on the same futures: {gain.points()}{why}"
        )

    def _where_led(self) -> str:
        """Return what a certain option's figure is: the position it led to, on futures of its
        own (for the best, only when lower: round 9's "the best option" at 91 %, took 62 %)."""
        led, here = self.led_to, f"{100 * self.before.rate:.0f} %"
        if led is None:
            return ""
        if self.taken != self.best:  # unless the gap between the columns is the paired one
            if round(self.loss) == -round(100 * self.against_best.mean):
                return ""
            return f"; where this led reads {led.percent()} against the best's {here}"
        if round(100 * led.rate) >= round(100 * self.before.rate):
            return ""
        gap = "within the noise" if self.before.low <= led.high else "more than the noise"
        return (
            f"; where it led reads {led.percent()}: the {here} here is the same position"
            f" on other futures (this option, the reference bot playing on), {gap}"
        )

    def _above(self) -> str:
        """Return why this chance reads low when the position a certain option led to reads
        clearly above it: the bot plays on from there worse than that position's best."""
        led = self.led_to
        if led is None or self.before.high >= led.rate:
            return ""
        return (
            f"; {round(100 * self.before.rate)} % reads low here: from the position it led to"
            f" ({led.percent()}, nothing random between) the reference bot plays worse than"
            " its best option there"
        )

    def _bot_only(self) -> str:
        """Return what is measured when the paired figures and the position the option led
        to disagree: the bot's line, said as the bot's, and the position's chance."""
        d = self.against_best
        gain = Difference(d.behind, d.ahead, d.games)
        led = self.led_to.percent() if self.led_to is not None else "?"
        why = f" ({self.bot_next})" if self.bot_next else ""
        return (
            f"the reference bot wins less often after this than after {short_name(self.best)}:"
            f" {gain.points()} on the same futures{why}; but the position it led to reads"
            f" {led}, no worse than the best's {round(100 * self.before.rate)} %"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "decision": self.n,
            "level": self.level,
            "kind": self.kind,
            "options": self.options,
            "taken": self.taken,
            "best": self.best,
            "reference": self.reference,
            "before": self.before.as_json(),
            "chance_taken": self.chance_taken.as_json(),
            "chance_best": self.chance_best.as_json(),
            "against_best": self.against_best.as_json(),
            "taken_changes": self.taken_changes,
            "best_changes": self.best_changes,
            "led_to": None if self.led_to is None else self.led_to.as_json(),
            "bot_next": self.bot_next,
            "loss": round(self.loss, 1),
            "bot_worse": self.bot_worse,
            "clearly_worse": self.clearly_worse,
            "costly": self.costly,
            "verdict": self.verdict(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Choice:
        def est(d: dict[str, Any]) -> Estimate:
            return Estimate(round(d["chance"] * d["games"]), int(d["games"]))

        return cls(
            int(data["decision"]),
            int(data["level"]),
            str(data["kind"]),
            int(data["options"]),
            str(data["taken"]),
            str(data["best"]),
            str(data["reference"]),
            est(data["chance_best" if "against_best" not in data else "before"]),
            Figure.from_json(data["chance_taken"]),
            # An analysis of format 1 (before #30: each option on its own futures, "before"
            # the reference bot's option) has no paired difference: it claims nothing.
            Difference.from_json(data.get("against_best", {"ahead": 0, "behind": 0, "games": 0})),
            str(data.get("taken_changes", "")),
            str(data.get("best_changes", "")),
            est(data["led_to"]) if data.get("led_to") else None,
            str(data.get("bot_next", "")),
        )


def short_name(option: str) -> str:
    """Return an option's name without what its line adds ("Scout: pay 1 SE + 1 time, reveal
    the monster — ⚠ …" is "Scout"), for a verdict that says what it does in its own words."""
    for cut in (": ", " — ", " ("):
        option = option.split(cut, 1)[0]
    return option


@dataclass
class Analysis:
    """A recording's decisions weighed, and what they add up to."""

    games: int
    seed: int
    decisions: int
    outcome: str
    choices: list[Choice] = field(default_factory=list)

    def worst(self, count: int = 3) -> list[Choice]:
        """Return the `count` decisions clearly worse than their best option that lost most
        (costly or not), worst first."""
        lost = [c for c in self.choices if c.clearly_worse]
        return sorted(lost, key=lambda c: (-c.loss, c.n))[:count]

    def costly(self) -> list[Choice]:
        return [c for c in self.choices if c.costly]

    def level_starts(self) -> dict[int, Choice]:
        """Return each level's first weighed decision (its chance before is the level's start)."""
        starts: dict[int, Choice] = {}
        for c in self.choices:
            starts.setdefault(c.level, c)
        return starts

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "games": self.games,
            "seed": self.seed,
            "decisions": self.decisions,
            "outcome": self.outcome,
            "choices": [c.as_json() for c in self.choices],
            "worst": [c.n for c in self.worst()],
            "costly": [c.n for c in self.costly()],
            "level_starts": {
                str(level): c.before.as_json() for level, c in self.level_starts().items()
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Analysis:
        if data.get("format") not in (1, 2, 3, 4, 5, FORMAT):
            raise ValueError(f"analysis format {data.get('format')!r}, not {FORMAT}")
        return cls(
            int(data["games"]),
            int(data["seed"]),
            int(data["decisions"]),
            str(data["outcome"]),
            [Choice.from_json(c) for c in data["choices"]],
        )


@dataclass(frozen=True)
class _Position:
    n: int
    level: int
    kind: str
    game: Game
    legal: list[Action]
    taken: int
    reference: int
    #: The decision whose position the option taken led to for certain (None: chance came
    #: between, or no decision with a choice followed for certain).
    led_to: int | None = None


def positions(rec: Recording, ruleset: Ruleset) -> tuple[list[_Position], Game]:
    """Return the recording's decisions with a choice (verified first), and the game at its end.

    Raises ReplayError (or one of its kinds) when the recording does not re-run.
    """
    rules = rules_to_verify(rec, ruleset)
    replay(rec, rules, require_footer=False)
    h = rec.header
    game = Game.new(rules, h.character, h.difficulty, h.seed, h.options)
    found = []
    certain: dict[int, bool] = {}
    for d in rec.decisions:
        legal = game.legal_actions()
        certain[d.n] = _certain(game.query().forecast(d.action))
        if len(legal) > 1:
            seen = position(game)
            reference = heuristic_bot(seen, d.n)
            found.append(
                _Position(
                    d.n,
                    game.state.level,
                    game.state.decision,
                    seen,
                    legal,
                    legal.index(d.action),
                    legal.index(reference),
                )
            )
        game.apply(d.action)
    return _led_to(found, certain), game


def _certain(f: Forecast) -> bool:
    """True when nothing random comes before the next decision: the forecast reached one, or
    passed a Response window (it passes one only when it got there with nothing drawn)."""
    return f.stops == DECISION or f.passes > 0


def _led_to(found: list[_Position], certain: dict[int, bool]) -> list[_Position]:
    """Return the positions, each with the decision with a choice its option taken led to
    for certain: the next one when nothing random came between, passing decisions with
    one answer that were certain too (a position with one option has its option's chance,
    which is then the next position's)."""
    weighed = {p.n for p in found}
    led = []
    for p in found:
        m, reached = p.n, None
        while certain.get(m) and m + 1 in certain:
            m += 1
            if m in weighed:
                reached = m
                break
        led.append(replace(p, led_to=reached))
    return led


def analyze(
    rec: Recording,
    ruleset: Ruleset,
    games: int = GAMES,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Weigh every decision with a choice in `rec` (at most `games` futures per option).

    `progress(done, total)` is told as decisions are decided. The result is the
    same for any `jobs`, and the same as the estimator gives at each position alone.
    """
    found, end = positions(rec, ruleset)
    outcome = "unfinished" if end.outcome is None else "won" if end.outcome.won else "lost"
    if jobs <= 1:
        weighed = []
        for i, p in enumerate(found):
            weighed.append(weigh(p.game, p.legal, games, seed))
            if progress is not None:
                progress(i + 1, len(found))
    else:
        # lazy: only when options are weighed
        from unbroken.advisor.pool import RolloutPool, weigh_all

        with RolloutPool(ruleset if not found else found[0].game.ruleset, jobs) as pool:
            weighed = weigh_all(pool, [(p.game, p.legal) for p in found], games, seed, progress)
    at = {p.n: (p, w) for p, w in zip(found, weighed, strict=True)}
    choices = [
        replace(
            _choice(p, w, None if p.led_to is None else at[p.led_to][1].chance),
            bot_next="" if p.led_to is None else bot_next(*at[p.led_to]),
        )
        for p, w in zip(found, weighed, strict=True)
    ]
    return Analysis(games, seed, len(rec.decisions), outcome, choices)


def bot_next(p: _Position, w: Weighing) -> str:
    """Return what the reference bot plays at position `p` when that is clearly worse than
    the best option there ("it then plays Ambusher at decision 119: Pass there +28 points
    (10 to 43)"), else "". A certain option leading to `p` is weighed by the bot playing on
    from `p`: this is why such an option reads behind on the same futures though `p`'s
    chance is the best's (#30 round 8: a free Grave Sense read 38 points behind Pass, the
    bot then spending the cunning on Ambusher, itself clearly worse than Pass)."""
    if p.reference == w.best or not w.clearly_worse(p.reference):
        return ""
    d = w.difference(p.reference)
    state, rules = p.game.state, p.game.ruleset
    played = short_name(option_name(p.legal[p.reference], state, rules))
    best = short_name(option_name(p.legal[w.best], state, rules))
    gain = Difference(d.behind, d.ahead, d.games)
    return f"it then plays {played} at decision {p.n}: {best} there {gain.points()}"


def option_name(action: Action, state: GameState, rules: Ruleset) -> str:
    """Return a legal option named as the game and `unbroken play` list it: its line with
    the forecast's effective numbers, the rules that act and its warnings (#28)."""
    return option_text(action, "", state, rules)


def _choice(p: _Position, w: Weighing, led_to: Estimate | None = None) -> Choice:
    state = p.game.state
    rules = p.game.ruleset
    return Choice(
        p.n,
        p.level,
        p.kind,
        len(p.legal),
        option_name(p.legal[p.taken], state, rules),
        option_name(p.legal[w.best], state, rules),
        option_name(p.legal[p.reference], state, rules),
        w.chance,
        # As `%` shows it: the chance (the best taken) less what it lost on the same futures;
        # a certain option's is the chance of the position it led to (one position, one number).
        w.shown(p.taken) if led_to is None else Figure.of(led_to),
        w.difference(p.taken),
        what_it_changes(p.game, p.legal[p.taken]),
        what_it_changes(p.game, p.legal[w.best]),
        led_to,
    )


# ------------------------------------------------------------------- kept in the cache


def cache_path(recording: Path) -> Path:
    """Return where the analysis of the recording at `recording` is kept (by its bytes)."""
    # lazy: only when options are weighed
    from unbroken.home.paths import cache_dir

    digest = hashlib.sha256(recording.read_bytes()).hexdigest()[:24]
    return cache_dir() / "analyses" / f"{digest}.json"


def keep(recording: Path, analysis: Analysis) -> Path | None:
    """Keep `analysis` in the cache for the viewer; return where (None: it could not be)."""
    try:
        path = cache_path(recording)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(analysis.as_json()), encoding="utf-8")
    except OSError:
        return None
    return path


def kept(recording: Path) -> Analysis | None:
    """Return the kept analysis of the recording at `recording`, or None (none, or unusable)."""
    try:
        data = json.loads(cache_path(recording).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return None  # an analysis of another estimator: the viewer makes a new one
        return Analysis.from_json(data)
    except (OSError, ValueError, KeyError, TypeError):
        return None
