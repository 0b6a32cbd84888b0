"""Play in a browser: `unbroken serve` (textual-serve; `pip install 'unbroken[web]'`).

Each browser tab is its own game process (the full-screen game under
Textual's web driver) with the same data dir as the terminal game, so
recordings, Continue and records are shared. See docs/browser.md.
"""
