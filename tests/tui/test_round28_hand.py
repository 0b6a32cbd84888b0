"""Round 28's playtest (#28): the Hand split two-word skill names across rows at 80x24
("Weak Spot, Grim" then "Determination, Lucky, Spike" then "Thrower", 28a-9)."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.hand import HandText

SKILLS = ("light-sleeper", "daring", "weak-spot", "grim-determination", "lucky", "spike-thrower")


@sync
async def test_the_hands_skills_wrap_between_names_not_inside_one() -> None:
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=3).resources(se=15, food=3).weapon("knife")
    async with played(scene.skills(*SKILLS).start("preparation")) as (pilot, screen):
        await settle(pilot)
        lines = str(screen.query_one(HandText).render()).split("\n")
        at = next(k for k, line in enumerate(lines) if line.startswith("Skills:"))
        rows = [lines[at]]
        for line in lines[at + 1 :]:
            if not line.startswith("   "):
                break
            rows.append(line)
        said = " ".join(" ".join(rows).split())
        assert said.startswith("Skills: Light Sleeper, Daring, Weak Spot,"), rows
        names = ["Light Sleeper", "Daring", "Weak Spot", "Grim Determination", "Lucky"]
        for name in [*names, "Spike Thrower"]:
            assert any(name in row for row in rows), (name, rows)
        assert len(rows) > 1, rows  # wrapped, as at 80x24
