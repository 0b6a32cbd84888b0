"""Every decision of a recording, weighed by the advisor (`unbroken analyze`, the viewer).

For each decision with a choice, the one estimator (`estimator`) races the
options on the position's futures: the position's chance (its best option's,
the "before" of the chart), the chance of the option taken, and the taken
option against the best on the same futures (a paired difference with its
interval), kept as a `Choice` (`unbroken.advisor.choice`: its figures and its
verdict). Decisions with one answer are skipped (nothing to choose), and so are those
answered as the engine proves no other answer beats (`Game.pointless`, `Game.obvious`: the
answer the game takes for the player, R-DIGI-4). The recording is
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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.changes import what_it_changes, what_it_ends
from unbroken.advisor.choice import COSTLY, Choice
from unbroken.advisor.estimator import GAMES, Weighing, weigh
from unbroken.advisor.option_names import short_name
from unbroken.advisor.paired import Difference
from unbroken.advisor.reuse import Reuse
from unbroken.advisor.rollouts import DEFAULT_SEED, position
from unbroken.advisor.sweep import sweep
from unbroken.advisor.unseen import monsters_unseen
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.actions import Action
from unbroken.core.forecast import DECISION, Forecast
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.replay import Recording, replay, rules_to_verify
from unbroken.words.actions import option_text, shared_note

#: The version of the analysis files kept in the cache (a change makes them stale).
#: 3: the chance is the best option's on futures of its own (2: on the race's).
#: 4: the chance taken is the chance less what it lost on the same futures (3: the race's).
#: 5: a certain option taken has the chance of the position it led to (`led_to`).
#: 6: `bot_next`, what the reference bot played there when clearly worse than its best.
#: 7: a stopped option's figure weighs the best's luck on its futures (#28 round 16).
#: 8: a decision answered as the engine proves best (pointless, obvious) is not weighed;
#:    `score_ahead`, what the option taken scores more than the best.
#: 9: an option of a race that ended early weighs the best's luck there (#28 round 25);
#:    `unseen`, the monsters a decision's figures average over.
#: 10: `score_ahead` below 0 where the best scores more (#28 round 26).
#: 11: `equal_best`, the other options about equal to the best (#28 round 27).
#: 12: `ends`, `best_ends`, what the option taken and the best end for certain (32a-5).
#: 13: a figure of a race that ended early says so (`early`), its verdict why Taken is not
#:     Chance less Lost (34a-6).
FORMAT = 13

# Choice, COSTLY and short_name lived here until the module was split: callers may import
# them from here (short_name is `advisor.option_names`').
__all__ = [
    "COSTLY",
    "FORMAT",
    "Analysis",
    "Choice",
    "Kept",
    "Unreadable",
    "analyze",
    "bot_next",
    "cache_path",
    "differs",
    "keep",
    "kept",
    "made_with",
    "option_name",
    "positions",
    "read_kept",
    "short_name",
]


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

    def counted_on(self, short: bool = False) -> str:
        """Return how many games its figures come from, as a verdict's reader needs it
        beside the verdict: the viewer's `a` and `unbroken analyze --games` may weigh a
        game on different counts, and a figure from fewer games is less sure (#28 round
        26: the viewer's misstep, at 100 games, was "about equal" in analyze at 50). `short`:
        the viewer's words."""
        if short:  # the viewer's chart, in the right column
            return f"from up to {self.games} games per option: another count may judge it otherwise"
        return (
            f"from up to {self.games} games per option (another count, as `a` in the replay"
            " viewer or `unbroken analyze --games`, may judge a close decision otherwise)"
        )

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
        # Every format up to this one reads (the board keeps analyses of older releases):
        # 9 was left out when 10 came (dd9609c), and a board's page of one failed.
        if data.get("format") not in range(1, FORMAT + 1):
            said = data.get("format")
            raise ValueError(f"unknown analysis format {said!r} (this release reads 1 to {FORMAT})")
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
        if len(legal) > 1 and not _proved(game, d.action):
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


def _proved(game: Game, action: Action) -> bool:
    """True when `action` is the answer the engine proves no other beats here (R-DIGI-4:
    `Game.pointless`, and its mirror `Game.obvious`), the one the game takes for the player:
    nothing to weigh, as with one answer. Weighed, its rollouts differ from the others' only
    by how the reference bot plays on (it spends 2 SE on a Snare against no armor), so the
    race called the Pass the game took "the costliest decision" (#28 round 20: +19 points
    for a Snare that does nothing)."""
    found = game.pointless() or game.obvious()
    return found is not None and found[0] == action


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
    reused: Reuse | None = None,
    reuse: bool = True,
) -> Analysis:
    """Weigh every decision with a choice in `rec` (at most `games` futures per option).

    `progress(done, total)` is told as decisions are decided. The result is the
    same for any `jobs`, and the same as the estimator gives at each position alone.
    A position that follows the one before with nothing seen takes the rollouts of the
    option that led there from it (`reuse`: the same bits, fewer rollouts; `reused`
    counts them, a fresh `Reuse()` by default; `reuse=False`: none, for comparison).
    """
    found, end = positions(rec, ruleset)
    outcome = "unfinished" if end.outcome is None else "won" if end.outcome.won else "lost"
    kept = None if not reuse else Reuse(keep=None) if reused is None else reused
    if jobs <= 1:
        weighed = []
        for i, p in enumerate(found):
            weighed.append(weigh(p.game, p.legal, games, seed, reused=kept))
            if progress is not None:
                progress(i + 1, len(found))
    else:
        # lazy: only when options are weighed
        from unbroken.advisor.pool import RolloutPool, weigh_all

        with RolloutPool(ruleset if not found else found[0].game.ruleset, jobs) as pool:
            pairs = [(p.game, p.legal) for p in found]
            weighed = weigh_all(pool, pairs, games, seed, progress, reused=kept)
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
        score_ahead=_score_ahead(p.game, p.legal[p.taken], p.legal[w.best]),
        unseen=monsters_unseen(p.game),
        equal_best=tuple(
            short_name(option_name(p.legal[k], state, rules))
            for k in w.about_equal()[1:]
            if k != p.taken
        ),
        shared=shared_note([(a, "") for a in p.legal], state, rules),
        ends=what_it_ends(p.game, p.legal[p.taken]),
        best_ends=what_it_ends(p.game, p.legal[w.best]),
    )


def _score_ahead(game: Game, taken: Action, best: Action) -> int:
    """Return what `taken` would score more than `best` if the game is won (below 0: less)."""
    if taken == best:
        return 0
    query = game.query()
    return query.score_after(taken) - query.score_after(best)


# ------------------------------------------------------------------- kept in the cache


def made_with(rec: Recording, ruleset: Ruleset, games: int, seed: int) -> dict[str, Any]:
    """Return what an analysis of `rec` depends on beyond the recording itself (whose bytes
    name its file, `cache_path`): the rules it is weighed with (`rules_to_verify`: their
    content digest and plugins at their versions), this release of unbroken and the
    analysis format (the estimator, the reference bot), the futures per option at most and
    the advisor's seed. Not the workers: any count gives the same analysis.

    Raises ReplayError (or one of its kinds) when the recording's plugins cannot be had."""
    # lazy: the package's front door, only for its version
    from unbroken import __version__

    rules = rules_to_verify(rec, ruleset)
    return {
        "unbroken": __version__,
        "format": FORMAT,
        "ruleset": rules.digest,
        "plugins": dict(sorted(rules.plugins.items())),
        "games": games,
        "seed": seed,
    }


def cache_path(recording: Path, digest: str = "") -> Path:
    """Return where the analysis of the recording at `recording` is kept: named by its bytes,
    those it was read from (`digest`: `Recording.digest`), else those the file holds now.
    The bytes read, not the file's when the analysis is kept: a game played on while it was
    weighed (its file growing) had the analysis of its first decisions kept as the analysis
    of all of them, and shown as such (a49)."""
    # lazy: only when options are weighed
    from unbroken.home.paths import cache_dir

    digest = digest or hashlib.sha256(recording.read_bytes()).hexdigest()
    return cache_dir() / "analyses" / f"{digest[:24]}.json"


def keep(
    recording: Path, analysis: Analysis, made: dict[str, Any] | None = None, digest: str = ""
) -> Path | None:
    """Keep `analysis` in the cache for the viewer and `unbroken analyze`, with what it was
    made with (`made_with`), when and of which recording; return where (None: it could not
    be). `digest`: of the bytes the analysis is of (`Recording.digest`; `cache_path`). Those
    that can never be shown again go (`sweep`: of this recording's bytes before, of a
    recording gone, of another format)."""
    data = analysis.as_json()
    if made is not None:
        data["made_with"] = made
    data["kept_on"] = datetime.now(UTC).isoformat(timespec="seconds")
    try:
        data["recording"] = of = str(recording.resolve())
        path = cache_path(recording, digest)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
    except OSError:
        return None
    sweep(path, of, FORMAT)
    return path


@dataclass(frozen=True)
class Kept:
    """An analysis found in the cache: what it was made with (None: kept before that was
    said) and when it was kept (None: likewise)."""

    analysis: Analysis
    made_with: dict[str, Any] | None
    on: datetime | None

    def when(self) -> str:
        """Return when it was kept, in words: "28 Nov 2026, 18:17 UTC" ("" unsaid)."""
        return "" if self.on is None else self.on.astimezone(UTC).strftime("%d %b %Y, %H:%M UTC")


class Unreadable(Exception):
    """A kept analysis that cannot be read (a damaged or foreign file)."""


def read_kept(recording: Path, digest: str = "") -> Kept | None:
    """Return the kept analysis of the recording at `recording` (of the bytes `digest` names,
    `cache_path`) made by this analysis format, or None (none kept, or one of another
    format: stale, not damaged).

    Raises Unreadable when a file is there but cannot be read as an analysis."""
    try:
        path = cache_path(recording, digest)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeError) as exc:
        why = f"{exc.strerror or exc}" if isinstance(exc, OSError) else "not text"
        raise Unreadable(why) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise Unreadable("damaged: not JSON") from None
    try:
        if not isinstance(data, dict):
            raise Unreadable("not an analysis")
        if data.get("format") != FORMAT:
            return None  # an analysis of another estimator: a new one is made
        made = data.get("made_with")
        on = data.get("kept_on")
        return Kept(
            Analysis.from_json(data),
            made if isinstance(made, dict) else None,
            datetime.fromisoformat(on) if isinstance(on, str) else None,
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        raise Unreadable("not an analysis") from None


def kept(recording: Path, digest: str = "") -> Analysis | None:
    """Return the kept analysis of the recording at `recording` (of the bytes `digest`
    names, `cache_path`), or None (none, or unusable)."""
    try:
        found = read_kept(recording, digest)
    except Unreadable:
        return None
    return None if found is None else found.analysis


def differs(kept: Kept, made: dict[str, Any]) -> str:
    """Return how a kept analysis was made otherwise than `made` would make it, in words
    ("was made with 50 games per option"), or "" when the same."""
    was = kept.made_with
    if was == made:
        return ""
    if was is None:
        return "does not say how it was made (an earlier release kept it)"
    said = []
    if was.get("games") != made["games"]:
        said.append(f"with {was.get('games')} games per option")
    if was.get("seed") != made["seed"]:
        said.append(f"with advisor seed {was.get('seed')}")
    if (was.get("ruleset"), was.get("plugins")) != (made["ruleset"], made["plugins"]):
        said.append("with other rules or plugins")
    if (was.get("unbroken"), was.get("format")) != (made["unbroken"], made["format"]):
        said.append(f"by unbroken {was.get('unbroken')}")
    return f"was made {', '.join(said) or 'otherwise'}"
