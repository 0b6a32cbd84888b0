"""The bots that play the game, and the batches they play.

- `baseline`: the random and greedy bots;
- `heuristic` and `estimates`: the documented reference policy of the balance report;
- `registry`: the bots by name, plugins' included;
- `batch`: a batch of seeded games played by a bot and summed up (`unbroken sim`, `balance`);
- `workers`: that work spread over worker processes.

`unbroken.sim` re-exports what plugins and their tests use from here.
"""
