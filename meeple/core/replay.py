"""Replay records: enough to rebuild any game exactly (game, players, options, seed, actions).

>>> from meeple.core.replay import Replay
>>> replay = Replay.new("buffet", players=3, seed=1)
>>> state = replay.initial_state()
>>> seat = state.to_move[0]
>>> replay.play(state, seat, state.legal_actions(seat)[0])
>>> replay.run().to_json() == state.to_json()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.game import Action, OptionValue, State
from meeple.core.registry import load

FORMAT = 1


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
