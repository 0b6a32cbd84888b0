"""Content packs: TOML files -> model Structs, with file:line problems for bad content.

One module per job, each importing only those above it in this list:

- `files`: a content file read within limits (regular, UTF-8, nesting) and parsed
- `tables`: the card kinds (`KINDS`), how problems name them (`LABELS`), `qualify`
- `lines`: where things are written (`toml_lines`, `line_of`, `Place`, `CardLines`)
- `problems`: `Problem`, `ContentError`, `did_you_mean`, msgspec's errors in our words
- `checks`: what msgspec's types cannot catch in a card (resources, ranges, names)
- `loader`: the loader (`load_pack`, `read_pack`, `read_upgrades`, `base_content_dir`)

The base game's own TOML is not here: it is `content/base` in a source checkout
and `unbroken/data/base` in the wheel (`base_content_dir()`).
"""

from unbroken.content.files import parse_toml, read_toml
from unbroken.content.lines import CardLines, Place, line_of, toml_lines
from unbroken.content.loader import (
    UpgradeEdge,
    base_content_dir,
    load_pack,
    missing_edge_weapons,
    read_pack,
    read_upgrades,
)
from unbroken.content.problems import (
    ContentError,
    Problem,
    did_you_mean,
    error_place,
    ids_of_kind_named,
)
from unbroken.content.tables import KINDS, LABELS, qualify

__all__ = [
    "KINDS",
    "LABELS",
    "CardLines",
    "ContentError",
    "Place",
    "Problem",
    "UpgradeEdge",
    "base_content_dir",
    "did_you_mean",
    "error_place",
    "ids_of_kind_named",
    "line_of",
    "load_pack",
    "missing_edge_weapons",
    "parse_toml",
    "qualify",
    "read_pack",
    "read_toml",
    "read_upgrades",
    "toml_lines",
]
