"""Replay records: enough to rebuild any game exactly (game, players, options, seed, actions),
and a game shown step by step as one seat (or a spectator) saw it.

>>> from meeple.core.replay import Replay
>>> replay = Replay.new("buffet", players=3, seed=1)
>>> state = replay.initial_state()
>>> seat = state.to_move[0]
>>> replay.play(state, seat, state.legal_actions(seat)[0])
>>> replay.run().to_json() == state.to_json()
True

A record holds everything — every secret move, and the seed that deals every card — so it is
for whoever may know all (a local game's own player, the server). What a person is *shown* of
it is :func:`steps_seen_by`: each step's view for their seat, their own actions whole, and
everyone else's as :meth:`State.public_action <meeple.core.game.State.public_action>` gives them:

>>> steps = replay.seen_by(None)
>>> steps[1]["seat"], steps[1]["action"]
(0, {'type': 'play'})
>>> replay.seen_by(0)[1]["action"] == replay.actions[0][1]
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from meeple.core.game import JSON, Action, Game, OptionValue, State
from meeple.core.registry import load

FORMAT = 1


class Step(TypedDict):
    """One step of a game as its viewer saw it (the protocol's replay step)."""

    seat: int | None
    """Who acted (``None`` for step 0, the game as dealt)."""
    action: Action | None
    """What they did as the viewer saw it: whole if it was the viewer's own, else its
    public form; ``None`` for step 0."""
    view: JSON
    """``view(viewer)`` right after it."""


def steps_seen_by(
    game: Game[Any],
    players: int,
    seed: int,
    options: Mapping[str, OptionValue],
    actions: Iterable[tuple[int, Action]],
    *,
    viewer: int | None,
) -> list[Step]:
    """A game step by step as ``viewer`` (a seat, or ``None``: a spectator) saw it happen.

    Step 0 is the game as dealt; step *n* follows the *n*-th of ``actions``. Every step's
    view is ``view(viewer)``, and its action what the viewer saw of it at the time: their
    own moves whole (they made them), everyone else's as
    :meth:`State.public_action <meeple.core.game.State.public_action>` shows them — a card
    laid face down stays face down in the step that laid it, even if a later step turns it
    up (that step's view shows it). So nothing here says more than the viewer's views did:
    this is how the server's replay and ``meeple replay`` show a game
    (``docs/protocol.md``, replays).
    """
    state = game.new(players, seed=seed, options=options)
    steps: list[Step] = [{"seat": None, "action": None, "view": state.view(viewer)}]
    for seat, action in actions:
        # The public form is asked before the move: it may depend on the position (a
        # Go da Cheese! card lies face up or down by its place in the turn).
        shown = action if seat == viewer else state.public_action(seat, action)
        state.apply(seat, action)
        steps.append({"seat": seat, "action": shown, "view": state.view(viewer)})
    return steps


@dataclass
class Replay:
    """A game as its seed and the ordered list of ``(seat, action)`` taken."""

    game: str
    players: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    actions: list[tuple[int, Action]] = field(default_factory=list)

    @classmethod
    def new(
        cls, game: str, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> Replay:
        """Start an empty record; the options are checked and completed with defaults."""
        resolved = load(game).resolve_options(options)
        return cls(game=game, players=players, seed=seed, options=resolved)

    @classmethod
    def of(cls, state: State) -> Replay:
        """Start an empty record for a state that has just been created."""
        return cls(state.game.id, state.players, state.seed, dict(state.options))

    def initial_state(self) -> State:
        """The state before any action."""
        state: State = load(self.game).new(self.players, seed=self.seed, options=self.options)
        return state

    def play(self, state: State, seat: int, action: Action) -> None:
        """Apply ``action`` to ``state`` and record it (only if it was legal)."""
        state.apply(seat, action)
        self.actions.append((seat, action))

    def states(self) -> Iterator[State]:
        """Yield the initial state and then a copy of the state after each action."""
        state = self.initial_state()
        yield state.clone()
        for seat, action in self.actions:
            state.apply(seat, action)
            yield state.clone()

    def run(self) -> State:
        """Re-run every action and return the final state."""
        state = self.initial_state()
        for seat, action in self.actions:
            state.apply(seat, action)
        return state

    def seen_by(self, viewer: int | None) -> list[Step]:
        """The game step by step as ``viewer`` saw it (:func:`steps_seen_by`)."""
        return steps_seen_by(
            load(self.game), self.players, self.seed, self.options, self.actions, viewer=viewer
        )

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-compatible data."""
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, action] for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Replay:
        """Read a record written by :meth:`to_json`; raise ``ValueError`` if malformed."""
        try:
            if data["format"] != FORMAT:
                raise ValueError(f"unsupported replay format {data['format']!r}")
            actions = [(int(seat), dict(action)) for seat, action in data["actions"]]
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data["options"]),
                actions=actions,
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a meeple replay: {err}") from err

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a record saved by :meth:`save`."""
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
