"""One learner against meeple bots, as a Gymnasium env: :func:`gym_env`.

>>> env = gym_env("stirfry", players=3, opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(env.action_masks().sum()) > 0
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from meeple.bots.levels import check, make
from meeple.core.bot import Bot
from meeple.core.encoding import History
from meeple.core.errors import IllegalAction
from meeple.core.game import Action, State
from meeple.rl.aec import ILLEGAL, ILLEGAL_PENALTY
from meeple.rl.table import Mask, Observation, Table

Opponents = str | Bot | Sequence[str | Bot]


class MeepleGym(gymnasium.Env[Observation, np.int64]):
    """A meeple game seen by one seat, the others played by bots (see :func:`gym_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(
        self,
        game_id: str,
        players: int,
        *,
        seat: int = 0,
        opponents: Opponents = "random",
        options: Mapping[str, object] | None = None,
        illegal: str = "penalize",
        reward: str = "rank",
        render_mode: str | None = None,
    ) -> None:
        self.table = Table(game_id, players, options, reward)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0–{players - 1}, not {seat!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        others = [s for s in range(players) if s != seat]
        if isinstance(opponents, str | Bot):
            choice: list[str | Bot] = [opponents] * len(others)
        else:
            choice = list(opponents)
            if len(choice) != len(others):
                raise ValueError(f"{len(others)} opponents needed, {len(choice)} given")
        for level in choice:
            if isinstance(level, str):
                check(level, game_id, players)  # expert only where a network ships, now
        self._choice = dict(zip(others, choice, strict=True))
        self.opponents: dict[int, Bot] = {}
        self._trusted: set[int] = set()
        """Seats whose bots are meeple's own levels: their choices come from
        ``legal_actions`` (their tests play whole games through the checked ``apply``), so
        they are applied without checking them again. A :class:`Bot` passed in is checked."""
        self.observation_space = self.table.observation_box()  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self.table.space.size)
        self.game_state: State | None = None
        self.history: History | None = None
        self._legal: dict[int, Action] = {}
        self._mask: Mask | None = None
        """The mask of ``_legal``, built once per decision (``action_masks()`` and the info
        both give it; it is a new array at every decision, so a learner may keep it)."""
        self._seeds = random.Random()

    def _bots(self, seed: int) -> dict[int, Bot]:
        bots: dict[int, Bot] = {}
        self._trusted = set()
        for s, choice in self._choice.items():
            if isinstance(choice, str):
                bots[s] = make(choice, self.table.game, seed + s, self.table.players)
                self._trusted.add(s)
            else:
                choice.reseed(seed + s)
                bots[s] = choice
        return bots

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, played by the bots until the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
            self.action_space.seed(seed)
        game_seed = self._seeds.getrandbits(63)
        self.opponents = self._bots(self._seeds.getrandbits(31))
        self.game_state = self.table.new(game_seed)
        self.history = self.table.new_history()
        self._play_bots()
        return self._observe(), self._info()

    def _play_bots(self) -> None:
        """Let the bots move until the learner is to move or the game is over. When the
        learner decides together with others (a simultaneous choice), it goes first."""
        state = self.game_state
        assert state is not None
        while not state.is_over and self.seat not in state.to_move:
            self._play_bot(state, state.to_move[0])
        self._decision(self.table.legal(state, self.seat))

    def _play_bot(self, state: State, seat: int) -> None:
        """The bot of ``seat`` moves."""
        action = self.opponents[seat].choose(state, seat)
        if seat in self._trusted:
            state.apply_unchecked(seat, action)
        else:
            state.apply(seat, action)
        self.table.record(state, self.history)

    def _decision(self, legal: dict[int, Action]) -> None:
        """The learner's legal actions from now on (empty: none, the episode is over)."""
        self._legal = legal
        self._mask = None

    def _observe(self) -> Observation:
        assert self.game_state is not None
        return self.table.observation(self.game_state, self.seat, self.history)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> Mask:
        """The int8 mask of the learner's legal actions (what sb3-contrib's MaskablePPO reads)."""
        if self._mask is None:
            self._mask = self.table.mask(self._legal)
        return self._mask

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner's action (an index), then the bots' until the learner's next decision.
        The reward is 0 until the end, then the learner's final reward."""
        state = self.game_state
        assert state is not None, "reset() first"
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                state.apply(self.seat, self.table.space.action(int(action)))
                raise IllegalAction(f"action {action!r} is not legal now")  # pragma: no cover
            self._decision({})
            return self._observe(), ILLEGAL_PENALTY, True, False, {**self._info(), "illegal": True}
        self.table.play(state, self.seat, chosen, self.history)
        if not state.is_over:
            # The others deciding at the same time choose now.
            for seat in [s for s in state.to_move if s != self.seat]:
                if state.is_over or seat not in state.to_move:
                    continue
                self._play_bot(state, seat)
            self._play_bots()
        if state.is_over:
            self._decision({})
            reward = self.table.rewards(state)[self.seat]
            return self._observe(), reward, True, False, self._info()
        return self._observe(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), as the spectator sees it."""
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        text: str = self.table.game.render_text(self.game_state.view(None))
        return text


def gym_env(
    game_id: str,
    players: int,
    *,
    seat: int = 0,
    opponents: Opponents = "random",
    options: Mapping[str, object] | None = None,
    illegal: str = "penalize",
    reward: str = "rank",
    render_mode: str | None = None,
) -> MeepleGym:
    """A Gymnasium env of ``game_id`` for one learner at ``seat`` against meeple bots.

    ``opponents`` is a bot level (``"random"``, ``"easy"``, ``"normal"``, ``"hard"``,
    ``"expert"`` where its network ships), a
    :class:`~meeple.core.bot.Bot`, or a list of either, one per other seat in seat order.
    An action outside the mask ends the episode with −1 (``illegal="penalize"``, the
    default here: Gymnasium's checker and unmasked agents sample the whole action space) or
    raises :class:`meeple.IllegalAction` (``illegal="raise"``). Observations are float32 arrays; :meth:`MeepleGym.action_masks` (and ``info
    ["action_mask"]``) gives the legal actions. Rewards come at the end, as in
    :func:`meeple.rl.aec_env`.
    """
    return MeepleGym(
        game_id,
        players,
        seat=seat,
        opponents=opponents,
        options=options,
        illegal=illegal,
        reward=reward,
        render_mode=render_mode,
    )
