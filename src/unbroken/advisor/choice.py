"""One decision with a choice, weighed: its figures and its verdict in words.

A `Choice` holds the position's chance (its best option's, "before"), the option
taken's figure and the taken option against the best on the same futures (a paired
difference with its interval). A decision is costly (a "misstep" in its words: the game
says "costly" of an option that spends, #28 round 23) when the option taken is
clearly worse than the best (its paired interval below 0) by more than COSTLY
points (an option that led to the next position for certain: by both its figures,
`Choice.split`); when the interval holds 0 the two are about equal, whatever the point
estimates say. `unbroken analyze` and the viewer show `Choice.verdict()`;
`unbroken.advisor.analysis` finds and weighs the decisions of a recording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.estimator import STAGES
from unbroken.advisor.option_names import in_sentence, short_name
from unbroken.advisor.paired import Difference, bound
from unbroken.advisor.unseen import decided_note
from unbroken.advisor.verdict import lost, lost_words, who_ends
from unbroken.words.vocabulary import plural

#: Points of chance lost (best option minus option taken) that make a decision costly.
COSTLY = 10.0


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
    #: What the option taken would score more than the best if the game is won (what each
    #: is sure to pay and gain, `Query.score_after`): the chance counts winning only, so a
    #: treasure taken for its points reads as a loss (#28 round 20: "Resolve Gem Vein",
    #: 20 of a won game's 85 points, its only costly decision). Below 0: the best scores
    #: more, said where the two are about equal (round 26: "Eat 1 food — score 48" about
    #: equal to "Eat 0 food — score 45", both won in every future).
    score_ahead: int = 0
    #: How many monsters the level's may be, unrevealed at this decision (`unseen`): its
    #: figures average over them, which `%` says and analyze and the viewer say too (#28
    #: round 24: 58 % to fight, then 2 % against the Basilisk; 0: the monster known).
    unseen: int = 0
    #: The other options about equal to the best (not clearly worse on the same futures),
    #: the one taken left out, by their short names: a verdict naming the best alone read as
    #: if its own doing made the gap (#28 round 27: "Plan instead: +14 points …; Plan: pays
    #: 4 SE, gains 1 cunning" against an untrickable Wyvern, where every option but Fight
    #: won every future, the reference bot exploring before the fight after any of them).
    equal_best: tuple[str, ...] = ()
    #: What every option of the decision ends with alike, as the game says it once under
    #: the prompt (`words.actions.shared_note`: "⚠ time runs out: the monster ambushes
    #: you"): a row short of room leaves it out first (31a-6). "" for none.
    shared: str = ""
    #: What the option taken and the best one end for certain (`changes.what_it_ends`):
    #: "ends the battle", "wins the game" or "". The chance counts winning only, so a
    #: killing blow and Skip your turn can win as often: the verdict says which ends the
    #: battle (32a-5: "about equal to Skip your turn" for "Spike Thrower — defeats it").
    ends: str = ""
    best_ends: str = ""

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
        # Never more than the best's own chance: the option taken has none below 0 (32a-2:
        # a misstep of "+16 points" from a position of 1 %, its points the race's futures').
        return min(-100.0 * self.against_best.mean, 100.0 * self.before.rate)

    @property
    def beyond_chance(self) -> bool:
        """True when the option taken lost more points against the best on the race's
        futures than the best's own chance (on futures of its own) has: those futures went
        better for the best than its own did (the winner's curse the chance's own futures
        are there to take out). 32a-2 read "1 % before it …, took 0 % (0-1) … Downgrade
        instead: +16 points (1 to 29)": 5 futures of 32 won only after Downgrade, which won
        1 of its own 100."""
        gain = -self.against_best.mean
        return self.led_to is None and round(100 * gain) > round(100 * self.before.rate)

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
    def uncertain(self) -> bool:
        """True when the option taken is clearly worse only at the look the race stopped it
        at: a race stops an option at the first stage where its interval clears 0, so
        that interval sits on 0's edge ("+16 points (0.3 to 29) on 32 futures, stopped
        early": 5 futures to none, #28 round 16); over every look the race took (95 % over
        all, `Difference.interval_over`) it holds 0. Not costly then. Its looks are its
        stages times the other options it held against the leader at each, the leader chosen
        on those same futures: #28 round 28 read "+31 points (2 to 54) on 16 futures,
        stopped early" (5 futures to none, one stage of 7 options) marked "!" beside a
        header saying "?" is "clearly worse only where the race stopped it"."""
        if self.led_to is not None or not self.cut_short or not self.bot_worse:
            return False
        d = self.against_best
        stages = len([end for end in STAGES if end <= d.games]) or 1
        return d.interval_over(stages * max(1, self.options - 1))[1] >= 0

    @property
    def cut_short(self) -> bool:
        """True when the race did not play the option taken to its budget: it stopped the
        option early, or the race itself ended early (one option left, or all settled:
        `Figure.early`), at a look where it was behind: its figure then allows for the best's
        luck there, so Taken need not be Chance less Lost (34a-6)."""
        return self.chance_taken.stopped or self.chance_taken.early

    @property
    def split(self) -> bool:
        """True when a certain option's two figures of its loss fall either side of COSTLY:
        the columns' gap (the position it led to, on futures of its own) over it, the
        reference bot's paired line on the same futures not. A misstep is one by both: #28
        round 29 read "+12 points (81 % against the 69 % …); … on the same 100 futures: +8
        points" marked a misstep "by more than 10 points"."""
        paired = -100.0 * self.against_best.mean
        return self.led_to is not None and self.loss > COSTLY and paired <= COSTLY

    @property
    def costly(self) -> bool:
        return self.clearly_worse and self.loss > COSTLY and not self.uncertain and not self.split

    def verdict(self) -> str:
        """Return the decision in words: the better option and what it changes, or why not;
        then what its figures averaged over unseen ("monster unknown when this was decided:
        averaged over the 7 it might be"), as `%` says it beside them (`decided_note`)."""
        unseen = decided_note(self.unseen)
        return self._verdict() + (f" ({unseen})" if unseen else "")

    @property
    def hopeless(self) -> bool:
        """True when the chance before reads 0 % and so does every option's (none above it;
        where this led too, if certain): no best among them, as `%` says it (31b-5,
        `verdict.lost`); the verdict is `verdict.lost_words`."""
        return lost(self.before.rate) and (self.led_to is None or lost(self.led_to.rate))

    def _verdict(self) -> str:
        if self.hopeless:
            return lost_words(self.before)
        if self.taken == self.best:
            return f"the best option{self._above() or self._where_led()}"
        if self.contradicted:
            return self._bot_only()
        if not self.clearly_worse:
            if not self.against_best.games:  # an analysis from before #30: no comparison
                return f"about equal to {in_sentence(self.best)}"
            if self.ends != self.best_ends:
                return self._ends_apart()
            # The paired figures first (a table cuts the line short): the chance before less
            # the chance taken is this difference (unless the option was certain). An
            # interval either side of 0 is said so, not as a signed size: 30b-10 read "-12
            # points (-28 to 4) …: about equal to Skip your turn" as a misstep's size.
            low, high = self.against_best.interval
            size = (
                f"too close to tell ({bound(low)} to {bound(high)} points)"
                if low < 0 <= high
                else self.against_best.points()
            )
            return (
                f"{size} on the same futures: about equal to"
                f" {in_sentence(self.best)}{self._above() or self._where_led()}"
                f"{self._scores_equal()}"
            )
        d = self.against_best
        gain = Difference(d.behind, d.ahead, d.games)
        why, named = "", in_sentence(self.best)
        if self.taken_changes != self.best_changes:
            taken, best = short_name(self.taken), short_name(self.best)
            # The best named short when what it does follows: its line's "Wight's ambush:
            # lose 3 SE" said the loss its changes say again (#30 round 8).
            named = best if taken != best else in_sentence(self.best)
            taken, best = (taken, best) if taken != best else ("taken", "best")
            why = f"; {taken}: {self.taken_changes}; {best}: {self.best_changes}"
        why += self._scores()
        if self.led_to is None:
            # On how few futures it rests, when the race stopped it early: the reference bot
            # playing on (round 10: "+56 points" on 16 futures, read as a sure loss).
            # Or where the race itself ended early, the option playing all its futures (34a-6:
            # "74 %  30 %  38!" said neither, nor why 74 less 38 is not 30).
            few = ""
            if self.cut_short:
                ended = "stopped early" if self.chance_taken.stopped else "the race ended early"
                few = f" on {d.games} futures, {ended}"
            if self.uncertain:
                few += f", uncertain (where the race stopped it: {self._counted()[2:]})"
            if self.beyond_chance:  # its few futures said in it: "the race's 16 futures"
                few = few.replace(f" on {d.games} futures,", ",")
                return f"{named} instead{self._equals()}: {self._within_chance()}{few}{why}"
            return f"{named} instead{self._equals()}: {gain.points()}{few}{self._apart()}{why}"
        # The columns' gap, then the bot's paired line (round 9: 100 %, 51 %, "+62 points");
        # where only the first is over COSTLY, that it is no misstep, said first (round 29).
        split = f"; not a misstep: on the same futures {COSTLY:g} points or less" * self.split
        return (
            f"{named} instead{self._equals()}: +{round(self.loss)} points"
            f" ({100 * self.before.rate:.0f} % against the {100 * self.led_to.rate:.0f} %"
            f" where this led, on futures of its own{split}); the reference bot playing on,"
            f" on the same {self.against_best.games} futures: {gain.points()}{self._counted()}{why}"
        )

    def _apart(self) -> str:
        """Return why the option's figure is not the chance less the points it lost, where the
        race cut it short and the two differ (in whole points, as the columns read): ": this
        option's 30 % is not 74 % less these 38 points, as it allows for how Rest did on
        those 16 futures against its own 100" (34a-6); "" where they add up."""
        taken, chance = round(100 * self.chance_taken.rate), round(100 * self.before.rate)
        if not self.cut_short or self.chance_taken.at_most or chance - round(self.loss) == taken:
            return ""
        return (
            f": this option's {taken} % is not {chance} % less these {round(self.loss)} points,"
            f" as it allows for how {short_name(self.best)} did on those"
            f" {self.against_best.games} futures against its own {self.before.games}"
        )

    def _within_chance(self) -> str:
        """Return what the option taken lost where the race's futures say more than the
        best's own chance can (`beyond_chance`): at most that chance, then what the race's
        futures said, as theirs ("at most 1 point, all of Downgrade's own chance (1 % on 100
        futures of its own); the race's 32 futures went better for Downgrade: 5 won only
        after it, none only after this (+16 points there, 1 to 29)")."""
        d = self.against_best
        gain = Difference(d.behind, d.ahead, d.games)
        low, high = (bound(x) for x in gain.interval)
        best = short_name(self.best)
        chance = round(100 * self.before.rate)
        return (
            f"at most {plural(chance, 'point')}, all of {best}'s own chance ({chance} % on"
            f" {self.before.games} futures of its own); the race's {d.games} futures went"
            f" better for {best}: {d.behind} won only after it, {d.ahead or 'none'} only after"
            f" this (+{round(100 * gain.mean)} points there, {low} to {high})"
        )

    def _ends_apart(self) -> str:
        """Return the verdict of two options the chance does not tell apart when one of them
        ends the battle (or wins the game) and the other does not: which ends it, said
        first, then what the futures show, never "about equal" (32a-5: a killing blow
        "about equal to Skip your turn", both won in nearly every future): "this ends the
        battle; Skip your turn does not, yet the futures cannot tell them apart: both win
        ~100 % on the same 16 futures, the reference bot playing on" where no future was won
        after one only, else "too close to tell on the same futures (-5 to 3 points)"."""
        d = self.against_best
        best = short_name(self.best)
        if self.ends:
            said = f"{who_ends(['this'], self.ends)}; {best} does not"
        else:
            said = f"{best} {self.best_ends.replace('ends', 'would end', 1)}"
            said = f"{said.replace('wins', 'would win', 1)}; this does not"
        if not d.ahead and not d.behind:
            tell = (
                f", yet the futures cannot tell them apart: both win"
                f" ~{round(100 * self.before.rate)} % on the same {d.games} futures,"
                " the reference bot playing on"
            )
        else:
            low, high = (bound(x) for x in d.interval)
            tell = f", and on the same futures it is too close to tell ({low} to {high} points)"
        return f"{said}{tell}{self._scores_equal()}"

    def _equals(self) -> str:
        """Return the other options about equal to the best, named (`equal_best`): " (Explore
        and Focus about equal to it)", "" when none is."""
        if not self.equal_best:
            return ""
        names = list(self.equal_best)
        said = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        return f" ({said} about equal to it)"

    def _scores(self) -> str:
        """Return what the option taken scores more if the game is won, and that the chance
        does not count it ("" when it scores no more than the best)."""
        if self.score_ahead <= 0:
            return ""
        return (
            f"; {short_name(self.taken)} scores {self.score_ahead} more if you win: the"
            " chance counts winning, not the score"
        )

    def _scores_equal(self) -> str:
        """Return which of two options about equal to win scores more if the game is won,
        the final score deciding between them ("" when they score the same)."""
        if not self.score_ahead:
            return ""
        more = short_name(self.taken if self.score_ahead > 0 else self.best)
        return f"; {more} scores {abs(self.score_ahead)} more if you win"

    def _counted(self) -> str:
        """Return the futures a paired figure of the bot's rests on, counted in words (", 5
        futures won only after Focus, none only after this"): round 10 read "+31 points (2
        to 54)" on three decisions as a made-up figure; it is 5 futures won only after the
        best against none the other way, of 16 (where the race stopped). #28 round 27:
        "9 won to 0" was never explained."""
        d = self.against_best
        return (
            f", {plural(d.behind, 'future')} won only after {short_name(self.best)},"
            f" {d.ahead or 'none'} only after this"
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

    @property
    def reads_low(self) -> bool:
        """True when the position a certain option led to reads clearly above this chance:
        the chance is the reference bot's own play on, worse than that position's best."""
        return self.led_to is not None and self.before.high < self.led_to.rate

    def _above(self) -> str:
        """Return why this chance reads low (`reads_low`), the figure said first: #28 round
        24 read "0 %" then "34 %" with nothing random between as a verdict on the game."""
        led = self.led_to
        if led is None or not self.reads_low:
            return ""
        # What the bot then plays, said: 30b-11 read "10 %* 52 %" on a free wood as broken,
        # the jump being the bot's play at the next decision, not the option's doing.
        then = f" ({self.bot_next})" if self.bot_next else ""
        here = f"{round(100 * self.before.rate)} %"
        return (
            f"; the jump from {here} is the reference bot's, not this option's: where this led"
            f" ({led.percent()}, nothing random between) the bot plays worse than its best"
            f" option{then}, and the {here} here counts that play"
        )

    def _bot_only(self) -> str:
        """Return what is measured when the paired figures and the position the option led
        to disagree: why no loss is counted first (a row cut at 80 columns kept only the
        bot's "+9 points (1 to 17)" beside Lost's "mixed", #28 round 13), then the bot's
        line, said as the bot's: who is better, by how much, how sure, on what (#28 round
        22: "only the reference bot wins less often after this than after Eat 1 food: +16
        points (0.3 to 29) …, 5 won to 0" left whose 16 points those were to guess)."""
        d = self.against_best
        gain = Difference(d.behind, d.ahead, d.games)
        low, high = (bound(x) for x in gain.interval)
        led = self.led_to.percent() if self.led_to is not None else "?"
        best = short_name(self.best)
        why = f" ({self.bot_next})" if self.bot_next else ""
        points = round(100 * gain.mean)
        return (
            f"no loss counted: where it led reads {led}, no worse than the"
            f" {round(100 * self.before.rate)} % of the best option, {best}. Only with the"
            f" reference bot playing on for you is {best} better: by {plural(points, 'point')}"
            f" (95 % interval {low} to {high}) on the same {d.games} futures, {d.behind} won"
            f" only after {best}, {d.ahead or 'none'} only after this{why}"
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
            "score_ahead": self.score_ahead,
            "unseen": self.unseen,
            "equal_best": list(self.equal_best),
            "shared": self.shared,
            "ends": self.ends,
            "best_ends": self.best_ends,
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
            int(data.get("score_ahead", 0)),
            int(data.get("unseen", 0)),
            tuple(str(x) for x in data.get("equal_best", ())),
            str(data.get("shared", "")),
            str(data.get("ends", "")),
            str(data.get("best_ends", "")),
        )
