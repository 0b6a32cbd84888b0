"""Help's own pages: how to play, the keys (a game's, the replay viewer's) and the screen."""

from __future__ import annotations

#: The game screen, part by part: the legend of its words and marks.
THE_SCREEN = """\
## The screen

- Top left, titled with the **level**: your effort (SE small, ME medium, LE
  large) and materials against their caps; **time** is what is left of this
  level's time track (its bar is full at the level's start), with the time the
  next level starts with ("level 2 starts at 22": where its track starts; in a
  fight, "22 ↺ for level 2", the fight having set the track to it); **uses**
  are your ability uses: your class's abilities, Responses too, share one pool
  of uses per level equal to the level number, spent one per use; skills'
  abilities take none.
  - ▲ and ▼ mark the net change since your last key, beside the words ("4 left
    ▼−1", "food 0 ▲+1 (eat 1)"): what your option paid and did, and all that came
    before the next question, decisions taken for you, an ambush, the monster's turn
    (2 SE paid for an attack and Second Wind's +3 SE taken for you: "▲+1"; the log
    says each, and the "Taken for you" line over the options adds a mark up by cause
    where more than one, or a monster's rule or a condition, made it: "SE ▼−3: +1
    Rest, −2 Hyena's ambush, −2 Hyena's STEAL (first strike)."; after your own key,
    the prompt does so where a condition took something: "SE ▼−2: −1 Abandoned Hovel,
    −1 Poisoned."); after `u`, what the take-back changed ("SE 16/20 ▲+4"); where a
    row is short of room, a long name is cut for that change ("cun. 1 ▲+1"; "treas. 7
    max": at its cap), or its last material goes to the next row, or the arrow stands
    alone ("metal 2 ▼"), last without the cap ("wood 7▲"): every change is marked.
    "cap took 1": what a gain brought over a cap, lost to it.
  - **food 0 (eat 3) −6 SE**: the food the level-end **Hunger step** asks ("eat 3":
    the level's number, less for some skills), and, in yellow, the SE eating short
    would cost if nothing changes before it (3 food lacking: 1 + 2 + 3 = 6 SE), in
    red when you could not pay it: you would starve.
- **Stage**: the revealed encounters, or the monster with its six-row table; the
  row the monster's roll points at (or last applied) is marked ▶. `m` shows
  the monster's rules in full, or folds them to one line.
- **Hand**: conditions on you, your weapon and its attacks, your skills, what the
  weapon can be crafted into. `Tab` moves to it and the arrows scroll it.
- On the right: where you are in the level, the decision with its options (the
  keys `1`-`9`, `0`, then letters), the line under them saying the highlighted
  one in full (where it has no room, up to a whole sentence, then "(i: all of
  it)": `i` says it whole), and the log (`l` shows all of it), on its
  newest line unless you scroll it up. Rounds that pass on their own are shown
  one roll at a time; a key skips them, not one within 3 s of yours.
"""

#: The one screen a new player reads first: the game in a few lines, then where to look.
HOW_TO_PLAY = """\
## How to play

You cross **four levels** of caverns. Each level is a **Travel Phase** and then a
**Combat Phase** against that level's monster. Beat the fourth monster and survive
the meal after it, and you have won; your score is what you have left (**Score**
in the contents, and `i` in a game, say the points).

- **Effort** is your strength: small (**SE**), medium (**ME**) and large (**LE**).
  You pay with it, and monsters take it. Paying with a larger effort is allowed
  when you lack the smaller one.
- **Travel**: take actions (each paid in full), then **explore** — keep one of the
  revealed encounter cards, resolve it (pay, gain) or rest — or **fight**. Every
  card costs **time**; when time runs out, the monster ambushes you.
- **Combat**: on your turn attack with your weapon (break armor, then wound), act,
  or skip; then the monster rolls on its table of six results.
- **Hunger**: eating after each battle; food equal to the level is due. Each food
  eaten gives 1 SE; food short costs SE (1 short: 1 SE, 2: 3 SE, 3: 6, 4: 10).

Every option on screen shows its cost, and the ones you cannot take say why;
`i` shows what any card in view does, and the cards offered side by side.
In the contents on the left: the keys, **The screen** (what each part shows),
and the rules in full; `/` searches them.
"""


#: The keys of a game (and the title's, the game's end), help's "Keys".
KEYS = """\
## Keys

| key | does |
|---|---|
| 1-9, 0, a, b, … | take the decision with that key (0 is the tenth, then letters) |
| ↑ ↓ and Enter | move through the decisions and take one |
| (dimmed) | an action you have but cannot take now, with why; it keeps its key |
| ? | this help: `/` searches, PgUp/PgDn scroll, Esc leaves the search or text, then help |
| / | help at its search (on the title and in the viewer too) |
| m | the monster's rules in full on the stage, or folded to one line |
| Tab | to the Hand and back; ↑ ↓, Page Up/Down scroll it |
| a key | while rounds pass on their own, 3 s after the key that set them: skip to the end |
| i | any card in view, as `unbroken cards` says it |
| c | in `i` ("Side by side/all"): the offered cards side by side, or all cards again |
| (i: all of it) | the line under the options is cut: `i` says the option whole, first |
| ← →, Tab | in `i`, side by side: bring in the offered cards that do not fit |
| Shift+Tab | in `i`, side by side: as ← |
| ↑ ↓ | in `i`: the previous, the next card |
| PgUp/PgDn | in `i`: scroll the card, or the offers side by side, longer than their pane |
| i, Esc | in `i`: back to the game |
| Tab, ↑ ↓, Enter | on the Hand or Stage: inspect the card picked (a click does too) |
| u | take back (undo) the last decision, if it showed nothing new (no die roll, no card) |
| (none) | a decision with one possible answer is taken for you, said in the log |
| 2, 2 | new question (3 s), and Fight always: a key marks a costly option, again takes it |
| l | the whole log of the game so far (Esc comes back) |
| r | die roll animation on/off |
| % | the odds: each option's chance of winning, 95 % interval, games (% again stops) |
| Esc | to the title, asked first (Enter leaves): saved once a decision is taken: Continue |
| Ctrl+P | command palette (themes, quit) |
| Ctrl+Q | quit at once (every decision is already saved) |
| Ctrl+C | as Ctrl+Q; with text selected, in a box or with the mouse, Ctrl+C copies it instead |

Costly (a key or Enter on a new question only marks it): an option that spends or
loses something (an ability use too, or a skill's once-a-turn use: Wrecker's Follow
Up), gives you a bad condition (Frightened), shows a card or a die's roll (`u` cannot
take it back), keeps an encounter card or a skill, changes the weapon, phase or level,
or passes up a Response that would do something. "Fight the monster now" and an option
that ends the game always mark first. While a mark is on screen (its time over too), a
key on another costly option moves the mark there. A key on a costly option of no use
now, whatever the time, marks nothing (the key again marks it). A key pressed before
the question on screen was drawn (the last key's outcome still worked out, `%` running)
takes and marks nothing: "3 not taken: pressed before this question showed"; one on a
dimmed option in a new question's first second says so: "1 not taken: a new question
(Your turn); 1 is …: not now, …"; the same key again right after it took an option:
"0 not taken: a double tap (0 just took Downgrade); …". A key with no
option says so: "3: no option 3 here (1-2)".

The odds (`%`) beside an option: `[41% 35-47]` is its chance of winning and 95 %
interval: the best's is its chance on futures of its own, every other's the best's chance
less what it lost against the best on the futures both played; one the race stopped early (or
whose race ended early) shows instead its own chance on its fewer futures less the best's
luck on them, so its gap to the best can differ from what it lost there. Over the
options, in three rows at most: the chance here, the best's, or where the best is of no
use now and its line reads below, the leading line's (where no line leads, the best's,
named: "chance here 60% (1's)"), and the verdict in plain words ("1
leads; 2 and 5 about equal": the others are clearly behind; "1 and 3 share the lead":
their figures read the same; "both about equal" of two; "every option about 0%: no
option stands out (up to 4%: …)" where the chance here reads 0%: no lead among them, and
no future won, yet the dice can lift the chance at a later decision ("this game looks
lost" only where the range's top reads 0% too); "4 stopped early,
not clearly behind": see `[34% stopped]`; "3 ends the battle; 7 about equal on the
futures": of options about equal, the one that ends the battle (or wins the game) is
said first, as the chance counts winning only and a move that goes on can win as often;
"2 leads; 1 of no use now": the race put 1 first, but its line reads Skip's bound, and
only a line reading a plain figure at the top leads; "no line leads: 1 is of no use now"
where no other line reads one).
`[30% behind]`: clearly behind the best; `[0-12% behind]`: clearly behind, and what
it lost to the best on the same futures reaches the best's chance, so its figure is held
at 0: 0-12 is its interval, 12 % the most it can be (`[0% behind]`: that top under
1 %); `[34% stopped]`: the race stopped it early, in
the worse half before it could be called clearly behind (so not shown to differ from
the best, whatever its figure), its figure from fewer games; `≤` before it, and
only there (`[≤38% stopped]`): at most the best's, it lost nothing to the best on the
futures both played (`[0% stopped]`: under 1 %, as the best's own 0%); `[30% early]`:
the race ended early (one option left, or all within 2 points) with it behind the best
there, so its figure allows for the best's luck on those futures as a stopped one's does
(analyze: "the race ended early"); `[at most Skip's 85%]`
beside an option of no use now: it does nothing Skip (or Pass) does not, so its chance
is at most that option's; `[88% no use]`: the same with no Skip or Pass beside it, its own
chance (only chance or the play after puts it there); `[same futures as 2]`: not the
same move as 2, but it won and lost on exactly the futures option 2 did, so its figure is
2's: the reference bot's futures went the same way after both (what follows hangs on what
they draw, such as the level's monster while it is unseen, not on the choice); `[…]`: no
figure yet.
"""

#: The replay viewer's keys, before the game's when help is opened from the viewer.
VIEWER_KEYS = """### In the replay viewer

| key | does |
|---|---|
| ← → | one decision back or on |
| Home, End | the start, the end |
| l, b, d | the next level, battle or death |
| L, B, D (Shift) | back to the previous level or battle start, or death |
| Space | play or pause; at the end, play again from the start |
| + -, = | faster, slower (= as +) |
| a | the chance of winning over the game (a chart; missteps marked ▲: decisions that lost chance) |
| a (again) | hide the chart: an analysis being computed runs on ("a Running") |
| c, C | the next, the previous misstep |
| ?, / | this help; `/` at its search |
| Esc, q | close the viewer (opened by `unbroken replay FILE`: quit) |
"""

#: The other screens' keys, after the game's and the viewer's (36b, k52's leftover: help's
#: keys said every key of the game but not those of the screens around it).
OTHER_KEYS = """### On the title

| key | does |
|---|---|
| ↑ ↓, Enter | pick, open |
| ?, / | this help; `/` at its search |
| q | quit |

### New game

| key | does |
|---|---|
| Tab, ↑ ↓, Enter | pick a character, a difficulty, Start |
| Ctrl+S | start the game now |
| p | the expansions: turn them on or off |
| PgUp/PgDn | scroll the character's description, while it is cut |
| Esc | back to the title |

### Expansions (`p` on New game)

| key | does |
|---|---|
| Space | turn the expansion highlighted on or off |
| Esc | back |

### Leaving a game (Esc in a game)

| key | does |
|---|---|
| Enter, y | leave for the title (the game is saved: Continue) |
| Esc, n | stay; any other key stays and is then the game's |

### An expansion that keeps failing (asked in a game)

| key | does |
|---|---|
| y | switch it off for the rest of the game |
| n, Esc | keep it on |

### When a game ends

| key | does |
|---|---|
| Enter | to the title |
| n | a new game |
| s | the same seed again |
| w | watch the game's replay |
| q | quit |

### The whole log (`l` in a game)

| key | does |
|---|---|
| l, Esc | back to the game |

### This help

| key | does |
|---|---|
| / | to the search, what was typed selected |
| PgUp/PgDn | scroll the text, wherever the focus is |
| Esc | one step back: out of the search or the text, then what a search found, then help |
| q | close help |

### Records (on the title)

| key | does |
|---|---|
| ← → | the column to sort by |
| s | sort by it |
| Enter | watch the game's replay |
| c | the charts, or the table again |
| a | the achievements |
| p | the expansions' panels, where one adds some |
| ? | this help |
| Esc | back to the table, then to the title |

### Achievements, panels (on Records)

| key | does |
|---|---|
| Esc | back to the table |

### Replays (on the title)

| key | does |
|---|---|
| Enter | watch the replay, or continue the game |
| ? | this help |
| Esc | back to the title |
"""

#: Each screen (its class's name) and the heading of help's Keys it is said under
#: (tests/tui/test_round36_help_keys.py: every key of every screen is said there).
KEYS_OF = {
    "GameScreen": "Keys",
    "InspectorScreen": "Keys",
    "UnbrokenApp": "Keys",
    "ReplayViewerScreen": "In the replay viewer",
    "TitleScreen": "On the title",
    "NewGameScreen": "New game",
    "PluginsScreen": "Expansions (`p` on New game)",
    "LeaveScreen": "Leaving a game (Esc in a game)",
    "SwitchOffScreen": "An expansion that keeps failing (asked in a game)",
    "GameOverScreen": "When a game ends",
    "LogScreen": "The whole log (`l` in a game)",
    "HelpScreen": "This help",
    "RecordsScreen": "Records (on the title)",
    "AchievementsScreen": "Achievements, panels (on Records)",
    "PanelsScreen": "Achievements, panels (on Records)",
    "ReplayListScreen": "Replays (on the title)",
}
