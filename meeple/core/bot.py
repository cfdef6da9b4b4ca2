"""The bot interface (in core, so that a game's own heuristic bot depends only on core)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from meeple.core.game import JSON, Action, State, without_back


class Bot(ABC):
    """Chooses an action for a seat.

    A bot may read only what the seat may know: ``state.view(seat)``,
    ``state.legal_actions(seat)``, and samples from ``state.determinize(seat, rng)``.
    Bots are seeded, so the same seed and the same states give the same choices.
    A bot never takes ``back`` (:data:`~meeple.core.game.BACK`): it chooses from
    ``without_back(state.legal_actions(seat))``.
    """

    name: str = "bot"
    rng: random.Random
    """The bot's own randomness, seeded from its seed."""

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """Return one of ``state.legal_actions(seat)``, never ``back``."""

    def reseed(self, seed: int) -> None:
        """Restart the bot's own randomness, ``self.rng``, from ``seed`` (a search does, so
        that playouts of different moves meet the same luck)."""
        self.rng.seed(seed)

    def ranked(self, state: State, seat: int) -> list[Action]:
        """``state.legal_actions(seat)`` less ``back``, the bot's favourites first: by default
        its choice, then the others in their order. A search tries moves in this order."""
        choice = self.choose(state, seat)
        return [choice, *(a for a in without_back(state.legal_actions(seat)) if a != choice)]


class HeuristicBot(Bot):
    """A game's rule-of-thumb player. It is handed the seat's ``view`` and legal actions,
    never the state, so it cannot peek by construction.

    ``noise`` is the chance of a random legal action instead (the ``easy`` level's slips).
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, state: State, seat: int) -> Action:
        legal = without_back(state.legal_actions(seat))
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        if len(legal) == 1:
            return legal[0]  # a single legal action needs no thought
        return self.decide(state.view(seat), legal, seat)

    def ranked(self, state: State, seat: int) -> list[Action]:
        legal = without_back(state.legal_actions(seat))
        if len(legal) == 1:
            return legal
        return self.rank(state.view(seat), legal, seat)

    @abstractmethod
    def decide(self, view: JSON, legal: list[Action], seat: int) -> Action:
        """Return one of ``legal`` (which never holds ``back``), judged from ``view`` (the
        seat's own) alone."""

    def rank(self, view: JSON, legal: list[Action], seat: int) -> list[Action]:
        """All of ``legal``, best first as judged from ``view``: by default the choice of
        :meth:`decide`, then the rest in their order. Heuristics that value every move
        override it."""
        choice = self.decide(view, legal, seat)
        return [choice, *(a for a in legal if a != choice)]


@dataclass(frozen=True)
class Reason:
    """A heuristic's short reason for a move, in each language the client speaks (shown
    by :meth:`meeple.bots.ismcts.ISMCTSBot.analyse`)."""

    en: str
    ja: str


Explainer = Callable[[JSON, int, Action], Reason | None]
"""A game heuristic's ``explain(view, seat, action)``: why it would (or would not) make
``action``, judged from the seat's ``view`` alone; ``None`` where it has nothing to say."""


@dataclass(frozen=True)
class SearchPlan:
    """How the ``hard`` level searches one game: declared data, beside the game's heuristic.

    ``hard`` is an informed ISMCTS (``meeple.bots.ismcts``) whose playouts are played by
    the game's heuristic. A game says how much to search and how to judge a playout:

    - ``iterations``: iterations per decision (playouts; with ``candidates``, worlds that
      each play every candidate), sized so that a decision takes under a second on
      average on a 2-core machine (an iteration budget, not a time budget, so that a
      seeded bot plays the same moves on any machine);
    - ``steps``: with it, ``iterations`` is the least number, and iterations go on until
      the playouts have made this many moves in all: a budget of work, for games whose
      playouts shrink from the whole game to a few moves as the game goes on;
    - ``rollout_limit``: decisions after which a playout stops and is judged by the
      running scores (``None``: every playout is played to the end);
    - ``judge``: the scores a cut-off playout is judged by (``None``: the running
      ``scores``), for games whose running scores say little of the end;
    - ``score_scale``: a cut-off playout's reward is ``0.5 + 0.5·tanh(margin / scale)``,
      the margin being the seat's score less the best rival's;
    - ``follow``: action types the search leaves to the heuristic, for decisions a
      determinized search judges badly (``docs/bots.md`` says which and why);
    - ``caution``: the heuristic's move stands unless another's mean reward beats it by
      this many standard errors (0: the most-visited move is played);
    - ``candidates``: search only the heuristic's this many favourite moves, side by side:
      each iteration plays every one of them in the same world with the same luck, and
      the heuristic's move stands unless another beats it by ``caution`` standard errors
      of the paired differences (``None``: one tree over every move);
    - ``tree``: below the root's moves, a tree whose nodes open the policy's other moves
      as they are visited (the default); ``False``: every playout is the policy's own play
      from there on, so paired candidates meet exactly the same replies in each world;
    - ``policy``: the playout player, ``seed -> Bot`` (``None``: the game's heuristic),
      for a cheaper player than the heuristic, or a stronger one; the guide still ranks the
      real decision's moves and makes the followed ones;
    - ``guide``: the player that ranks the real decision's moves and makes the followed
      ones, ``seed -> Bot`` (``None``: the game's heuristic), for a variant of the
      heuristic (the playouts keep ``policy``, which may be the same variant);
    - ``worlds``: how the search deals the worlds it imagines: ``(state, seat)`` gives, once
      a decision, a dealer ``rng -> State`` of worlds consistent with ``view(seat)``
      (``None``: ``state.determinize``, every unseen card equally likely), for a belief
      that weighs the unseen cards by what the rivals did;
    - ``at``: other plans for some player counts, ``{players: SearchPlan}`` (the bot takes
      the plan for the count of the game it is asked about).
    """

    iterations: int
    steps: int | None = None
    rollout_limit: int | None = None
    judge: Callable[[State], list[float]] | None = None
    score_scale: float | None = None
    follow: frozenset[str] = frozenset()
    caution: float = 0.0
    candidates: int | None = None
    tree: bool = True
    policy: Callable[[int | None], Bot] | None = None
    guide: Callable[[int | None], Bot] | None = None
    worlds: Callable[[State, int], Callable[[random.Random], State]] | None = None
    at: Mapping[int, SearchPlan] = field(default_factory=dict)
    """Other plans for some player counts (a playout's length in decisions, or the noise
    of more rivals, depends on the count); :meth:`for_players` picks."""

    def for_players(self, players: int) -> SearchPlan:
        """The plan for a game of ``players`` players: its own entry in ``at``, else this."""
        return self.at.get(players, self)
