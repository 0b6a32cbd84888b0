"""`unbroken cards [KIND | CARD] [--id ID]`: print cards as a player reads them.

A word that is not a kind but names a card (its name or id, any case: `unbroken
cards Club`, `unbroken cards "grave warden"`) shows that card, as `--id` does.
"""

from __future__ import annotations

import argparse
import difflib
from typing import TYPE_CHECKING

from unbroken.cli.command import CommandError, load

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "kind",
        nargs="?",
        metavar="KIND | CARD",
        help="classes, characters, weapons, monsters, skills, conditions, encounters, "
        "difficulties (a plugin's) or keywords (default: all); or one card by its name or "
        "id, any case (e.g. Club, 'Grave Warden'), as --id shows it",
    )
    parser.add_argument(
        "--id",
        dest="card_id",
        help="only this card (e.g. hyena or base:hyena; a plugin's crab or tidepool:crab)",
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.core.ruleset import resolve_id, short_ids
    from unbroken.words import cards

    ruleset = load()
    kinds = list(cards.KINDS)
    if args.kind is not None and args.kind not in cards.KINDS:
        # Not a kind: a card's name or id (#28 round 22: `unbroken cards Club` was refused).
        named = named_card(ruleset, args.kind) if args.card_id is None else None
        if named is None:
            names = sorted(
                {ruleset.card_name(i) for k in kinds for i in cards.card_ids(ruleset, k)}
            )
            close = difflib.get_close_matches(args.kind, names, n=3, cutoff=0.7)
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise CommandError(
                f"unknown kind {args.kind!r}; choose one of: {', '.join(kinds)}; "
                f"or name a card{hint}: `unbroken cards Club`, or `unbroken cards --id club`"
            )
        print("\n".join(_wrapped(cards.describe_card(ruleset, named))))
        return 0
    if args.kind is not None:
        kinds = [args.kind]
    if args.card_id is not None:
        ids = [i for k in kinds for i in cards.card_ids(ruleset, k)]
        ident = resolve_id(args.card_id, ids)
        if ident is None:
            known = short_ids(ids)
            where = f" among {kinds[0]}" if len(kinds) == 1 else ""
            if len(known) <= 30:
                raise CommandError(
                    f"no card {args.card_id!r}{where}; choose one of: {', '.join(known)}"
                )
            close = difflib.get_close_matches(args.card_id, known, n=5, cutoff=0.6)
            hint = f"; did you mean: {', '.join(close)}?" if close else ""
            raise CommandError(
                f"no card {args.card_id!r}{where}{hint} (`unbroken cards KIND` lists the cards)"
            )
        print("\n".join(_wrapped(cards.describe_card(ruleset, ident))))
        return 0
    blocks: list[str] = []
    for kind in kinds:
        for ident in cards.card_ids(ruleset, kind):
            blocks.append("\n".join(_wrapped(cards.describe_card(ruleset, ident))))
    print("\n\n".join(blocks))
    return 0


def named_card(ruleset: Ruleset, word: str) -> str | None:
    """Return the id of the one card `word` names: its id (as `--id` takes it) or its name,
    in any case and with `-` or spaces alike; None when no card or several do."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.core.ruleset import resolve_id
    from unbroken.words import cards

    ids = list(dict.fromkeys(i for k in cards.KINDS for i in cards.card_ids(ruleset, k)))
    typed = word.strip().lower()
    ident = resolve_id(typed.replace(" ", "-"), ids)
    if ident is not None:
        return ident

    def plain(text: str) -> str:
        return " ".join(text.lower().replace("-", " ").split())

    found = [i for i in ids if plain(ruleset.card_name(i)) == plain(typed)]
    found = found or [i for i in ids if plain(i.split(":", 1)[1]) == plain(typed)]
    return found[0] if len(found) == 1 else None


def _wrapped(lines: list[str]) -> list[str]:
    """Return a card's lines wrapped at 80 columns, each under its own indent plus two."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.words.vocabulary import wrap

    out: list[str] = []
    for line in lines:
        body = line.lstrip(" ")
        lead = line[: len(line) - len(body)]
        out.extend(wrap(body, lead, len(lead) + 2).splitlines() or [line])
    return out
