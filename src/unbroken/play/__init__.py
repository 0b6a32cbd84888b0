"""Playing one game, whatever the front end.

The session (apply, record, observe, take back, keep), the plugins' observers,
the plain-text game and its odds, and the daily challenge.
"""
