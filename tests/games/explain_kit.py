"""What the games' explain tests share: positions of seeded games to judge reasons at, the
reasons a heuristic gives for a kind of move there, and the web client's Japanese words.

Each game's ``test_explain.py`` checks the numbers its reasons state against its engine;
this module only gathers the positions and the reasons, so that each test reads as the
check it makes."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import TypeVar

from meeple.core.bot import Explainer, Reason
from meeple.core.game import Action, State
from tests.bots.test_levels import positions

S = TypeVar("S", bound=State)


def seeded_spots(
    game_id: str, kind: type[S], players: Iterable[int], seeds: int, count: int
) -> list[S]:
    """Decisions of seeded games between ``normal`` bots: up to ``count`` from each game of
    each number of ``players``, seeded ``0`` to ``seeds - 1``."""
    found: list[S] = []
    for n in players:
        for seed in range(seeds):
            for state in positions(game_id, n, count, seed=seed):
                assert isinstance(state, kind)
                found.append(state)
    return found


def applied(state: S, seat: int, action: Action) -> S:
    """A copy of ``state`` after ``seat`` makes ``action`` (``state`` is left as it was)."""
    after = state.clone()
    after.apply(seat, action)
    return after


def explained(
    spots: Iterable[S], explain: Explainer, kinds: Collection[str]
) -> Iterator[tuple[S, int, Action, Reason]]:
    """At each of ``spots``, every legal move of the seat to move whose type is one of
    ``kinds``, with the reason ``explain`` gives for it from the seat's view: as
    ``(state, seat, action, reason)``. A move of those kinds always has a reason, in both
    languages."""
    for state in spots:
        seat = state.to_move[0]
        view = state.view(seat)
        for action in state.legal_actions(seat):
            if action["type"] not in kinds:
                continue
            reason = explain(view, seat, action)
            assert reason is not None and reason.en and reason.ja, action
            yield state, seat, action, reason


@cache
def client_ja() -> dict[str, str]:
    """The web client's Japanese texts (``meeple/web/i18n/ja.json``), by key: a reason's
    Japanese names things with the words the board shows."""
    texts: dict[str, str] = json.loads(Path("meeple/web/i18n/ja.json").read_text(encoding="utf-8"))
    return texts
