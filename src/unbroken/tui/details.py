"""The detail line under the options: the whole text of the option highlighted."""

from __future__ import annotations

import re
import textwrap

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.tui.hand import attack_text
from unbroken.tui.row_keeps import top_level
from unbroken.words.actions import label, option_detail, option_text, own_words
from unbroken.words.attacks import attack_cost, if_used_sentence
from unbroken.words.cutting import without_loose_end
from unbroken.words.effects import ability_words
from unbroken.words.encounter_kind import encounter_kind
from unbroken.words.forecast import shorter_warnings
from unbroken.words.no_use import last_use_short
from unbroken.words.vocabulary import sentences


def detail(action: act.Action, game: Game, forecast: Forecast | None = None) -> str:
    """Return the full text of the card or action under the cursor (`forecast`: its
    forecast when made already)."""
    rules = game.ruleset
    s = game.state
    if isinstance(action, act.ChooseEncounter):
        card = rules.encounters[action.card]
        # Its kind, a plugin's card's too (#28 round 30: "Epitaph (unearthed, time 2)").
        kind = encounter_kind(card)
        flavour = f"{rules.card_name(card.id)} ({kind}, time {card.time}): {card.text}"
        # Its words, what the caps take, its warnings (an ambush); the card's own
        # text, which the inspector has whole, only where nothing else is to be said
        # (#28 round 14: at level 4 with 1 time left the line said only the card's text
        # and the ambush was said nowhere). `shortened` drops its words where its row
        # shows them whole.
        if action.card not in s.revealed:  # not offered now: the card alone
            return flavour
        f = forecast or game.query().forecast(action)
        text = option_detail(action, s, rules, f)
        return flavour if text == f"{label(action, s, rules)}." else text
    if isinstance(action, act.ChooseSkill):
        # The card's own words: the option above already says what each ability does.
        skill = rules.skills[action.skill]
        return f"{rules.card_name(skill.id)}: {skill.text}"
    if isinstance(action, act.Craft):
        # What the weapon does comes first: the detail has two lines at 80x24.
        w = rules.weapons[action.weapon]
        attacks = "; ".join(attack_text(a, attack_cost(a, s, rules)) for a in w.attacks)
        text = f"{rules.card_name(w.id)} ({w.type}) attacks: {attacks}. {w.text}"
        if game.query().ambushes(action):
            text = f"Its time takes the track to 0: the monster ambushes you. {text}"
        return text
    if isinstance(action, act.ChooseWeapon):  # its attacks, then its card's words (30a-14)
        return sentences(label(action, s, rules), rules.weapons[action.weapon].text)
    if isinstance(action, act.Eat):
        eat = game.query().hunger(action.food)
        # The caps counted, as the option's line says them (#28 round 13: "+4 SE" beside
        # "(2 SE lost to the cap 20)"): the core's numbers (Query.hunger).
        cap = rules.settings.caps.get("se", 99)
        capped = f" ({eat.lost_to_cap} lost to the cap {cap})" if eat.lost_to_cap else ""
        # The food short is what costs (R-HUNGER-3), said only when some is (#28 round
        # 18: "0 uneaten costs 0 SE").
        short = f"; eating {eat.missing} short costs {eat.loss} SE" if eat.missing else ""
        text = f"Eat {action.food} of {eat.need}: +{eat.gained} SE{capped}{short}"
        if eat.starves:
            return text + ": more than you have — you would starve."
        return text + "."
    # Its own words first and whole, its warnings after (`option_detail`): the detail has
    # two rows at 80x24, and a warning said on every option of a battle (starvation) cut
    # what the highlighted one does (#28).
    text = option_detail(action, s, rules, forecast or game.query().forecast(action))
    # No rule acts and nothing is warned of: the option's own words, which the screen
    # does not repeat under the list.
    own = own_words(action, s, rules)
    return own if text == f"{own}." else text


def ability_text(action: act.Action, rules: Ruleset) -> str:
    """Return the words of the ability an option uses, as its row says them ("" for another
    option): an action's in short (`ability_words`), a Response's printed text."""
    ability = rules.ability(action.source, action.ability) if isinstance(action, act.Use) else None
    return ability_words(ability, rules) if ability is not None else ""


#: The rows the detail line has at most (app.tcss's #detail), and usually.
MOST_ROWS = 5
ROWS = 2
#: The rows kept under the decisions: the detail (two lines, three where a decision's
#: details need them: `DecisionPanel.detail_rows`) and the log (its border and two
#: lines); the log also takes whatever rows the decisions leave.
BELOW_DECISIONS = ROWS + 3
#: The log's lines the options may take where they would not keep a row each without.
LOG_LINES = 2


def rows_of(text: str, width: int) -> int:
    """Return the rows `text` takes wrapped to `width` (1 before the line is laid out)."""
    return len(textwrap.wrap(text, width)) if width > 1 else 1


#: What the detail line ends with where it cannot say all: the inspector (`i`) says all
#: of it, above the cards (#28 rounds 29-30: "…, but the noi…", cut mid-word).
MORE = "(i: all of it)"


def in_rows(text: str, width: int, rows: int = ROWS) -> str:
    """Return `text` as the detail line's `rows` rows show it (`width`: the line's; 0
    before it is laid out): whole, else wrapped and ending after its last whole sentence
    that fits, then MORE; where none fits, after a whole clause ("; ", " — ") and "…";
    where none fits either, after a whole word and "…", or in a bracket after a whole
    part of it, closed ("(cannot pay 4 SE…)"): never in a bracket left open, never on
    ":" or "," (#28 rounds 29-30, 29a-15: "…, but the noi…"). A "⚠" warning after the
    cut is said whole after it, in place of what it leaves out before it: what happens
    for certain is the last thing the line loses (#28 round 31: a Forage's "⚠ Time runs
    out…" fell off the end)."""
    if width <= 1 or rows_of(text, width) <= rows:
        return text
    warned = warnings(text)
    kept = _cut(text, width, rows, warned)
    if kept or not warned:
        return kept or "\n".join(_wrapped(MORE, width)[:rows])
    # The warnings alone, cut where they do not fit: the card's words go first.
    alone = " ".join(text[start:stop] for start, stop in warned)
    return _cut(alone, width, rows, []) or "\n".join(_wrapped(MORE, width)[:rows])


def _cut(text: str, width: int, rows: int, warned: list[tuple[int, int]]) -> str:
    """Return `text` cut as `in_rows` says, each of its `warned` spans after the cut kept
    whole after it (none cut into), else the warnings alone; "" where nothing fits."""
    sentences = [at + 1 for at in top_level(text, " ") if at and text[at - 1] in ".!?"]
    clauses = [at for sep in ("; ", " — ") for at in top_level(text, sep)]
    words = [*top_level(text, " "), *_inner_parts(text)]
    for ends, mark in ((sentences, ""), (clauses, "…"), (words, "…")):
        for end in sorted(ends, reverse=True):
            if any(start < end < stop for start, stop in warned):
                continue  # a warning is kept whole or not cut into
            tail = [text[start:stop] for start, stop in warned if start >= end]
            said = without_loose_end(text[:end])  # never on " - ", "->" (37a-3)
            closed = ")" * (said.count("(") - said.count(")"))
            lines = _wrapped(" ".join([f"{said}{mark}{closed}", *tail, MORE]), width)
            if said and len(lines) <= rows:
                return "\n".join(lines)
    lines = _wrapped(" ".join([*(text[start:stop] for start, stop in warned), MORE]), width)
    return "\n".join(lines) if warned and len(lines) <= rows else ""


def warnings(text: str) -> list[tuple[int, int]]:
    """Return where each "⚠" warning of `text` starts and ends, outside any bracket: from
    its "⚠" to the end of its sentence ("⚠ Time runs out: the monster ambushes you.")."""
    ends = [at for at in top_level(text, " ") if at and text[at - 1] in ".!?"]
    found: list[tuple[int, int]] = []
    for start in top_level(text, "⚠"):
        stop = next((at for at in ends if at > start), len(text))
        if not found or start >= found[-1][1]:
            found.append((start, stop))
    return found


def _inner_parts(text: str) -> list[int]:
    """Return where a part of a bracket ends in `text` ("; ", ": " inside it)."""
    depth, ends = 0, []
    for at, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth > 0 and text.startswith(("; ", ": "), at):
            ends.append(at)
    return ends


def _wrapped(text: str, width: int) -> list[str]:
    """Return `text` wrapped to `width` as the line draws it (between words: none cut,
    not at a hyphen), MORE kept on one row."""
    kept = MORE.replace(" ", "\0")
    lines = textwrap.wrap(
        text.replace(MORE, kept), width, break_long_words=False, break_on_hyphens=False
    )
    return [line.replace("\0", " ") for line in lines]


def shortened(
    text: str,
    own: str,
    shown_whole: bool,
    row_whole: bool = False,
    shorter: dict[str, str] | None = None,
) -> list[str]:
    """Return the ways to say an option's detail `text`, longest first: whole; without
    the option's own words (`own`) where its row above shows them whole (`shown_whole`);
    from its payment on where its row is shown whole (`row_whole`: an attack's words,
    "break 1 armor", are its row's in another order); then with the starvation warning
    said short, `shorter` mapping each whole to its short form (#28 round 11: "Paid as 1 LE:
    short of…", and the warning after it, cut)."""
    said = [text]
    words = f"{text} ".find(f"{own}. ")
    rest = f"{text[:words]}{text[words + len(own) + 2 :]}".strip() if words >= 0 else ""
    if shown_whole and rest and (words == 0 or text[words - 1] == " "):
        said.append(rest)  # its words first, or after the warnings (an encounter's, round 14)
    paid = said[-1].find(" Paid as ")
    if row_whole and paid > 0:
        said.append(said[-1][paid + 1 :])
    short = said[-1]
    for whole, brief in (shorter or {}).items():  # words.forecast.shorter_warnings
        short = short.replace(whole, brief)
    return [*said, short] if short != said[-1] else said


def fitted(said: list[str], width: int, rows: int) -> str:
    """Return the first of the ways to say a detail (`shortened`) that fits `rows` rows at
    `width`, else the shortest."""
    return next((words for words in said if rows_of(words, width) <= rows), said[-1])


def rows_needed(said: list[str], width: int, rule: str = "") -> int:
    """Return the rows the detail line needs for one of `said` whole: two; three for a
    payment, a warning or a "no use now" that two rows cut, or the option's own `rule`
    (an ability's printed text: #28 round 19 found Aimed Shot's "inflict 2 wounds that…"
    cut at 80x24), as many rows as they need up to MOST_ROWS (the options give them up).
    Another card's long words stay cut in two: the inspector has them."""
    short = said[-1]
    rows = rows_of(short, width)
    if rows <= ROWS:
        return ROWS
    if rule and rule in short:
        return min(rows, MOST_ROWS)
    # What decides the choice, cut by two rows: a warning, a payment, an ability of no use
    # now (#28 round 15), said whole as an ability's rule is (round 19: "(it takes your
    # turn)" on Focus's words took its payment and warning to four rows). Not the level's
    # last ability use: at level 1 every use is the last, and the options would give up a
    # row at every Preparation.
    weighty = ("⚠", "Paid as", "no use now")
    both = f"{short} {short.lower()}"  # "No use now: …" opens a sentence (round 20)
    return min(rows, MOST_ROWS) if any(words in both for words in weighty) else ROWS


def detail_ways(
    action: act.Action, game: Game, f: Forecast | None, brief: bool, cut: bool, shown: str
) -> list[str]:
    """Return the ways to say an option that can be taken on the detail line, longest first
    (`shortened`): [""] for one its line says whole. `f`: its forecast; `brief`: its line
    says it a shorter way; `cut`: its line is cut to one row ("…"); `shown`: its line as
    shown."""
    text = detail(action, game, f)
    # The label again only where the option's line was cut (Cold Logic's card text).
    own = own_words(action, game.state, game.ruleset)
    if brief and f is not None:  # what its line leaves out, after
        # its own words and rules (#28 round 27: "Wound 2 if Power Through [Brawler]
        # used. Attack with Quick cut: …": README, its own words first), a sentence
        # (round 28: "- pay 1 ME Defeats it if Power Through [Brawler] used.")
        text = sentences(text, if_used_sentence(f, game.ruleset))
    if text == own and not cut:
        return [""]
    # Each way ends its sentence (#28 round 30, 30b-14: a cut row's own words alone, "Attack
    # with Shove: break 1 armor - pay 2 SE", came without their stop).
    return [sentences(way) for way in _ways(action, game, f, text, own, cut, shown)]


def dimmed_detail(action: act.Action, why: str, game: Game) -> str:
    """Return what the detail line says of an option that cannot be taken (`why`), where
    its row was cut: its whole row, as a sentence."""
    return sentences(option_text(action, why, game.state, game.ruleset))


def _ways(
    action: act.Action, game: Game, f: Forecast | None, text: str, own: str, cut: bool, shown: str
) -> list[str]:
    """Return the ways to say an option's detail `text` (`detail_ways`), its own words
    `own` first where its row is `cut`."""
    if own not in text and (cut or isinstance(action, act.Attack)):
        # The detail says only what the forecast adds (a kill's reward): its own words
        # first, whole in the inspector's "all of it" and on the line under the list
        # wherever they fit, an attack's row whole or any row cut (an Eat's, a card's
        # detail says them its own way) (#28 rounds 12-13: "7. Aimed Shot
        # [Hunter] (pay 2…" highlighted, the line said only "Troll: gain 2 treasure.";
        # 35a-2: `i` on Bash's kill said "It defeats the Gremlin; …" with no "Attack with
        # Bash … pay 3 SE", where the Ogre's said it first).
        text = f"{own.rstrip('.')}. {text}"
    # What the line above shows whole is not said again where the rest would be cut
    # (#28 round 11: "Paid as 1 LE: short of…" lost its reason, then its warning).
    shown = " ".join(shown.split())
    shorter = shorter_warnings(f, game.ruleset, game.state) if f is not None else {}
    said = shortened(text, own, own in shown, not cut, shorter)
    # Last, without the ability's printed text (the inspector has it), so what is said
    # after it fits: "(no use now: you are committed to 1 card)", "Your last ability
    # use…" (#28 round 15: both cut off at 80x24 behind Take a Peek's and Forage's text).
    printed, last = ability_text(action, game.ruleset), said[-1]
    at = last.find(printed) if printed else -1
    after = last[at + len(printed) :] if at >= 0 else ""
    last_words = last_use_short(action, game.state, f, game.ruleset) if f is not None else ""
    if "no use now" not in after.lower() and not (last_words and last_words in after):
        # Nothing of its own after it (a warning every option says, starvation, stays
        # after the option's words, round 10): the card's text is not dropped.
        return said
    # Its own words end where the printed text began (#28 round 25: "Dangerous Idea
    # [Sage] (1 ability use) Your last ability use…" ran into the warning).
    return [*said, without(last, printed)]


def without(text: str, printed: str) -> str:
    """Return `text` without an ability's `printed` words, the sentence they ended ended
    once (#28 round 29: "Forage [Hunter] (pay 2 time, 1 ability use).. Last use…": the
    words went, their full stop stayed beside the new one)."""
    words = re.escape(printed.rstrip("."))
    after_colon = re.sub(rf": {words}\.?", ".", text, count=1)
    if after_colon != text:
        return after_colon
    # Its own sentence (after a full stop): it goes with its stop; else the words alone.
    return re.sub(rf"(?<=[.?!]) {words}\.?|(?<![.?!]) {words}", "", text, count=1)


def own_rule(action: act.Action, game: Game, f: Forecast | None, brief: bool) -> str:
    """Return the words the detail line says whole for an option (`rows_needed`): what
    its line leaves out where said briefly (`brief`: its Responses' figures), else the
    ability's printed text ("" for none). `f`: its forecast."""
    if f is not None and brief:
        return if_used_sentence(f, game.ruleset)
    return ability_text(action, game.ruleset)
