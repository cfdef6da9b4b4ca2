"""The game contract: ``Game``, ``Option`` and ``State``.

Every game in :mod:`meeple.games` subclasses :class:`Game` and :class:`State`.
The base classes hold what is the same for every game — option checking, seat
checking, and the validation that makes :meth:`State.apply` atomic — so that a
game only writes its rules::

    >>> import meeple
    >>> game = meeple.load("buffet")
    >>> state = game.new(players=4, seed=42)
    >>> seat = state.to_move[0]
    >>> state.apply(seat, state.legal_actions(seat)[0])
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from meeple.core.errors import BadOptions, IllegalAction
from meeple.core.native import mypyc_attr
from meeple.core.validation import explain_illegal, same_json

Action = dict[str, Any]
"""An action: a JSON-compatible dict with a ``"type"`` field, e.g. ``{"type": "play", "card": 5}``."""

JSON = dict[str, Any]
"""A JSON-compatible dict (what ``to_json`` and ``view`` return)."""

OptionValue = int | str | bool

BACK = "back"
"""The type of the optional, generic ``{"type": "back"}`` action. A game may offer it inside a
multi-part decision, while nothing hidden or random has been revealed since the decision
began; it returns the state exactly (the same ``to_json()``) to that choice point. It is
always listed last among the legal actions. Bots, simulations and golden transcripts never
take it: they choose from :func:`without_back`. ``docs/architecture.md`` has the contract."""


def without_back(actions: list[Action]) -> list[Action]:
    """``actions`` less a ``back``: what bots, simulations and goldens choose from.

    Because a game lists ``back`` last, this costs one look, and the other actions keep
    their order (so seeded random play is the same whether or not ``back`` is offered).

    >>> without_back([{"type": "move", "to": 3}, {"type": "back"}])
    [{'type': 'move', 'to': 3}]
    """
    if actions and actions[-1]["type"] == BACK:
        return actions[:-1]
    return actions


def hide_fields(action: Action, hidden: Mapping[str, tuple[str, ...]]) -> Action:
    """``action`` without the fields that ``hidden`` names for its type: the public form of
    :meth:`State.public_action` for a game whose secret fields depend on the type alone. A
    new dict when a field goes, else ``action`` itself (never changed).

    >>> hidden = {"discard": ("card",)}
    >>> hide_fields({"type": "discard", "card": "leek"}, hidden)
    {'type': 'discard'}
    >>> hide_fields({"type": "cook", "cards": ["noodles", "leek", "soy"]}, hidden)
    {'type': 'cook', 'cards': ['noodles', 'leek', 'soy']}
    """
    names = hidden.get(action["type"])
    if not names:
        return action
    return {key: value for key, value in action.items() if key not in names}


@dataclass(frozen=True)
class Option:
    """One game option: its default, the values it may take, and a sentence of help.

    >>> Option(default=50, choices=[50, 100], help="points to win").check("target", 100)
    100
    """

    default: OptionValue
    choices: list[OptionValue] = field(default_factory=list)
    help: str = ""

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled by its fields: compiled (mypyc), a frozen dataclass cannot be
        # restored field by field, as Python's default does.
        return Option, (self.default, self.choices, self.help)

    def __post_init__(self) -> None:
        if not self.choices:
            object.__setattr__(self, "choices", [self.default])
        if not any(same_json(self.default, c) for c in self.choices):
            raise ValueError(f"default {self.default!r} is not among the choices {self.choices!r}")

    def check(self, name: str, value: object) -> OptionValue:
        """Return ``value`` if it is one of the choices, else raise :class:`BadOptions`."""
        for choice in self.choices:
            if same_json(value, choice):
                return choice
        raise BadOptions(f"option {name!r} must be one of {self.choices!r}, not {value!r}")


S = TypeVar("S", bound="State")


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[S]):
    """A game: its facts (id, player counts, options) and a factory for states."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, Option]] = {}
    response_action: ClassVar[Action | None] = None
    """The answer given for a seat that does not respond in time when this action is among its
    legal ones (stirfry: an opponent who does not answer a taste test trusts the chef). The
    server uses it for its response timer; other decisions fall to a bot instead."""
    timeout_action: ClassVar[Action | None] = None
    """What the server applies instead of ``response_action`` when the answer did not come in
    time, if the game records that (stirfry: a trust marked ``"timeout": true``, so the log says
    the seat did not answer). Never a legal action; a state's ``apply`` accepts it whenever
    ``response_action`` is legal. ``None``: ``response_action`` itself is applied."""

    def new(
        self,
        players: object,
        seed: object = None,
        options: Mapping[str, object] | None = None,
    ) -> S:
        """Start a game for ``players`` seats.

        ``seed`` fixes every random event of the game; without one a fresh seed is
        drawn from the operating system and stored in the state, so the game can
        still be replayed. A bad player count or option raises :class:`BadOptions`.
        (``players`` and ``seed`` are typed ``object``, as anything is refused with a
        reason: mypyc's compiled build would raise ``TypeError`` for a typed argument.)
        """
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.id} is for {self.min_players}–{self.max_players} players, not {players!r}"
            )
        if seed is None:
            seed = secrets.randbits(63)
        elif type(seed) is not int or seed < 0:
            raise BadOptions(f"seed must be a non-negative integer, not {seed!r}")
        return self._new(players, seed, self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Check ``options`` and fill in the defaults; raise :class:`BadOptions` if wrong."""
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise BadOptions(f"unknown option(s) {unknown} for {self.id}; known: {known}")
        return {
            name: opt.check(name, given[name]) if name in given else opt.default
            for name, opt in self.options.items()
        }

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> S:
        """Build the initial state from checked arguments."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from :meth:`State.to_json`; play continues identically."""

    def describe_action(self, action: Action) -> str:
        """A short human label for an action (terminal menus, logs). Games override it."""
        fields = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
        return f"{action.get('type')}({fields})" if fields else str(action.get("type"))

    def describe_event(self, event: JSON, view: JSON) -> str:
        """One log line for an event of ``view["events"]``, as the viewer sees it."""
        return ", ".join(f"{k}={v}" for k, v in event.items())

    def render_text(self, view: JSON) -> str:
        """The board as plain text from a ``view`` (the terminal client). Games override it."""
        return "\n".join(f"{k}: {v}" for k, v in view.items())

    def __repr__(self) -> str:
        return f"<meeple game {self.id!r}>"


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """The state of one game in progress. See ``GUIDE.md`` for the contract."""

    game: ClassVar[Game[Any]]
    players: int
    seed: int
    options: dict[str, OptionValue]

    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats whose decision is awaited; ``()`` when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty if ``seat`` is not to move)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def scores(self) -> list[int | float]:
        """One score per seat: running during play, final at the end."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """Seats placed first after the tie-breaks; ``[]`` until the game is over."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator). The only way secrets leave a state."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state, randomness included, as JSON-compatible data."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy."""

    @abstractmethod
    def _determinize(self: S, seat: int, rng: random.Random) -> S:
        """A copy whose hidden information is re-sampled; see :meth:`determinize`."""

    def apply(self, seat: object, action: object) -> None:
        """Apply ``seat``'s ``action``.

        An illegal or malformed action, or a seat that is not to move, raises
        :class:`IllegalAction` with a readable reason and changes nothing (whatever their
        types: hence ``object``, which the compiled build does not check).
        """
        if type(seat) is int and type(action) is dict:
            for legal in self.legal_actions(seat):
                if legal == action and same_json(legal, action):
                    self._apply(seat, action)
                    return
        raise IllegalAction(
            explain_illegal(seat, action, self.to_move, self.players, self.legal_actions)
        )

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s ``action`` without looking it up among the legal actions again.

        :meth:`apply` builds ``legal_actions(seat)`` once more and compares ``action`` with
        each, to refuse what is not legal. A caller that has just taken ``action`` from
        ``legal_actions(seat)`` of this very state (the learning environments of
        :mod:`meeple.rl`, a search's playout, whose bot chose from them) knows it is legal, and
        saves that work here.

        The caller promises that no move has been applied since it called
        ``legal_actions(seat)``, and that ``action`` is one of the dicts it returned (or an
        equal dict), unchanged. Nothing checks the promise: an action that is not legal may
        raise anything or leave the state corrupt. When in doubt, use :meth:`apply`; the
        result of a kept promise is the same state as :meth:`apply` gives
        (``tests/core/test_apply_unchecked.py``).
        """
        self._apply(seat, action)

    def shared_legal_actions(self, seat: int) -> Sequence[Action] | None:
        """``seat``'s legal actions less ``back`` (:func:`without_back`) as the game's own
        ready-made dicts, shared and never changed, or ``None`` (the default: a game that has
        none). :meth:`legal_actions` hands out copies, which a caller may keep or change;
        these are for :meth:`ActionSpace.legal_of <meeple.core.encoding.ActionSpace.legal_of>`,
        which finds their indices by identity (:meth:`ActionSpace.keep
        <meeple.core.encoding.ActionSpace.keep>`) and hands them to the learning envs, which
        only read them and pass them to :meth:`apply_unchecked`. Read them, never change
        them (``tests/core/test_shared_legal.py`` compares them with ``legal_actions``)."""
        return None

    def indexed_legal_actions(self, seat: int) -> tuple[object, Mapping[int, Action]] | None:
        """``seat``'s legal actions less ``back``, as :meth:`shared_legal_actions` gives them,
        keyed by their positions in the game's tuple of ready-made actions, with that tuple:
        ``(templates, {position: action})``, in :meth:`legal_actions` order; or ``None`` (the
        default: a game that does not number its actions). An action space whose indices are
        those positions (:meth:`ActionSpace.keep <meeple.core.encoding.ActionSpace.keep>` of
        that very tuple tells) takes the dict as its index → action map without looking
        anything up. The dict may be the state's own: read it, never change it."""
        return None

    def public_events(self) -> list[JSON]:
        """The events of the move just made as a spectator sees them: ``view(None)["events"]``.

        The learning envs feed them to a game's public history
        (:class:`meeple.core.encoding.History`, Stir Fry's declarations) after every move.
        This builds the whole spectator view for them; a game whose events are cheap to give
        on their own may override it, returning the same list content (never a list the
        state changes later: the events of a move are read, not kept).
        ``tests/core/test_public_events.py`` checks every game's against its view.
        """
        events: list[JSON] = self.view(None)["events"]
        return events

    def public_action(self, seat: int, action: Action) -> Action:
        """``seat``'s legal ``action`` as every other seat and a spectator see it when it is
        taken; asked of the state it is taken in, before :meth:`apply`.

        An action may hold what only its taker knows: Stir Fry's declared cards and
        face-down discards, a card chosen in secret (Buffet), a card laid face down (Go da
        Cheese!). Its public form is the action without those fields — ``type`` and the rest
        stay, so it still reads as the move it was — and a game with such actions overrides
        this (:func:`hide_fields` builds the form). The default is the action itself: a game
        whose actions hide nothing. A replay (:func:`meeple.core.replay.steps_seen_by`)
        shows each seat its own actions whole and everyone else's in this form.

        The rule (``conformance.check_public_actions``): the public form says nothing that
        the views after the move do not. Two legal actions that leave another seat's view
        (or a spectator's) the same — in this state, or in one that seat cannot tell from
        it — have the same public form. A card revealed later (a taste test, the end's
        reveal) shows in the views of then, not in the action of before.

        >>> import meeple
        >>> state = meeple.load("buffet").new(players=3, seed=1)
        >>> state.public_action(0, {"type": "play", "card": 5})
        {'type': 'play'}
        """
        return action

    def determinize(self: S, seat: object, rng: random.Random | None = None) -> S:
        """A copy in which everything ``seat`` cannot see is re-sampled.

        The copy agrees with ``view(seat)`` exactly and is a possible state given
        what ``seat`` knows; future random events are re-seeded too. ISMCTS bots
        call this; ``rng`` makes the sampling reproducible.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise self.no_seat(seat)
        if rng is None:
            rng = random.Random(secrets.randbits(64))
        return self._determinize(seat, rng)

    def check_seat(self, seat: object, allow_none: bool = False) -> None:
        """Raise ``ValueError`` unless ``seat`` is a seat of this game (or ``None`` if allowed)."""
        if seat is None and allow_none:
            return
        if type(seat) is not int or not 0 <= seat < self.players:
            raise self.no_seat(seat)

    def no_seat(self, seat: object) -> ValueError:
        """The error for ``seat`` when it is not a seat of this game (:meth:`check_seat`): raise
        it where mypy should know that the seat is an ``int`` after the test."""
        return ValueError(f"no seat {seat!r}: seats are 0–{self.players - 1}")

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to move {list(self.to_move)}"
        return f"<{self.game.id} state, {self.players} players, {status}>"
