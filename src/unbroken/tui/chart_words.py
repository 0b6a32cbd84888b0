"""The replay viewer's chart in words (`tui.analysis`): what the chance was at a decision,
what the option taken had, what came of it and the verdict, wrapped to the chart's width
and cut to its rows. Split from `unbroken.tui.analysis` (the chart and its keys there)."""

from __future__ import annotations

import textwrap

from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Figure
from unbroken.words.vocabulary import full_stop

#: Lines of words above the chart, at least (the chart stays put as the words change up to
#: MOST_HEAD lines; a longer verdict makes it taller, never cut: round 11 read a costly
#: decision's note cut with "…" at 80x24).
HEAD = 3
MOST_HEAD = HEAD + 1


def here_words(analysis: Analysis, position: int) -> tuple[str, float | None]:
    """Return the chance after decision `position` in words, and as a share (None: the
    game is over or no decision with a choice is left): the next weighed decision's
    chance, with its number when it is not the very next one."""
    after = [c for c in analysis.choices if c.n > position]
    if not after:
        ended = {"won": "the game is won", "lost": "the game is lost"}
        return ended.get(analysis.outcome, "no choice left"), None
    nxt = min(after, key=lambda c: c.n)
    where = "" if nxt.n == position + 1 else f" (at decision {nxt.n}, the next choice)"
    return f"{round(100 * nxt.before.rate)} %{where}", nxt.before.rate


def head_words(analysis: Analysis, position: int) -> str:
    """Return what the chart says above its line at `position` (after decision `position`):
    the chance here, and at a weighed decision each figure named for what it is: the chance
    of winning with the decision's best option, with the option taken, and after it (the
    position after the decision and what it drew, a card or a roll, so it can stand far from
    the option's chance: it says so), then the verdict. An option with nothing random before
    the next choice has that position's chance, one number, weighed on other futures: it
    can read above the best option's, which the words say where it does (34a-8, 34b-9: "25 %
    before it (its best option's), took 32 % (24-42), where it led" read as a contradiction
    to two players who had not read analyze's header)."""
    here, rate = here_words(analysis, position)
    at = next((c for c in analysis.choices if c.n == position), None)
    if at is None:
        if rate is None:
            return f"Chance here: {here}"
        # A whole sentence saying what the figure is and which option it is of: "Chance
        # here 18 %, its best option's" read as a line cut at 80x24 (#28).
        nxt = min((c for c in analysis.choices if c.n > position), key=lambda c: c.n)
        its = "its" if nxt.n != position + 1 else "the next decision's"
        return full_stop(f"Chance of winning here: {here}, with {its} best option: {nxt.best}")
    taken = at.chance_taken
    best = f"{round(100 * at.before.rate)} %"
    yours = "the one you took" if at.taken == at.best else "the option you took"
    if at.certain:  # one position, one number (round 7: "took 6 %, then 37 %")
        above = (
            f", so it can read above {best}"
            if round(100 * taken.rate) > round(100 * at.before.rate)
            else ""
        )
        # Not "led for certain to 23 % (16-32)": "for certain" beside an interval read as a
        # contradiction (37b-6); what is certain is the position, its chance is weighed.
        figures = (
            f"{best} chance of winning with its best option; {yours} led to the next choice,"
            f" nothing random between: its chance {taken.percent()}, weighed on other"
            f" futures{above}"
        )
    else:
        luck = ""
        if rate is not None and rate < taken.low:
            luck = ", which went against you"
        elif rate is not None and rate > taken.high:
            luck = ", which went your way"
        figures = (
            f"{best} chance of winning with its best option, {cut_short(taken)} with {yours},"
            f" then {here} after what came of it{luck}"
        )
    mark = "▲ " if at.costly else ""
    # A whole sentence: the bare verdict "the best option" at the end read as a line cut
    # short at 80 columns (playtest round 6).
    verdict = at.verdict()
    if at.taken == at.best and not at.hopeless:  # not "You took every option …" (31b-5)
        verdict = f"You took {verdict}"
    # How many games it comes from, beside the verdict (#28 round 26: `unbroken analyze
    # --games 50` called the viewer's misstep "about equal" with no word of the counts).
    counted = (
        "" if at.taken == at.best else f" {full_stop(analysis.counted_on(short=True).capitalize())}"
    )
    return (
        f"{mark}Decision {at.n}: {figures}. {full_stop(verdict[:1].upper() + verdict[1:])}{counted}"
    )


def cut_short(taken: Figure) -> str:
    """Return the option's figure with, where the race cut it short, the short form `%`
    gives it ("[22% stopped]", "[30% early]"): "22 % (0-52, stopped early)". The verdict's
    "+44 points" then need not be the best's 52 % less 22 %, which it says why only lines
    later, often cut at 80x24 (37b-6: "52 % …, 22 % (0-52) with the option you took, …
    Explore instead: +44 points (12 to 66)")."""
    said = taken.percent()
    if taken.stopped or taken.early:
        why = "stopped early" if taken.stopped else "race ended early"
        said = f"{said[:-1]}, {why})" if said.endswith(")") else f"{said} ({why})"
    return said


def head_lines(analysis: Analysis, position: int, width: int, most: int = 0) -> list[str]:
    """Return the chart's words wrapped to `width` columns, HEAD lines at least; all of them,
    or where they take more than `most` lines (0: no limit), cut after the last clause that
    leaves a line for where the rest is (`MORE`): #28 round 29 read a verdict run down to the
    footer at 80x24, cut mid-sentence, the legend and the log pushed off unsaid."""
    words = head_words(analysis, position)
    lines = wrapped(words, width)
    if most and len(lines) > most:
        ends = [  # a clause's end, outside brackets
            i
            for i in range(len(words))
            if words.startswith((". ", "; ", ", "), i)
            and words.count("(", 0, i) == words.count(")", 0, i)
        ]
        cut = [wrapped(f"{words[: i + (words[i] == '.')]}{MORE}", width) for i in ends]
        lines = next((c for c in reversed(cut) if len(c) <= most), lines[: most - 1] + [MORE])
    return lines + [""] * (HEAD - len(lines))  # the chart stays put as the words change


#: What ends the chart's words cut to the rows left (`head_lines`).
MORE = " … (the rest: unbroken analyze in a shell, or a taller window)"


def wrapped(words: str, width: int) -> list[str]:
    words = words.replace(" %", "\xa0%")  # "30 %" on one line
    return [line.replace("\xa0", " ") for line in textwrap.wrap(words, width)] or [""]
