"""Schlacht am Buffet: the state and its transitions.

A round lays out dishes; every mouse still in the round picks a card face down
(simultaneously: all those seats are in ``to_move``); when the last card is
chosen they are revealed in turn order from the start player and the mice move.
Then the single rearmost mouse drops out with the lowest dish, or — with two
mice left — a sole leader takes the best dish. Three players fight each round
in two stages. ``docs/rules/buffet.md`` lists every ruling; the constants are in
:mod:`meeple.games.buffet.data`.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Mapping
from itertools import compress
from typing import Any, ClassVar, TypeGuard

from meeple.core.game import JSON, Action, Game, OptionValue, State, hide_fields
from meeple.core.rng import Rng
from meeple.games.buffet import text
from meeple.games.buffet.data import (
    ALL_DISHES,
    CARD_VALUES,
    COPIES_PER_VALUE,
    DISH_JSON,
    DISH_KIND,
    DISH_KINDS,
    DISH_VALUE,
    HAND_SIZE,
    MISSING_CARD_REFILL,
    OFFSET,
    PILE_JSON,
    SECRET_ACTION_FIELDS,
    START_SEAT,
    THREE_PLAYER_FIRST_STAGE,
    buffet_order,
    dish_json,
    dish_kind,
    dish_value,
    dishes_per_round,
)

FORMAT = 1

CHOOSE = "choose"
EXCHANGE = "exchange"
OVER = "over"

_PLAYS: tuple[Action, ...] = tuple({"type": "play", "card": v} for v in CARD_VALUES)
_DISCARDS: tuple[Action, ...] = tuple({"type": "discard", "card": v} for v in CARD_VALUES)
_DRAW: Action = {"type": "draw"}
TEMPLATES: tuple[Action, ...] = (*_PLAYS, *_DISCARDS, _DRAW)
_PLAY_ITEMS = tuple(enumerate(_PLAYS))
_DISCARD_ITEMS = tuple(enumerate(_DISCARDS, len(_PLAYS)))
_DRAW_AT = len(TEMPLATES) - 1
"""The plays and discards with their positions in :data:`TEMPLATES`, and the draw's
(:meth:`BuffetState.indexed_legal_actions`)."""
"""Every action, made once, by card value (as a hand's counts): what
:meth:`BuffetState.shared_legal_actions` hands out, and :meth:`BuffetState.legal_actions`
copies."""
_DISCARD_KEYS = tuple(str(v) for v in CARD_VALUES)
"""The view's discard pile is keyed by the card values as strings (JSON object keys)."""


class BuffetState(State):
    """A game of Schlacht am Buffet in progress."""

    __slots__ = (
        "_public",
        "_stacks_shown",
        "buffet",
        "chosen",
        "deck",
        "discard",
        "dish_pile",
        "events",
        "exchanger",
        "first_out_done",
        "hands",
        "in_round",
        "options",
        "out_order",
        "pending",
        "phase",
        "players",
        "positions",
        "reserved",
        "rng",
        "round",
        "seed",
        "stacks",
        "stage",
        "start",
    )

    players: int
    seed: int
    options: dict[str, OptionValue]
    rng: Rng
    deck: list[int]  # card values, top of the deck last
    discard: list[int]  # face-up discard pile as counts by value + OFFSET
    hands: list[list[int]]  # per seat, counts by value + OFFSET
    dish_pile: list[int]  # face-down dishes, top last
    buffet: list[int]  # dishes fought over now, best (left) first
    reserved: list[int]  # 3 players: the two best dishes, kept for stage two
    stacks: list[list[int]]  # per seat, dishes won in the order taken
    positions: list[int]
    in_round: list[bool]  # mice still fighting in this stage
    start: int  # holder of the start-player tile
    chosen: list[int | None]  # face-down card chosen this turn
    phase: str
    exchanger: int | None  # the first mouse out, while it exchanges cards
    pending: list[int]  # card values it has put aside to exchange
    first_out_done: bool  # the exchange privilege has been given this stage
    out_order: list[int]  # seats in the order they left this round
    round: int
    stage: int  # 1, or 2 for the second stage of a 3-player round
    events: list[dict[str, Any]]  # what the last resolution did, for logs and clients
    _public: JSON | None  # the view's entries that every seat sees alike, kept (see view)
    _stacks_shown: tuple[list[list[dict[str, Any]]], list[int]] | None  # stacks_view, kept

    # --- contract -----------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == CHOOSE:
            chosen = self.chosen
            return tuple([s for s, live in enumerate(self.in_round) if live and chosen[s] is None])
        if self.phase == EXCHANGE:
            assert self.exchanger is not None
            return (self.exchanger,)
        return ()

    def _to_move_list(self) -> list[int]:
        """:attr:`to_move` as a new list, for views (without building the tuple first)."""
        if self.phase == CHOOSE:
            chosen = self.chosen
            return [s for s, live in enumerate(self.in_round) if live and chosen[s] is None]
        if self.phase == EXCHANGE:
            assert self.exchanger is not None
            return [self.exchanger]
        return []

    def legal_actions(self, seat: object) -> list[Action]:
        # New dicts every call: callers may keep or change them.
        return list(map(dict.copy, self.shared_legal_actions(seat)))

    def shared_legal_actions(self, seat: object) -> list[Action]:
        """The legal actions as the shared templates (:data:`TEMPLATES`; never change them):
        a hand's counts pick them out in C (``compress``)."""
        if self.phase == CHOOSE:
            if self._may_choose(seat):
                return list(compress(_PLAYS, self.hands[seat]))
            return []
        if self.phase == EXCHANGE and seat == self.exchanger and type(seat) is int:
            actions = list(compress(_DISCARDS, self.hands[seat]))
            actions.append(_DRAW)
            return actions
        return []

    def _may_choose(self, seat: object) -> TypeGuard[int]:
        """Whether ``seat`` (a seat number, or anything a caller passed) still chooses a card
        this turn."""
        return (
            type(seat) is int
            and 0 <= seat < self.players
            and self.in_round[seat]
            and self.chosen[seat] is None
        )

    def indexed_legal_actions(self, seat: object) -> tuple[object, dict[int, Action]]:
        """:meth:`shared_legal_actions` by their positions in :data:`TEMPLATES`, picked out
        with them in C."""
        if self.phase == CHOOSE:
            if self._may_choose(seat):
                return TEMPLATES, dict(compress(_PLAY_ITEMS, self.hands[seat]))
            return TEMPLATES, {}
        if self.phase == EXCHANGE and seat == self.exchanger and type(seat) is int:
            actions = dict(compress(_DISCARD_ITEMS, self.hands[seat]))
            actions[_DRAW_AT] = _DRAW
            return TEMPLATES, actions
        return TEMPLATES, {}

    def _apply(self, seat: int, action: Action) -> None:
        kind = action["type"]
        if kind == "play":
            card = action["card"]
            self.hands[seat][card + OFFSET] -= 1
            chosen = self.chosen
            chosen[seat] = card
            for c, live in zip(chosen, self.in_round, strict=False):
                if live and c is None:
                    # A mouse still in the round has not chosen yet. Only this seat's hand
                    # and choice changed, which views build afresh: the public part stays.
                    return
            self._public = None
            self._resolve_turn()
        elif kind == "discard":
            # Only this seat's hand and the cards it puts aside change, which views build
            # afresh: the public part stays.
            self.hands[seat][action["card"] + OFFSET] -= 1
            self.pending.append(action["card"])
        else:  # "draw": finish the exchange
            self._public = None
            for value in self.pending:
                self.discard[value + OFFSET] += 1
            count = len(self.pending)
            self.pending = []
            self._draw(seat, count)
            self.events.append({"event": "exchange", "seat": seat, "count": count})
            self.exchanger = None
            self._begin_turn()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int | float]:
        return list(stacks_view(tuple(map(tuple, self.stacks)))[1])

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        keys = [final_rank_key(stack) for stack in self.stacks]
        best = max(keys)
        return [s for s, key in enumerate(keys) if key == best]

    def view(self, seat: object) -> JSON:
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            raise self.no_seat(seat)
        # The entries every seat sees alike are built once per change (_public_view): while
        # the mice choose their cards one after another, only the chooser's hand and choice
        # change, and the views of the next choosers share the rest. The entries that change
        # with a choice, and the seat's own, are filled in afresh.
        public = self._public
        if public is None:
            public = self._public = self._public_view()
        view = public.copy()  # keeps the key order: the entries below replace placeholders
        view["seat"] = seat
        view["to_move"] = self._to_move_list()
        view["hand_sizes"] = list(map(sum, self.hands))
        view["has_chosen"] = [c is not None for c in self.chosen]
        view["exchange_count"] = len(self.pending)
        if seat is not None:
            view["hand"] = hand_list(self.hands[seat])
            view["my_choice"] = self.chosen[seat]
            view["my_exchange"] = sorted(self.pending) if self.exchanger == seat else []
        return view

    def public_action(self, seat: int, action: Action) -> Action:
        """The action without the card chosen or put aside (:data:`SECRET_ACTION_FIELDS`)."""
        return hide_fields(action, SECRET_ACTION_FIELDS)

    def _public_view(self) -> JSON:
        """The entries of :meth:`view` that are the same for every seat and stay while the
        mice choose their cards (``None`` where :meth:`view` fills in what changes).

        It is kept by the state until the next move that is not a mere choice (``_apply``
        drops it) and shared by the views of those positions, so nothing in it is ever
        changed: dishes, piles, the stacks, the discard pile and the rows of dishes come from
        shared tables and caches, the event dicts are the state's own, and the lists made
        here belong to no one else (views are read-only snapshots, docs/architecture.md).
        It lets the observation (encoding.py) recognise the shared dish and pile dicts, and
        the parts that did not change since the last view, by identity."""
        if self._stacks_shown is None:
            self._stacks_shown = stacks_view(tuple(map(tuple, self.stacks)))
        stacks, scores = self._stacks_shown
        return {
            "game": "buffet",
            "players": self.players,
            "seat": None,
            "round": self.round,
            "stage": self.stage,
            "phase": self.phase,
            "to_move": None,
            "start_player": self.start,
            "positions": [
                p if live else None for p, live in zip(self.positions, self.in_round, strict=False)
            ],
            "buffet": dishes_view(tuple(self.buffet)),
            "reserved": dishes_view(tuple(self.reserved)),
            "dishes_left": len(self.dish_pile),
            "deck": len(self.deck),
            "discard": discard_view(tuple(self.discard)),
            "hand_sizes": None,
            "has_chosen": None,
            "stacks": stacks,
            "scores": scores,
            "exchanger": self.exchanger,
            "exchange_count": None,
            "events": self.events[:],  # the list grows later; its dicts never change
            "winners": self.winners if self.phase == OVER else [],
        }

    def to_json(self) -> JSON:
        return {
            "game": "buffet",
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "deck": list(self.deck),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "dish_pile": list(self.dish_pile),
            "buffet": list(self.buffet),
            "reserved": list(self.reserved),
            "stacks": [list(s) for s in self.stacks],
            "positions": list(self.positions),
            "in_round": list(self.in_round),
            "start": self.start,
            "chosen": list(self.chosen),
            "phase": self.phase,
            "exchanger": self.exchanger,
            "pending": list(self.pending),
            "first_out_done": self.first_out_done,
            "out_order": list(self.out_order),
            "round": self.round,
            "stage": self.stage,
            "events": copy.deepcopy(self.events),
        }

    def clone(self) -> BuffetState:
        other = BuffetState()
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.rng = self.rng.copy()
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.hands = [h[:] for h in self.hands]
        other.dish_pile = self.dish_pile[:]
        other.buffet = self.buffet[:]
        other.reserved = self.reserved[:]
        other.stacks = [s[:] for s in self.stacks]
        other.positions = self.positions[:]
        other.in_round = self.in_round[:]
        other.start = self.start
        other.chosen = self.chosen[:]
        other.phase = self.phase
        other.exchanger = self.exchanger
        other.pending = self.pending[:]
        other.first_out_done = self.first_out_done
        other.out_order = self.out_order[:]
        other.round = self.round
        other.stage = self.stage
        # Event dicts are never changed once made; only the list grows.
        other.events = self.events[:]
        other._public = self._public  # never changed: dropped when the state moves on
        other._stacks_shown = self._stacks_shown  # never changed: dropped when a dish is taken
        return other

    def _determinize(self, seat: int, rng: random.Random) -> BuffetState:
        other = self.clone()
        other._public = None  # its parts are re-sampled below
        # Everything seat cannot see: the deck, the other hands, their face-down
        # choices and put-aside exchange cards, the order of the dish pile, and
        # the future shuffles (the generator is re-seeded).
        pool = list(other.deck)
        for s in range(self.players):
            if s == seat:
                continue
            pool.extend(hand_list(other.hands[s]))
            choice = other.chosen[s]
            if choice is not None:
                pool.append(choice)
            if other.exchanger == s:
                pool.extend(other.pending)
        # Sorting first makes the sample a function of what the seat knows and rng
        # alone: the real arrangement of the hidden cards must not leak through it.
        pool.sort()
        rng.shuffle(pool)
        for s in range(self.players):
            if s == seat:
                continue
            size = sum(other.hands[s])
            other.hands[s] = counts_of(pool[:size])
            del pool[:size]
            if other.chosen[s] is not None:
                other.chosen[s] = pool.pop()
            if other.exchanger == s:
                n = len(other.pending)
                other.pending = pool[:n]
                del pool[:n]
        other.deck = pool
        other.dish_pile.sort()
        rng.shuffle(other.dish_pile)
        other.rng = Rng(rng.getrandbits(64))
        return other

    # --- the flow of a round ------------------------------------------------------

    def _draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards, reshuffling the discard pile into an empty deck."""
        hand = self.hands[seat]
        deck = self.deck
        for _ in range(count):
            if not deck:
                # Rulebook: 山札がなくなったら、捨て札を裏向きにしてよく混ぜ、新たに山札をつくって続けます。
                for i, n in enumerate(self.discard):
                    deck.extend([i - OFFSET] * n)
                self.discard = [0] * len(CARD_VALUES)
                if not deck:
                    return
                self.rng.shuffle(deck)
            hand[deck.pop() + OFFSET] += 1

    def _begin_turn(self) -> None:
        """Open a card choice for the mice still in; refill any empty hand (ruling)."""
        self.phase = CHOOSE
        for s, live in enumerate(self.in_round):
            if live and not any(self.hands[s]):
                self._draw(s, MISSING_CARD_REFILL)
                self.events.append({"event": "refill", "seat": s, "count": MISSING_CARD_REFILL})

    def _resolve_turn(self) -> None:
        """Reveal from the start player clockwise, move, and settle who leaves."""
        n = self.players
        events: list[dict[str, Any]] = []
        self.events = events
        for k in range(n):
            s = (self.start + k) % n
            card = self.chosen[s]
            if not self.in_round[s] or card is None:
                continue
            # A −1 from the start space goes to position −1, behind everyone
            # (rulebook: スタートマスにネズミがいるときに-1のカードをプレイしたら…39の場所まで下がらなくてはなりません).
            self.positions[s] += card
            self.discard[card + OFFSET] += 1
            events.append({"event": "reveal", "seat": s, "card": card, "to": self.positions[s]})
        self.chosen = [None] * n
        live = [s for s in range(n) if self.in_round[s]]
        if len(live) >= 3:
            back = min(self.positions[s] for s in live)
            rear = [s for s in live if self.positions[s] == back]
            if len(rear) == 1:
                self._drop_out(rear[0])
                if self.phase == EXCHANGE:
                    return
            else:
                events.append({"event": "tie_for_last", "seats": rear})
            self._begin_turn()
            return
        a, b = live
        if self.positions[a] == self.positions[b]:
            # Rulebook: トップのマスの2匹ともいる場合は…どちらかがトップになるまで続けます。
            events.append({"event": "tie_for_first", "seats": live})
            self._begin_turn()
            return
        leader, other = (a, b) if self.positions[a] > self.positions[b] else (b, a)
        self._take(leader, self.buffet.pop(0), "lead")
        if self.buffet:
            # 3 players, first stage: the second mouse takes the last dish (全員が料理を獲得できます).
            self._take(other, self.buffet.pop(), "second")
        else:
            events.append({"event": "empty_handed", "seat": other})
            self.in_round[other] = False
            self.out_order.append(other)
        self._end_stage(leader)

    def _take(self, seat: int, dish: int, why: str) -> None:
        """``seat`` leaves the round with ``dish``; ``why`` is how it won it: ``last`` (the sole
        rearmost mouse), ``lead`` (the leader of the last two) or ``second`` (the other of the
        last two, in a 3-player first stage). The event also tells the dish it covers, if any:
        that kind's top dish, visible to everyone until now (ruling 11)."""
        kind = DISH_KIND[dish]
        under = [d for d in self.stacks[seat] if DISH_KIND[d] == kind]
        self.stacks[seat].append(dish)
        self._stacks_shown = None
        self.in_round[seat] = False
        self.out_order.append(seat)
        covers = DISH_JSON[under[-1]] if under else None
        self.events.append(
            {"event": "take", "seat": seat, "dish": DISH_JSON[dish], "why": why, "covers": covers}
        )

    def _drop_out(self, seat: int) -> None:
        """The single rearmost mouse leaves with the lowest dish on offer."""
        self._take(seat, self.buffet.pop(), "last")
        if self.start == seat:
            self.start = self._next_in_round(seat)
            self.events.append({"event": "start_tile", "seat": self.start})
        if not self.first_out_done:
            self.first_out_done = True
            # Rulebook: ラウンドの最初に抜けたプレイヤーは、手札から好きな枚数を捨て札置き場に置き、
            # すぐに同じ数だけ山札から引くことができます。 (Not in a 3-player second stage.)
            if self.stage == 1:
                self.phase = EXCHANGE
                self.exchanger = seat

    def _next_in_round(self, seat: int) -> int:
        for k in range(1, self.players):
            s = (seat + k) % self.players
            if self.in_round[s]:
                return s
        return seat

    def _end_stage(self, winner: int) -> None:
        n = self.players
        # Rulebook: スタートプレイヤーは、前のラウンドで勝ったプレイヤーの左隣の人を持ちます。
        self.start = (winner + 1) % n
        self.positions = [0] * n
        self.in_round = [True] * n
        self.first_out_done = False
        if self.reserved:
            # 3 players: the second stage, with the cards left in hand and no exchange.
            self.stage = 2
            self.buffet = self.reserved
            self.reserved = []
            self.events.append({"event": "stage", "stage": 2})
            self._begin_turn()
            return
        if len(self.dish_pile) < dishes_per_round(n):
            # Rulebook: 新たな料理の配置をするのに必要な数が足りなくなったら、ゲームは終了です。
            self.phase = OVER
            self.in_round = [False] * n
            self.events.append({"event": "game_over", "winners": self.winners})
            return
        # Rulebook: 各プレイヤー(最初に抜けた人から順番に)は、手札が9枚になるように山札から引きます。
        for s in self.out_order:
            self._draw(s, HAND_SIZE - sum(self.hands[s]))
        self._lay_out_round()
        self._begin_turn()

    def _lay_out_round(self) -> None:
        n = self.players
        self.round += 1
        self.stage = 1
        self.out_order = []
        count = dishes_per_round(n)
        dishes = sorted((self.dish_pile.pop() for _ in range(count)), key=buffet_order)
        if n == 3:
            split = count - THREE_PLAYER_FIRST_STAGE
            self.reserved, self.buffet = dishes[:split], dishes[split:]
        else:
            self.reserved, self.buffet = [], dishes
        self.events.append(
            {"event": "round", "round": self.round, "buffet": [DISH_JSON[d] for d in dishes]}
        )


# --- scoring ------------------------------------------------------------------------


def top_dishes(stack: list[int]) -> list[int]:
    """The dish on top of each kind's pile (the last one taken of each kind).

    Rulebook: 同じ料理の場合は、すでに置かれている料理の上に、新しい料理を重ねて…下にある料理は関係ありません。
    """
    top: dict[int, int] = {}
    for d in stack:
        top[DISH_KIND[d]] = d
    return list(top.values())


def piles_of(stack: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """For each kind a player has, in the kinds' order: its top dish (the last one taken of
    that kind) and how many dishes lie under it."""
    top: dict[int, int] = {}
    count = [0] * len(DISH_KINDS)
    for d in stack:
        kind = DISH_KIND[d]
        top[kind] = d
        count[kind] += 1
    return [(top[k], count[k] - 1) for k in sorted(top)]


def stacks_json(stack: list[int]) -> list[dict[str, Any]]:
    """A player's dishes as everyone sees them: for each kind they have, in the kinds' order,
    the top dish and how many dishes lie under it (``{"top": dish, "covered": n}``).

    Rulebook: 各種類の一番上の一枚だけが見えるようにします — only each kind's top dish is visible;
    what lies under it does not count (下にある料理は関係ありません), so the view shows only how
    many dishes it covers (ruling 8 in docs/rules/buffet.md). Views take the same from
    :func:`stack_view`, which shares what it returns; this builds new dicts.
    """
    return [{"top": dish_json(top), "covered": covered} for top, covered in piles_of(stack)]


VIEW_CACHE = 4096
"""Distinct values each of the view caches below remembers (a game makes a few dozen stacks
and rows of dishes, and a few hundred discard piles)."""


@functools.lru_cache(maxsize=VIEW_CACHE)
def stack_view(stack: tuple[int, ...]) -> tuple[list[dict[str, Any]], int]:
    """A stack's piles as views show them (what :func:`stacks_json` builds) and its score
    (:func:`score_of`), computed once per distinct stack.

    Views show every seat's stacks at every decision (:func:`stacks_view`), while stacks
    change only when a dish is taken; so the result is cached and shared — by the stack's
    value, which stays right however the state's lists are changed — and its piles are the
    shared dicts of :data:`~meeple.games.buffet.data.PILE_JSON`. Nobody may change it.
    """
    piles = piles_of(stack)
    shown = [PILE_JSON[top][covered] for top, covered in piles]
    return shown, sum(DISH_VALUE[top] for top, _ in piles)


@functools.lru_cache(maxsize=VIEW_CACHE)
def stacks_view(
    stacks: tuple[tuple[int, ...], ...],
) -> tuple[list[list[dict[str, Any]]], list[int]]:
    """Every seat's piles and every seat's score, as views show them (:func:`stack_view`
    for each seat), computed once per distinct table of stacks and shared like it."""
    seats = [stack_view(stack) for stack in stacks]
    return [piles for piles, _ in seats], [score for _, score in seats]


@functools.lru_cache(maxsize=VIEW_CACHE)
def dishes_view(dishes: tuple[int, ...]) -> list[dict[str, Any]]:
    """A row of dishes (the buffet, the reserved dishes) as views show it, once per distinct
    row and shared: nobody may change it."""
    return [DISH_JSON[d] for d in dishes]


@functools.lru_cache(maxsize=VIEW_CACHE)
def discard_view(counts: tuple[int, ...]) -> dict[str, int]:
    """The discard pile as views show it (``{"-1": n, "0": n, …}``, keyed by card value), once
    per distinct pile and shared: nobody may change it. It changes once a turn, while every
    mouse's view shows it."""
    return dict(zip(_DISCARD_KEYS, counts, strict=True))


def score_of(stack: list[int]) -> int:
    """Points of a player's dishes: only the top dish of each kind counts."""
    return sum(DISH_VALUE[d] for d in top_dishes(stack))


def final_rank_key(stack: list[int]) -> tuple[int, int, int]:
    """Higher is better: points, then the highest dish, then that dish's rank.

    Rulebook: 同点の場合は、より得点の高い料理を持っている人が勝ちです。それも同点の場合は、
    ボードの右上にある料理のランクで決定します。 Ruling: only the scoring (top) dishes count.
    """
    tops = top_dishes(stack)
    if not tops:
        return (score_of(stack), -99, -99)
    best = min(tops, key=lambda d: (-dish_value(d), dish_kind(d)))
    return (score_of(stack), dish_value(best), -dish_kind(best))


_RUNS = tuple(tuple((v,) * n for n in range(COPIES_PER_VALUE + 1)) for v in CARD_VALUES)
"""``_RUNS[value + OFFSET][n]``: n cards of one value, for :func:`hand_list`."""


def hand_list(counts: list[int]) -> list[int]:
    """A hand of counts as a sorted list of card values."""
    # Extending by ready-made runs of equal cards, skipping the values not held, is twice as
    # fast as a nested comprehension and faster than chaining every run; views list the
    # hand at every decision.
    cards: list[int] = []
    for runs, n in zip(_RUNS, counts, strict=True):
        if n:
            cards += runs[n]
    return cards


def counts_of(cards: list[int]) -> list[int]:
    """A list of card values as counts by value + OFFSET."""
    counts = [0] * len(CARD_VALUES)
    for v in cards:
        counts[v + OFFSET] += 1
    return counts


# --- the game ------------------------------------------------------------------------


class Buffet(Game[BuffetState]):
    """Schlacht am Buffet (Martin Wallace, Kosmos 2011) for 3–6 players."""

    id: ClassVar[str] = "buffet"
    name: ClassVar[str] = "Schlacht am Buffet"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BuffetState:
        state = BuffetState()
        state.players = players
        state.seed = seed
        state.options = options
        state.rng = Rng(seed)
        deck = [v for v in CARD_VALUES for _ in range(COPIES_PER_VALUE)]
        state.rng.shuffle(deck)
        state.deck = deck
        state.discard = [0] * len(CARD_VALUES)
        state.hands = [[0] * len(CARD_VALUES) for _ in range(players)]
        pile = list(ALL_DISHES)
        state.rng.shuffle(pile)
        state.dish_pile = pile
        state.buffet = []
        state.reserved = []
        state.stacks = [[] for _ in range(players)]
        state.positions = [0] * players
        state.in_round = [True] * players
        state.start = START_SEAT
        state.chosen = [None] * players
        state.phase = CHOOSE
        state.exchanger = None
        state.pending = []
        state.first_out_done = False
        state.out_order = []
        state.round = 0
        state.stage = 1
        state.events = []
        state._public = None
        state._stacks_shown = None
        for s in range(players):
            state._draw(s, HAND_SIZE)
        state._lay_out_round()
        return state

    def describe_action(self, action: Action) -> str:
        return text.describe_action(action)

    def describe_event(self, event: JSON, view: JSON) -> str:
        return text.describe_event(event)

    def render_text(self, view: JSON) -> str:
        return text.render_text(view)

    def from_json(self, data: Mapping[str, Any]) -> BuffetState:
        try:
            if data["game"] != "buffet" or data["format"] != FORMAT:
                raise ValueError("not a buffet state of a known format")
            state = self.new(data["players"], seed=data["seed"], options=data["options"])
            state.rng = Rng(int(data["rng"]))
            state.deck = [int(v) for v in data["deck"]]
            state.discard = [int(v) for v in data["discard"]]
            state.hands = [[int(v) for v in h] for h in data["hands"]]
            state.dish_pile = [int(d) for d in data["dish_pile"]]
            state.buffet = [int(d) for d in data["buffet"]]
            state.reserved = [int(d) for d in data["reserved"]]
            state.stacks = [[int(d) for d in s] for s in data["stacks"]]
            state.positions = [int(p) for p in data["positions"]]
            state.in_round = [bool(b) for b in data["in_round"]]
            state.start = int(data["start"])
            state.chosen = [None if c is None else int(c) for c in data["chosen"]]
            state.phase = str(data["phase"])
            state.exchanger = None if data["exchanger"] is None else int(data["exchanger"])
            state.pending = [int(v) for v in data["pending"]]
            state.first_out_done = bool(data["first_out_done"])
            state.out_order = [int(s) for s in data["out_order"]]
            state.round = int(data["round"])
            state.stage = int(data["stage"])
            state.events = [dict(e) for e in data["events"]]
            state._public = state._stacks_shown = None
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise ValueError(f"malformed buffet state: {err}") from err
        _check_consistent(state)
        return state


def _check_consistent(state: BuffetState) -> None:
    """Refuse a stored state whose parts cannot belong together (a tampered record)."""
    n = state.players
    per_seat = (state.hands, state.stacks, state.positions, state.in_round, state.chosen)
    if any(len(part) != n for part in per_seat):
        raise ValueError("malformed buffet state: per-seat lists of the wrong length")
    cards = counts_of(state.deck)
    for i in range(len(CARD_VALUES)):
        cards[i] += state.discard[i] + sum(h[i] for h in state.hands)
    for c in [*state.chosen, *state.pending]:
        if c is not None:
            cards[c + OFFSET] += 1
    if cards != [COPIES_PER_VALUE] * len(CARD_VALUES):
        raise ValueError("malformed buffet state: the cards do not add up to the deck of 110")
    dishes = sorted(
        [*state.dish_pile, *state.buffet, *state.reserved, *(d for s in state.stacks for d in s)]
    )
    if dishes != list(ALL_DISHES):
        raise ValueError("malformed buffet state: the dishes do not add up to the 36 tiles")
    if not 0 <= state.start < n or (state.exchanger is not None and not 0 <= state.exchanger < n):
        raise ValueError("malformed buffet state: a seat out of range")
    if state.phase not in (CHOOSE, EXCHANGE, OVER):
        raise ValueError(f"malformed buffet state: unknown phase {state.phase!r}")
    if state.phase == EXCHANGE and state.exchanger is None:
        raise ValueError("malformed buffet state: an exchange without an exchanger")


GAME = Buffet()
BuffetState.game = GAME
__all__ = ["DISH_KINDS", "GAME", "Buffet", "BuffetState", "final_rank_key", "score_of"]
