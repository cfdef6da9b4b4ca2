"""The games in OpenSpiel: :func:`register_openspiel` registers ``meeple_<id>`` games.

>>> import pyspiel
>>> register_openspiel()
>>> game = pyspiel.load_game("meeple_buffet(players=4)")
>>> game.num_players(), game.num_distinct_actions()
(4, 23)

**Chance.** A game's randomness is its own seeded generator (``meeple.core.rng``): a new
OpenSpiel state starts with one explicit chance node whose outcome (one of
:data:`SEEDS`, uniformly) is the meeple game's seed; every later shuffle and draw follows from
it. So the game is ``EXPLICIT_STOCHASTIC`` with a single chance decision, a history
replays exactly, and serialisation works as for any OpenSpiel game.

**Turns.** Sequential: the current player is the first seat of ``to_move``; seats that decide
at once in the rules (Buffet's card choice, Stir Fry's taste-test answers) move one after
another, and the later ones' observations do not show the earlier choices.

**Observations.** ``observation_tensor`` is the game's encoding of ``view(player)``
(``docs/rl.md``); ``observation_string`` is that view as JSON. There is no separate
information-state (perfect-recall) tensor. ``resample_from_infostate`` is meeple's
``determinize``, so ISMCTS (``open_spiel.python.algorithms.ismcts``, with
``use_observation_string=True``) works out of the box.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import meeple
from meeple.core.encoding import History
from meeple.core.game import JSON, Action, OptionValue, State
from meeple.rl.table import OBS_BOUND, Table

SEEDS = 1 << 12
"""Chance outcomes of the opening chance node: the meeple game's seed."""

MAX_GAME_LENGTH = 100_000
"""A bound on decisions that no game of these reaches (OpenSpiel requires one)."""


class _Held:
    """The meeple state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this makes that copy the game's own fast ``clone``."""

    __slots__ = ("history", "state", "views")

    def __init__(self, state: State | None, history: History | None = None) -> None:
        self.state = state
        self.history = history
        self.views: dict[int | None, JSON] = {}
        """Views of the current state by seat: OpenSpiel asks for a player's tensor, string
        and the state's text separately, and a view can take a millisecond to build."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        if self.state is None:
            return _Held(None)
        return _Held(self.state.clone(), copy.deepcopy(self.history))

    def view(self, seat: int | None) -> JSON:
        """``state.view(seat)``, built once per state."""
        view = self.views.get(seat)
        if view is None:
            assert self.state is not None
            view = self.views[seat] = self.state.view(seat)
        return view


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]
    """One game in progress, as OpenSpiel sees it."""

    def __init__(self, game: MeepleSpielGame) -> None:
        super().__init__(game)
        self.table = game.table
        self.held = _Held(None)
        self.player = int(pyspiel.PlayerId.CHANCE)
        self.legal_map: dict[int, Action] = {}

    def _after_move(self) -> None:
        """Note who is to move and their legal actions (asked for many times per move)."""
        state = self.held.state
        assert state is not None
        if state.is_over:
            self.player = int(pyspiel.PlayerId.TERMINAL)
            self.legal_map = {}
        else:
            self.player = state.to_move[0]
            self.legal_map = self.table.legal(state, self.player)

    def current_player(self) -> int:
        """The first seat to move, ``CHANCE`` before the deal, ``TERMINAL`` at the end."""
        return self.player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.player:
            return []
        return sorted(self.legal_map)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The game seed, uniformly among :data:`SEEDS`."""
        p = 1.0 / SEEDS
        return [(i, p) for i in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        state = self.held.state
        if state is None:
            self.held = _Held(self.table.new(int(action)), self.table.new_history())
        else:
            self.table.play(state, self.player, self.legal_map[int(action)], self.held.history)
            self.held.views = {}
        self._after_move()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.table.game.describe_action(self.table.space.action(int(action)))

    def is_terminal(self) -> bool:
        state = self.held.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        """Final rewards at the end (``reward`` parameter), zeros before."""
        state = self.held.state
        if state is None or not state.is_over:
            return [0.0] * self.table.players
        return self.table.rewards(state)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> MeepleSpielState:
        """A state that looks the same to ``player``, everything else re-sampled (meeple's
        ``determinize``); ISMCTS searches such states."""
        other: MeepleSpielState = self.clone()
        state = self.held.state
        if state is not None:
            seed = int(sampler() * (1 << 62)) if callable(sampler) else random.getrandbits(62)
            other.held = _Held(
                state.determinize(player, random.Random(seed)), copy.deepcopy(self.held.history)
            )
            other._after_move()
        return other

    def meeple_state(self) -> State | None:
        """The meeple state (``None`` before the opening chance node)."""
        return self.held.state

    def __str__(self) -> str:
        state = self.held.state
        if state is None:
            return "(before the deal)"
        text: str = self.table.game.render_text(self.held.view(None))
        return text


class MeepleObserver:
    """OpenSpiel's Python observer: the encoding's tensor and the view as a string."""

    def __init__(self, table: Table, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.table = table
        self.tensor = np.zeros(table.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        """The tensor of ``player`` (zeros before the deal)."""
        held = state.held.state
        if held is None:
            self.tensor.fill(0.0)
        else:
            table = self.table
            features = table.encoding.observe(
                table.view_of(held, player),
                player,
                table.players,
                table.options,
                state.held.history,
            )
            table.array(features, out=self.tensor)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        """``view(player)`` as JSON (keys sorted), then the game's public history if it keeps
        one, or ``""`` before the deal."""
        held = state.held.state
        if held is None:
            return ""
        text = json.dumps(state.held.view(player), sort_keys=True, separators=(",", ":"))
        history = state.held.history
        if history is not None:
            # The public history is part of the observation: the string says it too.
            slots = getattr(type(history), "__slots__", ())
            text += "|" + json.dumps([getattr(history, name) for name in slots])
        return text


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A meeple game for OpenSpiel; its parameters are ``players``, ``reward`` and the
    game's own options."""

    game_id = ""
    game_type: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = meeple.load(self.game_id)
        players = int(params.pop("players", game.min_players))
        reward = str(params.pop("reward", "rank"))
        self.table = Table(self.game_id, players, _options(game.options, params), reward)
        low, high = (-1.0, 1.0) if reward == "rank" else (0.0, 1.0)
        if reward == "score":
            low, high = -1000.0, 1000.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.space.size,
            max_chance_outcomes=SEEDS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, {"players": players, "reward": reward, **params})

    def new_initial_state(self) -> MeepleSpielState:
        """A state before the deal (a chance node)."""
        return MeepleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MeepleObserver:
        """The observer of ``view(player)``: the tensor and the string."""
        return MeepleObserver(self.table, iig_obs_type, params)

    def observation_tensor_bound(self) -> float:
        """Every observation value lies within ± this."""
        return OBS_BOUND


def _options(
    declared: Mapping[str, meeple.Option], params: Mapping[str, Any]
) -> dict[str, OptionValue]:
    unknown = set(params) - set(declared)
    if unknown:
        raise ValueError(f"unknown parameters {sorted(unknown)}")
    return {name: params[name] for name in declared if name in params}


_REGISTERED: set[str] = set()


def register_openspiel() -> None:
    """Register ``meeple_<id>`` for every game (idempotent). Parameters: ``players``
    (default the least), ``reward`` (``"rank"``, ``"win"`` or ``"score"``) and the game's
    options, e.g. ``pyspiel.load_game("meeple_stirfry(players=3,tofu=True)")``."""
    for game_id, game in meeple.GAMES.items():
        name = f"meeple_{game_id}"
        if name in _REGISTERED:
            continue
        spec: dict[str, Any] = {"players": game.min_players, "reward": "rank"}
        spec.update({k: opt.default for k, opt in game.options.items()})
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"meeple {game.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=game.max_players,
            min_num_players=game.min_players,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=spec,
        )
        cls = type(
            f"Meeple{game_id.capitalize()}SpielGame",
            (MeepleSpielGame,),
            {"game_id": game_id, "game_type": game_type},
        )
        pyspiel.register_game(game_type, cls)
        _REGISTERED.add(name)
