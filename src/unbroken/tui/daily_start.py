"""Starting the day's daily challenge in the full-screen game (title item, `unbroken daily`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unbroken.play.daily_game import daily_session

if TYPE_CHECKING:
    from unbroken.tui.app import UnbrokenApp


def start_daily(app: UnbrokenApp) -> None:
    """Play today's daily challenge on `app` (a notice says why not, when it cannot start)."""

    try:
        settings = app.settings
        session = daily_session(settings.auto_take, app.record_games, settings.auto_pass)
    except Exception as exc:  # noqa: BLE001 - the base game cannot load: say so, in one line
        app.notify(f"The daily challenge cannot start: {exc}", severity="error", timeout=10)
        return
    session.note(  # said on the game screen's notice line, not in a toast over it
        f"Daily challenge of {session.daily}: everyone plays this seed, character and "
        "difficulty today; your first finished attempt is the one that counts."
    )
    app.play(session)
