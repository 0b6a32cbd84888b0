"""The core by job (#16): every effect, action and flow step has its registered function,
queued steps keep their names on the wire, and the core's modules import no cycle."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import get_args

import msgspec
import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import steps
from unbroken.core.driver import drive
from unbroken.core.effects import EFFECTS
from unbroken.core.resolver import STEPS, Resolver
from unbroken.core.state import DecisionKind, GameState, Queued
from unbroken.core.taking import TAKE
from unbroken.replay.codec import encode

REPO_ROOT = Path(__file__).resolve().parents[2]
CORE_DIR = REPO_ROOT / "src" / "unbroken" / "core"
RECORDINGS = sorted((REPO_ROOT / "replays").glob("*.jsonl")) + sorted(
    (REPO_ROOT / "tests" / "replay" / "old").glob("*.jsonl")
)

#: The names queued steps have on the wire: recordings hold them, so they never change.
WIRE_NAMES = {
    "travel.preparation",
    "travel.after_action",
    "travel.exploration",
    "travel.exploration_end",
    "skills.gain",
    "skills.draw",
    "window",
    "rewindow",
    "window.close",
    "window.again",
    "condition.roll_instead",
    "combat.ambush",
    "combat.trickery",
    "combat.battle",
    "battle.round",
    "battle.round_end",
    "battle.player_turn",
    "battle.player_act",
    "battle.player_turn_end",
    "attack.resolve",
    "attack.end",
    "attack.extra",
    "battle.monster_turn",
    "monster.attack",
    "monster.roll",
    "monster.resolve",
    "monster.attack_done",
    "monster.wound_loss",
    "combat.rewards",
    "combat.hunger",
    "level.end",
    "level.advance",
}


def test_every_effect_type_has_a_function() -> None:
    effect_types = set(get_args(m.Effect))
    assert effect_types == set(EFFECTS)


def test_every_action_type_has_a_function() -> None:
    action_types = set(get_args(act.Action))
    assert action_types == set(TAKE)


def test_every_step_type_has_a_function_and_its_stable_name() -> None:
    assert set(steps.STEP_TYPES) == set(STEPS)
    assert {t.name for t in steps.STEP_TYPES} == WIRE_NAMES
    # Steps are memo keys: two types with the same fields are never equal.
    assert len({t() for t in steps.STEP_TYPES}) == len(steps.STEP_TYPES)


@pytest.mark.parametrize(
    ("step", "wire"),
    [
        (steps.Preparation(), "travel.preparation"),
        (steps.SkillsDraw(2), "skills.draw:2"),
        (steps.SkillsGain(0), "skills.gain:0"),
        (steps.MonsterAttack(0), "monster.attack:0"),
        (steps.MonsterAttack(-1), "monster.attack:-1"),
        (steps.Window("wound_loss"), "window:wound_loss"),
        (steps.WindowAgain("battle_start"), "window.again:battle_start"),
        (steps.WindowAgain("battle_start", ()), "window.again:battle_start|"),
        (
            steps.WindowAgain("battle_start", ("base:daring/daring-rush", "base:sage/x")),
            "window.again:battle_start|base:daring/daring-rush,base:sage/x",
        ),
        (steps.RollInstead("base:stone", "turn"), "condition.roll_instead:base:stone/turn"),
    ],
)
def test_a_step_is_written_as_before_and_read_back(step: steps.Step, wire: str) -> None:
    assert step.wire() == wire
    assert steps.parse(wire) == step


def test_an_unknown_step_name_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match="unknown flow step 'travel.nowhere'"):
        steps.parse("travel.nowhere:1")


class _Line(msgspec.Struct):
    """A recording's line, its events kept as the bytes written."""

    events: list[msgspec.Raw] = []


def test_awaiting_events_of_recordings_decode_and_encode_byte_identical() -> None:
    # The wire format of the continuation stack did not change: an Awaiting event of a
    # recording (goldens, and one made by 0.1.0) decodes, its steps read as typed steps
    # and write back to the same names, and it encodes to the very bytes recorded.
    seen_steps: set[str] = set()
    seen_effects = 0
    for path in RECORDINGS:
        for line in path.read_bytes().splitlines():
            for raw in msgspec.json.decode(line, type=_Line).events:
                recorded = bytes(raw)
                if not recorded.startswith(b'{"type":"awaiting"'):
                    continue
                event = msgspec.json.decode(recorded, type=ev.Event)
                assert isinstance(event, ev.Awaiting)
                again = []
                for q in event.then:
                    if q.effect is None:
                        typed = steps.parse(q.step)
                        assert typed.wire() == q.step
                        seen_steps.add(typed.name)
                        again.append(Queued(step=typed.wire()))
                    else:
                        seen_effects += 1
                        again.append(q)
                rebuilt = ev.Awaiting(event.decision, again, event.trigger)
                assert encode(rebuilt) == recorded, path.name
    assert seen_effects and {"skills.draw", "window.again", "rewindow"} <= seen_steps


def test_a_resumed_stack_runs_from_the_recorded_names() -> None:
    # A state whose stack holds steps by their wire names (as a saved game does) drives on.
    from unbroken.plugins import load_ruleset
    from unbroken.testing import Scenario

    rules = load_ruleset()
    game = Scenario("maxyn-zenma").start("preparation")
    state = msgspec.json.decode(msgspec.json.encode(game.state), type=GameState)
    state.then = [Queued(step="skills.draw:2")]
    state.decision = DecisionKind.NONE
    r = Resolver(rules, state)
    drive(r)
    assert state.decision == "choose_skill" and len(state.choices) == 2


def _imports(path: Path) -> tuple[set[str], list[str]]:
    """Return the core modules a module imports, and the imports not at its top level."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    nested: list[str] = []
    top = set(map(id, tree.body))
    for node in (n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
            if node.module == "unbroken.core":
                names = [f"unbroken.core.{a.name}" for a in node.names]
        core = [n.removeprefix("unbroken.core.") for n in names if n.startswith("unbroken.core.")]
        found.update(core)
        if core and id(node) not in top:
            nested.append(f"{path.name}:{node.lineno}")
    return found, nested


def test_core_modules_import_each_other_without_cycles_and_at_the_top() -> None:
    graph: dict[str, set[str]] = {}
    nested: list[str] = []
    for path in sorted(CORE_DIR.glob("*.py")):
        graph[path.stem], inner = _imports(path)
        nested += inner
    assert not nested, f"core imports inside functions or blocks: {nested}"
    # A module's top-level imports come before its code.
    for path in sorted(CORE_DIR.glob("*.py")):
        body = ast.parse(path.read_text()).body
        seen_code = False
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                assert not seen_code, f"{path.name}:{node.lineno}: an import after code"
            elif not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
                seen_code = True

    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for dep in sorted(graph.get(module, ())):
            if state.get(dep) == 1:
                cycle = path[path.index(dep) :] + [dep]
                raise AssertionError(f"import cycle: {' -> '.join(cycle)}")
            if dep not in state:
                visit(dep, [*path, dep])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


def test_no_core_module_is_over_500_lines() -> None:
    # STYLE.md "Sizes and shapes": a module over ~500 lines is doing several jobs.
    sizes = {p.name: len(p.read_text().splitlines()) for p in CORE_DIR.glob("*.py")}
    assert not {name: n for name, n in sizes.items() if n > 500}


def test_the_deprecation_shims_are_gone() -> None:
    # 0.3.0 removes what 0.2 deprecated: the flow facade and the old heuristic module.
    for name in ("unbroken.core.flow", "unbroken.heuristic"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(name)
