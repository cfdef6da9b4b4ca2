"""What a search bot thinks of a decision's moves: :meth:`ISMCTSBot.analyse`'s result.

Each :class:`Candidate` is a move the search tried at the root, with the statistics of the
playouts that began with it, and, where the game's heuristic can say one, a short reason in
words (:class:`~meeple.core.bot.Reason`, in English and Japanese: a game's heuristic
gives it, and a game depends on the core alone).

>>> import meeple
>>> from meeple.bots.levels import make
>>> state = meeple.load("buffet").new(players=3, seed=1)
>>> best = make("hard", meeple.load("buffet"), seed=7).analyse(state, 0)[0]
>>> 0 <= best.win_chance <= 1
True
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.bot import Explainer, Reason
from meeple.core.game import Action

__all__ = ["Candidate", "Explainer", "Reason"]


@dataclass(frozen=True)
class Candidate:
    """One move the search tried, with what its playouts said.

    - ``visits``: the playouts that began with this move;
    - ``win_chance``: the seat's chance of winning over them (a win shared by k tied
      winners counts 1/k; a playout cut short counts the seat's chance of going on to win
      from its judged scores there, :func:`meeple.bots.ismcts.win_shares`, or a whole win
      for the leaders where the search has no win scale);
    - ``expected_score``: the seat's mean score at the playouts' ends (the final score
      when playouts run to the end, else the score where they were cut, as judged);
    - ``reward``: the search's own mean reward in [0, 1], which it ranks moves by;
    - ``reason``: the heuristic's words for the move, or ``None``.
    """

    action: Action
    visits: int
    win_chance: float
    expected_score: float
    reward: float
    reason: Reason | None = None
