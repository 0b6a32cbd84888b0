"""The card inspector (#18): any card in view in the words of `unbroken cards`, the offered
cards side by side, opened by `i` or by Enter or a click on a card of the Hand or Stage."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pilot import settle, sync
from rich.text import Text
from scenes import weapon_rack
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from unbroken import hookimpl
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_plugins, load_ruleset
from unbroken.testing import GOLDEN_DIR, FolderPlugin, Scenario, write_pack
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.card_lines import CardLines, card_spans, mark
from unbroken.tui.game import GameScreen
from unbroken.tui.inspector import (
    SCORE,
    CardView,
    InspectorScreen,
    cards_in_view,
    compares_first,
    named_cards,
    offered_cards,
)
from unbroken.tui.widgets import OPTION_KEYS
from unbroken.words.cards import describe_card

RULES = load_ruleset()


def exploration() -> Game:
    return (
        Scenario("niola", seed=3)
        .encounters("weapon-rack", "metal-scraps", "a-safe-place")
        .start("exploration")
    )


def basilisk() -> Game:
    """A level-4 battle against the Basilisk, Paralyzed, with a sword and two skills."""
    return (
        Scenario("maxyn-zenma", level=4)
        .resources(se=10, le=1, metal=1)
        .weapon("knife", "sword")
        .skills("wrecker", "daring")
        .condition("paralyzed", tokens=2)
        .monster("basilisk")
        .dice(*[3] * 20)
        .start("battle")
    )


def crafting() -> Game:
    """Preparation with a knife and the metal and wood to craft either upgrade."""
    return (
        Scenario("maxyn-zenma", seed=3)
        .resources(se=11, metal=3, wood=1)
        .weapon("knife")
        .start("preparation")
    )


def skill_draft() -> Game:
    """The rewards of level 1: draw 2 skills, keep 1 (R-SKILL-1)."""
    return Scenario("tomu", seed=3).resources(se=9, food=2).monster("kobold").start("rewards")


def words(text: str) -> list[str]:
    return text.split()


def card_words(card: str) -> list[str]:
    """Return the words `unbroken cards` prints for a card, in order."""
    return " ".join(describe_card(RULES, card)).split()


def shown(view: CardView) -> str:
    """Return the text a card view shows."""
    content = view.render()
    return str(content.plain if hasattr(content, "plain") else content)


# --------------------------------------------------------------------------- what it shows


def test_the_weapon_rack_offers_its_two_weapons_with_their_keys() -> None:
    # Round 21: and the weapon in hand first, kept by taking none (key 3).
    offers = offered_cards(weapon_rack())
    assert [(o.card, o.head, o.why) for o in offers] == [
        ("base:bare-hands", "in hand (key 3: keep)", ""),
        ("base:club", "key 1", ""),
        ("base:knife", "key 2", ""),
    ]
    assert compares_first(weapon_rack())


def test_crafting_compares_the_weapon_in_hand_with_its_upgrades() -> None:
    # R-WEAPON-3: an upgrade is printed on the current weapon, so it comes first.
    game = crafting()
    offers = offered_cards(game)
    assert [o.card for o in offers] == ["base:knife", "base:sword", "base:spear"]
    assert offers[0].head == "in hand"
    keys = [OPTION_KEYS[i] for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Craft)]
    assert [o.head for o in offers[1:]] == [f"key {k}" for k in keys]
    assert compares_first(game)


def test_an_upgrade_that_cannot_be_paid_is_compared_but_does_not_open_first() -> None:
    game = Scenario("maxyn-zenma", seed=3).resources(se=11).weapon("knife").start("preparation")
    offers = offered_cards(game)
    assert [o.card for o in offers] == ["base:knife", "base:sword", "base:spear"]
    assert all(o.why for o in offers[1:])  # no metal: each says why not
    assert not compares_first(game)


def test_a_decision_without_cards_to_choose_compares_nothing() -> None:
    game = basilisk()
    assert offered_cards(game) == []
    assert not compares_first(game)


def test_cards_in_view_are_the_stage_the_hand_and_the_character() -> None:
    places = dict(cards_in_view(basilisk()))
    assert places == {
        "Stage": ["base:basilisk"],
        # The Knife under the Sword too, as the Hand names it (#28 round 27).
        "Hand": ["base:paralyzed", "base:sword", "base:knife", "base:wrecker", "base:daring"],
        "You": ["base:maxyn-zenma"],
        # The Display's "(eat 4) −10 SE": its rule named (#28 round 28).
        "Named": ["rule:hunger-step"],
    }
    travel = dict(cards_in_view(exploration()))
    assert travel["Stage"] == list(exploration().state.revealed)
    # Its upgrades under a heading of their own (#28 round 16: under "Hand" they read as held).
    assert travel["Hand"] == ["base:bare-hands"]
    assert travel["To craft"] == ["base:club", "base:knife"]
    assert [place for place in travel if place != "Named"] == ["Stage", "Hand", "To craft", "You"]


def test_a_skill_draft_is_in_view_as_the_offered_cards() -> None:
    game = skill_draft()
    places = dict(cards_in_view(game))
    assert places["Offered"] == list(game.state.choices)
    assert [o.card for o in offered_cards(game)] == list(game.state.choices)


def test_card_names_are_marked_across_a_line_break() -> None:
    text = Text("Skills: Wrecker, Heroic\n   Perseverance\n")
    mark(text, 7, ("base:wrecker", "Wrecker"), ("base:heroic", "Heroic Perseverance"))
    spans = [(text.plain[a:b], card) for a, b, card in card_spans(text)]
    assert spans == [("Wrecker", "base:wrecker"), ("Heroic\n   Perseverance", "base:heroic")]


def test_no_key_of_the_game_screen_takes_an_option() -> None:
    # `i` opens the inspector at every decision, however many options it lists.
    # The options' own keys are bindings too (`take(n)`, #32 item 8): every other key.
    keys = {
        key
        for binding in GameScreen.BINDINGS
        if not binding.action.startswith("take(")  # type: ignore[union-attr]
        for key in binding.key.split(",")  # type: ignore[union-attr]
    }
    assert "i" in keys
    assert not keys & set(OPTION_KEYS)
    taking = [b for b in GameScreen.BINDINGS if b.action.startswith("take(")]  # type: ignore[union-attr]
    assert [b.key for b in taking] == list(OPTION_KEYS)  # type: ignore[union-attr]


# --------------------------------------------------------------------------- opening it


async def open_list_on(pilot: Any, app: UnbrokenApp, card: str) -> CardView:
    """Highlight `card` in the inspector's list; return the view showing it."""
    cards = app.screen.query_one("#inspector-cards", OptionList)
    cards.highlighted = cards.get_option_index(card)
    await pilot.pause()
    return app.screen.query_one(".inspector-one", CardView)


@sync
async def test_i_shows_each_kind_of_card_in_the_words_of_unbroken_cards() -> None:
    # A weapon, a skill, a condition, a monster sheet (with its table), a character.
    app = UnbrokenApp(RULES, animate=False, game=basilisk(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen.session.game  # type: ignore[attr-defined]
        events = len(game.events)
        await pilot.press("i")
        assert isinstance(app.screen, InspectorScreen)
        assert not app.screen.comparing  # a Response, not a choice of cards
        for card in ("base:sword", "base:wrecker", "base:paralyzed", "base:maxyn-zenma"):
            view = await open_list_on(pilot, app, card)
            assert words(shown(view)) == card_words(card), card
        view = await open_list_on(pilot, app, "base:basilisk")
        text = shown(view)
        assert words(text) == card_words("base:basilisk")
        assert "Combat table:" in text and "6  WOUND" in text
        assert "Ends: as the Combat Phase of the level" in " ".join(card_words("base:paralyzed"))
        assert len(game.events) == events  # looking takes no decision


@sync
async def test_i_shows_the_encounter_cards_on_the_stage() -> None:
    app = UnbrokenApp(RULES, animate=False, game=exploration(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        # Keeping an encounter is a choice between cards: they come side by side.
        assert app.screen.comparing  # type: ignore[attr-defined]
        await pilot.press("c")
        view = await open_list_on(pilot, app, "base:metal-scraps")
        assert words(shown(view)) == card_words("base:metal-scraps")
        assert "Resolve:" in shown(view) and "Rest: gain" in shown(view)


@sync
async def test_at_a_weapon_choice_the_two_weapons_are_side_by_side() -> None:
    app = UnbrokenApp(RULES, animate=False, game=weapon_rack(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and screen.comparing
        # Round 21: the weapon kept by taking none first (Niola's Bare Hands, key 3).
        kept, club, knife = screen.query(".inspector-column").results(CardView)
        assert words(shown(kept)) == card_words("base:bare-hands")
        assert words(shown(club)) == card_words("base:club")
        assert words(shown(knife)) == card_words("base:knife")
        titles = (kept.border_title, club.border_title, knife.border_title)
        assert titles == ("in hand (key 3: keep)", "key 1", "key 2")
        assert kept.region.y == club.region.y and kept.region.right <= club.region.x
        # Side by side and in sight: the same top row, the Knife right of the Club.
        assert club.region.y == knife.region.y
        assert club.region.right <= knife.region.x
        assert screen.region.contains_region(knife.region)
        # `c` lists every card in view, and comes back to the comparison.
        await pilot.press("c")
        # One tuple: mypy would keep a `not screen.comparing` across the next key press.
        assert (screen.comparing, screen.query_one("#inspector-all").display) == (False, True)
        await pilot.press("c")
        assert screen.comparing


@sync
async def test_the_skill_draft_and_crafting_are_compared_too() -> None:
    for game, cards in (
        (skill_draft, None),
        (crafting, ["base:knife", "base:sword", "base:spear"]),
    ):
        app = UnbrokenApp(RULES, animate=False, game=game(), record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("i")
            screen = app.screen
            assert isinstance(screen, InspectorScreen) and screen.comparing
            expected = cards or list(screen.game.state.choices)
            views = list(screen.query(".inspector-column").results(CardView))
            assert [v.lines for v in views] == [describe_card(RULES, c) for c in expected]
            assert len({v.region.y for v in views}) == 1  # one row at 80 columns


@sync
async def test_esc_closes_it_and_the_decision_keys_work_again() -> None:
    app = UnbrokenApp(RULES, animate=False, game=weapon_rack(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen.session.game  # type: ignore[attr-defined]
        events = len(game.events)
        await pilot.press("i")
        # The option keys, Enter and the arrows do nothing to the game in here.
        await pilot.press("1", "2", "enter", "down", "enter", "u", "l")
        assert isinstance(app.screen, InspectorScreen)
        assert len(game.events) == events
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("i", "i")  # `i` closes it too
        assert isinstance(app.screen, GameScreen)
        await pilot.press("2")  # the Knife
        assert game.state.weapons[-1] == "base:knife"
        await pilot.press("l")  # the screen's own keys work too
        assert type(app.screen).__name__ == "LogScreen"


@sync
async def test_enter_on_a_card_of_the_hand_inspects_it() -> None:
    app = UnbrokenApp(RULES, animate=False, game=basilisk(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.screen.query_one("#hand-text", CardLines)
        hand.focus()
        await pilot.pause()
        assert hand.picked == "base:paralyzed"  # the first card it shows
        # Round 21: the Sword's row names the Knife kept under it, a card too.
        await pilot.press("down", "down", "down")
        assert hand.picked == "base:wrecker"
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and not screen.comparing
        assert screen.query_one("#inspector-card", VerticalScroll).border_title == "Wrecker"
        assert words(shown(screen.query_one(".inspector-one", CardView))) == card_words(
            "base:wrecker"
        )
        await pilot.press("escape")
        # Back on the table, the Hand still focused: the digits still take the decisions.
        game = app.screen.session.game  # type: ignore[attr-defined]
        assert app.focused is hand
        events = len(game.events)
        await pilot.press("1")  # Daring's Response
        assert len(game.events) > events


@sync
async def test_a_click_on_the_monster_inspects_it() -> None:
    app = UnbrokenApp(RULES, animate=False, game=basilisk(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#stage", offset=(3, 1))  # the monster's name, under the border
        screen = app.screen
        assert isinstance(screen, InspectorScreen)
        assert words(shown(screen.query_one(".inspector-one", CardView))) == card_words(
            "base:basilisk"
        )


@sync
async def test_the_replay_viewer_keeps_its_keys() -> None:
    # The viewer's keys belong to the viewer: its Hand and Stage take no focus, and a
    # click on a card there opens nothing.
    golden = sorted(GOLDEN_DIR.glob("normal_*_lost.jsonl"))[0]
    app = UnbrokenApp(RULES, animate=False, replay=golden)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.screen
        hand = viewer.query_one("#hand-text", CardLines)
        assert card_spans(hand._shown)  # it names cards...
        assert not hand.can_focus and not isinstance(app.focused, CardLines)
        await pilot.click("#hand", offset=(3, 1))
        assert app.screen is viewer  # ...that open nothing here


@sync
async def test_the_footer_fits_80_columns_with_the_inspector_key() -> None:
    app = UnbrokenApp(RULES, animate=False, game=basilisk(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for focus in ("#decisions", "#hand-text", "#stage"):
            app.screen.query_one(focus).focus()
            await settle(pilot)  # the footer recomposed for the focus (one pause: not always)
            keys = list(app.screen.query("FooterKey"))
            assert "i" in [key.key_display for key in keys]  # type: ignore[attr-defined]
            assert all(key.virtual_region.right <= 80 for key in keys), focus


@sync
async def test_the_card_opened_first_is_shown_whole() -> None:
    # A new game's first decision: the list opens on the Bare Hands, whose every line
    # shows (once it kept the height of its first, empty, drawing: one line).
    game = Game.new(RULES, "caellahan", seed=5)
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        view = app.screen.query_one(".inspector-one", CardView)
        assert view.lines == describe_card(RULES, "base:bare-hands")
        rows = shown(view).splitlines()
        assert len(rows) > len(view.lines)  # wrapped under its indents at 80 columns
        assert view.size.height == len(rows)
        assert app.screen.region.contains_region(view.region)


@sync
async def test_the_picked_card_is_scrolled_into_sight_in_a_scrolling_panel() -> None:
    # A panel taller than its place, in a scrolling container: ↓ down to its last card
    # scrolls that card's line into sight.
    from textual.app import App, ComposeResult

    text = Text()
    for n in range(30):
        start = len(text)
        text.append(f"Card {n}: some words\n")
        mark(text, start, (f"x:{n}", f"Card {n}"))

    class Panels(App[None]):
        def compose(self) -> ComposeResult:
            with VerticalScroll(id="box"):
                yield CardLines(id="cards")

    app = Panels()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one("#cards", CardLines)
        panel.inspectable = True
        panel.update(text)
        panel.focus()
        await pilot.pause()
        for _ in range(29):
            await pilot.press("down")
        assert panel.picked == "x:29"
        box = app.query_one("#box", VerticalScroll)
        assert box.scroll_y > 0
        assert box.scroll_y <= 29 < box.scroll_y + box.scrollable_content_region.height


def test_the_inspector_lists_the_conditions_the_monsters_rules_name() -> None:
    # #28: Frightened could not be read where it was offered; the Crazed Survivor's
    # ambush names Crippled and its THREATEN row Weakened.
    from unbroken.tui.inspector import cards_in_view

    game = Scenario("tomu", level=2).monster("crazed-survivor").start("trickery")
    places = dict(cards_in_view(game))
    assert {"base:crippled", "base:weakened"} <= set(places["Named"])


#: A difficulty whose danger track gives every monster 2 more health (as Expert's did).
DANGER = """
[[difficulties]]
id = "grim"
name = "Grim"
text = "A danger track."
danger = [{ colour = "red", health = 2 }, { colour = "red", health = 2 }]
"""


def test_the_monster_in_play_shows_the_stage_s_numbers_with_why(tmp_path: Path) -> None:
    # #28 playtest round 2: "Wyvern … Armor 2, health 8" while the stage said health
    # 10/10 (the Expert danger track added 2). The monster in play is shown as it is.
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"difficulties.toml": DANGER}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    game = Game.new(rules, "tomu", "x:grim", 3)
    game.apply(act.Fight())  # the monster is revealed, the track's health added
    mo = game.state.monster
    assert mo is not None
    sheet = rules.monsters[mo.id]
    assert mo.max_health == sheet.health + 2
    now = (
        f"armor {sheet.armor}, health {sheet.health + 2} (printed {sheet.health}, +2 danger track)"
    )

    async def inspect() -> None:
        app = UnbrokenApp(rules, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.action_inspect(mo.id)  # type: ignore[attr-defined]
            await pilot.pause()
            text = " ".join(shown(app.screen.query_one(".inspector-one", CardView)).split())
            assert f"In play: {now}." in text  # "printed" once (round 26: said twice)
            assert text.count("printed") == 1, text
            assert f"Armor {sheet.armor}, health {sheet.health}." not in text

    asyncio.run(inspect())


@sync
async def test_up_and_down_choose_a_card_wherever_the_focus_is() -> None:
    # #28 playtest round 2: the header says "↑↓ choose one", but Tab (or a click) left the
    # focus on the card shown, and Down then scrolled it: the player stayed on the monster.
    app = UnbrokenApp(RULES, animate=False, game=basilisk(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and not screen.comparing
        cards = screen.query_one("#inspector-cards", OptionList)
        listed = [cards.get_option_at_index(i).id for i in range(cards.option_count)]
        order = [card for card in listed if card and card != SCORE]  # the last: not a card
        assert listed[-1] == SCORE
        assert order[0] == "base:basilisk"
        view = screen.query_one(".inspector-one", CardView)
        await pilot.press("tab")  # the focus on the card shown
        assert not cards.has_focus
        for card in order[1:]:
            await pilot.press("down")
            await pilot.pause()
            assert cards.get_option_at_index(cards.highlighted or 0).id == card
            # A rule named (the Hunger step of the Display's "(eat 4) −10 SE": round 28)
            # is no card.
            assert card.startswith("rule:") or words(shown(view)) == card_words(card), card
        await pilot.press("up")
        await pilot.pause()
        before = order[-2]  # the last but one: the rule named, else a card
        assert before.startswith("rule:") or words(shown(view)) == card_words(before)


#: A keyword, and a skill whose handler acts only against monsters with it (as Gauntlet's
#: Plate Splitter does against Armored ones).
SPLITTER = {
    "keywords.toml": """
[[keywords]]
id = "plated"
name = "Plated"
text = "Hard to hurt."

[[keywords.abilities]]
id = "plated-p"
name = "Plated"
type = "passive"
text = "-1 power."
modifiers = [{ kind = "wound_power", amount = -1 }]
""",
    "skills.toml": """
[[skills]]
id = "splitter"
name = "Splitter"
text = "Against a Plated monster, +2 power."

[[skills.abilities]]
id = "splitter-seam"
name = "Seam"
type = "response"
trigger = "after_attack_chosen"
attack = "wound"
text = "+2 power against a Plated monster."
effects = [{ kind = "handler", name = "x:against", params = { keyword = "plated" } }]
""",
}


class SplitterPlugin(FolderPlugin):
    """The pack, with the handler its skill names (what it does is not looked at here)."""

    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        """Return the handler (it does nothing)."""
        return {"x:against": lambda ctx, params: None}


def test_a_keyword_a_skill_acts_against_is_named_to_be_read(tmp_path: Path) -> None:
    # #28 playtest round 8: Plate Splitter says "against an Armored monster" and `i` on
    # the card did not list the keyword (only conditions named by effects were).
    plugin = SplitterPlugin(write_pack(tmp_path / "x", SPLITTER))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    assert named_cards(rules, ["x:splitter"]) == ["x:plated"]
    assert named_cards(rules, ["base:sword"]) == []


#: Two encounters whose rules name a condition each (as Quick Guard names Fast).
NAMING = """
[[encounters]]
id = "bad-air"
name = "Bad Air"
group = "odd"
time = 1
text = "A sour draught."
effects = [{ kind = "condition", condition = "base:poisoned", timing = "now", tokens = 1 }]

[[encounters]]
id = "dark-hole"
name = "Dark Hole"
group = "odd"
time = 1
text = "Something below."
effects = [{ kind = "condition", condition = "base:frightened", timing = "now" }]
"""


def test_the_offers_side_by_side_show_what_their_rules_name(tmp_path: Path) -> None:
    # #28 round 9: `i` at a skill offer compared Quick Guard's "gain 2 SE against a Fast
    # monster" with Fast nowhere in sight: the Named cards were only in the list of all
    # cards, and `i` at an offer opens on the comparison. Each offer shows them under it.
    from unbroken.tui.inspector import compares_first, offer_lines

    plugin = FolderPlugin(write_pack(tmp_path / "x", {"encounters.toml": NAMING}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    scene = Scenario("tomu", ruleset=rules).resources(se=5, time=10)
    game = scene.encounters("x:bad-air", "x:dark-hole").start("exploration")
    assert compares_first(game)
    lines = offer_lines(game, "x:dark-hole")
    frightened = describe_card(rules, "base:frightened")
    assert lines[lines.index("  Named:") + 1 :] == [f"    {line}" for line in frightened]
    assert "    Poisoned (condition: negative, uses tokens)" in offer_lines(game, "x:bad-air")
