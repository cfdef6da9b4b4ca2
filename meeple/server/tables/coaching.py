"""The coach's searches: a hint for a decision, and a review of one decision of a finished game.

The searches run where the bots' do (a worker process, or a thread in tests), in the asking
person's turn (:mod:`.thinking`). What they are given is never the table's state but a world
*determinized from the seat's view* (:func:`seen_world`): every card the seat cannot see is
drawn again from what it can see and a seed, so the coach's answer is a function of the seat's
view and that seed alone — the other seats' hidden cards cannot leak through it, whatever a
game's heuristic or search reads. (Each game's ``determinize`` sorts the unseen cards before it
shuffles them, so the real arrangement does not leak through the sampling either.)

The search is ``hard``'s (:func:`meeple.bots.levels.make`), its time capped: a hint has at
most :data:`HINT_SECONDS`, each decision of a review :data:`REVIEW_SECONDS`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.bots.analysis import Candidate
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import make
from meeple.core.game import BACK, JSON, Action, Game, State, without_back

HINT_MOVES = 3
"""How many moves a hint shows, best first."""
HINT_SECONDS = 2.0
"""The most a hint's search may take (``hard``'s own budget is usually far less)."""
REVIEW_SECONDS = 0.3
"""The most the search of one decision of a review may take: a long game (Bison's 80-odd
decisions of a seat) is then reviewed in well under a minute of a worker's time."""
REVIEW_DECISIONS = 150
"""The most decisions a review looks at (the first ones; no game of ours has more)."""
CLEARLY_BETTER = 0.10
"""The coach's move was *clearly better* than the move played when its estimated win chance
is at least this much higher (10 percentage points): smaller gaps are within what a search of
a fraction of a second can tell apart."""


def coach_seed(table_seed: int, step: int, seat: int) -> int:
    """The coach's seed for ``seat``'s decision at ``step`` of a table's game: the same
    question asked twice gets the same answer (and a seed unlike the bots')."""
    text = f"coach:{table_seed}:{step}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def seen_world(state: State, seat: int, seed: int) -> State:
    """A world consistent with what ``seat`` sees in ``state``, everything else drawn again:
    what the coach searches, so that its answer depends on the seat's view alone."""
    return state.determinize(seat, random.Random(seed))


def _coach(game: Game[Any], seed: int, seconds: float) -> ISMCTSBot:
    bot = make("hard", game, seed=seed)
    assert isinstance(bot, ISMCTSBot)  # every game's hard level is the search
    bot.seconds = seconds if bot.seconds is None else min(bot.seconds, seconds)
    return bot


def candidate_json(game: Game[Any], candidate: Candidate) -> JSON:
    """A candidate move as the protocol gives it (``label``: the move in English words, as
    ``meeple analyse`` prints it; the web client words it in the reader's language)."""
    reason = candidate.reason
    return {
        "action": candidate.action,
        "label": game.describe_action(candidate.action),
        "visits": candidate.visits,
        "win_chance": round(candidate.win_chance, 4),
        "expected_score": round(candidate.expected_score, 2),
        "reason": None if reason is None else {"en": reason.en, "ja": reason.ja},
    }


def _world(game: Game[Any], world: State | Mapping[str, Any]) -> State:
    """The world itself (threads), or rebuilt from its JSON (a worker process)."""
    return world if isinstance(world, State) else game.from_json(world)


def hint(game_id: str, world: State | Mapping[str, Any], seat: int, seed: int) -> list[JSON]:
    """The coach's :data:`HINT_MOVES` best moves for ``seat`` in ``world`` (a
    :func:`seen_world`), best first."""
    game = meeple.load(game_id)
    found = _coach(game, seed, HINT_SECONDS).analyse(_world(game, world), seat)
    return [candidate_json(game, c) for c in shortlist(found)]


def shortlist(found: list[Candidate], moves: int = HINT_MOVES) -> list[Candidate]:
    """The moves a hint shows: the coach's choice first, then the others it searched enough
    (at least a tenth of its choice's playouts) by win chance, then the rest by playouts.

    The search ranks moves by playouts; shown beside their win chances, that order read as
    the coach contradicting itself (a second move at 23 % over a third at 39 %).
    """
    if not found:
        return []
    best, rest = found[0], found[1:]
    enough = max(2, best.visits // 10)
    searched = sorted(
        (c for c in rest if c.visits >= enough),
        key=lambda c: (c.win_chance, c.expected_score),
        reverse=True,
    )
    others = searched + [c for c in rest if c.visits < enough]
    return [best, *others][:moves]


def review_decision(
    game_id: str, world: State | Mapping[str, Any], seat: int, played: Action, seed: int
) -> JSON:
    """The coach's best move against the move ``played``, and what it estimates the
    difference cost: ``win_chance`` (the coach's less the played move's) and ``score``."""
    game = meeple.load(game_id)
    found = _coach(game, seed, REVIEW_SECONDS).analyse(_world(game, world), seat, also=played)
    best = found[0]
    mine = next(c for c in found if c.action == played)
    # Rounded once, and judged on the figure shown: an unrounded 0.0999… would show as a
    # 10-point gap that is not "clearly better".
    gap = round(best.win_chance - mine.win_chance, 4)
    return {
        "best": candidate_json(game, best),
        "played": candidate_json(game, mine),
        "same": best.action == played,
        "cost": {
            "win_chance": gap,
            "score": round(best.expected_score - mine.expected_score, 2),
        },
        "clearly_better": best.action != played and gap >= CLEARLY_BETTER,
    }


@dataclass(frozen=True)
class Decision:
    """One decision of a seat in a stored game: the position before it (the real state: the
    coach searches a :func:`seen_world` of it), the move made, and who made it."""

    step: int
    """The replay's step showing the position (step *n* follows the *n*-th action)."""
    state: State
    action: Action
    by: str
    """``human``, ``bot`` (a bot played for an absent player) or ``timeout``, as stored."""


def decisions(
    game: Game[Any],
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int, Action, str]],
    *,
    seat: int,
) -> list[Decision]:
    """The decisions ``seat`` made in a game, up to :data:`REVIEW_DECISIONS`: its moves
    where it had a choice (a single legal move, or a ``back``, is no decision)."""
    state = game.new(players, seed=seed, options=options)
    found: list[Decision] = []
    for step, (mover, action, by) in enumerate(moves):
        if (
            mover == seat
            and action.get("type") != BACK
            and len(without_back(state.legal_actions(seat))) > 1
        ):
            found.append(Decision(step, state.clone(), action, by))
            if len(found) >= REVIEW_DECISIONS:
                break
        state.apply(mover, action)
    return found
