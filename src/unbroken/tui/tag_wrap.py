"""Wrapping a card's line so a bracketed tag stays whole (#28 round 35, 35b-12: the
inspector's pane showed "Bare Hands (basic" then "weapon)" on the next line)."""

from __future__ import annotations

import re
import textwrap

#: A bracketed tag: "(basic weapon)", "(next level)".
TAG = re.compile(r"\([^()]*\)")
#: Holds a tag's spaces while it is wrapped (a private-use character, in no card's text):
#: textwrap breaks at ASCII whitespace only.
GLUE = "\ue000"


def fill_keeping_tags(body: str, width: int, lead: str) -> str:
    """Return `body` filled to `width` after `lead`, its continuation lines two further in,
    each bracketed tag kept on one line where it fits in one, else wrapped as before."""
    room = width - len(lead) - 2

    def glued(tag: re.Match[str]) -> str:
        said = tag.group()
        return said.replace(" ", GLUE) if len(said) <= room else said

    wrapped = textwrap.fill(
        TAG.sub(glued, body),
        width,
        initial_indent=lead,
        subsequent_indent=lead + "  ",
        break_on_hyphens=False,
    )
    return wrapped.replace(GLUE, " ")
