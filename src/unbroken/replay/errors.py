"""The errors of reading, verifying and resuming a recording: the file, the line and why."""

from __future__ import annotations

from pathlib import Path


class ReplayError(Exception):
    """A recording that cannot be read or does not match the engine: file, line and why."""

    def __init__(self, path: Path | str | None, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = str(path) if path is not None else "<recording>"
        if line is not None:
            where += f":{line}"
        super().__init__(f"{where}: {message}")


class Divergence(ReplayError):
    """The engine produced something else than the recording says."""

    def __init__(self, path: Path | str | None, line: int | None, decision: int, text: str) -> None:
        self.decision = decision
        super().__init__(path, line, text)


class ContentMismatch(ReplayError):
    """The recording was made with other plugins, versions or content than this ruleset."""
