"""The command line's parser: every command listed, only the one run imported."""

from __future__ import annotations

import subprocess
import sys

import pytest

from unbroken.cli.command import COMMANDS, command_named, main


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        ([], "tui"),
        (["--seed", "3"], "tui"),
        (["sim", "--games", "3"], "sim"),
        (["--plugins", "sim", "cards"], "cards"),  # an option's value that names a command
        (["--plug", "base", "cards"], "cards"),  # argparse's abbreviation of --plugins
        (["--d", "replays", "stats"], "stats"),
        (["--data-dir=/x", "stats", "--json"], "stats"),
        (["nosuch", "sim"], "tui"),  # argparse refuses `nosuch`
    ],
)
def test_the_command_run_is_found_before_parsing(argv: list[str], named: str) -> None:
    assert command_named(argv) == named


def test_help_lists_every_command_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--help"])
    assert ended.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    for name, summary in COMMANDS.items():
        assert f"{name} {' '.join(summary.split())}" in out


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_its_own_arguments(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--plugins", "base", name, "--help"])
    assert ended.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: unbroken {name} [-h]")
    assert " ".join(COMMANDS[name].split()) in " ".join(out.split())


def test_running_a_command_imports_its_module_alone() -> None:
    script = (
        "import sys\n"
        "from unbroken.cli.command import main\n"
        "try:\n"
        "    main(['--plug', 'base', 'tui', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "names = [m for m in sys.modules if m.startswith('unbroken.cli.')]\n"
        "print(sorted(m for m in names if m != 'unbroken.cli.command'))\n"
        "print('unbroken.core' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    modules, core = done.stdout.strip().splitlines()[-2:]
    assert modules == "['unbroken.cli.tui']"
    assert core == "False"  # nor the engine: `unbroken` draws before importing it
