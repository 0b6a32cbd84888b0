"""The advisor's verdict in words: which option is best, which are about equal, which
clearly behind, with the paired differences it rests on (`Weighing.ranking`, moved here from
`estimator` when it reached 500 lines)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from unbroken.advisor.paired import Difference, bound
from unbroken.advisor.readings import leaders, reads_ahead

if TYPE_CHECKING:
    from unbroken.advisor.chances import Estimate
    from unbroken.advisor.estimator import Weighing


#: The verdict where the position's chance reads 0 %: no option's figure reads above it, so
#: every one reads 0 % and none leads (31b-5: "6 and 8 share the lead" beside figures of
#: 0 %, "8. Skip your turn" among the leaders of a fight to be won).
#: Not "this game looks lost" while the range reaches above 0 % (35b-9: "0 % (0-4) …
#: this game looks lost" at decision 48, then "6 % (3-12)" at 49): no future won, yet a
#: lucky roll can lift the chance, so it says no option stands out (`lost_words`).
LOST = "every option about 0%: no option stands out"
#: The verdict where even the range's top reads 0 %.
LOST_FOR_SURE = "every option 0% (0-0): this game looks lost"


def lost_words(chance: Estimate) -> str:
    """Return the verdict where the position's `chance` reads 0 % (`lost`): `LOST` with
    the range's top and why a later decision can read higher ("every option about 0%: no
    option stands out (up to 4%: a lucky roll can still lift it)"); `LOST_FOR_SURE` only
    where that top reads 0 % too."""
    top = round(100 * chance.high)
    if not top:
        return LOST_FOR_SURE
    return f"{LOST} (up to {top}%: a lucky roll can still lift it)"


def lost(chance: float) -> bool:
    """True when a position's chance, `chance` (its best option's), reads 0 % in whole
    percent: every option's figure then reads 0 % (none is shown above the best) and the
    verdict is `lost_words`, in `%`, `unbroken play`, `unbroken analyze` and the replay viewer."""
    return not round(100 * chance)


def hopeless(w: Weighing) -> bool:
    """True when the position's chance, once it has futures, reads 0 % (`lost`)."""
    return bool(w.chance.games) and lost(w.chance.rate)


def ranking(
    w: Weighing,
    name: Callable[[int], str],
    no_use: Sequence[int] = (),
    ends: Sequence[str] = (),
    passing: int | None = None,
) -> str:
    """Return the verdict in words, with the paired differences it rests on: "2 is best
    on the same futures: clearly ahead of 1 by 8 points (3 to 13), of the rest by more"
    (the closest other), or "about equal on the same futures, the intervals holding 0: 2
    ahead of 1 by 2 points (-5 to 9), of 4 by 1 (-4 to 6); 3 and 5 clearly behind, the
    intervals above 0: by 12 points (3 to 21) and 30 (18 to 42)" when some are not clearly
    worse: every option is in it, so none left out of the equal ones can be read as one
    (`name(k)` names option k); then why the lines' gaps differ from these points where
    they do (`_rows`). When the best is an option
    marked "no use now" (`no_use`), it says so (#28 round 19: a Focus of no use first).
    Where the chance reads 0 %, `lost_words` (no best among options that all read 0 %).
    `ends`, what each option ends for certain (`changes.what_it_ends`): where options
    about equal differ in it, those that end the battle (or win the game) are said first,
    as analyze says it, never "about equal" (stop 51's note: `unbroken play` said a killing
    blow and Skip your turn were "about equal on the same futures"): "3 ends the battle; 7
    does not, yet the futures cannot tell them apart: 7 the same as 3 (-15 to 15 points)"."""
    if hopeless(w):
        return lost_words(w.chance)
    said = _ranking(w, name)
    equal = w.about_equal()
    if len(ends) == len(w.wins) and len({ends[k] for k in equal}) > 1:
        said = _ends_first(w, name, equal, ends, said)
    return _no_use_first(w, name, no_use, passing) + said + _no_use_after(w, name, no_use, passing)


def _no_use_first(
    w: Weighing, name: Callable[[int], str], no_use: Sequence[int], passing: int | None
) -> str:
    """Return what `ranking` says first where the race's best is of no use now and its line
    reads below it (`readings.reads_ahead` False): the lines that lead, as `%` names them,
    and what the best's line reads ("2 leads on the lines (1 is of no use now, ahead on the
    futures by chance or the play after: its line reads 3's figure as its bound); "); ""
    otherwise. v53's note: `unbroken play` said "(1
    is of no use now: ahead by chance or the play after)" beside "1. at most Skip's 28 %"
    and "2. 33 % (24-43)", as `%` did before 36a-1."""
    if w.best not in no_use or reads_ahead(w, w.best, no_use, passing):
        return ""
    top = leaders(w, no_use)
    if len(top) > 1:
        lead = f"{_and([name(k) for k in top])} share the lead on the lines"
    else:
        lead = f"{name(top[0])} leads on the lines" if top else "no line leads"
    # As `chances.no_use_figure` draws it: the bound of the option that does nothing, or
    # with none its own figure tagged "no use".
    line = "is tagged no use"
    if passing is not None and w.shown(passing).games:
        line = f"reads {name(passing)}'s figure as its bound"
    return (
        f"{lead} ({name(w.best)} is of no use now, ahead on the futures by chance or the play"
        f" after: its line {line}); "
    )


def _no_use_after(
    w: Weighing, name: Callable[[int], str], no_use: Sequence[int], passing: int | None
) -> str:
    """Return what `ranking` adds where the race's best is of no use now and its line reads
    ahead too: why it came out ahead ("ahead by chance or the play after", what follows it,
    not what it does, put it first); "" otherwise (`_no_use_first` says it then)."""
    if w.best not in no_use or not reads_ahead(w, w.best, no_use, passing):
        return ""
    return f" ({name(w.best)} is of no use now: ahead by chance or the play after)"


def who_ends(names: list[str], end: str) -> str:
    """Return who ends what, `end` as `changes.what_it_ends` says it ("ends the battle",
    "wins the game"): "this ends the battle", "3 and 4 end the battle", in analyze's
    verdict (`choice.Choice`) and the game's `%` header (`in_short`) alike."""
    if len(names) > 1:
        verb, _, rest = end.partition(" ")
        end = f"{verb.removesuffix('s')} {rest}"
    return f"{_and(names)} {end}"


def in_short(
    w: Weighing,
    name: Callable[[int], str],
    no_use: Sequence[int] = (),
    ends: Sequence[str] = (),
    passing: int | None = None,
) -> str:
    """Return the verdict in plain words, for the game's `%` header: which option leads and
    which are about equal to it ("1 leads; 2 and 5 about equal", the others then clearly
    behind, as their lines say; "3 leads; all but 5 about equal"; "1 leads; 2, 3 and 4
    about equal" where none is behind, never "1 leads; all about equal", "all" then taking
    in the one that leads (v53's note); "1 and 3 share the lead; all the rest about equal";
    "1 is clearly best"; "1 and 3 share the lead" where their lines read the same;
    "6 leads; 4 about equal; 1 and 2 stopped early, not clearly behind"). What each option
    lost is on its own line: its figure.
    #28 round 28: the gaps in the header ("3 ahead of 1 by 16 points (-2 to 31), of 2 by
    16 …") took 9 of 24 rows, 4 options left in sight. "" with one option.
    With two options, never "all" and a lead (31b-6: "2 leads; all about equal"): "both
    about equal" where the other is about equal, "1 is clearly best" where it is not.
    Where the chance reads 0 %, `lost_words`: no lead among figures all 0 % (31b-5).
    `ends`, what each option ends for certain (`changes.what_it_ends`, "" for neither): where
    some of the options about equal end the battle (or win the game) and others do not,
    those that end it are said first, never as sharing the lead with a move that goes on
    (`_ends_apart`): "3 ends the battle; 7 about equal on the futures".
    The options said to lead are those whose lines lead, as the lines read them
    (`readings.leaders`): never one marked "no use now" (`no_use`), whose line reads the
    bound of the option that does nothing (`passing`, its place; None: none), "[at most
    Skip's 28%]" (36a-1); where the race's best is such an option, "2 leads; 1 of no use
    now" (`_no_use_note`), and "no line leads: 1 is of no use now" where no other line
    reads a plain figure."""
    if len(w.wins) < 2:
        return ""
    if hopeless(w):
        return lost_words(w.chance)
    equal = w.about_equal()
    if len(ends) == len(w.wins) and len({ends[k] for k in equal}) > 1:
        return _ends_apart(w, name, equal, ends, no_use, passing)
    behind = [name(k) for k in range(len(w.wins)) if k not in equal]
    # The lead is read off the lines, as they read (36a-1: "1 and 2 share the lead … (1 is
    # of no use now: ahead by chance)" beside "1. [at most Skip's 28%]" and "2. [33%
    # 24-43]"): those reading a plain figure at the top (`readings.leaders`), never an
    # option of no use now, whose line reads Skip's bound. #28 round 29: "3 leads; 1 about
    # equal" beside "1. [70% 60-79]" and "3. [70% 60-78]" (the lead under a point), and "6
    # leads; all but 5 about equal" beside "[36% stopped]" and "6. [60% 50-69]": the
    # options whose line reads as the best's share the lead; those the race stopped early
    # (their figures from fewer futures) are said apart.
    top = leaders(w, no_use)
    others = [k for k in equal if k not in top and k != w.best]
    stopped = sorted(k for k in others if w.shown(k).stopped)
    rest = sorted(k for k in others if k not in stopped)
    useless = w.best in no_use
    if not top:  # no other line reads a plain figure, the best of no use now
        parts = [f"no line leads: {name(w.best)} is of no use now"]
        if rest:
            parts.append(f"{_and([name(k) for k in rest])} about equal")
        if stopped:
            parts.append(f"{_and([name(k) for k in stopped])} stopped early, not clearly behind")
        return "; ".join(parts)
    lead = f"{_and([name(k) for k in top])} share the lead" if len(top) > 1 else ""
    lead = lead or f"{name(top[0])} leads"
    if len(equal) == 1:
        said = f"{name(top[0])} is clearly best"
    elif stopped:
        said = "; ".join(
            [lead]
            + ([f"{_and([name(k) for k in rest])} about equal"] if rest else [])
            + [f"{_and([name(k) for k in stopped])} stopped early, not clearly behind"]
        )
    elif not rest:
        said = lead
    elif len(w.wins) == 2 and not useless:  # the one other about equal, below (31b-6)
        said = "both about equal"
    elif not behind and len(top) > 1 and not useless:
        said = f"{lead}; all the rest about equal"
    elif behind and len(behind) < len(rest) and len(top) == 1 and not useless:
        said = f"{lead}; all but {_and(behind)} about equal"
    else:
        said = f"{lead}; {_and([name(k) for k in rest])} about equal"
    return said + _no_use_note(w, name, no_use, passing)


def _no_use_note(
    w: Weighing, name: Callable[[int], str], no_use: Sequence[int], passing: int | None
) -> str:
    """Return what the verdict adds where the race's best is an option of no use now: that
    it is ("; 1 of no use now"), "ahead by chance" only where its line reads above the
    leading ones (`readings.reads_ahead`: "[40% no use]" beside "[33% 24-43]"), never where
    it reads Skip's bound (36a-1); "" where the best is of use."""
    if w.best not in no_use:
        return ""
    ahead = ", ahead by chance" if reads_ahead(w, w.best, no_use, passing) else ""
    return f"; {name(w.best)} of no use now{ahead}"


def _ends_apart(
    w: Weighing,
    name: Callable[[int], str],
    equal: list[int],
    ends: Sequence[str],
    no_use: Sequence[int],
    passing: int | None = None,
) -> str:
    """Return `in_short`'s verdict where the options about equal do not all end the same:
    which end the battle (or win the game) first, then the others, about equal on the
    futures the chance counts ("3 ends the battle; 7 about equal on the futures; 1 stopped
    early, not clearly behind"). Round 32: a killing blow and Skip your turn, both about
    100 %, "share the lead" in the game while analyze said which ends the battle (32a-5)."""
    said = [
        who_ends([name(k) for k in sorted(k for k in equal if ends[k] == end)], end)
        for end in sorted({ends[k] for k in equal if ends[k]}, reverse=True)
    ]
    going_on = sorted(k for k in equal if not ends[k])
    stopped = [k for k in going_on if k != w.best and w.shown(k).stopped]
    rest = [k for k in going_on if k not in stopped]
    if rest:
        said.append(f"{_and([name(k) for k in rest])} about equal on the futures")
    if stopped:
        said.append(f"{_and([name(k) for k in stopped])} stopped early, not clearly behind")
    return "; ".join(said) + _no_use_note(w, name, no_use, passing)


def _ends_first(
    w: Weighing, name: Callable[[int], str], equal: list[int], ends: Sequence[str], said: str
) -> str:
    """Return `ranking`'s words where the options about equal (`equal`) differ in what they
    end: who ends what first (`who_ends`), those that go on, then the paired figures as
    `_ranking` said them (`said`), "about equal on the same futures" made "yet the futures
    cannot tell them apart"."""
    first = [
        who_ends([name(k) for k in sorted(k for k in equal if ends[k] == end)], end)
        for end in sorted({ends[k] for k in equal if ends[k]}, reverse=True)
    ]
    going_on = [name(k) for k in sorted(k for k in equal if not ends[k])]
    if going_on:
        first.append(f"{_and(going_on)} {'does' if len(going_on) == 1 else 'do'} not")
    tell = said.replace(
        "about equal on the same futures", "yet the futures cannot tell them apart", 1
    )
    return f"{'; '.join(first)}, {tell}"


def _ranking(w: Weighing, name: Callable[[int], str]) -> str:
    equal = w.about_equal()
    best = name(w.best)
    behind = sorted(k for k in range(len(w.wins)) if k not in equal)
    if len(equal) == 1:
        if not behind:
            return f"{best} is best"
        closest = min(behind, key=lambda k: (w.lead(k).mean, k))
        rest = ", of the rest by more" if len(behind) > 1 else ""
        return (
            f"{best} is best on the same futures: clearly ahead of {name(closest)} by "
            f"{w.lead(closest).lead()}{rest}{_rows(w, [closest])}"
        )
    # Where some are clearly behind, the rule shows: round 27 read "about equal" at 8 points
    # and "clearly behind" at 6 (their intervals -1 to 15 and, unsaid, 1 to 11).
    holding = ", the intervals holding 0" if behind else ""
    said = f"about equal on the same futures{holding}: {_equal(w, best, equal[1:], name)}"
    if behind:
        names = _and([name(k) for k in behind])
        points = _and([w.lead(k).lead(" points" if i == 0 else "") for i, k in enumerate(behind)])
        said += f"; {names} clearly behind, the intervals above 0: by {points}"
    return said + _rows(w, [k for k in range(len(w.wins)) if k != w.best])


def _rows(w: Weighing, said: list[int]) -> str:
    """Return, where an option's line is not the best's less the points just said of it,
    why, in one short clause ("" where every line agrees): the verdict compares two options
    on the futures both played; a line is the option's own chance (for one the race stopped
    early, that less the best's luck where it was tried, `stopped.regressed`). #28 round 27:
    "clearly ahead of 2 by 19 points" beside lines of 63 % and 42 %, and the clause before
    this one, "1 won less than usual in the games 2 was tried on, so its line reads further
    behind", was hard to read (round 25's "take out 1's luck" told nothing)."""
    if not w.chance.games:
        return ""
    chance = round(100 * w.chance.rate)
    for k in said:
        figure, points = w.shown(k), round(100 * w.lead(k).mean)
        if figure.at_most or points < 0:  # a bound, or one ahead on its few futures
            continue
        if chance - round(100 * figure.rate) != points:
            return "; each line is its option's own chance, so its gap can differ from these points"
    return ""


def _equal(w: Weighing, best: str, others: list[int], name: Callable[[int], str]) -> str:
    """Return the options about equal to the best in words: "2 ahead of 1 by 2 points (-5
    to 9), of 4 by 1 (-4 to 6)", "2 the same as 6 (-3 to 3 points)" where the lead
    rounds to 0 points (never "ahead by 0"; "2 ahead of 1 by 2 points (-5 to 9), the
    same as 6 (-3 to 3)" with both), "3 ahead of 2 by 6 points (-10 to 22) on its 16 futures,
    stopped early" where an option halved away led on the futures both played."""
    leads: list[str] = []
    same: list[tuple[str, str]] = []
    stopped: list[str] = []
    for k in sorted(others):
        d = w.lead(k)
        low, high = (bound(x) for x in d.interval)
        if round(100 * d.mean) > 0:
            ahead = "ahead " if not leads else ""
            leads.append(f"{ahead}of {name(k)} by {d.lead(' points' if not leads else '')}")
        elif round(100 * d.mean) == 0:
            same.append((name(k), f"{low} to {high}"))
        else:
            back = Difference(d.behind, d.ahead, d.games)
            stopped.append(
                f"{name(k)} ahead of {best} by {back.lead()} on its {d.games} futures,"
                " stopped early"
            )
    # One clause for the best, each other option beside its own interval (round 10: "9,
    # 2, 4 and 8 the same (-15 to 15, -8 to 8 and -15 to 15 points)" named four options
    # against three intervals, the best among them).
    unit = " points" if not leads else ""
    alike = [f"{n} ({r}{unit if i == 0 else ''})" for i, (n, r) in enumerate(same)]
    said = ", ".join(leads)
    if alike:
        said += f"{', ' if said else ''}the same as {_and(alike)}"
    return "; ".join(([f"{best} {said}"] if said else []) + stopped)


def _and(words: list[str]) -> str:
    """Return "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
