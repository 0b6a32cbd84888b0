"""Gauntlet: an Unbroken expansion of keywords, a danger track, a campaign and the scorepad."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from unbroken.api import (
    AttackPower,
    Gain,
    GameOver,
    GameStarted,
    HelpSection,
    RecordsPanel,
    ScoringRule,
    handler_words,
    hookimpl,
)

__version__ = "0.1.0"

#: The scorepad's Difficulty row: the box a difficulty ticks (x2 to x5).
DIFFICULTY_FACTOR = {"easy": 2, "normal": 3, "hard": 4, "gauntlet:expert": 5}
#: The scorepad's Character row: the box a class ticks, the harder class to win with
#: the higher (by the base game's heuristic win rates summed over Easy, Normal and
#: Hard in docs/balance.md: Hunter 109, Sage 107, Brawler 105, Sneak 95). Others: x3.
CLASS_FACTOR = {"base:hunter": 2, "base:sage": 3, "base:brawler": 4, "base:sneak": 5}
OTHER_CLASS_FACTOR = 3


@hookimpl
def unbroken_content_packs() -> list[Path]:
    """Return the Gauntlet content folder (shipped inside this package)."""
    return [Path(__file__).parent / "content"]


def _against_words(params: dict[str, Any]) -> str:
    keyword = str(params.get("keyword", "")).replace("-", " ").title()
    gains = []
    if params.get("power"):
        gains.append(f"+{int(params['power'])} power")
    if params.get("gain"):
        gains.append(f"gain {int(params['gain'])} SE")
    article = "an" if keyword[:1] in "AEIOU" else "a"
    return f"{' and '.join(gains) or 'nothing'} against {article} {keyword} monster"


@handler_words(_against_words)
def against(ctx: Any, params: dict[str, Any]) -> None:
    """Only against a monster with the keyword `keyword`: +`power` attack power, gain `gain` SE."""
    if str(params.get("keyword", "")) not in {k.split(":", 1)[-1] for k in ctx.keywords()}:
        return
    if params.get("power"):
        ctx.apply(AttackPower(amount=int(params["power"])))
    if params.get("gain"):
        ctx.apply(Gain(amounts={"se": int(params["gain"])}))


@hookimpl
def unbroken_effect_handlers() -> dict[str, Any]:
    """Return the handlers Gauntlet cards name (registered as `gauntlet:<name>`)."""
    return {"against": against}


def scorepad(ruleset: Any, events: list[Any], state: Any) -> int | None:
    """Return a won game's score times its Character and Difficulty boxes; None on a loss.
    The class and difficulty are the GameStarted event's, else the final `state`'s (events
    cut before the start); ValueError, saying so, when neither names them."""
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    if over is None or not over.won:
        return None
    started = next((e for e in events if isinstance(e, GameStarted)), state)
    cls, difficulty = getattr(started, "cls", ""), getattr(started, "difficulty", "")
    if not cls or not difficulty:
        raise ValueError(
            "the scorepad needs the game's class and difficulty: its events have no"
            " GameStarted and its final state names none"
        )
    character = CLASS_FACTOR.get(cls, OTHER_CLASS_FACTOR)
    return int(over.score * character * DIFFICULTY_FACTOR.get(difficulty, 3))


def scorepad_words(ruleset: Any, events: list[Any], state: Any) -> str:
    """Return a won game's scorepad as its product in words ("score 12 × Brawler 4 × Expert
    5"), for the end screen."""
    over = next(e for e in reversed(events) if isinstance(e, GameOver))
    started = next((e for e in events if isinstance(e, GameStarted)), state)
    cls, difficulty = started.cls, started.difficulty
    return (
        f"score {over.score} × {ruleset.card_name(cls)} {CLASS_FACTOR.get(cls, OTHER_CLASS_FACTOR)}"
        f" × {ruleset.difficulty_name(difficulty)} {DIFFICULTY_FACTOR.get(difficulty, 3)}"
    )


@hookimpl
def unbroken_scoring_rules() -> list[ScoringRule]:
    """Return the scorepad rule (win only)."""
    return [
        ScoringRule(
            "scorepad",
            "Won games only: the score times the Character box (x2-x5 by class) "
            "times the Difficulty box (x2 Easy to x5 Expert).",
            scorepad,
            title="Gauntlet scorepad",
            explain=scorepad_words,
        )
    ]


def campaign_lines(ruleset: Any) -> list[str]:
    """Return the campaign run as the Records screen shows it (read only)."""
    from unbroken_gauntlet import campaign

    run = campaign.load(campaign.path(create=False))
    if run is None:
        return ["No campaign yet: unbroken-campaign --new starts one."]
    # A game of the run finished with the full-screen Continue is shown counted (not saved).
    return campaign.describe(campaign.finished_elsewhere(run, ruleset) or run, ruleset)


@hookimpl
def unbroken_records_panels() -> list[RecordsPanel]:
    """Return the campaign panel of the Records screen."""
    return [RecordsPanel("campaign", "Gauntlet campaign (hard-core)", campaign_lines)]


#: The campaign in the game's help (`?`, found by `/` "campaign"; #28 round 23: nothing was).
CAMPAIGN_HELP = """\
A **campaign** is a hard-core run of games with one character and one difficulty, in the
manner of Shadows of Brimstone's: a won game's keepings carry into the next game, and a
death ends the run, with no way back.

- **Start one** (outside the full-screen game, in a terminal): `unbroken-campaign --new
  --character tomu --difficulty expert`; without them, the character and difficulty of
  your last new game. It plays the run's first game at once.
- **Play on**: `unbroken-campaign` plays the run's next game, or continues its game left
  unfinished. `unbroken-campaign --status` shows the run; `unbroken-campaign --help` says
  it all. The campaign's games are played in the plain-text game (one numbered question at
  a time, `u` to take back, `%` for the odds): this screen's keys `?`, `i` and `m` are not
  there. A campaign game finished with `unbroken play --continue` (or Continue here) is
  counted all the same by the next `unbroken-campaign`.
- **What carries over, and why**: after a won game the next one starts with three things:
  the weapon on top of your stack, the last skill you took (the rule chooses it, you are
  not asked: take last the skill you want to keep; the others stay behind) and all the
  treasure you had left. However the game was finished, its end says them: "Campaign:
  Carried into the next game: the Longbow (the weapon on top of your stack), Daring (the
  last skill you took; Lucky stays behind), 7 treasure (all you had left)."
- **Where it is kept**: the run is the file `gauntlet-campaign.json` in the records folder
  (the user data dir, or `--data-dir DIR`); the Records screen shows it: press `p` there.
"""


@hookimpl
def unbroken_help_sections() -> list[HelpSection]:
    """Return the campaign's section of the game's help."""
    return [HelpSection("Campaign", CAMPAIGN_HELP)]


@hookimpl
def unbroken_game_end_lines(events: list[Any], state: Any, ruleset: Any) -> list[str]:
    """Return what the end of a campaign game says: what carries over, or the run's end."""
    from unbroken_gauntlet import campaign

    return campaign.end_lines(events, state, ruleset)
