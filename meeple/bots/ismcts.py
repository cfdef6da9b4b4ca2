"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The bot never reads hidden information: every iteration starts from
``state.determinize(seat, rng)`` — a world consistent with what the seat sees —
and the tree is shared across those worlds. Only the contract is used:
``determinize``, ``clone``, ``to_move``, ``legal_actions``, ``apply``,
``is_over``, ``scores`` and ``winners``, so the same code plays every game. It never
takes ``back`` (``core.game.without_back``), at the root, in the tree or in playouts.

Simultaneous decisions (several seats in ``to_move``) are searched as if the
seats chose one after the other, the searching seat first at the root: its own
choice is then never conditioned on the others' hidden ones. The others' nodes in
the tree hang below its choice, though, so the tree picks their replies as if they
had seen it; with ``tree=False`` they are played by the policy, from their own views.

Rewards are per player, in [0, 1]: ``WIN_WEIGHT`` for winning (split between
tied winners) plus the rest for the rank by score (1 for the best score, 0 for
the worst, averaged over ties). The win term is what people care about; the rank
term gives the search a gradient in games that random playouts rarely win, and
keeps a losing bot playing for the best place it can get. A playout cut short
(``rollout_limit``) counts the leaders by running score as its winners; with a
``win_scale`` (what :meth:`ISMCTSBot.analyse` reports, not what the search ranks by), it
counts each seat's chance of going on to win instead (:func:`win_shares`).

A *policy* (any bot, usually the game's heuristic) makes the search informed:
playouts are played by it instead of at random, and in the tree each seat's
first tried move is the one the policy would make, further moves being opened
one by one as the node is visited more (progressive widening). With a small
budget the search therefore starts from the policy's play and departs from it
only where its playouts show a better move. A *guide* (by default the policy) ranks
the moves at the root and makes the decisions left to it, so that a game may play its
many playouts with a cheaper policy than the one it trusts with the real move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from meeple.bots.analysis import Candidate, Explainer
from meeple.core.bot import Bot
from meeple.core.game import JSON, Action, State, without_back

WIN_WEIGHT = 0.7
EXPLORATION = 0.7
"""UCB exploration constant for rewards in [0, 1] (√2/2, a common choice)."""
WIDENING = 0.5
"""With a policy, a node visited ``n`` times may have ``1 + ⌊WIDENING·√n⌋`` children."""


Key = tuple[Any, ...]


def action_key(action: Action) -> Key:
    """A hashable key for a JSON action (lists become tuples)."""
    return tuple(sorted((k, _freeze(v)) for k, v in action.items()))


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def rewards(
    state: State, scale: float | None = None, judge: Callable[[State], list[float]] | None = None
) -> list[float]:
    """Per-seat rewards of a (finished or cut-off) state; see the module docstring.

    A cut-off state is judged by ``judge(state)`` if given, else by its running scores.
    """
    return outcome(state, scale, judge)[0]


def _split(winners: list[int], n: int) -> list[float]:
    """A win split between ``winners``, 1/k each, among ``n`` seats."""
    return [1 / len(winners) if s in winners else 0.0 for s in range(n)]


def win_shares(scores: list[float], win_scale: float | None = None) -> list[float]:
    """Each seat's share of the win at a cut-off state judged ``scores``.

    Without ``win_scale``, the leaders': 1/k for each of k tied leaders. With it, each
    seat's chance of going on to win, ``exp(score / win_scale)`` over the seats' sum: a
    lead of one ``win_scale`` makes a seat e (2.7) times as likely to win as its rival.
    A lead at the cut is not yet a win, and the leader-takes-all share is what made the
    coach call a move "90% to win" in a game's first round; the scales are measured
    (:mod:`meeple.bots.calibration`).

    >>> win_shares([10.0, 7.0, 7.0])
    [1.0, 0.0, 0.0]
    >>> [round(p, 3) for p in win_shares([10.0, 7.0], win_scale=3.0)]
    [0.731, 0.269]
    """
    n = len(scores)
    top = max(scores)
    if win_scale is None:
        return _split([s for s in range(n) if scores[s] == top], n)
    weights = [math.exp((s - top) / win_scale) for s in scores]  # the top's is 1: no overflow
    total = sum(weights)
    return [w / total for w in weights]


def outcome(
    state: State,
    scale: float | None = None,
    judge: Callable[[State], list[float]] | None = None,
    win_scale: float | None = None,
) -> tuple[list[float], list[float], list[float]]:
    """The per-seat rewards (:func:`rewards`), win shares (1/k for each of k tied winners;
    at a cut-off state, :func:`win_shares` of the judged scores) and judged scores of a
    playout's end. ``win_scale`` changes the win shares only, never the rewards."""
    scores = state.scores if state.is_over or judge is None else judge(state)
    n = len(scores)
    if state.is_over:
        wins = leaders = _split(state.winners, n)
    else:
        wins = win_shares(scores, win_scale)
        # The rewards count the leaders' shares whatever the win scale: the scale is for
        # the figures a player reads, and must not change the moves.
        leaders = wins if win_scale is None else win_shares(scores)
    if not state.is_over and scale is not None and n > 1:
        margins = [
            0.5 + 0.5 * math.tanh((s - max(scores[:i] + scores[i + 1 :])) / scale)
            for i, s in enumerate(scores)
        ]
        return margins, wins, list(scores)
    result = []
    for s in range(n):
        below = sum(1 for t in scores if t < scores[s])
        level = sum(1 for t in scores if t == scores[s]) - 1
        rank = (below + level / 2) / (n - 1) if n > 1 else 1.0
        result.append(WIN_WEIGHT * leaders[s] + (1 - WIN_WEIGHT) * rank)
    return result, wins, list(scores)


@dataclass
class Node:
    """A node of the search tree: statistics of the action that led to it."""

    seat: int = -1
    action: Action | None = None
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    squares: float = 0.0
    wins: float = 0.0
    """The acting seat's win shares over the playouts (for :meth:`ISMCTSBot.analyse`)."""
    score: float = 0.0
    """The acting seat's summed (judged) scores at the playouts' ends."""
    children: dict[tuple[int, Key], Node] = field(default_factory=dict)
    order: dict[Key, int] | None = None
    """With a policy: the rank of each move the policy was shown here, favourite 0."""

    def mean(self) -> float:
        """The mean reward of the playouts through this node."""
        return self.reward / self.visits

    def error(self) -> float:
        """The squared standard error of :meth:`mean` (the largest a reward in [0, 1] can
        have after a single playout, which shows no spread)."""
        if self.visits == 1:
            return 0.25
        mean = self.mean()
        return max(self.squares / self.visits - mean * mean, 0.0) / self.visits

    def ucb(self, c: float) -> float:
        """Upper confidence bound, with availability counts in place of parent visits."""
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


class ISMCTSBot(Bot):
    """Searches for ``iterations`` iterations or ``seconds`` seconds, whichever ends first.

    With ``steps``, ``iterations`` is the least number of iterations, and they go on until
    the playouts have made ``steps`` moves in all (and ``seconds`` have not passed): a
    budget of work rather than of playouts, so that a long game's early decisions, whose
    playouts are long, get fewer of them than its late ones.

    ``rollout_limit`` cuts playouts after that many decisions and scores the position by
    its running scores; ``None`` plays every playout to the end. ``policy`` plays the
    playouts and orders the tree's moves (see the module docstring); ``None`` plays them
    at random. ``guide`` ranks the root's moves and makes the followed decisions (default:
    the policy). ``score_scale``, ``judge``, ``follow``, ``caution``, ``candidates``,
    ``tree`` and ``worlds`` are described with :class:`meeple.core.bot.SearchPlan`, which is
    how the ``hard`` level sets them for each game; ``follow``, ``caution``, ``candidates``
    and ``tree`` need a policy. ``explain`` gives
    :meth:`analyse` the game heuristic's reasons, and ``win_scale`` its win chances at
    cut-off playouts (:func:`win_shares`; the moves chosen do not depend on it).

    >>> import meeple
    >>> state = meeple.load("buffet").new(players=3, seed=1)
    >>> ISMCTSBot(iterations=50, seed=7).choose(state, 0)["type"]
    'play'
    """

    name = "ismcts"

    def __init__(
        self,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int | None = None,
        rollout_limit: int | None = None,
        exploration: float = EXPLORATION,
        policy: Bot | None = None,
        widening: float = WIDENING,
        score_scale: float | None = None,
        follow: frozenset[str] = frozenset(),
        caution: float = 0.0,
        candidates: int | None = None,
        judge: Callable[[State], list[float]] | None = None,
        guide: Bot | None = None,
        steps: int | None = None,
        tree: bool = True,
        explain: Explainer | None = None,
        win_scale: float | None = None,
        worlds: Callable[[State, int], Callable[[random.Random], State]] | None = None,
    ) -> None:
        if iterations is None and seconds is None and steps is None:
            raise ValueError("give a budget: iterations, seconds, steps or some of them")
        self.iterations = iterations
        self.seconds = seconds
        self.steps = steps
        self.moves = 0
        """Moves made in this decision's playouts so far (for the ``steps`` budget)."""
        self.rollout_limit = rollout_limit
        self.exploration = exploration
        self.policy = policy
        self.widening = widening
        self.score_scale = score_scale
        self.follow = follow
        self.caution = caution
        self.candidates = candidates
        self.judge = judge
        self.guide = guide or policy
        self.tree = tree
        self.explain = explain
        self.win_scale = win_scale
        self.worlds = worlds
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = without_back(state.legal_actions(seat))
        if len(legal) == 1:
            return legal[0]
        if self._followed(legal):
            assert self.guide is not None
            return self.guide.choose(state, seat)
        tried, best = self._search(state, seat, legal)
        return tried[best].action or {}

    def analyse(self, state: State, seat: int, also: Action | None = None) -> list[Candidate]:
        """The moves the search tried for ``seat``, best first, with their estimated win
        chance, expected score and the heuristic's reason (:mod:`meeple.bots.analysis`).

        ``also`` (a legal move, e.g. the one a player made) is sure to be among them: if the
        search did not try it, it is played out on its own afterwards, from as many
        determinized worlds as the search had, and comes last.

        The first is the move :meth:`choose` makes with the same seed; the rest follow by
        visits, then mean reward. Like :meth:`choose` it searches determinized worlds from
        the seat's view, and never changes ``state``. A decision ``choose`` does not search
        (a single legal move, or one left to the heuristic) is searched all the same, for
        the figures; the move played still comes first.

        >>> import meeple
        >>> state = meeple.load("buffet").new(players=3, seed=1)
        >>> moves = ISMCTSBot(iterations=30, seed=7).analyse(state, 0)
        >>> moves[0].action == ISMCTSBot(iterations=30, seed=7).choose(state, 0)
        True
        """
        legal = without_back(state.legal_actions(seat))
        played: Action | None = legal[0] if len(legal) == 1 else None
        if played is None and self._followed(legal):
            assert self.guide is not None
            played = self.guide.choose(state, seat)  # before the search, as choose does
        tried, best = self._search(state, seat, legal)
        if played is not None:
            best = next(i for i, node in enumerate(tried) if node.action == played)
        rest = sorted(
            (node for i, node in enumerate(tried) if i != best),
            key=lambda node: (node.visits, node.reward),
            reverse=True,
        )
        found = [tried[best], *rest]
        if also is not None and all(node.action != also for node in found):
            found.append(self._evaluate(state, seat, also, max(tried[best].visits, 1)))
        view = state.view(seat)  # the heuristic's reasons see what the seat sees, no more
        return [self._candidate(node, view, seat) for node in found]

    def _evaluate(self, state: State, seat: int, action: Action, playouts: int) -> Node:
        """``action``'s statistics from ``playouts`` playouts of its own, each in a world
        determinized from the seat's view (the move applied first, then played out as the
        search plays out, with its tree), or fewer if ``seconds`` pass first."""
        root = Node(seat=seat, action=action)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else math.inf
        deal = self._dealer(state, seat)
        for done in range(playouts):
            if done and time.perf_counter() >= deadline:
                break
            world = deal(self.rng)
            world.apply(seat, action)
            self._iterate(root, world, seat)
        return root

    def _dealer(self, state: State, seat: int) -> Callable[[random.Random], State]:
        """What deals this decision's worlds, each consistent with ``seat``'s view: the
        plan's ``worlds`` if given (made once a decision: a belief reads the view once),
        else ``state.determinize``."""
        if self.worlds is None:
            return lambda rng: state.determinize(seat, rng)
        return self.worlds(state, seat)

    def _candidate(self, node: Node, view: JSON, seat: int) -> Candidate:
        action = node.action or {}
        return Candidate(
            action=action,
            visits=node.visits,
            win_chance=node.wins / node.visits,
            expected_score=node.score / node.visits,
            reward=node.mean(),
            reason=None if self.explain is None else self.explain(view, seat, action),
        )

    def _followed(self, legal: list[Action]) -> bool:
        return self.guide is not None and all(a["type"] in self.follow for a in legal)

    def _search(self, state: State, seat: int, legal: list[Action]) -> tuple[list[Node], int]:
        """The root's tried moves (each a node with its statistics) and the index of the
        one to play."""
        if self.policy is not None and self.candidates is not None:
            return self._paired(state, seat)
        root = Node()
        deal = self._dealer(state, seat)
        for _ in self._budget():
            self._iterate(root, deal(self.rng), seat)
        keys = {(seat, action_key(a)) for a in legal}
        tried = [node for key, node in root.children.items() if key in keys]
        best = max(range(len(tried)), key=lambda i: (tried[i].visits, tried[i].reward))
        if self.guide is not None and self.caution:
            # The guide's move (tried first) stands unless another beats it clearly.
            first, top = tried[0], tried[best]
            gap = top.mean() - first.mean()
            if gap <= self.caution * math.sqrt(top.error() + first.error()):
                best = 0
        return tried, best

    def _budget(self) -> Iterator[int]:
        """Counts the iterations until the budget is spent (always at least one)."""
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else math.inf
        self.moves = 0
        done = 0
        while done == 0 or time.perf_counter() < deadline:
            if self.steps is None:
                spent = self.iterations is not None and done >= self.iterations
            else:  # iterations is then the least number
                spent = done >= (self.iterations or 1) and self.moves >= self.steps
            if spent:
                return
            yield done
            done += 1

    def _acting_seat(self, world: State, me: int, at_root: bool) -> int:
        movers = world.to_move
        return me if at_root and me in movers else movers[0]

    def _expansion(
        self,
        world: State,
        seat: int,
        node: Node,
        untried: list[tuple[tuple[int, Key], Action]],
        tried: int,
        *,
        ranker: Bot | None,
    ) -> tuple[tuple[int, Key], Action] | None:
        """The move to add to ``node`` now, or ``None`` to select among the ``tried`` ones;
        ``ranker`` orders the moves (``None``: they are opened at random)."""
        if not untried:
            return None
        if ranker is None:
            return self.rng.choice(untried)
        if tried and tried >= 1 + int(self.widening * math.sqrt(node.visits)):
            return None
        if node.order is None:
            node.order = {action_key(a): i for i, a in enumerate(ranker.ranked(world, seat))}
        order = node.order
        # Moves the policy was not shown (another world's) come last, in their legal order.
        return min(untried, key=lambda item: order.get(item[0][1], len(order)))

    def _iterate(self, root: Node, world: State, me: int, luck: int | None = None) -> float:
        """One playout from ``root`` in ``world``; returns the reward of ``root``'s mover.

        With ``luck``, the playout's chance moves and the policy are seeded from it, so
        that playouts of different moves in the same world meet the same luck.
        """
        dice = self.rng if luck is None else random.Random(luck)
        if luck is not None and self.policy is not None:
            self.policy.reseed(luck)
        node = root
        path = [root]
        at_root = root.seat < 0
        # Selection and expansion (without a tree, only of the root's move).
        while not world.is_over and (self.tree or at_root):
            seat = self._acting_seat(world, me, at_root)
            ranker = self.guide if at_root else self.policy
            at_root = False
            legal = without_back(world.legal_actions(seat))
            keyed = [((seat, action_key(a)), a) for a in legal]
            untried = [(k, a) for k, a in keyed if k not in node.children]
            present = [node.children[k] for k, _ in keyed if k in node.children]
            for child in present:
                child.available += 1
            expand = self._expansion(world, seat, node, untried, len(present), ranker=ranker)
            self.moves += 1
            if expand is not None:
                key, action = expand
                child = Node(seat=seat, action=action, available=1)
                node.children[key] = child
                world.apply_unchecked(seat, action)  # taken from this world's legal actions
                path.append(child)
                break
            child = max(present, key=lambda c: c.ucb(self.exploration))
            world.apply(seat, child.action or {})
            node = child
            path.append(child)
        # Simulation.
        steps = 0
        while not world.is_over and (self.rollout_limit is None or steps < self.rollout_limit):
            mover = dice.choice(world.to_move)
            if self.policy is not None:
                # A bot's choice is one of this world's legal actions (Bot.choose's
                # contract): checking it again would cost another legal_actions and a
                # comparison with each, about a sixth of a heuristic playout's step.
                world.apply_unchecked(mover, self.policy.choose(world, mover))
            else:
                # A random playout takes its move from the legal actions a moment ago: checking
                # it again would cost another legal_actions, the most of a playout's step.
                world.apply_unchecked(mover, dice.choice(without_back(world.legal_actions(mover))))
            steps += 1
        self.moves += steps
        # Backpropagation: each node is credited with the reward of the seat that acted.
        result, wins, scores = outcome(world, self.score_scale, self.judge, self.win_scale)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += result[visited.seat]
                visited.squares += result[visited.seat] ** 2
                visited.wins += wins[visited.seat]
                visited.score += scores[visited.seat]
        return result[root.seat] if root.seat >= 0 else 0.0

    def _paired(self, state: State, seat: int) -> tuple[list[Node], int]:
        """Search the policy's ``candidates`` favourite moves side by side (see the class)."""
        assert self.guide is not None and self.candidates is not None
        moves = self.guide.ranked(state, seat)[: self.candidates]
        roots = [Node(seat=seat, action=move) for move in moves]
        outcomes: list[list[float]] = [[] for _ in moves]
        deal = self._dealer(state, seat)
        for _ in self._budget():
            world = deal(self.rng)
            luck = self.rng.getrandbits(63)
            for root, outcome in zip(roots, outcomes, strict=True):
                copy = world.clone()
                copy.apply(seat, root.action or {})
                self.moves += 1
                outcome.append(self._iterate(root, copy, seat, luck))
        # The policy's move stands unless another beats it clearly, world by world.
        best, best_gain = 0, 0.0
        for i, outcome in enumerate(outcomes[1:], start=1):
            gains = [a - b for a, b in zip(outcome, outcomes[0], strict=True)]
            gain = sum(gains) / len(gains)
            spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / max(len(gains) - 1, 1))
            if gain > self.caution * spread / math.sqrt(len(gains)) and gain > best_gain:
                best, best_gain = i, gain
        return roots, best
