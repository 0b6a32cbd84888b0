"""The help's sections the plugins on give (`unbroken_help_sections`): Gauntlet's campaign."""

from __future__ import annotations

from typing import Any


def plugin_name(plugin: str) -> str:
    """Return a plugin's name as the game says it ("gauntlet" -> "Gauntlet")."""
    return plugin.replace("-", " ").replace("_", " ").title()


def plugin_sections(plugins: Any) -> list[tuple[str, str]]:
    """Return each help section of the plugins on as (title, markdown), titled with the
    plugin's name ("Campaign (Gauntlet)") and headed with it when its text has no heading,
    for the contents and the search (#28 round 23: "campaign" found nothing)."""
    out = []
    for section in getattr(plugins, "help_sections", None) or []:
        title = f"{section.title} ({plugin_name(section.plugin)})"
        text = section.text.strip("\n")
        if text.startswith("## "):  # its own heading: the plugin's name after it
            first, _, rest = text.partition("\n")
            text = f"{first} ({plugin_name(section.plugin)})\n{rest}"
        else:
            text = f"## {title}\n\n{text}"
        out.append((title, text + "\n"))
    return out
