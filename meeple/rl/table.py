"""What the three adapters share: a game with its encoding, as numpy arrays, and the rewards.

Only :mod:`meeple.rl` imports numpy; the encodings themselves are plain Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import meeple
from meeple.core.encoding import (
    ActionSpace,
    Encoding,
    Features,
    History,
    Segment,
    load_encoding,
    observation_size,
    view_reader,
)
from meeple.core.game import Action, Game, OptionValue, State

Reward = Literal["rank", "win", "score"]
REWARDS: tuple[Reward, ...] = ("rank", "win", "score")

OBS_BOUND = 10.0
"""Observations lie within ±this (the encodings scale their numbers to about 0–2; the
arrays are clipped so that the declared Box always holds them)."""

SEGMENTS_KEPT = 1024
"""Distinct :class:`~meeple.core.encoding.Segment` objects a :class:`Table` keeps as numpy
arrays (a game's shared view parts change every few decisions, so a few hundred cover the
observations of several games side by side; past this it starts afresh). Bison's hundred-odd
small segments of where the game stands and of its phase come back in every game: at 512,
each fresh start converted them again (1.22 conversions a step at 4 players, 1.05 at 1,024)."""

CHECKED = 128
"""Up to this many fresh values, :meth:`Table.array` checks them against ±:data:`OBS_BOUND`
in Python and clips only if one is out; more are clipped at once. Measured over whole AEC
steps against a threshold of 16: Buffet 3 players 2.2 µs less a step, Stir Fry 5 1.0, Café 4
1.2, Cheese 3 (~110 values) 0.6."""

_FLOAT32 = np.dtype(np.float32)
_INTP = np.dtype(np.intp)
_INT8 = np.dtype(np.int8)
# numpy arrays rather than Python numbers: a Python float or int given to a ufunc or an
# assignment goes through numpy's scalar conversion and type promotion first, which costs
# more than the work itself on these few entries (clipping 60 values: 1.8 µs with the
# floats ±10.0, 0.5 µs with these). The dtypes as objects save a look-up per call too.
_HIGH = np.array(OBS_BOUND, _FLOAT32)
_LOW = np.array(-OBS_BOUND, _FLOAT32)
_ONE = np.array(1, _INT8)
_ONE_FLOAT = np.array(1.0, _FLOAT32)
for _constant in (_HIGH, _LOW, _ONE, _ONE_FLOAT):
    _constant.setflags(write=False)

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
SegmentArrays = tuple[Segment, npt.NDArray[np.intp], Observation]


def final_rewards(state: State, reward: Reward) -> list[float]:
    """Each seat's reward at the end of ``state`` (a finished game).

    - ``"rank"``: 1 for a winner, −1 for the last place, evenly between: a seat's place is
      1 + the seats ranked ahead of it, the winners (after the rulebook's tie-breaks) first
      and then the others by score; seats with equal scores share a place;
    - ``"win"``: 1 for each winner, 0 for everyone else;
    - ``"score"``: the final score itself.
    """
    scores = [float(s) for s in state.scores]
    if reward == "score":
        return scores
    winners = set(state.winners)
    if reward == "win":
        return [1.0 if s in winners else 0.0 for s in range(state.players)]
    if state.players < 2:
        return [1.0] * state.players
    out = []
    for s in range(state.players):
        if s in winners:
            ahead = 0
        else:
            ahead = len(winners) + sum(
                1 for o in range(state.players) if o not in winners and scores[o] > scores[s]
            )
        out.append(1.0 - 2.0 * ahead / (state.players - 1))
    return out


class Table:
    """One game id, player count and options, with the game's :class:`Encoding`."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, object] | None = None,
        reward: str = "rank",
    ) -> None:
        self.game: Game[Any] = meeple.load(game_id)
        if type(players) is not int or not (
            self.game.min_players <= players <= self.game.max_players
        ):
            raise meeple.BadOptions(
                f"{game_id} is for {self.game.min_players}–{self.game.max_players} players, "
                f"not {players!r}"
            )
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.reward: Reward = reward
        self.players = players
        self.options: dict[str, OptionValue] = self.game.resolve_options(options)
        self.encoding: Encoding = load_encoding(game_id)
        self.view_of = view_reader(self.encoding)
        """The view the encoding reads for a seat: ``state.view(seat)``, or the typed data
        that JSON is made from where the game has it (Bison's ``SeatView``)."""
        self.space: ActionSpace = self.encoding.action_space(players, self.options)
        self.size = observation_size(self.encoding, players, self.options)
        self.segments: dict[int, SegmentArrays] = {}
        """Segments converted to numpy, by identity. Each value holds the segment itself, so
        that its id cannot pass to another object while it is kept here."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self  # fixed for its life: copies of a state that holds it share it

    def new(self, seed: int) -> State:
        """A new game from ``seed``."""
        state: State = self.game.new(self.players, seed=seed, options=self.options)
        return state

    def new_history(self) -> History | None:
        """The game's public :class:`History` for a new game (``None`` for most games)."""
        return self.encoding.new_history(self.players, self.options)

    def observation(self, state: State, seat: int, history: History | None = None) -> Observation:
        """``seat``'s observation tensor, from ``state.view(seat)`` (and the public history)."""
        view = self.view_of(state, seat)
        return self.array(self.encoding.observe(view, seat, self.players, self.options, history))

    def array(self, features: Features, out: Observation | None = None) -> Observation:
        """The observation as a float32 array, clipped to ±:data:`OBS_BOUND`: a new one, or
        ``out`` (of the observation's size) overwritten."""
        if out is None:
            out = np.zeros(self.size, _FLOAT32)
        else:
            out.fill(0.0)
        fresh = features.values
        n = len(fresh)
        if n:
            # ``np.fromiter`` with the count known converts the lists faster than numpy's
            # generic conversion in ``out[list] = list``. The encodings scale to about 0–2,
            # so the values are checked in Python and clipped only if needed, up to
            # :data:`CHECKED` of them: the two numpy calls of a clip take ~0.5 µs alone but
            # ~2 µs inside the env's loop, more than Python's ``max`` and ``min`` of that many.
            values = np.fromiter(fresh, _FLOAT32, n)
            if n > CHECKED or max(fresh) > OBS_BOUND or min(fresh) < -OBS_BOUND:
                np.minimum(values, _HIGH, out=values)
                np.maximum(values, _LOW, out=values)
            out[np.fromiter(features.index, _INTP, n)] = values
        ones = features.ones
        if ones:  # no values to check or convert: one constant for them all
            out[np.fromiter(ones, _INTP, len(ones))] = _ONE_FLOAT
        # Shared segments: converted once (they never change), then one scatter each.
        kept = self.segments
        for base, segment in features.segments:
            _, positions, values = kept.get(id(segment)) or self.segment_arrays(segment)
            if base:
                out[base:][positions] = values  # a view from the base: no offset array
            else:
                out[positions] = values
        return out

    def segment_arrays(self, segment: Segment) -> SegmentArrays:
        """``segment`` as numpy arrays (positions, values clipped as :meth:`array` clips),
        converted once and kept by identity (at most :data:`SEGMENTS_KEPT` of them)."""
        kept = self.segments.get(id(segment))
        if kept is not None:
            return kept
        if len(self.segments) >= SEGMENTS_KEPT:
            self.segments.clear()
        fresh = segment.values
        n = len(fresh)
        values = np.fromiter(fresh, _FLOAT32, n)
        # Checked in Python first, clipped only if needed: two numpy calls inside the env's
        # loop cost more than the check (always clipping cost Bison ~2 µs a step). Without
        # ``default=``: a keyword makes ``max`` and ``min`` take their slow path (0.9 µs for
        # both on 22 values, 0.6 without; Bison converts about one segment a step).
        if n and (max(fresh) > OBS_BOUND or min(fresh) < -OBS_BOUND):
            np.minimum(values, _HIGH, out=values)  # as in ``array`` (``np.clip`` is slower)
            np.maximum(values, _LOW, out=values)
        arrays = (segment, np.fromiter(segment.positions, _INTP, n), values)
        self.segments[id(segment)] = arrays
        return arrays

    def observation_box(self) -> spaces.Box:
        """The Gymnasium space of the observation arrays."""
        return spaces.Box(-OBS_BOUND, OBS_BOUND, (self.size,), np.float32)

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """Index → legal action of ``seat`` (empty when it is not to move).

        ``back`` (a game's optional step back inside a multi-part decision, for people at a
        table) is left out, as bots leave it out: an agent's episode always goes forward, and
        no action space needs an index for it (:meth:`ActionSpace.legal_of`)."""
        return self.space.legal_of(state, seat)

    def mask(self, legal: Mapping[int, Action]) -> Mask:
        """The int8 mask of the indices in ``legal``."""
        mask = np.zeros(self.space.size, _INT8)
        if legal:
            mask[np.fromiter(legal, _INTP, len(legal))] = _ONE
        return mask

    @staticmethod
    def record(state: State, history: History | None) -> None:
        """Let ``history`` take in the move just made: the spectator's events
        (:meth:`State.public_events`, which a game may give without building a view)."""
        if history is not None:
            history.update({"events": state.public_events()})

    @classmethod
    def play(cls, state: State, seat: int, action: Action, history: History | None = None) -> None:
        """Apply ``action``, one of ``legal(state, seat)`` taken from the current state.

        :meth:`State.apply` would look it up among ``legal_actions`` again to refuse what is
        not legal; an action taken from :meth:`legal` is legal by construction, so this uses
        :meth:`State.apply_unchecked` (it is the hot path of every env step)."""
        state.apply_unchecked(seat, action)
        if history is not None:
            cls.record(state, history)

    def rewards(self, state: State) -> list[float]:
        """Final rewards of a finished game (:func:`final_rewards`)."""
        return final_rewards(state, self.reward)
