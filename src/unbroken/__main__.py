"""`python -m unbroken` runs the `unbroken` command."""

from __future__ import annotations

import sys

from unbroken.cli.command import main

if __name__ == "__main__":
    sys.exit(main())
