"""Stir Fry Eighteen: the state and its transitions.

A turn belongs to one chef. It opens with a draw; then the chef may declare one
card as a protein and/or two cards as a pair (each at most once) to draw more,
and finally cooks one dish or ends the turn. Every declaration opens a taste
test: all opponents who may call one answer at once ("trust" or "taste", all of
them in ``to_move``) and the first "taste" decides. The end of the turn returns
the used cards to the deck, draws the cooking reward and discards down to three
(see :data:`~meeple.games.stirfry.data.END_OF_TURN_STEPS`). ``docs/rules/stirfry.md``
lists every ruling; the constants are in :mod:`meeple.games.stirfry.data`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Any, ClassVar

from meeple.core.game import JSON, Action, Game, Option, OptionValue, State, hide_fields
from meeple.core.rng import Rng
from meeple.games.stirfry.data import (
    CARD_INDEX,
    CARD_NAMES,
    CLOSING_TIME_TURNS,
    COOK_REWARD,
    DECK_COUNTS,
    EXTRA_DRAW_PER_CAUGHT_BLUFF,
    HAND_LIMIT,
    KINDS,
    NOODLES,
    PAIR,
    PROTEINS,
    SECRET_ACTION_FIELDS,
    START_SEAT,
    STARTING_HAND,
    TARGETS,
    TASTE_TEST_MIN_POINTS,
    TOFU,
    TURN_DRAW,
    WRONG_ACCUSATION_POINTS,
    claim_draws,
    is_true_declaration,
)
from meeple.games.stirfry.scoring import cooked_points, cooks_for
from meeple.games.stirfry.text import describe_action, event_line, render_text

FORMAT = 2
"""2: the dishes served are part of the state (format 1 had no ``dishes``)."""

CHEF = "chef"
"""The chef declares, cooks or ends the turn."""
TASTE_TEST = "taste_test"
"""The opponents answer a declaration."""
DISCARD = "discard"
"""The chef discards down to the hand limit at the end of the turn."""
OVER = "over"
PHASES = (CHEF, TASTE_TEST, DISCARD, OVER)


@dataclass(frozen=True)
class Variant:
    """The options of one game, read once: the engine asks these, not the options dict."""

    target: int
    empty_pantry: bool
    meticulous_chef: bool
    closing_time: bool
    tofu: bool

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled by its fields: compiled (mypyc), a frozen dataclass cannot be
        # restored field by field, as Python's default does.
        fields = (self.target, self.empty_pantry, self.meticulous_chef, self.closing_time)
        return Variant, (*fields, self.tofu)

    @classmethod
    def of(cls, options: Mapping[str, OptionValue]) -> Variant:
        return cls(
            target=int(options["target"]),
            empty_pantry=bool(options["empty_pantry"]),
            meticulous_chef=bool(options["meticulous_chef"]),
            closing_time=bool(options["closing_time"]),
            tofu=bool(options["tofu"]),
        )

    @property
    def claims(self) -> tuple[int, ...]:
        """What a single card may be declared as."""
        return (*PROTEINS, TOFU) if self.tofu else PROTEINS

    def final_score(self, points: int) -> int:
        """A seat's score at the end: its points, or target − overshoot for a meticulous chef."""
        if self.meticulous_chef:
            return self.target - abs(points - self.target)
        return points


def may_call_taste_test(hand_size: int, points: int) -> bool:
    """手札が1枚も無く所持得点も5点未満の場合は味見テストを要求することは出来ません。"""
    return hand_size > 0 or points >= TASTE_TEST_MIN_POINTS


def claim_name(claim: int) -> str:
    return "pair" if claim == PAIR else CARD_NAMES[claim]


_HAND_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
"""Memo of :func:`hand_names`: the deck of 18 makes only a few thousand different hands."""


def hand_names(counts: list[int]) -> list[str]:
    """A hand of counts as card names in deck order (a fresh list)."""
    key = tuple(counts)
    names = _HAND_NAMES.get(key)
    if names is None:
        names = tuple(CARD_NAMES[card] for card, n in enumerate(counts) for _ in range(n))
        if len(_HAND_NAMES) < 100_000:  # a bound no game reaches, for safety
            _HAND_NAMES[key] = names
    return list(names)


def hand_cards(counts: list[int]) -> list[int]:
    return [card for card, n in enumerate(counts) for _ in range(n)]


def counts_of(cards: list[int]) -> list[int]:
    counts = [0] * KINDS
    for card in cards:
        counts[card] += 1
    return counts


@dataclass(frozen=True)
class Dish:
    """One dish served: the turn it was cooked in, its cards (deck order) and its points."""

    turn: int
    cards: tuple[int, ...]
    points: int

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled by its fields: compiled (mypyc), a frozen dataclass cannot be
        # restored field by field, as Python's default does.
        return Dish, (self.turn, self.cards, self.points)

    def to_json(self) -> JSON:
        return {
            "turn": self.turn,
            "cards": [CARD_NAMES[c] for c in self.cards],
            "points": self.points,
        }


TIMEOUT_TRUST: Action = {"type": "trust", "timeout": True}
"""What the server applies for an opponent who did not answer a taste test in time: a trust
that says it was not chosen (the log reads "did not answer in time: trusts the chef"). It is
never among the legal actions (no player or bot chooses it); ``apply`` accepts it exactly when
a plain trust is legal. See ``Game.timeout_action``."""


_CLAIM_NAMES = tuple(CARD_NAMES[p] for p in PROTEINS)
_CLAIM_NAMES_TOFU = (*_CLAIM_NAMES, CARD_NAMES[TOFU])
"""What a single card may be declared as (:attr:`Variant.claims`), by name."""

_DECLARES: dict[tuple[str, str], Action] = {
    (name, claim): {"type": "declare", "card": name, "as": claim}
    for name in CARD_NAMES
    for claim in _CLAIM_NAMES_TOFU
}
_PAIRS: dict[tuple[str, str], Action] = {
    (first, second): {"type": "declare_pair", "cards": [first, second]}
    for i, first in enumerate(CARD_NAMES)
    for second in CARD_NAMES[i:]
}
_COOKS: dict[tuple[str, ...], Action] = {
    cook: {"type": "cook", "cards": list(cook)} for cook, _ in cooks_for((1 << KINDS) - 1)
}
_DISCARDS = tuple({"type": "discard", "card": name} for name in CARD_NAMES)
_END_TURN: Action = {"type": "end_turn"}
_ANSWERS: tuple[Action, ...] = ({"type": "trust"}, {"type": "taste"})
TEMPLATES: tuple[Action, ...] = (
    *_DECLARES.values(),
    *_PAIRS.values(),
    *_COOKS.values(),
    *_DISCARDS,
    _END_TURN,
    *_ANSWERS,
)
"""Every action, made once (card lists in the engine's order): the tuples of
:meth:`StirFryState.shared_legal_actions` hold these, and ``legal_actions`` copies them."""


@lru_cache(maxsize=4096)
def _discards(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """The discards of ``hand`` (counts by card kind)."""
    return tuple(compress(_DISCARDS, hand))


@lru_cache(maxsize=4096)
def _chef_actions(
    hand: tuple[int, ...], may_declare: bool, may_pair: bool, tofu: bool
) -> tuple[Action, ...]:
    """The chef's actions with ``hand`` (counts by card kind): declarations (a single card,
    if not yet declared this turn; a pair, likewise), dishes to cook, ending the turn."""
    kinds = [c for c in range(KINDS) if hand[c]]
    names = [CARD_NAMES[c] for c in kinds]
    actions: list[Action] = []
    if kinds and may_declare:
        claims = _CLAIM_NAMES_TOFU if tofu else _CLAIM_NAMES
        actions = [_DECLARES[name, p] for name in names for p in claims]
    if may_pair:
        for i, name in enumerate(names):
            if hand[kinds[i]] > 1:
                actions.append(_PAIRS[name, name])
            for other in names[i + 1 :]:
                actions.append(_PAIRS[name, other])
    if hand[NOODLES]:
        mask = 0
        for c in kinds:
            mask |= 1 << c
        actions += [_COOKS[cook] for cook, _ in cooks_for(mask)]
    actions.append(_END_TURN)
    return tuple(actions)


class StirFryState(State):
    """A game of Stir Fry Eighteen in progress."""

    __slots__ = (
        "answered",
        "asked",
        "awaiting",
        "bluff_caught",
        "chef",
        "claim",
        "deck",
        "declared",
        "declared_pair",
        "declared_protein",
        "dishes",
        "dishes_view",
        "events",
        "extra_draws",
        "face_down",
        "final_round",
        "hands",
        "options",
        "phase",
        "players",
        "points",
        "public",
        "removed",
        "rng",
        "seed",
        "table",
        "turn",
        "variant",
        "won",
    )

    players: int
    seed: int
    options: dict[str, OptionValue]
    variant: Variant
    rng: Rng
    deck: list[int]  # top of the deck last
    removed: int | None  # tofu promo: the card tofu replaced, seen by nobody
    hands: list[list[int]]  # per seat, counts by card
    points: list[int]  # running points (a meticulous chef's final score differs)
    extra_draws: list[int]  # caught bluffs to be drawn for at the seat's next turn
    chef: int
    turn: int
    phase: str
    declared_protein: bool  # the single-card declaration of this turn is used
    declared_pair: bool  # the pair declaration of this turn is used
    bluff_caught: bool  # no cooking reward this turn
    claim: int | None  # the declaration awaiting its taste test: a protein or PAIR
    declared: list[int]  # its face-down cards
    asked: list[int]  # opponents who have not answered it yet
    answered: list[int]  # opponents who trusted it
    table: list[int]  # cards out of play this turn, face up (dish, tasted declarations)
    face_down: list[list[int]]  # per seat, cards it put out of play face down this turn
    final_round: list[int] | None  # Closing Time: seats still to play their last turn
    dishes: list[list[Dish]]  # per seat, every dish it served, in order (public history)
    dishes_view: list[list[JSON]]  # ``dishes`` as views show them: replaced, never changed
    won: list[int]  # winners, once over
    events: list[dict[str, Any]]  # what the last action set off, for logs and clients
    awaiting: tuple[int, ...]  # to_move, kept up to date by every transition
    public: JSON | None  # view(None) of this position once built; every transition drops it

    # --- contract -----------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return self.awaiting

    def legal_actions(self, seat: object) -> list[Action]:
        # New dicts (and card lists) every call: callers may keep or change them.
        return [
            {**action, "cards": list(action["cards"])} if "cards" in action else action.copy()
            for action in self.shared_legal_actions(seat)
        ]

    def shared_legal_actions(self, seat: object) -> tuple[Action, ...]:
        """The legal actions as shared templates (:data:`TEMPLATES`) in a tuple made once per
        hand and declarations left (:func:`_chef_actions`): never change them."""
        if type(seat) is not int or seat not in self.awaiting:
            return ()
        phase = self.phase
        if phase == TASTE_TEST:
            return _ANSWERS
        if phase == DISCARD:
            return _discards(tuple(self.hands[seat]))
        return _chef_actions(
            tuple(self.hands[seat]),
            not self.declared_protein,
            not self.declared_pair,
            self.variant.tofu,
        )

    def apply(self, seat: object, action: object) -> None:
        """Apply ``seat``'s action; also :data:`TIMEOUT_TRUST`, whenever a trust is legal."""
        if (
            type(seat) is int
            and type(action) is dict
            and action == TIMEOUT_TRUST
            and {"type": "trust"} in self.legal_actions(seat)
        ):
            self._apply(seat, action)
            return
        super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        self.public = None  # the position changes
        self.events = []
        kind = action["type"]
        if kind == "trust":
            self._trust(seat, timeout=action.get("timeout") is True)
        elif kind == "taste":
            self._taste(seat)
        elif kind == "discard":
            self._discard(CARD_INDEX[action["card"]])
        elif kind == "cook":
            self._cook([CARD_INDEX[name] for name in action["cards"]])
        elif kind == "declare":
            self._declare([CARD_INDEX[action["card"]]], CARD_INDEX[action["as"]])
        elif kind == "declare_pair":
            self._declare([CARD_INDEX[name] for name in action["cards"]], PAIR)
        else:  # "end_turn"
            self.events.append({"event": "end_turn", "seat": seat})
            self._end_turn(cooked=False)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int | float]:
        if self.phase == OVER:
            return [self.variant.final_score(p) for p in self.points]
        return list(self.points)

    @property
    def winners(self) -> list[int]:
        return list(self.won)

    def view(self, seat: object) -> JSON:
        # The hot path: the server builds a view for every seat and spectator at each change,
        # a learning agent two per decision (its own, and the spectator's for the public
        # history). So the spectator's view of a position is built once (``public``, dropped
        # by every transition) and each view is a copy of it with the seat's own secrets set
        # in; views share its lists, which nothing changes (views are read-only snapshots).
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise self.no_seat(seat)
        public = self.public
        if public is None:
            public = self.public = self._public_view()
        view = public.copy()
        if seat is not None:
            view["seat"] = seat
            view["hand"] = hand_names(self.hands[seat])
            view["my_face_down"] = [CARD_NAMES[c] for c in self.face_down[seat]]
            if seat == self.chef and self.claim is not None:
                view["declaration"] = {
                    **public["declaration"],
                    "cards": [CARD_NAMES[c] for c in self.declared],
                }
        return view

    def public_action(self, seat: int, action: Action) -> Action:
        """The action without its face-down cards (:data:`SECRET_ACTION_FIELDS`)."""
        return hide_fields(action, SECRET_ACTION_FIELDS)

    def public_events(self) -> list[JSON]:
        """The events of the move just made, without building a view: every view, the
        spectator's too, holds the same events (no event names a card a seat holds in
        secret), so the learning envs' history needs no view after each move."""
        return self.events[:]  # the dicts are never changed once made: shared

    def _public_view(self) -> JSON:
        """``view(None)``: what everyone sees. It shares with the state only what never
        changes: the options, the event dicts and the served dishes' JSON (``dishes_view`` is
        replaced, never changed, when a dish is served)."""
        declaration: JSON | None = None
        claim = self.claim
        if claim is not None:
            declaration = {
                "seat": self.chef,
                "as": claim_name(claim),
                "count": len(self.declared),
                "draws": claim_draws(claim),
                "waiting": self.asked[:],
                "trusted": self.answered[:],
            }
        final_round = self.final_round
        return {
            "game": "stirfry",
            "players": self.players,
            "seat": None,
            "options": self.options,  # never changed after creation
            "target": self.variant.target,
            "turn": self.turn,
            "chef": self.chef,
            "phase": self.phase,
            "to_move": list(self.awaiting),
            "hand": None,
            "hand_sizes": list(map(sum, self.hands)),
            "deck": len(self.deck),
            "points": self.points[:],
            "scores": self.scores,  # a new list
            "extra_draws": self.extra_draws[:],
            "declared": {"protein": self.declared_protein, "pair": self.declared_pair},
            "bluff_caught": self.bluff_caught,
            "declaration": declaration,
            "table": [CARD_NAMES[c] for c in self.table],
            "face_down": list(map(len, self.face_down)),
            "my_face_down": [],
            "final_round": None if final_round is None else final_round[:],
            "dishes": self.dishes_view,
            "events": self.events[:],  # the dicts are never changed once made: shared
            "winners": self.won[:],
        }

    def to_json(self) -> JSON:
        return {
            "game": "stirfry",
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "deck": [CARD_NAMES[c] for c in self.deck],
            "removed": None if self.removed is None else CARD_NAMES[self.removed],
            "hands": [hand_names(h) for h in self.hands],
            "points": list(self.points),
            "extra_draws": list(self.extra_draws),
            "chef": self.chef,
            "turn": self.turn,
            "phase": self.phase,
            "declared_protein": self.declared_protein,
            "declared_pair": self.declared_pair,
            "bluff_caught": self.bluff_caught,
            "claim": None if self.claim is None else claim_name(self.claim),
            "declared": [CARD_NAMES[c] for c in self.declared],
            "asked": list(self.asked),
            "answered": list(self.answered),
            "table": [CARD_NAMES[c] for c in self.table],
            "face_down": [[CARD_NAMES[c] for c in cards] for cards in self.face_down],
            "final_round": None if self.final_round is None else list(self.final_round),
            "dishes": [[d.to_json() for d in served] for served in self.dishes],
            "winners": list(self.won),
            "events": copy.deepcopy(self.events),
        }

    def clone(self) -> StirFryState:
        other = StirFryState()
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.variant = self.variant
        other.rng = self.rng.copy()
        other.deck = self.deck[:]
        other.removed = self.removed
        other.hands = [h[:] for h in self.hands]
        other.points = self.points[:]
        other.extra_draws = self.extra_draws[:]
        other.chef = self.chef
        other.turn = self.turn
        other.phase = self.phase
        other.declared_protein = self.declared_protein
        other.declared_pair = self.declared_pair
        other.bluff_caught = self.bluff_caught
        other.claim = self.claim
        other.declared = self.declared[:]
        other.asked = self.asked[:]
        other.answered = self.answered[:]
        other.table = self.table[:]
        other.face_down = [cards[:] for cards in self.face_down]
        other.final_round = None if self.final_round is None else self.final_round[:]
        other.dishes = [served[:] for served in self.dishes]  # Dish is frozen
        other.dishes_view = self.dishes_view  # never changed, only replaced
        other.won = self.won[:]
        # Event dicts are never changed once made; only the list is replaced.
        other.events = self.events[:]
        other.awaiting = self.awaiting
        other.public = None  # built again on demand (determinize changes the copy)
        return other

    def _determinize(self, seat: int, rng: random.Random) -> StirFryState:
        other = self.clone()
        # Everything seat cannot see: the deck, the other hands, what the others put
        # face down this turn (an untested declaration included), the card tofu
        # replaced, and the future shuffles (the generator is re-seeded).
        others = [s for s in range(self.players) if s != seat]
        pool = list(other.deck)
        for s in others:
            pool.extend(hand_cards(other.hands[s]))
            pool.extend(other.face_down[s])
        hidden_declaration = other.claim is not None and other.chef != seat
        if hidden_declaration:
            pool.extend(other.declared)
        if other.removed is not None:
            pool.append(other.removed)
        # Sorted first: the sample must depend on nothing but the view and rng.
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = sum(other.hands[s])
            other.hands[s] = counts_of(pool[:size])
            del pool[:size]
            size = len(other.face_down[s])
            other.face_down[s] = pool[:size]
            del pool[:size]
        if hidden_declaration:
            size = len(other.declared)
            other.declared = pool[:size]
            del pool[:size]
        if other.removed is not None:
            other.removed = pool.pop()
        other.deck = pool
        other.rng = Rng(rng.getrandbits(64))
        return other

    # --- drawing and returning cards ----------------------------------------------

    def _draw(self, seat: int, count: int, reason: str) -> None:
        """Draw up to ``count`` cards: 山札に残っている枚数ぶんまでしかカードを引けません。"""
        deck = self.deck
        hand = self.hands[seat]
        drawn = min(count, len(deck))
        for _ in range(drawn):
            hand[deck.pop()] += 1
        self.events.append({"event": "draw", "seat": seat, "count": drawn, "reason": reason})

    def _return_to_deck(self) -> None:
        """Shuffle the cards out of play back into the deck (山札に戻されシャッフルされます)."""
        returned = len(self.table)
        self.deck.extend(self.table)
        self.table = []
        for cards in self.face_down:
            if cards:
                returned += len(cards)
                self.deck.extend(cards)
                cards.clear()
        if returned:
            self.rng.shuffle(self.deck)
            self.events.append({"event": "shuffle", "returned": returned, "deck": len(self.deck)})

    # --- the turn -----------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        """The new chef draws one card, plus one per bluff it caught since its last turn."""
        self.chef = seat
        self.turn += 1
        self.declared_protein = False
        self.declared_pair = False
        self.bluff_caught = False
        self.phase = CHEF
        self.awaiting = (seat,)
        self.events.append({"event": "turn", "seat": seat, "turn": self.turn})
        count = TURN_DRAW + EXTRA_DRAW_PER_CAUGHT_BLUFF * self.extra_draws[seat]
        self.extra_draws[seat] = 0  # spent even if the deck is short (ruling)
        self._draw(seat, count, "turn")

    def _declare(self, cards: list[int], claim: int) -> None:
        """Lay ``cards`` face down as ``claim`` and ask the opponents who may taste."""
        chef = self.chef
        hand = self.hands[chef]
        for card in cards:
            hand[card] -= 1
        if claim == PAIR:  # ONE_DECLARATION_OF_EACH_KIND, whatever becomes of it
            self.declared_pair = True
        else:
            self.declared_protein = True
        self.claim = claim
        self.declared = cards
        self.events.append(
            {
                "event": "declare",
                "seat": chef,
                "as": claim_name(claim),
                "count": len(cards),
                "draws": claim_draws(claim),
            }
        )
        n = self.players
        hands, points = self.hands, self.points
        asked = []
        for k in range(1, n):
            s = (chef + k) % n
            if may_call_taste_test(sum(hands[s]), points[s]):
                asked.append(s)
        self.asked = asked
        self.answered = []
        if asked:
            self.phase = TASTE_TEST
            self.awaiting = tuple(asked)
        else:
            self._declaration_stands()

    def _trust(self, seat: int, timeout: bool = False) -> None:
        # FIRST_TASTE_DECIDES: a trust only waits for the others; a taste ends the wait.
        self.asked.remove(seat)
        self.answered.append(seat)
        event: dict[str, Any] = {"event": "trust", "seat": seat}
        if timeout:
            event["timeout"] = True  # the seat did not answer: the server trusted for it
        self.events.append(event)
        if self.asked:
            self.awaiting = tuple(self.asked)
        else:
            self._declaration_stands()

    def _declaration_stands(self) -> None:
        """Nobody tasted: the cards stay face down and the chef draws."""
        claim = self.claim
        assert claim is not None
        chef = self.chef
        self.face_down[chef].extend(self.declared)
        self._close_declaration()
        self._draw(chef, claim_draws(claim), "declaration")

    def _taste(self, seat: int) -> None:
        """The first taste test decides: the cards are shown and someone pays."""
        claim = self.claim
        assert claim is not None
        chef = self.chef
        cards = self.declared
        honest = is_true_declaration(cards, claim)
        self.table.extend(cards)
        self.events.append(
            {
                "event": "taste",
                "seat": seat,
                "chef": chef,
                "as": claim_name(claim),
                "cards": [CARD_NAMES[c] for c in cards],
                "bluff": not honest,
            }
        )
        self._close_declaration()
        if not honest:
            # ブラフであることが判明したので…山札からカードを2枚引くことは出来ません。
            self.bluff_caught = True
            self.extra_draws[seat] += 1
            return
        # 味見したプレイヤーはペナルティとして手札を全て捨てなければなりません。
        hand = self.hands[seat]
        lost = sum(hand)
        if lost:
            self.face_down[seat].extend(hand_cards(hand))  # HIDDEN_DISCARDS
            self.hands[seat] = [0] * KINDS
            self.events.append({"event": "penalty", "seat": seat, "cards": lost})
        else:
            self.points[seat] -= WRONG_ACCUSATION_POINTS
            self.events.append(
                {"event": "penalty", "seat": seat, "points": -WRONG_ACCUSATION_POINTS}
            )
            if self._reached_the_end(seat):
                return
        self._draw(chef, claim_draws(claim), "declaration")

    def _close_declaration(self) -> None:
        self.claim = None
        self.declared = []
        self.asked = []
        self.answered = []
        self.phase = CHEF
        self.awaiting = (self.chef,)

    def _cook(self, cards: list[int]) -> None:
        """Serve one dish: it scores at once and ends the turn."""
        chef = self.chef
        hand = self.hands[chef]
        for card in cards:
            hand[card] -= 1
        gained = cooked_points(cards)
        self.points[chef] += gained
        dish = Dish(self.turn, tuple(sorted(cards)), gained)
        self.dishes[chef].append(dish)
        # A new list of lists: the one earlier views hold stays as it was.
        dishes_view = self.dishes_view[:]
        dishes_view[chef] = [*dishes_view[chef], dish.to_json()]
        self.dishes_view = dishes_view
        self.table.extend(cards)
        self.events.append(
            {
                "event": "cook",
                "seat": chef,
                "cards": [CARD_NAMES[c] for c in cards],
                "points": gained,
                "total": self.points[chef],
            }
        )
        if self._reached_the_end(chef):
            return
        self._end_turn(cooked=True)

    def _end_turn(self, cooked: bool) -> None:
        """END_OF_TURN_STEPS: return used cards, draw the reward, then discard down to 3."""
        if cooked and not self.bluff_caught and not self.variant.empty_pantry:
            self._return_to_deck()
            self._draw(self.chef, COOK_REWARD, "cook")
        # Without a reward nothing is drawn before the turn ends, so the used cards go
        # back with the discards in one shuffle: the same deck, one shuffle fewer.
        if sum(self.hands[self.chef]) > HAND_LIMIT:
            self.phase = DISCARD
            self.awaiting = (self.chef,)
            return
        self._next_turn()

    def _discard(self, card: int) -> None:
        chef = self.chef
        self.hands[chef][card] -= 1
        self.face_down[chef].append(card)  # HIDDEN_DISCARDS
        self.events.append({"event": "discard", "seat": chef})
        if sum(self.hands[chef]) <= HAND_LIMIT:
            self._next_turn()

    def _next_turn(self) -> None:
        self._return_to_deck()
        final_round = self.final_round
        if final_round is None:
            self._begin_turn((self.chef + 1) % self.players)
        elif final_round:
            self._begin_turn(final_round.pop(0))
        else:
            self._game_over(self._best_seats())

    # --- the end ------------------------------------------------------------------

    def _reached_the_end(self, seat: int) -> bool:
        """Check the end after ``seat``'s points changed; return whether the game is over."""
        if self.final_round is not None:
            return False  # Closing Time: the end is already called
        variant = self.variant
        target = variant.target
        points = self.points
        if variant.meticulous_chef:
            # METICULOUS_EXACT_HIT_ANY_TIME; METICULOUS_SHARED_WIN when all are over.
            exact = points[seat] == target
            if not exact and not all(p > target for p in points):
                return False
            winners = [seat] if exact else self._best_seats()
        else:
            if points[seat] < target:
                return False
            winners = [seat]
        if variant.closing_time:
            n = self.players
            later = [(self.chef + k) % n for k in range(1, n)]
            self.final_round = [s for s in later if s != seat] * CLOSING_TIME_TURNS
            self.events.append(
                {"event": "closing_time", "seat": seat, "last_turns": list(self.final_round)}
            )
            return False
        self._game_over(winners)
        return True

    def _best_seats(self) -> list[int]:
        finals = [self.variant.final_score(p) for p in self.points]
        best = max(finals)
        return [s for s, score in enumerate(finals) if score == best]

    def _game_over(self, winners: list[int]) -> None:
        self.phase = OVER
        self.awaiting = ()
        self.claim = None
        self.declared = []
        self.asked = []
        self.answered = []
        self.won = winners
        self.events.append({"event": "game_over", "winners": list(winners)})


# --- the game ------------------------------------------------------------------------


class StirFry(Game[StirFryState]):
    """Stir Fry Eighteen (Marshall Britt, Yanaguana Games 2016) for 2–5 players."""

    id: ClassVar[str] = "stirfry"
    name: ClassVar[str] = "Stir Fry Eighteen"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    response_action: ClassVar[Action | None] = {"type": "trust"}
    timeout_action: ClassVar[Action | None] = TIMEOUT_TRUST
    options: ClassVar[Mapping[str, Option]] = {
        "target": Option(
            default=TARGETS[0],
            choices=list(TARGETS),
            help="points that win the game (目標点)",
        ),
        "empty_pantry": Option(
            default=False,
            choices=[False, True],
            help="Empty Pantry: no card is drawn after cooking (空の食料庫)",
        ),
        "meticulous_chef": Option(
            default=False,
            choices=[False, True],
            help="Meticulous Chef: only the exact target wins; over it, target − overshoot counts (几帳面なシェフ)",
        ),
        "closing_time": Option(
            default=False,
            choices=[False, True],
            help="Closing Time: the others play one more turn once the end is reached; ties draw (営業終了)",
        ),
        "tofu": Option(
            default=False,
            choices=[False, True],
            help="Tofu promo: one random card is replaced by tofu (豆腐プロモカード)",
        ),
    }

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> StirFryState:
        state = StirFryState()
        state.players = players
        state.seed = seed
        state.options = options
        state.variant = variant = Variant.of(options)
        state.rng = rng = Rng(seed)
        deck = [card for card, n in enumerate(DECK_COUNTS) for _ in range(n)]
        state.removed = None
        if variant.tofu:
            # TOFU_REPLACES_ONE_CARD: ランダムに1枚のカードを取り除き、豆腐カード1枚と入れ替えます
            i = rng.randbelow(len(deck))
            state.removed = deck[i]
            deck[i] = TOFU
        rng.shuffle(deck)
        state.deck = deck
        state.hands = [[0] * KINDS for _ in range(players)]
        state.points = [0] * players
        state.extra_draws = [0] * players
        state.chef = START_SEAT
        state.turn = 0
        state.phase = CHEF
        state.declared_protein = False
        state.declared_pair = False
        state.bluff_caught = False
        state.claim = None
        state.declared = []
        state.asked = []
        state.answered = []
        state.table = []
        state.face_down = [[] for _ in range(players)]
        state.final_round = None
        state.dishes = [[] for _ in range(players)]
        state.dishes_view = [[] for _ in range(players)]
        state.won = []
        state.events = []
        state.awaiting = ()
        state.public = None
        for seat in range(players):
            state._draw(seat, STARTING_HAND, "deal")
        state._begin_turn(START_SEAT)
        return state

    def from_json(self, data: Mapping[str, Any]) -> StirFryState:
        try:
            if data["game"] != "stirfry" or data["format"] != FORMAT:
                raise ValueError("not a stirfry state of a known format")
            state = self.new(data["players"], seed=data["seed"], options=data["options"])
            n = state.players
            state.rng = Rng(_int(data["rng"]))
            state.deck = _cards(data["deck"])
            state.removed = None if data["removed"] is None else _card(data["removed"])
            state.hands = [counts_of(_cards(h)) for h in _seats_list(data["hands"], n)]
            state.points = [_int(p) for p in _seats_list(data["points"], n)]
            state.extra_draws = [_int(k) for k in _seats_list(data["extra_draws"], n)]
            state.chef = _seat(data["chef"], n)
            state.turn = _int(data["turn"])
            state.phase = str(data["phase"])
            state.declared_protein = _bool(data["declared_protein"])
            state.declared_pair = _bool(data["declared_pair"])
            state.bluff_caught = _bool(data["bluff_caught"])
            claim = data["claim"]
            state.claim = None if claim is None else PAIR if claim == "pair" else _card(claim)
            state.declared = _cards(data["declared"])
            state.asked = [_seat(s, n) for s in _list(data["asked"])]
            state.answered = [_seat(s, n) for s in _list(data["answered"])]
            state.table = _cards(data["table"])
            state.face_down = [_cards(cards) for cards in _seats_list(data["face_down"], n)]
            final_round = data["final_round"]
            state.final_round = (
                None if final_round is None else [_seat(s, n) for s in _list(final_round)]
            )
            state.dishes = [
                [_dish(d) for d in _list(served)] for served in _seats_list(data["dishes"], n)
            ]
            state.dishes_view = [[d.to_json() for d in served] for served in state.dishes]
            state.won = [_seat(s, n) for s in _list(data["winners"])]
            state.events = [dict(e) for e in _list(copy.deepcopy(data["events"]))]
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise ValueError(f"malformed stirfry state: {err}") from err
        _check_consistent(state)
        state.awaiting = (
            ()
            if state.phase == OVER
            else tuple(state.asked)
            if state.phase == TASTE_TEST
            else (state.chef,)
        )
        state.public = None
        return state

    def describe_action(self, action: Action) -> str:
        return describe_action(action)

    def describe_event(self, event: JSON, view: JSON) -> str:
        return event_line(event, view["seat"])

    def render_text(self, view: JSON) -> str:
        return render_text(view)


# --- reading stored states ------------------------------------------------------------


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def _bool(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, not {value!r}")
    return value


def _list(value: object) -> list[Any]:
    if type(value) is not list:
        raise ValueError(f"expected a list, not {value!r}")
    return value


def _seats_list(value: object, players: int) -> list[Any]:
    items = _list(value)
    if len(items) != players:
        raise ValueError(f"expected one entry per seat, not {len(items)}")
    return items


def _seat(value: object, players: int) -> int:
    seat = _int(value)
    if not 0 <= seat < players:
        raise ValueError(f"no seat {seat}")
    return seat


def _card(value: object) -> int:
    if type(value) is not str or value not in CARD_INDEX:
        raise ValueError(f"no card {value!r}")
    return CARD_INDEX[value]


def _cards(value: object) -> list[int]:
    return [_card(name) for name in _list(value)]


def _dish(value: object) -> Dish:
    if type(value) is not dict:
        raise ValueError(f"expected a dish, not {value!r}")
    cards = _cards(value["cards"])
    dish = Dish(turn=_int(value["turn"]), cards=tuple(cards), points=_int(value["points"]))
    if (
        not 3 <= len(cards) <= 5
        or NOODLES not in cards
        or len(set(cards)) != len(cards)
        or dish.points != cooked_points(cards)
        or dish.turn < 1
    ):
        raise ValueError(f"not a dish anyone could serve: {value!r}")
    return dish


def _check_consistent(state: StirFryState) -> None:
    """Refuse a stored state whose parts cannot belong together (a tampered record)."""

    def bad(why: str) -> ValueError:
        return ValueError(f"malformed stirfry state: {why}")

    n = state.players
    variant = state.variant
    expected = list(DECK_COUNTS)
    if variant.tofu:
        if state.removed is None or state.removed == TOFU:
            raise bad("the tofu promo needs the card tofu replaced")
        expected[state.removed] -= 1
        expected[TOFU] += 1
    elif state.removed is not None:
        raise bad("a card is removed without the tofu promo")
    held = counts_of([*state.deck, *state.table, *state.declared])
    for cards in state.face_down:
        for card in cards:
            held[card] += 1
    for hand in state.hands:
        for card in range(KINDS):
            held[card] += hand[card]
    if held != expected:
        raise bad("the cards do not add up to the deck of 18")
    if state.phase not in PHASES:
        raise bad(f"unknown phase {state.phase!r}")
    if state.turn < 1 or any(k < 0 for k in state.extra_draws):
        raise bad("a count out of range")
    if any(sum(h) > HAND_LIMIT for s, h in enumerate(state.hands) if s != state.chef):
        raise bad("a hand over the limit outside its own turn")
    opponents = set(range(n)) - {state.chef}
    if state.phase == TASTE_TEST:
        claim = state.claim
        if claim is None or not state.asked:
            raise bad("a taste test without a declaration or anyone to ask")
        if len(state.declared) != (2 if claim == PAIR else 1):
            raise bad("a declaration of the wrong number of cards")
        if claim != PAIR and claim not in variant.claims:
            raise bad(f"{CARD_NAMES[claim]} cannot be declared")
        asked, answered = set(state.asked), set(state.answered)
        if (
            len(asked) != len(state.asked)
            or len(answered) != len(state.answered)
            or not asked | answered <= opponents
            or asked & answered
        ):
            raise bad("the answers to the taste test do not add up")
    elif state.claim is not None or state.declared or state.asked or state.answered:
        raise bad("a declaration outside a taste test")
    if state.phase == DISCARD and sum(state.hands[state.chef]) <= HAND_LIMIT:
        raise bad("a discard with a hand within the limit")
    if (state.phase == OVER) != bool(state.won):
        raise bad("winners do not match the end of the game")
    if state.final_round is not None and (
        not variant.closing_time or not set(state.final_round) <= set(range(n))
    ):
        raise bad("a final round without Closing Time")


GAME = StirFry()
StirFryState.game = GAME
