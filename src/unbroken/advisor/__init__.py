"""The advisor: the chance of winning of every option, honestly estimated (issue #20).

The chance of an option is the share of games won when the player takes it
and then plays like the reference bot (`unbroken.bots.heuristic`), each game
a rollout from a fork of the position whose hidden information — the order
of the unseen cards, an unrevealed monster, every future die — is drawn anew
from the advisor's own random stream (`Game.fork(resample=...)`), never from
the game's seed: the advice uses only what the player knows (no peeking).

- `estimates`: a win count with its 95 % (Wilson) interval;
- `paired`: two options' difference on the same futures, with its interval;
- `rollouts`: one rollout, and a round of them over a position's options;
- `estimator`: THE estimator — a position's futures, the race of its options on
  them, and the position's chance (the best option's), used by every front end;
- `advice`: the advice at a position, in this process or on workers;
- `pool`: rounds played by worker processes, collected without blocking (anytime);
- `analysis`: every decision of a recording (`unbroken analyze`);
- `bot`: the rollout bot (`--bot rollout`).
"""

from __future__ import annotations

from unbroken.advisor.advice import advise
from unbroken.advisor.chances import Estimate, wilson
from unbroken.advisor.estimator import Weighing, weigh
from unbroken.advisor.paired import Difference
from unbroken.advisor.rollouts import rollout, seeds

__all__ = ["Difference", "Estimate", "Weighing", "advise", "rollout", "seeds", "weigh", "wilson"]
