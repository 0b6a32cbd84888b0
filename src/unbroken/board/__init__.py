"""The leaderboard: a server that re-plays every submitted recording and ranks it, and its client.

- `checking`: what the server verifies about an upload (the engine re-runs it);
- `wire`: the JSON shapes of the API (msgspec structs) and problem details;
- `store`: the entries in SQLite or PostgreSQL (parameterised SQL only);
- `schema`: the versioned schema and its migrations, run on start;
- `ranking`: how boards rank (one ORDER BY, and the rule in words);
- `limits`: body size and rate limits;
- `pages`: the HTML pages (every text escaped); `share`: an entry's share line;
- `operations`: the access log and /healthz; `app`: the ASGI app (Starlette);
- `player`: the local player name and secret key; `client`: submitting and fetching.

The server's modules need the `unbroken[board]` extra; `player` and `client`
use the standard library only. docs/leaderboard.md describes it all.
"""
