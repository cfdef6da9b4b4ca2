"""Stir Fry Eighteen for learning agents: fixed action indices and the observation tensor.

Actions (247, the same with every option; tofu's are never legal without the promo):
``declare`` one card as a protein (9 cards × 4 claims), ``declare_pair`` (45 unordered pairs),
``cook`` (154 dishes: noodles and 2–4 other different cards), ``discard`` (9), ``end_turn``,
``trust``, ``taste``. Card lists are matched as sets (the engine's order does not matter).

The observation is built from ``view(seat)`` only; seats are listed from the observer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, combinations_with_replacement

from meeple.core.encoding import ActionSpace, Features, Kind, relative
from meeple.core.game import JSON, Action, OptionValue
from meeple.games.stirfry.data import CARD_NAMES, DECK_SIZE, NOODLES, PROTEINS, TOFU
from meeple.games.stirfry.rules import TEMPLATES

PHASES = ("chef", "taste_test", "discard", "over")
CLAIMS = (*(CARD_NAMES[p] for p in PROTEINS), CARD_NAMES[TOFU], "pair")
_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
_PHASE = {name: i for i, name in enumerate(PHASES)}
_CLAIM = {name: i for i, name in enumerate(CLAIMS)}
_BLUFFS_CELLS, _HONEST_CELLS, _TASTES_CELLS = len(CLAIMS), len(CLAIMS) + 1, len(CLAIMS) + 2
"""Where the history's per-seat counts start among its cells, in blocks of ``P`` cells (the
claims take the first ``len(CLAIMS)`` blocks)."""
_KINDS = len(CARD_NAMES)
HAND_SCALE = 6.0
DRAWS_SCALE = 4.0

_DISHES = [
    tuple(sorted((CARD_NAMES[NOODLES], *(CARD_NAMES[c] for c in others))))
    for size in (2, 3, 4)
    for others in combinations(range(NOODLES + 1, _KINDS), size)
]


_LISTED = frozenset(("cook", "declare_pair"))
"""The action types whose field is a list of cards."""


class StirFrySpace(ActionSpace):
    """The action table, with a quicker :meth:`legal` for the env's hot path."""

    __slots__ = ("_declare", "_listed")

    _LISTED_KEPT = 4096
    """Card lists kept in the engine's order (there are 45 pairs and 154 dishes)."""

    def __init__(self, kinds: Sequence[Kind]) -> None:
        super().__init__(kinds)
        offset, _, ((_, cards), (_, claims)) = self._encode["declare"]
        self._declare = {
            (card, claim): offset + i + j
            for card, i in cards.items()
            for claim, j in claims.items()
        }
        """A declaration's index by (card, claim)."""
        self._listed: dict[tuple[str, ...], int] = {}
        """A pair's or a dish's index by its type and cards in the order met (the engine
        lists a set's cards always in the same order), so that the cards need no sorting."""

    def legal(self, legal_actions: Iterable[Action]) -> dict[int, Action]:
        """As :meth:`ActionSpace.legal` (the same indices, the same errors), with the index of
        a declaration, a pair or a dish found in one look-up: a chef has dozens of legal
        actions, which the generic look-up, field by field (sorting each card list), takes
        µs over at every step."""
        out: dict[int, Action] = {}
        listed = self._listed
        for action in legal_actions:
            i = None
            try:
                kind = action["type"]
                if kind == "declare" and len(action) == 3:
                    i = self._declare.get((action["card"], action["as"]))
                elif kind in _LISTED and len(action) == 2:
                    cards = action["cards"]
                    if type(cards) is list:
                        key = (kind, *cards)
                        i = listed.get(key)
                        if i is None:
                            i = self.index(action)  # raises if there is no such action
                            if len(listed) < self._LISTED_KEPT:
                                listed[key] = i
            except (KeyError, TypeError):  # a missing field, an unhashable value
                i = None  # the generic look-up says what is wrong
            if i is None:
                i = self.index(action)  # anything else: the generic way
            if i in out:
                raise ValueError(f"actions {out[i]!r} and {action!r} share index {i}")
            out[i] = action
        return out


_SPACE = StirFrySpace(
    [
        ("declare", [("card", CARD_NAMES), ("as", CLAIMS[:-1])]),
        (
            "declare_pair",
            [("cards", [tuple(sorted(p)) for p in combinations_with_replacement(CARD_NAMES, 2)])],
        ),
        ("cook", [("cards", _DISHES)]),
        ("discard", [("card", CARD_NAMES)]),
        ("end_turn", []),
        ("trust", []),
        ("taste", []),
    ]
)
_SPACE.keep(TEMPLATES)  # the game's ready-made actions: their indices by identity


class StirFryHistory:
    """The declarations' public history, per seat: the claims that stood on its face-down
    pile since the last reshuffle (a trusted declaration's cards stay hidden, but everyone
    heard what they were declared as), its bluffs caught, its honest declarations tasted,
    and the taste tests it called. Fed ``view(None)`` after every move; its counts are read,
    never changed, outside :meth:`update`."""

    __slots__ = ("bluffs", "cells", "claims", "honest", "pending", "tastes")

    def __init__(self, players: int) -> None:
        self.claims = [[0] * len(CLAIMS) for _ in range(players)]
        self.bluffs = [0] * players
        self.honest = [0] * players
        self.tastes = [0] * players
        self.pending: tuple[int, int] | None = None
        """The open declaration: (chef, claim index)."""
        self.cells: dict[int, int] = {}
        """The same counts, only those that are not zero, by cell: the place in the
        observation's history slices as seat 0 sees them (seat ``s``'s claim ``c`` is
        ``s × 5 + c``, then bluffs, honest declarations and tastes, ``P`` cells each). Most
        are zero, so the encoding writes these few instead of reading every count."""

    def update(self, view: JSON) -> None:
        """Read the events of the move just made."""
        players = len(self.bluffs)
        for event in view["events"]:
            kind = event["event"]
            if kind == "declare":
                self.pending = (event["seat"], _CLAIM[event["as"]])
            elif kind == "taste":
                self.pending = None
                seat, chef = event["seat"], event["chef"]
                self.tastes[seat] += 1
                self.cells[_TASTES_CELLS * players + seat] = self.tastes[seat]
                if event["bluff"]:
                    self.bluffs[chef] += 1
                    self.cells[_BLUFFS_CELLS * players + chef] = self.bluffs[chef]
                else:
                    self.honest[chef] += 1
                    self.cells[_HONEST_CELLS * players + chef] = self.honest[chef]
            elif kind == "draw" and event["reason"] == "declaration" and self.pending:
                # Nobody tasted: the declaration stands and its cards join the chef's pile.
                chef, claim = self.pending
                self.claims[chef][claim] += 1
                self.cells[chef * len(CLAIMS) + claim] = self.claims[chef][claim]
                self.pending = None
            elif kind == "shuffle":
                # The table and every face-down pile go back into the deck.
                self.claims = [[0] * len(CLAIMS) for _ in self.claims]
                claim_cells = len(CLAIMS) * players
                self.cells = {cell: n for cell, n in self.cells.items() if cell >= claim_cells}

    def __deepcopy__(self, memo: dict[int, object]) -> StirFryHistory:
        other = StirFryHistory(0)
        other.claims = [row[:] for row in self.claims]
        other.bluffs = self.bluffs[:]
        other.honest = self.honest[:]
        other.tastes = self.tastes[:]
        other.pending = self.pending
        other.cells = dict(self.cells)
        return other


class _CardCounts:
    """A slice of card counts by kind (``hand``, ``table``…) at a fixed position, from a list
    of card names: the sparse positions and values, memoised by the list's content (the deck
    of 18 allows only a few thousand of them)."""

    __slots__ = ("base", "memo", "scale")

    def __init__(self, base: int, scale: float) -> None:
        self.base = base
        self.scale = scale
        self.memo: dict[tuple[str, ...], tuple[list[int], list[float]]] = {}

    def of(self, names: list[str]) -> tuple[list[int], list[float]]:
        key = tuple(names)
        found = self.memo.get(key)
        if found is None:
            counts = [0] * _KINDS
            for name in names:
                counts[_CARD[name]] += 1
            found = (
                [self.base + c for c in range(_KINDS) if counts[c]],
                [counts[c] / self.scale for c in range(_KINDS) if counts[c]],
            )
            if len(self.memo) < 100_000:  # a bound no game reaches, for safety
                self.memo[key] = found
        return found


class _Plan:
    """What the observation's shape makes fixed for one player count: where each slice starts,
    and for each observer the seats in its order (``order``) and each seat's place in that
    order (``rel``, as :func:`~meeple.core.encoding.relative` says)."""

    def __init__(self, players: int) -> None:
        self.at: dict[str, int] = {}
        position = 0
        for name, size in _layout(players):
            self.at[name] = position
            position += size
        self.size = position
        self.order = [[(seat + k) % players for k in range(players)] for seat in range(players)]
        self.rel = [[relative(seat, s, players) for s in range(players)] for seat in range(players)]
        at = self.at
        self.seat_chef = at["seat_chef"]
        self.seat_to_move = at["seat_to_move"]
        self.seat_waiting = at["seat_waiting"]
        self.seat_trusted = at["seat_trusted"]
        self.seat_in_final_round = at["seat_in_final_round"]
        self.seat_hand_size = at["seat_hand_size"]
        self.seat_face_down = at["seat_face_down"]
        self.seat_points = at["seat_points"]
        self.seat_extra_draws = at["seat_extra_draws"]
        # StirFryHistory.cells numbers the history's counts as seat 0 sees them: where each
        # cell goes for each observer, and its scale.
        counted = ("seat_bluffs_caught", "seat_honest_tasted", "seat_tastes_called")
        self.history_at = [
            [
                at["seat_claims_standing"] + rel[s] * len(CLAIMS) + c
                for s in range(players)
                for c in range(len(CLAIMS))
            ]
            + [at[name] + rel[s] for name in counted for s in range(players)]
            for rel in self.rel
        ]
        self.history_scale = [2.0] * (players * len(CLAIMS)) + [3.0] * (len(counted) * players)
        self.served: dict[tuple[int, int], tuple[object, list[int], list[float]]] = {}
        """The served-dishes slices of each observer, by the identity of the view's
        ``dishes`` (which the state replaces, never changes, when a dish is served); the entry
        keeps the object, so that its ``id`` cannot be reused while the entry lives."""

    def served_slices(self, dishes: list[list[JSON]], seat: int) -> tuple[list[int], list[float]]:
        """``seat_dishes_served`` and ``seat_cards_served`` from the view's ``dishes``."""
        key = (id(dishes), seat)
        found = self.served.get(key)
        if found is not None and found[0] is dishes:
            return found[1], found[2]
        index: list[int] = []
        values: list[float] = []
        dishes_at = self.at["seat_dishes_served"]
        cards_at = self.at["seat_cards_served"]
        for k, s in enumerate(self.order[seat]):
            count, cards = _served_by(dishes[s])
            if count:
                index.append(dishes_at + k)
                values.append(count)
            for card, number in cards:
                index.append(cards_at + k * _KINDS + card)
                values.append(number)
        if len(self.served) >= 1024:  # old games' entries: let them go
            self.served.clear()
        self.served[key] = (dishes, index, values)
        return index, values


_SERVED: dict[int, tuple[list[JSON], float, list[tuple[int, float]]]] = {}
"""One seat's served dishes (a list in the view's ``dishes``) as the observation counts them,
by the list's identity: the state replaces only the list of the seat that serves a dish, so
the others' lists stay the same objects from view to view. The entry keeps the list."""


def _served_by(dishes: list[JSON]) -> tuple[float, list[tuple[int, float]]]:
    """The dishes served (/5) and their cards by kind, as ``(kind, count / 3)``."""
    found = _SERVED.get(id(dishes))
    if found is not None and found[0] is dishes:
        return found[1], found[2]
    counts = [0] * _KINDS
    for dish in dishes:
        for name in dish["cards"]:
            counts[_CARD[name]] += 1
    cards = [(card, counts[card] / 3.0) for card in range(_KINDS) if counts[card]]
    if len(_SERVED) >= 4096:  # old games' entries: let them go
        _SERVED.clear()
    _SERVED[id(dishes)] = (dishes, len(dishes) / 5.0, cards)
    return len(dishes) / 5.0, cards


_PLANS: dict[int, _Plan] = {}


def _plan(players: int) -> _Plan:
    plan = _PLANS.get(players)
    if plan is None:
        plan = _PLANS[players] = _Plan(players)
    return plan


def _layout(players: int) -> list[tuple[str, int]]:
    return [
        ("phase", len(PHASES)),
        ("target", 1),
        ("turn", 1),
        ("deck", 1),
        ("hand", _KINDS),
        ("my_face_down", _KINDS),
        ("table", _KINDS),
        ("declared_protein", 1),
        ("declared_pair", 1),
        ("bluff_caught", 1),
        ("declaration_open", 1),
        ("declaration_claim", len(CLAIMS)),
        ("declaration_count", 1),
        ("declaration_draws", 1),
        ("declaration_cards", _KINDS),
        ("final_round", 1),
        ("seat_chef", players),
        ("seat_to_move", players),
        ("seat_waiting", players),
        ("seat_trusted", players),
        ("seat_in_final_round", players),
        ("seat_hand_size", players),
        ("seat_face_down", players),
        ("seat_points", players),
        ("seat_extra_draws", players),
        ("seat_dishes_served", players),
        ("seat_cards_served", players * _KINDS),
        ("seat_claims_standing", players * len(CLAIMS)),
        ("seat_bluffs_caught", players),
        ("seat_honest_tasted", players),
        ("seat_tastes_called", players),
    ]


_FIXED = _Plan(0).at
"""Where the slices before the per-seat ones start, the same for every player count."""
_AT_PHASE = _FIXED["phase"]
_AT_TARGET = _FIXED["target"]
_AT_TURN = _FIXED["turn"]
_AT_DECK = _FIXED["deck"]
_AT_DECLARED_PROTEIN = _FIXED["declared_protein"]
_AT_DECLARED_PAIR = _FIXED["declared_pair"]
_AT_BLUFF_CAUGHT = _FIXED["bluff_caught"]
_AT_DECLARATION_OPEN = _FIXED["declaration_open"]
_AT_DECLARATION_CLAIM = _FIXED["declaration_claim"]
_AT_DECLARATION_COUNT = _FIXED["declaration_count"]
_AT_DECLARATION_DRAWS = _FIXED["declaration_draws"]
_AT_FINAL_ROUND = _FIXED["final_round"]
_HAND = _CardCounts(_FIXED["hand"], 2.0)
_MY_FACE_DOWN = _CardCounts(_FIXED["my_face_down"], 2.0)
_TABLE = _CardCounts(_FIXED["table"], 2.0)
_DECLARATION_CARDS = _CardCounts(_FIXED["declaration_cards"], 2.0)


class StirFryEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Stir Fry Eighteen."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """247 actions for any player count and options."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return _layout(players)

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> StirFryHistory:
        """The declarations' history (:class:`StirFryHistory`)."""
        return StirFryHistory(players)

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: StirFryHistory | None = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``."""
        # The hot path of every env step. The slices are written straight into the sparse
        # lists (each position once, zeros left out) at positions fixed in advance: the
        # slices before the per-seat ones (_AT_…) do not depend on the player count, the
        # others are in the count's _Plan. The served dishes, which change seldom, are
        # memoised by identity; the history hands over its few non-zero counts (its cells).
        plan = _plan(players)
        f = Features()
        f.block(plan.size)
        index = f.index
        values = f.values
        put = index.append
        value = values.append

        put(_AT_PHASE + _PHASE[view["phase"]])
        value(1.0)
        target = float(view["target"])
        if target:
            put(_AT_TARGET)
            value(target / 300.0)
        if view["turn"]:
            put(_AT_TURN)
            value(view["turn"] / 100.0)
        if view["deck"]:
            put(_AT_DECK)
            value(view["deck"] / DECK_SIZE)
        for slice_, names in (
            (_HAND, view["hand"]),
            (_MY_FACE_DOWN, view["my_face_down"]),
            (_TABLE, view["table"]),
        ):
            if names:
                positions, numbers = slice_.of(names)
                index.extend(positions)
                values.extend(numbers)
        declared = view["declared"]
        if declared["protein"]:
            put(_AT_DECLARED_PROTEIN)
            value(1.0)
        if declared["pair"]:
            put(_AT_DECLARED_PAIR)
            value(1.0)
        if view["bluff_caught"]:
            put(_AT_BLUFF_CAUGHT)
            value(1.0)
        declaration = view["declaration"]
        if declaration is not None:
            put(_AT_DECLARATION_OPEN)
            value(1.0)
            put(_AT_DECLARATION_CLAIM + _CLAIM[declaration["as"]])
            value(1.0)
            if declaration["count"]:
                put(_AT_DECLARATION_COUNT)
                value(declaration["count"] / 2.0)
            if declaration["draws"]:
                put(_AT_DECLARATION_DRAWS)
                value(declaration["draws"] / DRAWS_SCALE)
            cards = declaration.get("cards")
            if cards:
                positions, numbers = _DECLARATION_CARDS.of(cards)
                index.extend(positions)
                values.extend(numbers)
        final_round = view["final_round"]
        if final_round is not None:
            put(_AT_FINAL_ROUND)
            value(1.0)

        # Per seat, in the observer's order: rel[s] is seat s's place in it.
        rel = plan.rel[seat]
        put(plan.seat_chef + rel[view["chef"]])
        value(1.0)
        for s in view["to_move"]:
            put(plan.seat_to_move + rel[s])
            value(1.0)
        if declaration is not None:
            for s in declaration["waiting"]:
                put(plan.seat_waiting + rel[s])
                value(1.0)
            for s in declaration["trusted"]:
                put(plan.seat_trusted + rel[s])
                value(1.0)
        if final_round:
            for s in set(final_round):
                put(plan.seat_in_final_round + rel[s])
                value(1.0)
        hand_sizes = view["hand_sizes"]
        face_down = view["face_down"]
        points = view["points"]
        extra_draws = view["extra_draws"]
        hand_size_at = plan.seat_hand_size
        face_down_at = plan.seat_face_down
        points_at = plan.seat_points
        extra_draws_at = plan.seat_extra_draws
        for k, s in enumerate(plan.order[seat]):
            if hand_sizes[s]:
                put(hand_size_at + k)
                value(hand_sizes[s] / HAND_SCALE)
            if face_down[s]:
                put(face_down_at + k)
                value(face_down[s] / 4.0)
            if points[s]:
                put(points_at + k)
                value(points[s] / target)
            if extra_draws[s]:
                put(extra_draws_at + k)
                value(extra_draws[s] / DRAWS_SCALE)
        # The dishes each seat has served (public; older views without them: zeros).
        dishes = view.get("dishes")
        if dishes:
            positions, numbers = plan.served_slices(dishes, seat)
            index.extend(positions)
            values.extend(numbers)
        if history is not None:
            where = plan.history_at[seat]
            scale = plan.history_scale
            for cell, count in history.cells.items():
                put(where[cell])
                value(count / scale[cell])
        return f


ENCODING = StirFryEncoding()
