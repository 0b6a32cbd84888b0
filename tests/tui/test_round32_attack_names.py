"""Round 32's playtest (#28, 32a-11): at 80x24 a killing blow's row read "3. Deci…: wound 4…
- 2 SE+1 LE — defeats it…": round 29's order keeps the wound, the cost and "— defeats it"
before the attack's name, and cut the name to a stub that names nothing. The order now
(tui/attack_cuts.py): the notes, the wound's reason, "Attack with ", the cost said short,
the name cut down to NAME_LEAST letters ("Decisive…"), the marks "…" of the notes and
of the wound's reason, "— defeats it" said "— defeats", and last the name cut further."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, pass_responses
from unbroken.tui.attack_cuts import DEFEATS_SHORT, NAME_LEAST, cut_attack, split_attack
from unbroken.tui.option_rows import DecisionList
from unbroken.words.vocabulary import attack_name

RULES = load_ruleset()
#: The report's row whole (the Weakened −1 of the scene below, the Kobold's reward).
REPORTED = (
    "3. Attack with Decisive stroke: wound 4 (Weakened −1) - pay 2 SE + 1 LE — defeats it"
    " (health 2): 1 metal; Scavenger +1 wood + 1 metal"
)


def test_what_gives_way_and_in_which_order() -> None:
    said = {width: cut_attack(REPORTED, width) for width in (52, 48, 47, 46, 44, 40, 36)}
    assert said == {
        52: "3. Decisive str…: wound 4… - 2 SE+1 LE — defeats it…",  # the name cut
        48: "3. Decisive…: wound 4… - 2 SE+1 LE — defeats it…",  # to 8 letters, no fewer
        47: "3. Decisive…: wound 4… - 2 SE+1 LE — defeats it",  # the notes' mark goes
        46: "3. Decisive…: wound 4 - 2 SE+1 LE — defeats it",  # then the reason's
        44: "3. Decisive…: wound 4… - 2 SE+1 LE — defeats",  # "— defeats it" said short
        40: "3. Decis…: wound 4 - 2 SE+1 LE — defeats",  # last, the name cut further
        36: "3. D…: wound 4 - 2 SE+1 LE — defeats",
    }, said


def least_rest(line: str) -> str:
    """Return the least an attack's row keeps after its name: its wound, its cost said
    short, "— defeats" (where it defeats)."""
    parts = split_attack(line)
    assert parts is not None, line
    _, _, _, does, cost, note = parts
    wound = " ".join(does.split(" ")[:2])  # "wound 4", "break 1" (of "break 1 armor")
    wound = does.split(" (")[0].split(",")[0] if not wound.startswith("break") else wound
    paid = cost.removeprefix("pay ").split(" (", 1)[0].replace(" + ", "+")
    if "paid as " in cost:
        paid = cost.split("paid as ", 1)[1].split(":")[0].split(")")[0].replace(" + ", "+")
    return f": {wound} - {paid}{DEFEATS_SHORT if note.startswith(' — defeats it') else ''}"


def test_no_name_is_cut_below_8_letters_where_a_row_with_8_fits() -> None:
    names = sorted({attack_name(a.id) for w in RULES.weapons.values() for a in w.attacks})
    wounds = ["wound 4", "wound 4 (Weakened −1)", "wound 1 (Armored −1; more with Brute Force)"]
    costs = ["pay 2 SE", "pay 2 SE + 1 LE", "pay 3 SE (paid as 2 SE + 1 LE: short of SE)"]
    notes = ["", " — defeats it", " — defeats it (health 2): 1 metal; Scavenger +1 wood"]
    checked = 0
    for name in names:
        for wound in wounds:
            for cost in costs:
                for note in notes:
                    line = f"3. Attack with {name}: {wound} - {cost}{note}"
                    least = min(NAME_LEAST, len(name))
                    fits_8 = len("3. ") + least + (least < len(name)) + len(least_rest(line))
                    for width in range(30, len(line)):
                        row = cut_attack(line, width)
                        if row is None or width < fits_8:
                            continue
                        checked += 1
                        shown = row[3:].removeprefix("Attack with ").split(": ")[0]
                        shown = shown.removesuffix("…")
                        assert len(shown) >= least, (width, line, row)
    assert checked > 1000, checked


@sync
async def test_the_killing_blow_keeps_its_name_at_80x24() -> None:
    # The report's scene: the Sword against the Kobold at 2 health, Weakened, five skills.
    skills = ("scavenger", "lucky", "heroic-perseverance", "meditation", "brute-force")
    game = (
        Scenario("tomu", level=1)
        .resources(se=10, le=2)
        .weapon("sword")
        .skills(*skills)
        .condition("weakened")
        .ability_uses(2)
        .monster("kobold")
        .dice(*[3] * 20)
        .start("battle")
    )
    for attack in ("beat-aside", "cut"):
        game.apply(act.Attack(attack))
        pass_responses(game)
    async with played(game, rules=RULES) as (_pilot, screen):
        index = next(
            i
            for i, (a, _) in enumerate(screen.offered)
            if isinstance(a, act.Attack) and a.attack == "decisive-stroke"
        )
        row = screen.query_one(DecisionList).row_shown(index)
        assert "\n" not in row, row  # cut to one row, as the playtest saw it
        assert row.startswith(f"{index + 1}. Decisive…: wound 4"), row
        assert "2 SE+1 LE" in row and row.endswith(DEFEATS_SHORT), row
