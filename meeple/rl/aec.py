"""The games as PettingZoo AEC environments: :func:`aec_env`.

>>> env = aec_env("buffet", players=3)
>>> env.reset(seed=42)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["action_mask"].dtype, int(obs["action_mask"].sum()) > 0
('player_0', dtype('int8'), True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from meeple.core.encoding import History
from meeple.core.errors import IllegalAction
from meeple.core.game import Action, State
from meeple.rl.table import Table

ILLEGAL = ("raise", "penalize")
ILLEGAL_PENALTY = -1.0
"""The reward of an agent whose illegal action ends the episode (``illegal="penalize"``)."""


def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat: ``player_0``, ``player_1``, …"""
    return f"player_{seat}"


class MeepleAEC(AECEnv):  # type: ignore[misc]
    """A meeple game as an agent-environment-cycle env (see :func:`aec_env`)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own attribute)
        "render_modes": ["ansi"],
        "name": "meeple",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int,
        *,
        options: Mapping[str, object] | None = None,
        illegal: str = "raise",
        reward: str = "rank",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(game_id, players, options, reward)
        self.illegal = illegal
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meeple_{game_id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        actions = self.table.space.size
        obs_space = spaces.Dict(
            {
                "observation": self.table.observation_box(),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds = random.Random(secrets.randbits(64))
        self.game_state: State | None = None
        self.history: History | None = None
        self._legal: dict[int, Action] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes it (and the games of later resets without one)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            for space in self.action_spaces.values():
                space.seed(seed)
        self.game_state = self.table.new(self._seeds.getrandbits(63))
        self.history = self.table.new_history()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The next agent: the first seat of ``to_move``. Seats deciding at once (a card chosen
        face down, an answer to a taste test) are asked one after another in that order; the
        view of the later ones does not show the earlier choices."""
        assert self.game_state is not None
        seat = self.game_state.to_move[0]
        self.agent_selection = self.possible_agents[seat]
        self._legal = self.table.legal(self.game_state, seat)

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": float32 array, "action_mask": int8 array}`` for ``agent``; the
        mask is all zeros unless the agent is the one to act."""
        assert self.game_state is not None, "reset() first"
        seat = self._seat[agent]
        obs = self.table.observation(self.game_state, seat, self.history)
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            legal = self._legal
        else:
            legal = {}
        return {"observation": obs, "action_mask": self.table.mask(legal)}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an index of its action space)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        chosen = self._legal.get(int(action)) if action is not None else None
        if chosen is None:
            if self.illegal == "raise":
                self._refuse(seat, action)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = ILLEGAL_PENALTY
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal": True}
            self._accumulate_rewards()
            return
        self.table.play(state, seat, chosen, self.history)
        if state.is_over:
            finals = self.table.rewards(state)
            self.rewards = {a: finals[self._seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._legal = {}
            self._accumulate_rewards()
        else:
            # Rewards come only at the end, and every agent is alive until then: ``rewards``
            # is still the all-zero dict of ``reset``, and there is nothing to accumulate.
            self._select()

    def _refuse(self, seat: int, action: Any) -> None:
        """Raise :class:`IllegalAction` with the game's own reason."""
        assert self.game_state is not None
        try:
            decoded = self.table.space.action(int(action))
        except (TypeError, ValueError) as err:
            raise IllegalAction(f"not an action index: {action!r} ({err})") from None
        self.game_state.apply(seat, decoded)  # raises, with the reason
        raise IllegalAction(f"action {decoded!r} is not legal now")  # pragma: no cover

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), as the spectator sees it."""
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        text: str = self.table.game.render_text(self.game_state.view(None))
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    game_id: str,
    players: int,
    *,
    options: Mapping[str, object] | None = None,
    illegal: str = "raise",
    reward: str = "rank",
    render_mode: str | None = None,
) -> MeepleAEC:
    """A PettingZoo AEC env of ``game_id`` for ``players`` seats (agents ``player_0``…).

    Observations are ``{"observation": float32, "action_mask": int8}``; rewards come at the
    end (``reward="rank" | "win" | "score"``, see :func:`meeple.rl.table.final_rewards`).
    ``illegal="raise"`` raises :class:`meeple.IllegalAction` with the reason;
    ``illegal="penalize"`` ends the episode with −1 for that agent.
    """
    return MeepleAEC(
        game_id, players, options=options, illegal=illegal, reward=reward, render_mode=render_mode
    )
