"""README playtest round 12 (#28): what the words said that was not so."""

from __future__ import annotations

from pathlib import Path

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.state import Phase, StepName
from unbroken.plugins import load_plugins, load_ruleset
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.tui.details import detail
from unbroken.tui.help import rules_sections
from unbroken.tui.help_search import holds, patterns
from unbroken.words.actions import label, option_detail, option_text
from unbroken.words.cards import ability_lines
from unbroken.words.forecast import warning_sentences
from unbroken.words.taken import taken_for_you

#: A skill like Unearthed's Rummager: a Response at the end of each level.
SKILL = """
[[skills]]
id = "digger"
name = "Digger"
text = "At the end of each level, gain 1 wood."

[[skills.abilities]]
id = "dig"
name = "Dig"
type = "response"
trigger = "level_end"
text = "Gain 1 wood."
effects = [{ kind = "gain", amounts = { wood = 1 } }]
"""


def test_a_response_after_eating_warns_of_no_starvation_a_level_ahead(tmp_path: Path) -> None:
    # Round 12: at level 3's Hunger step, after eating 3 of 3, "Rummager: Gain 1 wood. ⚠ You
    # starve at the Hunger step: 4 food due, 0 held" — level 4's Hunger step, a whole level
    # (and its food) away, said as certain on this level's last question.
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"skills.toml": SKILL}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    game = (
        Scenario("tomu", level=3, ruleset=rules)
        .skills("x:digger")
        .resources(se=2, food=3)
        .ability_uses(3)
        .start("hunger")
    )
    eat = max((a for a in game.legal_actions() if isinstance(a, act.Eat)), key=lambda a: a.food)
    game.apply(eat)
    assert game.state.step == StepName.HUNGER and game.state.level == 3, game.state.step
    query = game.query()
    responses = [a for a in game.legal_actions() if not isinstance(a, act.Pass)]
    assert responses, game.legal_actions()
    for action in game.legal_actions():
        f = query.forecast(action)
        assert f.after.level == 4 and f.after.phase == Phase.TRAVEL, f.after.level
        said = " ".join(warning_sentences(f, rules, game.state))
        assert "starve" not in said, (action, said)


def dodge_window(level: int) -> Game:
    """A Sneak with one ability use in battle at `level`, the monster's roll made: Dodge is
    offered (the class's other Response, Flexible, fires before a skill is drawn)."""
    rules = load_ruleset()
    monster = min(mo.id for mo in rules.monsters_of_level(level).values())
    game = (
        Scenario("maxyn-zenma", level=level)
        .resources(se=12)
        .ability_uses(1)
        .monster(monster)
        .dice(*[4] * 20)
        .start("battle")
    )
    game.apply(act.Skip())
    assert act.Use("base:sneak", "dodge") in game.legal_actions(), game.legal_actions()
    return game


def test_the_last_use_names_no_response_whose_moment_cannot_come() -> None:
    # Round 12: Dodge's detail line at level 4 said "Your last ability use this level: none
    # left for Flexible." — Flexible acts before a skill is drawn, and no skill comes at
    # level 4 (R-REWARD-1: levels 1-3). At level 2 the reward's skill is still to come.
    dodge = act.Use("base:sneak", "dodge")
    late, early = dodge_window(4), dodge_window(2)
    assert "none left for" not in option_detail(dodge, late.state, late.ruleset)
    said = option_detail(dodge, early.state, early.ruleset)
    last = " Your last ability use this level: none left for Flexible (skill-draw Response)."
    assert said.endswith(last), said


def test_an_unpayable_card_says_what_its_rest_gains_at_the_cap() -> None:
    # Round 12: "Spearfishing … (cannot pay: rest, gain 2 SE)" at SE 20/20; the Rest taken
    # for the player then gained nothing for its time. Juicy Bats asks 1 LE (none held) and
    # rests for 1 time.
    def said(se: int) -> str:
        game = (
            Scenario("caellahan")
            .resources(se=se, le=0)
            .encounters("juicy-bats")
            .start("exploration")
        )
        bats = act.ChooseEncounter("base:juicy-bats")
        return label(bats, game.state, game.ruleset)

    cap = load_ruleset().settings.caps["se"]
    assert said(cap).endswith(f" (cannot pay: rest, gain nothing: SE is at the cap {cap})")
    assert said(cap - 3).endswith(" (cannot pay: rest, gain 1 SE)")


def test_help_s_dice_rule_allows_the_expansions_seven_sided_die() -> None:
    # Round 12: the stage said "die [5] picked the Dark Elf (a 7-sided die)" while help
    # said every roll is "a whole number from 1 to 6".
    text = " ".join("\n".join(body for _, body in rules_sections()).split())
    digi = text[text.index("Determinism.") : text.index("Events.")]  # R-DIGI-1, no id shown
    assert "from 1 to 6" in digi and "seven" in digi, digi
    at = text.index("Revealing the monster.")
    monster = text[at : at + 300]
    assert "7-sided" in monster, monster


def test_a_weapon_taken_says_it_goes_over_the_one_in_hand() -> None:
    # Round 12: Weapon Rack offered "take a weapon: Club or Knife" beside a Longbow, and
    # nothing said the one taken goes in hand over it (R-WEAPON-1).
    rack = act.ChooseEncounter("base:weapon-rack")
    armed = Scenario("caellahan").weapon("spear").encounters("weapon-rack").start("exploration")
    bare = Scenario("caellahan").encounters("weapon-rack").start("exploration")
    over = (  # round 22: and both are weaker than the Spear
        "take a weapon or none: Club or Knife (the Club and the Knife are both weaker than"
        " your Spear, yet you would fight with the one taken: your Spear goes under it)"
    )
    assert over in label(rack, armed.state, armed.ruleset)
    assert "take a weapon or none: Club or Knife" in label(rack, bare.state, bare.ruleset)
    assert "over your" not in label(rack, bare.state, bare.ruleset)
    held = Scenario("caellahan").weapon("club").encounters("weapon-rack").start("exploration")
    said = label(rack, held.state, held.ruleset)
    have = "take a weapon or none: Knife (you fight with it, your Club kept under it; not the Club:"
    assert have in said, said
    club = act.ChooseWeapon("base:club")
    taken = label(club, armed.state, armed.ruleset)
    assert taken == (
        "Take the Club: Crack: break 1 ← 1 SE; Bash: wound 2 ← 3 SE; Heavy blow: wound 3 ← 1 ME"
        " (the Club is weaker than your Spear, yet you would fight with it:"
        " your Spear goes under it)"
    )


def test_a_rest_at_the_cap_says_it_gains_nothing_where_it_is_taken_for_you() -> None:
    # Round 12: "Taken for you: Rest: gain 2 SE (time 2)" at SE 20/20 — it gained nothing
    # for its time. The option (and so the log's line) says what the caps leave.
    cap = load_ruleset().settings.caps["se"]
    game = (
        Scenario("caellahan").resources(se=cap, le=0).encounters("juicy-bats").start("exploration")
    )
    game.apply(act.ChooseEncounter("base:juicy-bats"))
    rest = act.Rest()
    assert rest in game.legal_actions(), game.legal_actions()
    said = taken_for_you(rest, "", game.state, game.ruleset)
    line = option_text(rest, "", game.state, game.ruleset)
    # Round 17: the gain said is what is gained.
    assert line == f"Rest: gain nothing (time 1; no use now: SE is at the cap {cap})", line
    assert said == f"Taken for you: {line}.", said


def test_the_hunger_detail_counts_the_cap_as_its_option_does() -> None:
    # Round 13: "Eat 4 food (2 SE lost to the cap 20)" above "Eat 4 of 4: +4 SE; 0 uneaten
    # costs 0 SE." on the line under the list.
    cap = load_ruleset().settings.caps["se"]
    game = Scenario("tomu", level=2).resources(se=cap - 1, food=2).monster("goblin").start("hunger")
    eat = act.Eat(2)
    said = detail(eat, game)
    # None short: no cost said (round 18).
    assert said == f"Eat 2 of 2: +1 SE (1 lost to the cap {cap}).", said


def test_a_cost_before_revealing_more_reads_as_a_sentence() -> None:
    # Round 13: Delve read "Spend 1 SE to the next Exploration reveals 3 more cards." in `i`
    # and `unbroken cards`. Take a Peek (base) costs nothing; Orienteer-like: a cost.
    dig = m.Ability(
        id="dig", name="Delve", type="action", timing="travel", cost={"se": 1},
        text="", effects=[m.RevealMore(amount=3)],
    )  # fmt: skip
    said = " ".join(ability_lines(dig))
    assert "Spend 1 SE to reveal 3 more cards at the next Exploration." in said, said


def test_help_finds_the_caps_rule_by_the_word_cap() -> None:
    # Round 13: "lost to the cap" on options and the Display's "cap-3", but help's search
    # for "cap" missed R-RES-2 ("Every resource has a maximum").
    sections = [title for title, body in rules_sections() if holds(body, patterns("cap"))]
    assert any("Resources" in title or "resource" in title.lower() for title in sections), sections
