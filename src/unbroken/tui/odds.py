"""The odds on the game screen: `%` shows every option's chance of winning as it is estimated.

The chance of an option is the share of games won when the player takes it
and then plays like the reference bot, from forks whose hidden information
is drawn anew. The one estimator (`unbroken.advisor.estimator`) races the
options on the position's futures, drawn from what the player sees, so the
same position shows the same figures here, in `unbroken play`, in `unbroken
analyze` and in the replay viewer's chart. Rollouts run in worker processes;
a timer adds up the finished ones four times a second, so the screen never
waits. The odds stop when the player acts or presses `%` again, and by
themselves when the race ends (at MOST games per option at the latest).
An option the futures cannot tell from another (the same futures won and lost, the
same figure: `advisor.twins`) reads "[same futures as 2]" (32a-3; 35b-8: "[same as 2]"
read as the same move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.timer import Timer

from unbroken.advisor.chances import Figure, no_use_figure
from unbroken.advisor.changes import what_it_ends
from unbroken.advisor.estimator import GAMES, Weighing
from unbroken.advisor.pool import Anytime, shared_pool
from unbroken.advisor.readings import chance_read, leaders
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.advisor.twins import twins
from unbroken.advisor.unseen import unseen_words
from unbroken.advisor.verdict import in_short
from unbroken.core import actions as act
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import OPTION_KEYS

if TYPE_CHECKING:
    from unbroken.tui.game import GameScreen

#: The key (the same in `unbroken play`), as a binding of the game screen.
BINDING = Binding("percent_sign", "odds", "Odds", key_display="%")
#: Seconds between looks at the finished rollouts.
POLL = 0.25
#: Games per option after which the odds stop by themselves (the estimator's, as everywhere).
MOST = GAMES


def odds_text(figure: Figure | None) -> str:
    """Return an option's odds as its line shows them: "[41% 35-47]" (the figure the
    estimator shows: the best's is the chance here, the others' that less what they lost
    on the same futures), "[30% behind]" for an option clearly behind the best (its
    paired interval below 0: the verdict's "clearly behind", and only that; "[0-12%
    behind]" where that rounds to 0: its interval, 0 to its top), "[34%
    stopped]" for one the race left early that is not clearly behind (about equal in the
    verdict; "[≤38% stopped]" when it lost nothing to the best on the futures both
    played: never the best's own figure, but for "0%", where the best's reads 0% too and
    the verdict says every option is about 0%), "[  …  ]" before any. "≤" means one
    thing only: at most the best's (33b-3 read "[≤33% behind]" beside 89 % as both "lost
    nothing to the best" and "clearly behind")."""
    if figure is None or not figure.games:
        return "[  …  ]"
    f = figure
    if f.behind:
        if not round(100 * f.rate):
            # Its loss on the same futures reaches the chance here, so the figure is held at
            # 0: said as what is known, its interval from 0 to its top (30b-12: "[0% behind]"
            # for a Downgrade beside 60-73 % read as a floor or a placeholder), never with
            # "≤", the mark of a bound at the best's figure ("[≤38% stopped]"): 33b-3 read
            # "[≤33% behind]" beside 89 % as that bound and as clearly behind at once.
            # Where the top rounds to 0 too, the best's own figure reads 0% (an option clearly
            # behind is below it), so "0%" as its line says, never "<1%", which read above it
            # (31b-5: "[<1% stopped]" beside the leaders' "[0% 0-5]").
            top = round(100 * f.high)
            return f"[0-{top}% behind]" if top else "[0% behind]"
        return f"[{100 * f.rate:.0f}% behind]"
    if f.stopped:
        # A bound that rounds to 0 is the best's own 0%: "0%" as the best's line says it
        # ("≤0%" read as a riddle, #28 round 15; "<1%" above the best's "0%", 31b-5).
        at_most = "≤" if f.at_most and round(100 * f.rate) else ""
        return f"[{at_most}{100 * f.rate:.0f}% stopped]"
    if f.early:
        # The race ended early (one option left, or all settled) with this option behind
        # the best there: its figure allows for the best's luck on those futures, as a
        # stopped one's does, so not the chance less its loss; analyze and the viewer say
        # "the race ended early" (format 13's `early`), the line "early" (v52's note: it
        # read "[30% 21-41]" as any other).
        return f"[{100 * f.rate:.0f}% early]"
    return f"[{100 * f.rate:.0f}% {100 * f.low:.0f}-{100 * f.high:.0f}]"


def same_text(key: str) -> str:
    """Return the odds of an option whose results the futures cannot tell from option
    `key`'s (`twins.twins`): "[same futures as 2]", not its figure again (32a-3: five
    options at exactly "[51% behind]" read as one number copied). Not "[same as 2]": 35b-8
    read "8. [same as 6] Delve" beside "6. Orienteer" as a claim the two did the same; they
    differ, the reference bot's futures after both went the same way. The key as its row
    shows it, "0" too: on its own row beside "0." it reads as that row, and "[same futures
    as 0 (option 10)]" (the verdict's name for it) left no room at 80x24 for the option's
    own name ("4. [same futures as 0 (option 10)]…", "a. … Craft the…" above "b. … Craft
    the…": 35's note)."""
    return f"[same futures as {key}]"


def no_use_text(figure: Figure | None, passing: Figure | None, name: str) -> str:
    """Return the odds of an option marked "no use now" as its line shows them: "[at most
    Skip's 85%]", "[88% no use]" (`chances.no_use_figure`), "[  …  ]" before any."""
    return f"[{no_use_figure(figure, passing, name)}]" if figure and figure.games else "[  …  ]"


def status_text(
    odds: Anytime,
    verdict: str = "",
    leader: str = "",
    unseen: str = "",
    here: tuple[float, str] | None = None,
) -> str:
    """Return the line under the prompt, three rows at most at 80x24: the games the odds
    come from and, while they run, how far the stage under way got (its futures counted as
    they finish, so it moves; the option ahead so far, `leader`, by its key), the games
    those the figures shown rest on (`Weighing.games_shown`): "Odds (100 games each): running,
    16 of 36 more futures played; 1 ahead so far; % stops them";
    once done, the position's chance (its best option's, on futures of its own: its
    interval on the best's line), "monster unknown" where it averages over the monsters
    the level's may be (`unseen`, round 24), and the verdict in plain words
    (`verdict.in_short`): "Odds (16-100 games each): chance here 13%, monster unknown;
    1 leads; 2 and 5 about equal". #28 round 28: its gaps and intervals took 9 rows.
    `here`: the chance as the lines read it and whose, in words (`chance_here`), where the
    race's best is of no use now; None: the position's chance."""
    if odds.error:
        return f"Odds stopped: {odds.error}"
    weighing = odds.weighing()
    games = odds.games
    # Three rows of the 80x24 screen at most (#28 round 28: nine rows of gaps and
    # intervals left 4 options in sight): the chance's interval is on the best's line.
    # Why fewer than most, in a word (round 22 read "up to 64" beside 100 as unexplained).
    early = "race ended early" if odds.race.cut_short() else ""
    # The games the figures shown rest on; none before any figure, where the count
    # running says how far it got (31a-2: "16 games each" stood beside no figure).
    each = weighing.games_shown()
    said = [f"{each} games each" if each else "", early]
    head = f"Odds ({', '.join(x for x in said if x)})" if any(said) else "Odds"
    done, count = odds.under_way()
    if not odds.finished:
        begun = bool(games) or odds.race.decided
        more = " more" if begun else ""
        said = [f"running, {done} of {count}{more} futures played" if count else "starting"]
        if begun and leader:
            said.append(f"{leader} ahead so far")
        said.append("% stops them")
        return f"{head}: {'; '.join(said)}"
    said = []
    if odds.race.decided:
        if weighing.weighed:
            # The figure against its unit, as on the options' lines ("[83% 74-90]"): the
            # screen's wrapper breaks at any space, a no-break one too, and "chance here
            # 31" then "%" was read at 80x24 (#28 round 28).
            rate, whose = here if here is not None else (weighing.chance.rate, "")
            chance = f"chance here {round(100 * rate)}%{whose}"
            said.append(f"{chance}{', monster unknown' if unseen else ''}")
        if verdict:
            said.append(verdict)
    return f"{head}: {'; '.join(said)}" if said else head


class GameOdds:
    """The odds of one game screen (`%` toggles them)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: The advisor's own stream (the futures come from it and the position as seen):
        #: never the game's seed.
        self.seed = DEFAULT_SEED
        self.anytime: Anytime | None = None
        self.timer: Timer | None = None
        #: The position the odds are of (the game's event count then).
        self.at = -1
        self.legal: list[int] = []
        #: The options marked "no use now", and the one that does nothing (Pass, Skip).
        self.no_use: set[int] = set()
        self.passing: int | None = None
        #: What the chance averages over unseen (the level's monster), in words.
        self.unseen = ""
        #: What each legal option ends for certain, in their order (`changes.what_it_ends`):
        #: the verdict says which ends the battle (a killing blow and Skip your turn both
        #: ~100 % "shared the lead", round 32).
        self.ends: list[str] = []

    @property
    def shown(self) -> bool:
        return self.anytime is not None

    def toggle(self) -> None:
        if self.shown:
            self.stop()
            self.draw()
            self.screen.query_one(HintBox).back()  # the hint put aside for them
        else:
            self.start()

    def start(self) -> None:
        screen = self.screen
        game = screen.game
        self.legal = [i for i, (_, why) in enumerate(screen.offered) if not why]
        if game.decision is None or not self.legal:
            screen.notify("No decision to give the odds of.")
            return
        actions = [screen.offered[i][0] for i in self.legal]
        self.no_use, self.passing = marked(screen, self.legal)
        self.unseen = unseen_words(game)
        self.ends = [what_it_ends(game, a) for a in actions]
        screen.session.assisted = True  # the recording says the odds were shown
        screen.query_one(HintBox).aside()  # back when they are hidden, its time left
        self.at = len(game.events)
        pool = shared_pool(game.ruleset)
        self.anytime = Anytime(pool, game, actions, self.seed, most=MOST)
        self.timer = screen.set_interval(POLL, self.tick)
        self.draw()

    def tick(self) -> None:
        odds = self.anytime
        if odds is None:
            return
        if len(self.screen.game.events) != self.at:  # the player acted: these odds are old
            self.stop()
            return
        odds.poll()
        if odds.finished and self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.draw()

    def stop(self) -> None:
        """Stop estimating and forget the odds (the next draw shows the options without them)."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if self.anytime is not None:
            self.anytime.stop()
        self.anytime = None

    def marks(self) -> tuple[dict[int, str], str]:
        """Return what the odds add to the decision now: each option's odds by its index,
        and the status line under the prompt (nothing when they are not shown; odds of a
        position the player has left are stopped first)."""
        if self.shown and len(self.screen.game.events) != self.at:
            self.stop()  # the player acted: these odds are of a position gone
        odds = self.anytime
        if odds is None:
            return {}, ""
        weighing = odds.weighing()
        passing = self.legal.index(self.passing) if self.passing is not None else None
        name = "" if self.passing is None else type(self.screen.offered[self.passing][0]).__name__
        no_use = [self.legal.index(i) for i in self.no_use]
        keys = [OPTION_KEYS[i] for i in self.legal]
        rows = row_texts(weighing, keys, no_use, passing, name)
        texts = dict(zip(self.legal, rows, strict=True))
        verdict = verdict_text(weighing, self.legal, no_use, self.ends, passing)
        leader = running_leader(weighing, self.legal, no_use)
        here = chance_here(weighing, self.legal, no_use, passing)
        return texts, status_text(odds, verdict, leader, self.unseen, here)

    def draw(self) -> None:
        """Give the decision the odds as they are now (it redraws when they changed)."""
        self.screen.decision_panel.odds = self.marks()


def chance_here(
    weighing: Weighing, legal: list[int], no_use: Sequence[int] = (), passing: int | None = None
) -> tuple[float, str] | None:
    """Return the status line's chance as the lines read it, and whose in words, where the
    race's best is of no use now and its line reads below it (`readings.chance_read`): the
    leading line's figure, that line named by the verdict after it ("chance here 33%; 2
    leads; 1 of no use now"), or where no line leads the best's, said as its (" (1's)");
    None: the position's own chance (v53's note: "chance here 40%" shown by no line)."""
    chance, whose = chance_read(weighing, no_use, passing)
    if whose is None:
        return None
    said = f" ({_key_name(OPTION_KEYS[legal[whose]])}'s)" if whose == weighing.best else ""
    return chance.rate, said


def row_texts(
    weighing: Weighing,
    keys: Sequence[str],
    no_use: Sequence[int] = (),
    passing: int | None = None,
    name: str = "",
) -> list[str]:
    """Return each weighed option's odds as its line shows them (`keys[k]`: the key of
    option k; `no_use`: the options marked "no use now"; `passing`: the one that does
    nothing, named `name`, "Skip"), all by their places in the weighing: its figure
    (`odds_text`), an option of no use now's bound (`no_use_text`), or "[same futures as
    2]" (`same_text`). The verdict names its leaders off the same figures
    (`readings.leaders`)."""
    shown = weighing.shown_all
    texts = [odds_text(f) for f in shown]
    bound = shown[passing] if passing is not None else None
    for k in no_use:
        texts[k] = no_use_text(shown[k], bound, name)
    # The option that does nothing keeps its figure where an option of no use reads it
    # as its bound ("at most Skip's 0%" beside "[same as 5]" sent the reader on twice).
    first = [passing] if passing is not None else []
    apart = [*no_use, *(first if no_use else [])]
    for k, j in twins(weighing, apart, first).items():
        texts[k] = same_text(keys[j])
    return texts


def verdict_text(
    weighing: Weighing,
    legal: list[int],
    no_use: Sequence[int] = (),
    ends: Sequence[str] = (),
    passing: int | None = None,
) -> str:
    """Return the odds' verdict with each option named by the key that takes it (the
    tenth option is "0 (option 10)": the key pressed and where it is, not "10", which no
    key is, nor a bare "0" that reads as a number: round 14's "0 the same as 1 (-8 to 8
    points)", nor "key 0", which round 16 could not place); "" with one option to weigh.
    When the best is an option marked no use now (`no_use`, by their places in `legal`),
    the verdict says so (`Weighing.ranking`). `ends`, what each option in `legal` ends for
    certain: which ends the battle is said first (`verdict.in_short`); `passing`, the place
    in `legal` of the option that does nothing (Skip, Pass), whose figure an option of no
    use now reads as its bound."""
    if len(legal) < 2:
        return ""

    def name(k: int) -> str:
        return _key_name(OPTION_KEYS[legal[k]])

    return in_short(weighing, name, no_use, ends, passing)


def running_leader(weighing: Weighing, legal: list[int], no_use: Sequence[int] = ()) -> str:
    """Return the key of the option ahead so far, for the running header ("1 ahead so
    far"): the race's leader, but never one marked "no use now" (`no_use`, by places in
    `legal`), whose line reads Skip's bound: then the first line that leads
    (`readings.leaders`), none where no line does yet (36a-1's words in the running
    header); "" with one option."""
    if len(legal) < 2:
        return ""
    ahead = weighing.best
    if ahead in no_use:
        lead = leaders(weighing, no_use)
        if not lead:
            return ""
        ahead = lead[0]
    return _key_name(OPTION_KEYS[legal[ahead]])


def marked(screen: GameScreen, legal: list[int]) -> tuple[set[int], int | None]:
    """Return the options the decision marks "no use now" (as their lines say it: the
    panel's `option_no_use` of each, not read back out of the words) and the one that does
    nothing (Pass, or Skip), by index. A card kept only to rest on it is of use, the rest
    (the panel's `rests`: "no use now: no condition in play: rest, gain 4 SE")."""
    panel = screen.decision_panel
    reasons, rests = panel.no_use, panel.rests
    no_use = {
        i for i in legal if i < len(reasons) and reasons[i] and not (i < len(rests) and rests[i])
    }
    passing = None
    for i in legal:
        if isinstance(screen.offered[i][0], act.Pass | act.Skip):
            passing = i
    return no_use, passing


def _key_name(key: str) -> str:
    """Return how the verdict names an option's key: "3", "a", but "0 (option 10)"."""
    return "0 (option 10)" if key == "0" else key
