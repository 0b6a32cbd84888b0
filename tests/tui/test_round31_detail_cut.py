"""29a-15 (#28 rounds 29-30: "…, but the noi…"): the line under the options, where it cannot
say all of an option, ends after a whole sentence (else a whole clause, else a whole word,
never in a bracket, never on ":" or ",") and says where the rest is: "(i: all of it)"; `i`
then says the option whole above the cards. Every option keeps its row: the list never
scrolls to make room."""

from __future__ import annotations

import random

from pilot import settle, sync
from test_layout import drawn
from textual.pilot import Pilot
from textual.widgets import Static

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.details import MORE, dimmed_detail, fitted, in_rows, shortened, warnings
from unbroken.tui.game import GameScreen
from unbroken.tui.inspector import InspectorScreen

RULES = load_ruleset()
#: The detail line's width at 80x24.
WIDTH = 44
CLUB = (
    "Club (basic) attacks: Crack: break 1 ← 1 SE; Bash: wound 2 ← 3 SE; Heavy blow: wound 3"
    " ← 1 ME. A heavy branch. Good for cracking shells, clumsy for anything finer."
)


def test_a_cut_line_ends_after_a_whole_sentence_then_says_where_the_rest_is() -> None:
    craft = (
        "Craft the Knife: pay 1 metal + 1 time (it takes your turn). Knife (basic) attacks: Pry:"
        " break 1 ← 2 SE; Quick cut: wound 1 ← 1 SE; Stab: wound 2 ← 2 SE. A short blade: quick,"
        " cheap cuts, but poor against armor."
    )
    assert in_rows(craft, WIDTH, 3) == (
        "Craft the Knife: pay 1 metal + 1 time (it\ntakes your turn). (i: all of it)"
    )
    # Four rows hold two sentences: the line ends after the second; five hold it all.
    assert " ".join(in_rows(craft, WIDTH, 4).split()).endswith("Stab: wound 2 ← 2 SE. " + MORE)
    assert in_rows(craft, WIDTH, 5) == craft
    assert in_rows("A whole sentence.", WIDTH, 2) == "A whole sentence."


def test_no_whole_sentence_fits_a_whole_clause_then_a_whole_word() -> None:
    assert in_rows(CLUB, WIDTH, 2) == (
        "Club (basic) attacks: Crack: break 1 ← 1 SE;\nBash: wound 2 ← 3 SE… (i: all of it)"
    )
    aimed = (
        "Aimed Shot [Hunter] (pay 2 SE, 1 ability use; it takes your turn): inflict 2 wounds"
        " that ignore armor."
    )
    # Never in the bracket (its "; " is no clause of the sentence), never on its ":".
    assert in_rows(aimed, WIDTH, 2) == (
        "Aimed Shot [Hunter] (pay 2 SE, 1 ability\nuse; it takes your turn)… (i: all of it)"
    )
    # A dimmed option's reason: its bracket after a whole part of it, closed.
    plan = (
        "Plan: pay 4 SE, gain 1 cunning (cannot pay 4 SE: you have 2 SE + 1 ME, which pay only"
        " 3 SE)."
    )
    assert (
        in_rows(plan, WIDTH, 2)
        == "Plan: pay 4 SE, gain 1 cunning (cannot pay 4\nSE…) (i: all of it)"
    )


def test_a_cut_line_keeps_its_warning_in_place_of_what_comes_before_it() -> None:
    forage = (
        "Forage [Hunter] (pay 2 time, 1 ability use): search the wilds for food and herbs, but"
        " the noise may draw attention. Your last ability use this level. ⚠ Time runs out: the"
        " monster ambushes you."
    )
    assert in_rows(forage, WIDTH, 4) == (
        "Forage [Hunter] (pay 2 time, 1 ability use):\nsearch the wilds for food and herbs, but"
        " the\nnoise may draw attention. ⚠ Time runs out:\nthe monster ambushes you. (i: all of"
        " it)"
    )
    assert in_rows(forage, WIDTH, 2) == (
        "Forage [Hunter]… ⚠ Time runs out: the\nmonster ambushes you. (i: all of it)"
    )
    # Where nothing before it fits with it, the warning alone; cut into last of all.
    assert in_rows(forage, 30, 2) == "⚠ Time runs out: the monster\nambushes you. (i: all of it)"
    assert in_rows(forage, 24, 2) == "⚠ Time runs out: the\nmonster… (i: all of it)"
    # Its short form where the words have one: the line cuts the shortest way to say it.
    full = "⚠ You starve at the Hunger step: food 0 of 3, eating short costs 6 SE, all you have."
    short = "⚠ You starve at the Hunger step (food 0/3: −6 SE)."
    ways = shortened(f"{forage[:-48]}{full}", "Forage", False, shorter={full: short})
    shown = " ".join(in_rows(fitted(ways, WIDTH, 2), WIDTH, 2).split())
    assert shown == f"Forage [Hunter]… {short} {MORE}"


def top_ends(text: str, upto: int) -> tuple[list[int], list[int]]:
    """Return where a sentence ends, and where a clause ("; ", " — ") does, in `text`
    before `upto`, outside brackets."""
    depth, sentences, clauses = 0, list[int](), list[int]()
    for at, char in enumerate(text[:upto]):
        depth += {"(": 1, ")": -1}.get(char, 0)
        after = text[at + 1 :]
        if depth == 0 and char in ".!?" and after.startswith(" "):
            sentences.append(at)
        if depth == 0 and after.startswith(("; ", " — ")):
            clauses.append(at)
    return sentences, clauses


def fault(shown: str, ways: list[str]) -> str:
    """Return what is wrong with a detail line `shown` saying one of `ways` (its ways, whole
    first): "" where it says one whole, or one cut as 29a-15 asks."""
    ways = [" ".join(way.split()) for way in ways]
    if shown in ways:
        return ""
    if not shown.endswith(f" {MORE}"):
        return f"cut with no pointer: {shown!r}"
    body = shown[: -len(MORE) - 1]
    # Its "⚠" warnings after the cut, kept whole after what is said before them (round 31).
    for whole in ways:
        kept = [whole[start:stop] for start, stop in warnings(whole)]
        tails = [" ".join(kept[at:]) for at in range(len(kept))]
        tail = next((t for t in tails if body.endswith(f" {t}") and body != t), "")
        if tail:
            body = body.removesuffix(f" {tail}")
            ways = [w[: w.find(tail)] if tail in w else w for w in ways]
            break
        if body in tails:
            return ""  # the warnings alone, where nothing before them fits with them
    # Cut in a bracket, after a whole part of it, the bracket is closed: "(cannot pay 4 SE…)".
    closed = len(body) - len(body.rstrip(")"))
    body = body[: len(body) - closed]
    words = body.removesuffix("…")
    way = next((way for way in ways if way.startswith(words)), None)
    if way is None or not words:
        return f"not the start of what it says: {shown!r} of {ways}"
    after = way[len(words) :]
    if words.count("(") - words.count(")") != closed or words.count("[") != words.count("]"):
        return f"a bracket cut: {shown!r}"
    if closed and not after.startswith(("; ", ": ")):
        return f"cut in a bracket, not after a whole part of it: {shown!r}"
    if words[-1] in ":,;" or not after.startswith((" ", ":", ",", ";")):
        return f"not after a whole word: {shown!r}"
    sentences, clauses = top_ends(way, len(words) - 1)
    if not body.endswith("…"):
        if words[-1] not in ".!?" or not after.startswith(" "):
            return f"not after a whole sentence: {shown!r}"
        return ""
    # A clause, where no whole sentence fits; a word, where no clause does either.
    if words[-1] in ".!?" or sentences:
        return f"cut short of a whole sentence: {shown!r}"
    if not after.startswith(("; ", " — ")) and clauses:
        return f"cut mid-clause where a whole one fits: {shown!r}"
    return ""


def checked(screen: GameScreen) -> tuple[list[str], list[int]]:
    """Say each option on the detail line; return what is wrong and the options cut."""
    panel = screen.query_one(DecisionPanel)
    decisions, line = screen.query_one("#decisions"), screen.query_one("#detail", Static)
    found, cut = [], []
    # Every option in sight, none scrolled out: the list never scrolls to make room.
    if decisions.max_scroll_y or not screen.region.contains_region(decisions.region):
        found.append(f"options out of sight: {panel.row_shown_all()}")
    for i, (action, why) in enumerate(panel.offered):
        panel.show_detail(i)
        shown = " ".join(str(line.render()).split())
        if why:
            ways = [dimmed_detail(action, why, screen.game) if panel.is_cut(i) else ""]
        else:
            ways = panel.detail_of(i)
        if said := fault(shown, ways):
            found.append(said)
        # What is drawn is what is said: no row of it under the line's last.
        rows = " ".join(" ".join(drawn(line)).split())
        if rows != shown:
            found.append(f"drawn {rows!r}, said {shown!r}")
        if shown.endswith(MORE):
            cut.append(i)
            # A warning says what happens for certain: the cut keeps it (round 31).
            if "⚠" in ways[-1] and "⚠" not in rows:
                found.append(f"a warning cut off: {rows!r} of {ways[-1]!r}")
            if panel.said_whole[1] != ways[0]:
                found.append(f"`i` would not say it whole: {panel.said_whole} for {ways[0]!r}")
        elif panel.said_whole != ("", ""):
            found.append(f"`i` would say what the line says whole: {panel.said_whole}")
    panel.show_detail(panel.detail_at())
    return found, cut


async def inspected(pilot: Pilot[None], screen: GameScreen, index: int) -> None:
    """Highlight the index-th option, whose detail line is cut, and press `i`: assert the
    inspector says its detail whole above the cards, in sight; then close it."""
    panel = screen.query_one(DecisionPanel)
    panel.highlighted = index
    await settle(pilot)
    whole = panel.said_whole[1]
    await pilot.press("i")
    await settle(pilot)
    inspector = pilot.app.screen
    assert isinstance(inspector, InspectorScreen), inspector
    said = inspector.query_one("#inspector-said", Static)
    text = " ".join(str(said.render()).split())
    assert whole and " ".join(whole.split()) in text, (whole, text)
    assert said.region.height > 0 and inspector.region.contains_region(said.region)
    await pilot.press("escape")
    await settle(pilot)
    assert pilot.app.screen is screen


async def walk(game: Game, seed: int) -> tuple[int, int, list[str]]:
    """Play `game` at 80x24, the heuristic bot and random choices mixed; each option said on
    the detail line at each decision; the first cut one highlighted and `i` pressed. Return
    the options said, those cut and what was wrong."""
    app = UnbrokenApp(RULES, animate=False, game=game)
    pick, seen, cuts, found = random.Random(seed), 0, 0, list[str]()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for n in range(300):
            screen = app.screen
            if not isinstance(screen, GameScreen) or screen.game.decision is None:
                break
            wrong, cut = checked(screen)
            found, seen, cuts = found + wrong, seen + len(screen.offered), cuts + len(cut)
            if cut:
                await inspected(pilot, screen, cut[0])
            now = screen.game
            action = (
                heuristic_bot(now, n) if pick.random() < 0.6 else pick.choice(now.legal_actions())
            )
            screen.take(next(i for i, (a, _) in enumerate(screen.offered) if a == action))
            await settle(pilot)
    return seen, cuts, found


@sync
async def test_every_detail_line_is_whole_or_cut_after_a_sentence_over_whole_games() -> None:
    assert save_settings(Settings(hints=False)) == ""
    seen = cuts = 0
    found: list[str] = []
    for who, seed in [
        ("kirilla-el-kaer", 1836273135108149384),
        ("maxyn-zenma", 1388035387796060990),
        ("caellahan", 6650507511452220427),
        ("huckdorf", 3),
        ("helena", 36),
    ]:
        n, c, said = await walk(Game.new(RULES, who, "normal", seed=seed), seed)
        seen, cuts, found = seen + n, cuts + c, found + said
    assert found == [], "\n".join(dict.fromkeys(found))
    assert seen > 1000 and cuts > 5, (seen, cuts)
