"""Café International: the state and its transitions.

On a turn the player does one of three things: seats one or two guests at
tables (a coffee circle, with the option on, seats three or four), puts one
guest at the bar, or swaps a seated joker for a guest from hand. Seating is a
sequence of decisions, one guest each; a guest may sit down only if the turn can
still be finished legally, and each is scored as it sits. When nothing more may
or must be added, the turn ends by itself; when a player could stop or go on,
``{"type": "done"}`` ends it. ``docs/rules/cafe.md`` lists every ruling; the
constants are in :mod:`meeple.games.cafe.data`, the board in
:mod:`meeple.games.cafe.board`.

Inside the engine a guest tile is its kind (an int, see ``data``), a chair holds
a kind or −1, and every table keeps counts of its men, women and "natives"
(guests of its own country, jokers included) so that scoring is arithmetic. The
only chance in the game is the order of the bag, shuffled once at the start by
the state's :class:`~meeple.core.rng.Rng`.

Speed (learning agents play millions of decisions): whether a guest may sit on a
chair is looked up from its tables' "mixes" of men and women
(:mod:`meeple.games.cafe.seating`) rather than worked out, the chairs where jokers sit
are kept up to date rather than searched for, legal actions are made once per
position, and a view shares with the state and with other views whatever is never
changed (the board, event dicts, the chairs, bar and each hand's lists while they stay).
``tests/games/cafe/test_speed_paths.py`` checks each shortcut against the plain way.
"""

from __future__ import annotations

import copy
import random
from bisect import insort
from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.game import JSON, Action, Game, Option, OptionValue, State
from meeple.core.rng import Rng
from meeple.games.cafe import text
from meeple.games.cafe.board import (
    BAR_POINTS,
    BOARD_JSON,
    CHAIR_COUNTRIES,
    CHAIR_TABLES,
    CHAIRS,
    CHAIRS_PER_TABLE,
    COUNTRY_CHAIRS,
    OTHER_TABLE,
    TABLE_CHAIRS,
    TABLES,
)
from meeple.games.cafe.data import (
    BAR_DRAW,
    CIRCLE_GUESTS,
    CIRCLE_POINTS,
    END_BAG_LIMIT,
    EXEMPT_WHILE_NO_GUEST_SEATED,
    FULL_BAG,
    GUEST_CODES,
    GUESTS_PER_TURN,
    HAND_SIZE,
    JOKER,
    JOKER_PENALTY,
    JOKER_SWAP_SAME_SEX,
    LAST_SEAT_ENDS_AT_ONCE,
    LEAVER_KEEPS_CHIPS,
    LONE_GUEST_NEEDS_COMPANY_OF,
    MAN,
    MAX_PER_SEX,
    ONE_COUNTRY_CIRCLE_POINTS,
    ONE_COUNTRY_FACTOR,
    START_SEAT,
    TABLE_POINTS,
    TILE_PENALTY,
    WOMAN,
    guest_kind,
)
from meeple.games.cafe.seating import (
    ALONE,
    CIRCLE,
    EMPTY_PAIRS,
    FITS,
    MIX_MAN,
    MIXES,
    NATIVE_TABLES,
    PAIR_STEPS,
    PARTNER_SPOTS,
    SEAT_VERDICTS,
    TAKEN,
    TAKES_ONE_MORE,
)

FORMAT = 1

DEAD = 0
"""Verdict on a turn in progress: it can no longer be finished legally."""
MORE = 1
"""Verdict: it can be finished, but only by seating more guests."""
DONE = 2
"""Verdict: it may end now."""

_PASS: Action = {"type": "pass"}
_DONE: Action = {"type": "done"}
_FEWER: Action = {"type": "refill", "fewer": True}
"""After a one-country coffee circle: refill one tile fewer (ruling 19)."""
_FULL: Action = {"type": "refill", "fewer": False}
"""After a one-country coffee circle: refill the hand fully (ruling 19)."""
_EMPTY = -1
_ANY_COUNTRY = (1 << JOKER) - 1
_SEATINGS: tuple[tuple[Action, ...], ...] = tuple(
    tuple({"type": "seat", "guest": GUEST_CODES[kind], "chair": chair} for chair in CHAIRS)
    for kind in range(len(GUEST_CODES))
)
"""Every seating action, by kind and chair, made once: the cached legal actions hold these
(never changed: :meth:`CafeState.legal_actions` hands out copies)."""
_SWAPS: tuple[tuple[Action, ...], ...] = tuple(
    tuple({"type": "swap", "chair": chair, "guest": code} for code in GUEST_CODES)
    for chair in CHAIRS
)
"""Every swap action, by chair and kind, made once (as ``_SEATINGS``)."""
_SWAPPABLE: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(
        frozenset(
            kind
            for kind in range(len(GUEST_CODES))
            if kind >> 1 in CHAIR_COUNTRIES[chair] and kind & 1 == sex
        )
        for sex in (MAN, WOMAN)
    )
    for chair in CHAIRS
)
"""The kinds that may replace a joker of each sex on each chair (ruling JOKER_SWAP_SAME_SEX:
of a country of the chair's tables and of the joker's sex; never a joker)."""
_BARS: tuple[Action, ...] = tuple({"type": "bar", "guest": code} for code in GUEST_CODES)
"""Every bar action, by kind, made once (as ``_SEATINGS``; the jokers' are never offered)."""
TEMPLATES: tuple[Action, ...] = (
    *(action for row in _SEATINGS for action in row),
    *_BARS,
    *(action for row in _SWAPS for action in row),
    _DONE,
    _PASS,
    _FULL,
    _FEWER,
)
"""Every ready-made action (:meth:`CafeState.shared_legal_actions` hands out these; a swap
under the other joker ruling is made for the call). The state keeps its legal actions by
their positions here (:meth:`CafeState.indexed_legal_actions`), worked out from these
offsets; the order is the action table's (``encoding.py``), which can then take the
positions as its indices."""
_SEAT_AT = tuple(kind * len(CHAIRS) for kind in range(len(GUEST_CODES)))
"""Where each kind's seatings start in :data:`TEMPLATES` (then by chair)."""
_BAR_AT = len(GUEST_CODES) * len(CHAIRS)
_SWAP_AT = tuple(_BAR_AT + len(GUEST_CODES) + chair * len(GUEST_CODES) for chair in CHAIRS)
"""Where each chair's swaps start in :data:`TEMPLATES` (then by kind)."""
_DONE_AT = _SWAP_AT[-1] + len(GUEST_CODES)
_PASS_AT = _DONE_AT + 1
_FULL_AT = _PASS_AT + 1
_FEWER_AT = _FULL_AT + 1
Legal = dict[int, Action]
"""Legal actions by their positions in :data:`TEMPLATES`, in the order of the rules."""
_CODE_OR_NONE = (*GUEST_CODES, None)
"""A chair's code in views by its guest kind: ``_EMPTY`` (−1) picks the last entry, ``None``."""


class CafeState(State):
    """A game of Café International in progress."""

    __slots__ = (
        "_bar_shown",
        "_chairs_shown",
        "_hands_shown",
        "_legal",
        "_out_shown",
        "_sizes_shown",
        "bag",
        "bar",
        "chips",
        "choosing_refill",
        "circles",
        "current",
        "events",
        "filled",
        "guests",
        "hand_sizes",
        "hands",
        "jokers",
        "men",
        "mix",
        "natives",
        "options",
        "out",
        "over",
        "pairs",
        "passes",
        "placed",
        "players",
        "rng",
        "seed",
        "turn",
        "women",
    )

    players: int
    seed: int
    options: dict[str, OptionValue]
    circles: bool  # the coffee-circle variation is on
    rng: Rng
    bag: list[int]  # kinds, drawn from the end
    hands: list[list[int]]  # per seat, sorted kinds (face up)
    hand_sizes: list[int]  # per seat, what the hand is refilled to
    chips: list[int]
    out: list[bool]  # left the game (could not pay at the bar)
    guests: list[int]  # per chair, the kind seated there or _EMPTY
    bar: list[int]  # kinds at the bar, in order
    current: int  # the seat whose turn it is
    over: bool
    placed: list[int]  # chairs seated so far this turn, in order
    choosing_refill: bool  # a one-country coffee circle: the player chooses the refill now
    turn: int  # turns completed
    passes: int  # consecutive passes
    events: list[dict[str, Any]]  # what the current (or last) turn did, in order
    # Derived from ``guests`` (rebuilt by from_json, kept up to date by _sit):
    men: list[int]  # per table
    women: list[int]
    natives: list[int]  # per table, guests of its country or jokers
    mix: list[int]  # per table, men * 5 + women; then seating.MIXES for "no table" (see seating)
    pairs: list[int]  # per chair, its tables' mixes as a pair, + TAKEN if taken (see seating)
    filled: int  # chairs taken
    jokers: list[int]  # the chairs where jokers sit, in order
    _legal: Legal | None  # legal actions of the current seat, computed once per state
    _chairs_shown: list[str | None] | None  # view["chairs"], kept while no chair changes
    _bar_shown: list[str] | None  # view["bar"], kept while nobody goes to the bar
    _hands_shown: list[list[str] | None]  # view["hands"][seat], kept while that hand stays
    _sizes_shown: list[int] | None  # view["hand_sizes"], kept while no hand size changes
    _out_shown: list[bool] | None  # view["out"], kept while nobody leaves

    # --- contract -----------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, seat: object) -> list[Action]:
        return list(map(dict, self._legal_of(seat).values()))

    def shared_legal_actions(self, seat: object) -> list[Action]:
        """The legal actions as the shared templates (:data:`TEMPLATES`; never change them)."""
        return list(self._legal_of(seat).values())

    def indexed_legal_actions(self, seat: object) -> tuple[object, Legal]:
        """The legal actions by their positions in :data:`TEMPLATES` (the state's own dict:
        never change it)."""
        return TEMPLATES, self._legal_of(seat)

    def _legal_of(self, seat: object) -> Legal:
        if self.over or type(seat) is not int or seat != self.current:
            return {}
        if self._legal is None:
            self._legal = self._actions()
        return self._legal

    def _apply(self, seat: int, action: Action) -> None:
        self._legal = None
        if not self.placed:
            self.events = []  # a new turn: its events accumulate until the next one begins
        kind = action["type"]
        if kind == "seat":
            self._seat(seat, guest_kind(action["guest"]), action["chair"])
        elif kind == "done":
            self._end_turn()
        elif kind == "refill":
            self._choose_refill(seat, fewer=action["fewer"])
        elif kind == "bar":
            self._to_bar(seat, guest_kind(action["guest"]))
        elif kind == "swap":
            self._swap(seat, action["chair"], guest_kind(action["guest"]))
        else:  # "pass"
            self.events.append({"event": "pass", "seat": seat})
            self.passes += 1
            self._end_turn()

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int | float]:
        if not self.over:
            return list(self.chips)
        return [
            chips if out else chips - hand_penalty(hand)
            for chips, out, hand in zip(self.chips, self.out, self.hands, strict=True)
        ]

    @property
    def winners(self) -> list[int]:
        if not self.over:
            return []
        scores = self.scores
        best = max(scores[s] for s in range(self.players) if not self.out[s])
        return [s for s in range(self.players) if not self.out[s] and scores[s] == best]

    def view(self, seat: object) -> JSON:
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            raise self.no_seat(seat)
        # Hands are open in Café International: every seat sees the same. The view shares what
        # never changes (the board, event dicts) and what the state replaces rather than
        # changes (the chairs, bar and hand lists); the rest is made anew.
        over = self.over
        return {
            "game": "cafe",
            "players": self.players,
            "seat": seat,
            "options": self.options,  # never mutated after creation
            "board": BOARD_JSON,
            "to_move": [] if over else [self.current],
            "current": self.current,
            "turn": self.turn,
            "chairs": self._chairs_json(),
            "bar": self._bar_json(),
            "hands": self._hands_json(),
            "hand_sizes": self._sizes_shown or self._kept_sizes(),
            "chips": self.chips[:],
            "scores": self.scores,
            "out": self._out_shown or self._kept_out(),
            "bag": len(self.bag),
            "placed": self.placed[:],
            "choosing_refill": self.choosing_refill,
            "events": self.events[:],  # event dicts are never changed once made
            "winners": self.winners if over else [],
        }

    def _chairs_json(self) -> list[str | None]:
        """``view["chairs"]``: kept while no chair changes, so that positions in a row share it
        (and ``observe`` can tell); :meth:`_put` and :meth:`_unseat` replace it by a copy with
        their chair changed (never changing a list a view may hold)."""
        if self._chairs_shown is None:
            self._chairs_shown = [_CODE_OR_NONE[g] for g in self.guests]
        return self._chairs_shown

    def _hands_json(self) -> list[list[str]]:
        """``view["hands"]``: a new list of each seat's hand list, kept while that hand stays
        (most hands stay from one turn of their owner to the next, and ``observe`` can tell);
        whatever changes a hand drops its list (:meth:`_hand_changed`), never changing it."""
        shown = self._hands_shown
        if None in shown:
            for seat, hand in enumerate(self.hands):
                if shown[seat] is None:
                    shown[seat] = [GUEST_CODES[g] for g in hand]
        return shown[:]  # type: ignore[return-value]  # no None left

    def _kept_sizes(self) -> list[int]:
        """``view["hand_sizes"]``, kept (shared by the views) until a hand size changes: a
        one-country table is rare, and ``observe`` can tell the list is the same."""
        self._sizes_shown = self.hand_sizes[:]
        return self._sizes_shown

    def _kept_out(self) -> list[bool]:
        """``view["out"]``, kept (shared by the views) until a player leaves."""
        self._out_shown = self.out[:]
        return self._out_shown

    def _hand_changed(self, seat: int) -> None:
        """Drop the seat's kept hand list (:meth:`_hands_json`): its hand is changing."""
        self._hands_shown[seat] = None

    def _bar_json(self) -> list[str]:
        """``view["bar"]``, made again only after a guest goes to the bar (:meth:`_to_bar`)."""
        if self._bar_shown is None:
            self._bar_shown = [GUEST_CODES[g] for g in self.bar]
        return self._bar_shown

    def to_json(self) -> JSON:
        return {
            "game": "cafe",
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "bag": [GUEST_CODES[g] for g in self.bag],
            "hands": [[GUEST_CODES[g] for g in hand] for hand in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "chips": list(self.chips),
            "out": list(self.out),
            "chairs": [None if g < 0 else GUEST_CODES[g] for g in self.guests],
            "bar": [GUEST_CODES[g] for g in self.bar],
            "current": self.current,
            "over": self.over,
            "placed": list(self.placed),
            "choosing_refill": self.choosing_refill,
            "turn": self.turn,
            "passes": self.passes,
            "events": copy.deepcopy(self.events),
        }

    def clone(self) -> CafeState:
        other = CafeState()
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.circles = self.circles
        other.rng = self.rng.copy()
        other.bag = self.bag[:]
        other.hands = [h[:] for h in self.hands]
        other.hand_sizes = self.hand_sizes[:]
        other.chips = self.chips[:]
        other.out = self.out[:]
        other.guests = self.guests[:]
        other.bar = self.bar[:]
        other.current = self.current
        other.choosing_refill = self.choosing_refill
        other.over = self.over
        other.placed = self.placed[:]
        other.turn = self.turn
        other.passes = self.passes
        other.events = self.events[:]  # event dicts are never changed once made
        other.men = self.men[:]
        other.women = self.women[:]
        other.natives = self.natives[:]
        other.mix = self.mix[:]
        other.pairs = self.pairs[:]
        other.filled = self.filled
        other.jokers = self.jokers[:]
        other._legal = self._legal  # never mutated: legal_actions hands out copies
        other._chairs_shown = self._chairs_shown  # never mutated: replaced on a change
        other._bar_shown = self._bar_shown
        other._hands_shown = self._hands_shown[:]  # the lists are replaced, never changed
        other._sizes_shown = self._sizes_shown
        other._out_shown = self._out_shown
        return other

    def _determinize(self, seat: int, rng: random.Random) -> CafeState:
        # Hands, chairs and bar are public: only the order of the bag is hidden,
        # and the future (the generator is re-seeded).
        other = self.clone()
        other.bag.sort()  # forget the true order before sampling one (no peeking)
        rng.shuffle(other.bag)
        other.rng = Rng(rng.getrandbits(64))
        return other

    # --- the three actions ----------------------------------------------------------

    def _seat(self, seat: int, kind: int, chair: int) -> None:
        """Seat a guest for good and score it; end the turn when nothing more may follow."""
        self._sit(seat, kind, chair)
        tables = CHAIR_TABLES[chair]
        # 2つのテーブルに挟まれる椅子に置いた場合には、その双方のテーブルについて個々に計算が行われ…
        # Each table the chair touches, with what it paid and why (public: the chairs are),
        # so that the log and the board tell the seating's points table by table.
        parts = [self._table_part(t) for t in tables]
        points = sum(part["points"] for part in parts)
        self.chips[seat] += points
        self.events.append(
            {
                "event": "seat",
                "seat": seat,
                "guest": GUEST_CODES[kind],
                "chair": chair,
                "points": points,
                "tables": parts,
            }
        )
        for t in tables:
            if self.natives[t] == CHAIRS_PER_TABLE:  # a full table, every guest of its country
                if self._is_circle(t) and self.filled < len(CHAIRS):
                    # Coffee circle: 補充する枚数を1枚少なくすることができます — may, not must:
                    # the player chooses when the turn ends (ruling 19). (On the last chair the
                    # game ends at once, with no refill to choose.)
                    self.choosing_refill = True
                    continue
                # 同一国籍4人のテーブル…を完成させた場合には…1枚少ない枚数だけ補充します
                # (ruling HAND_SIZE_DROPS_FOR_GOOD).
                self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
                self._sizes_shown = None
                self.events.append(
                    {
                        "event": "one_country",
                        "seat": seat,
                        "table": t,
                        "hand_size": self.hand_sizes[seat],
                    }
                )
        actions = self._actions()
        if len(actions) == 1 and _DONE_AT in actions:
            self._end_turn()
        else:
            self._legal = actions

    def _to_bar(self, seat: int, kind: int) -> None:
        """カウンター席の空いている次のマスにおかなければなりません — and win or pay its points."""
        self.hands[seat].remove(kind)
        self._hand_changed(seat)
        self.bar.append(kind)
        self._bar_shown = None
        points = BAR_POINTS[len(self.bar) - 1]
        event: dict[str, Any] = {
            "event": "bar",
            "seat": seat,
            "guest": GUEST_CODES[kind],
            "bar_seat": len(self.bar),
            "points": points,
        }
        self.events.append(event)
        self.passes = 0
        if self.chips[seat] + points < 0:
            # 失うポイントを支払うことができない場合は、直ちにゲームから抜けます。
            event["points"] = 0
            self.out[seat] = True
            self._out_shown = None
            if not LEAVER_KEEPS_CHIPS:
                self.chips[seat] = 0
            self.events.append({"event": "leave", "seat": seat})
            self._end_turn()
        else:
            self.chips[seat] += points
            self._end_turn(BAR_DRAW)

    def _swap(self, seat: int, chair: int, kind: int) -> None:
        """A seated joker goes back to the hand; the guest takes its chair. No points, no draw.

        ジョーカータイルは…再びプレイヤーの手元へと戻すことができます。交換によっては、ポイントを
        得ることはできず…布袋からタイルを補充することはありません。
        """
        joker = self.guests[chair]
        self._unseat(chair)
        self._put(chair, kind)
        hand = self.hands[seat]
        hand.remove(kind)
        insort(hand, joker)
        self._hand_changed(seat)
        self.events.append(
            {"event": "swap", "seat": seat, "chair": chair, "guest": GUEST_CODES[kind]}
        )
        self.passes = 0
        self._end_turn()

    # --- the flow of turns ----------------------------------------------------------

    def _is_circle(self, table: int) -> bool:
        """Whether a full table is a coffee circle (four women) or a regulars' table (four men)."""
        return self.circles and CHAIRS_PER_TABLE in (self.men[table], self.women[table])

    def _choose_refill(self, seat: int, *, fewer: bool) -> None:
        """The choice after a one-country coffee circle: refill one tile fewer (the hand size
        drops for good, as for the base game's bonus) or refill fully; then the turn ends."""
        self.choosing_refill = False
        if fewer:
            self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
            self._sizes_shown = None
        self.events.append(
            {"event": "refill_choice", "seat": seat, "fewer": fewer,
             "hand_size": self.hand_sizes[seat]}
        )  # fmt: skip
        self._end_turn()

    def _end_turn(self, draw: int = 0) -> None:
        """Draw ``draw`` tiles (after seating: up to the hand size), then end the game or pass
        the turn on. ゲームの終了: テーブル席が全て埋まる / カウンター席がすべて埋まる / プレイヤーの
        一人の手札がなくなり、さらに補充をする必要がない / 布袋の中のタイルが4枚以下になる."""
        seat = self.current
        if self.placed:
            self.passes = 0
            # タイルを配置したあとで、手札が再び5枚になるように布袋から補充を行います
            # — up to the seat's hand size, which one-country tables may have lowered.
            draw = self.hand_sizes[seat] - len(self.hands[seat])
        self.placed = []
        self.turn += 1
        reason = None
        if self.filled == len(CHAIRS):
            reason = "every chair is taken"
        elif len(self.bar) == len(BAR_POINTS):
            reason = "the bar is full"
        if draw > 0 and (reason is None or not LAST_SEAT_ENDS_AT_ONCE):
            self._draw(seat, draw)
        reason = reason or self._end_after_draw(seat)
        self._legal = None
        if reason is not None:
            self.over = True
            self.events.append({"event": "game_over", "reason": reason, "winners": self.winners})
            return
        nxt = (seat + 1) % self.players
        while self.out[nxt]:
            nxt = (nxt + 1) % self.players
        self.current = nxt

    def _end_after_draw(self, seat: int) -> str | None:
        """Why the game ends after this turn's draw, if it does."""
        active = self.players - sum(self.out)
        if not self.out[seat] and not self.hands[seat]:
            return f"seat {seat} has no guests left"
        if len(self.bag) <= END_BAG_LIMIT:
            return f"{len(self.bag)} tiles left in the bag"
        if active == 1:
            return "one player is left"  # ruling LEAVER_KEEPS_CHIPS
        if self.passes >= active:
            return "nobody can move"  # ruling PASS_WHEN_STUCK
        return None

    def _draw(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.bag:
                break
            insort(hand, self.bag.pop())
            drawn += 1
        if drawn:
            self._hand_changed(seat)
            self.events.append({"event": "draw", "seat": seat, "count": drawn})

    # --- legal actions --------------------------------------------------------------

    def _actions(self) -> Legal:
        """Every legal action of the current seat, in a fixed order: ready-made dicts
        (``_SEATINGS``, ``_BARS``, ``_DONE``…) shared by every state, which
        :meth:`legal_actions` copies before anyone may change them, by their positions in
        :data:`TEMPLATES`."""
        if self.choosing_refill:
            return {_FEWER_AT: _FEWER, _FULL_AT: _FULL}
        seat = self.current
        hand = self.hands[seat]
        placed = self.placed
        verdict = self._judge() if placed else DONE
        if placed and verdict == DONE and len(placed) >= GUESTS_PER_TURN:
            return {_DONE_AT: _DONE}  # two guests (or a whole circle): nothing may follow
        kinds = list(dict.fromkeys(hand))  # hands are kept sorted
        if verdict == DONE:
            # The first guest, or a second after a first that scored: any chair may do.
            actions = self._open_seatings(seat, kinds, first=not placed)
        elif not self.circles and len(placed) == 1:
            # A lone first guest, whom the next must join.
            actions = self._partner_seatings(placed[0], kinds)
        else:
            # The turn is not finished: the next guest must join a table it touched.
            near = {c for p in placed for t in CHAIR_TABLES[p] for c in TABLE_CHAIRS[t]}
            actions = self._tried_seatings(seat, kinds, sorted(near))
        if placed:
            if verdict == DONE:
                actions[_DONE_AT] = _DONE
            return actions
        for kind in kinds:
            if kind >> 1 != JOKER:
                # カウンター席にはジョーカーを置くことはできません。
                actions[_BAR_AT + kind] = _BARS[kind]
        actions.update(self._swaps(kinds))
        if not actions:
            actions[_PASS_AT] = _PASS  # ruling PASS_WHEN_STUCK
        return actions

    def _open_seatings(self, seat: int, kinds: list[int], first: bool) -> Legal:
        """Seatings of a guest that may sit anywhere it scores: the turn's first guest, or a
        second after a first that scored — the hot path of the engine.

        The verdict on a chair for a guest of a sex is looked up from the pair of its tables'
        mixes, which the state keeps per chair (:data:`~meeple.games.cafe.seating.
        SEAT_VERDICTS`: a taken chair's says NEVER); where it depends on the hand (a guest
        alone, a coffee circle), it is settled here."""
        guests = self.guests
        mix = self.mix
        pairs = self.pairs  # locals: the loop below runs some forty times per decision
        by_sex = SEAT_VERDICTS[self.circles]
        circles = self.circles
        exempt = first and self._exempt()
        hand = None  # _HandFacts, made when first needed
        actions: Legal = {}
        for kind in kinds:
            sex = kind & 1
            verdicts = by_sex[sex]
            seatings = _SEATINGS[kind]
            at = _SEAT_AT[kind]
            for chair in COUNTRY_CHAIRS[kind >> 1]:
                verdict = verdicts[pairs[chair]]
                if not verdict:  # NEVER (0): half the chairs are taken, the most common answer
                    continue
                if verdict == FITS:
                    actions[at + chair] = seatings[chair]
                    continue
                if verdict == ALONE:
                    # Alone at empty tables: only as the turn's first guest, and only if a
                    # guest from hand can join it (…直ちにそのテーブルの2枚目のタイルを置かなければ
                    # なりません) or the turn is exempt (1枚だけタイルを置くことができます).
                    if not first:
                        continue
                    if not exempt:
                        if hand is None:
                            hand = _HandFacts(self.hands[seat])
                        # :meth:`_can_pair`, written out (with the hand's facts made once): a
                        # guest from hand of the other sex on another chair of one of its
                        # (empty) tables, of a country that chair allows, and its other table
                        # taking one more. The first such ends the search.
                        countries = hand.countries[1 - sex]
                        takes = TAKES_ONE_MORE[1 - sex]
                        for partner, allowed, other in PARTNER_SPOTS[chair]:
                            if (
                                countries & allowed
                                and takes[mix[other]]
                                and guests[partner] == _EMPTY
                            ):
                                break  # a guest can join it
                        else:  # nobody to join it: only a coffee circle might allow it
                            if not (circles and self._circle_allows(chair, kind, verdict, hand)):
                                continue
                else:
                    if hand is None:
                        hand = _HandFacts(self.hands[seat])
                    if not self._circle_allows(chair, kind, verdict, hand):
                        continue
                actions[at + chair] = seatings[chair]
        return actions

    def _circle_allows(self, chair: int, kind: int, verdict: int, hand: _HandFacts) -> bool:
        """Whether a coffee circle could allow the turn's first ``kind`` on an empty ``chair``
        of tables of that ``verdict`` (``CIRCLE + n``, or ``ALONE`` with nobody to join it)."""
        if not self.circles:
            return False
        spare = hand.count[kind & 1] - 1  # the other guests of that sex in hand
        needs = CIRCLE_GUESTS - 1 if verdict == ALONE else verdict - CIRCLE
        return spare >= needs and self._circle_possible(chair, kind)

    def _partner_seatings(self, first: int, kinds: list[int]) -> Legal:
        """Seatings that join the lone first guest on chair ``first`` (coffee circles off): a
        guest of the other sex on another chair of its tables, of a country that chair allows,
        that chair's other table taking one more. These are the seatings that trying every
        guest on the chairs near it and judging the turn (:meth:`_tried_seatings`) finds, in
        the same order, without the tries."""
        sex = 1 - (self.guests[first] & 1)
        takes = TAKES_ONE_MORE[sex]
        guests = self.guests
        mix = self.mix
        spots = [
            (chair, allowed)
            for chair, allowed, other in PARTNER_SPOTS[first]
            if guests[chair] == _EMPTY and takes[mix[other]]
        ]
        actions: Legal = {}
        for kind in kinds:
            if kind & 1 != sex:
                continue
            country = _ANY_COUNTRY if kind >> 1 == JOKER else 1 << (kind >> 1)
            seatings = _SEATINGS[kind]
            at = _SEAT_AT[kind]
            for chair, allowed in spots:
                if country & allowed:
                    actions[at + chair] = seatings[chair]
        return actions

    def _tried_seatings(self, seat: int, kinds: list[int], chairs: list[int]) -> Legal:
        """Seatings among ``chairs``, each tried on the board and judged."""
        guests = self.guests
        actions: Legal = {}
        # Every try is undone: the views' chairs and hand lists stay right, and are set aside
        # meanwhile so that the tries do not copy them.
        shown, self._chairs_shown = self._chairs_shown, None
        hand_shown = self._hands_shown[seat]
        for kind in kinds:
            allowed = COUNTRY_CHAIRS[kind >> 1]
            for chair in chairs:
                if guests[chair] != _EMPTY or chair not in allowed:
                    continue
                self._sit(seat, kind, chair)
                verdict = self._judge()
                self._unsit(seat, chair)
                if verdict != DEAD:
                    actions[_SEAT_AT[kind] + chair] = _SEATINGS[kind][chair]
        self._chairs_shown = shown
        self._hands_shown[seat] = hand_shown
        return actions

    def _swaps(self, kinds: list[int]) -> Legal:
        """Jokers at tables that a guest of one of these kinds may replace."""
        swaps: Legal = {}
        guests = self.guests
        if JOKER_SWAP_SAME_SEX:  # the ruling in force: the kinds each joker takes, made once
            for chair in self.jokers:
                takes = _SWAPPABLE[chair][guests[chair] & 1]
                row = _SWAPS[chair]
                at = _SWAP_AT[chair]
                for kind in kinds:
                    if kind in takes:
                        swaps[at + kind] = row[kind]
            return swaps
        for chair in self.jokers:
            joker = guests[chair]
            for kind in kinds:
                if kind >> 1 == JOKER or kind >> 1 not in CHAIR_COUNTRIES[chair]:
                    continue
                if kind & 1 != joker & 1 and (
                    JOKER_SWAP_SAME_SEX or not self._sex_change_allowed(chair)
                ):
                    continue
                # (made for the call, at the position of the template it equals)
                swaps[_SWAP_AT[chair] + kind] = {
                    "type": "swap",
                    "chair": chair,
                    "guest": GUEST_CODES[kind],
                }
        return swaps

    def _sex_change_allowed(self, chair: int) -> bool:
        """Whether the tables of ``chair`` stay allowed if its guest is replaced by one of the
        other sex (only asked when ruling JOKER_SWAP_SAME_SEX is off)."""
        now = self.guests[chair] & 1
        for t in CHAIR_TABLES[chair]:
            m = self.men[t] + (1 if now == WOMAN else -1)
            w = self.women[t] + (1 if now == MAN else -1)
            if m + w > 1 and not (m and w and m <= MAX_PER_SEX and w <= MAX_PER_SEX):
                return False
        return True

    def _judge(self) -> int:
        """Can the turn, with the guests seated so far this turn, end now (DONE), only after
        more guests (MORE), or never (DEAD)?

        Rulebook: 配置するすべてのタイルが、その配置によってポイントを得ることができなければなりません
        — and the allowed tables: 男1女1 / 男1女2 / 男2女1 / 男2女2, or one guest whose chair joins a
        table with company (隣のテーブルで少なくとももう一枚のタイルと一緒にいれば).
        """
        men, women = self.men, self.women
        placed = self.placed
        lone = False
        circle = -1
        for chair in placed:
            for t in CHAIR_TABLES[chair]:
                m = men[t]
                w = women[t]
                if m and w:
                    if m > MAX_PER_SEX or w > MAX_PER_SEX:
                        return DEAD
                elif m + w == 1:
                    other = OTHER_TABLE[chair][t]
                    if other < 0 or men[other] + women[other] < LONE_GUEST_NEEDS_COMPANY_OF:
                        lone = True
                elif self.circles and m + w <= CIRCLE_GUESTS:
                    if circle >= 0 and circle != t:
                        return DEAD
                    circle = t
                else:
                    return DEAD
        if circle >= 0:
            return DEAD if lone else self._judge_circle(circle)
        if lone:
            if len(placed) > 1:
                return DEAD
            if self._exempt():
                return DONE  # ポイントを得ることがなくても、1枚だけタイルを置くことができます
            first = placed[0]
            sex = self.guests[first] & 1
            if self._can_pair(first, sex) or (
                self.circles and any(self._circle_can_finish(t, sex) for t in CHAIR_TABLES[first])
            ):
                return MORE
            return DEAD
        return DONE if len(placed) <= GUESTS_PER_TURN else DEAD

    def _exempt(self) -> bool:
        """Whether this turn began with no guest at any table (the first player's exemption)."""
        if EXEMPT_WHILE_NO_GUEST_SEATED:
            return self.filled == len(self.placed)
        return self.turn == 0

    def _can_pair(self, first: int, sex: int) -> bool:
        """Could a guest from hand pair up with a first guest of ``sex`` that sits alone on chair
        ``first`` (…同じ手番で直ちにそのテーブルの2枚目のタイルを置かなければなりません)? The
        first guest need not be seated yet; the second must be of the other sex, on another
        chair of its tables, of a country that chair allows, leaving that chair's other table
        allowed. (:meth:`_open_seatings` writes this out for every lone chair it looks at.)"""
        countries = self._hand_mask(1 - sex)
        takes = TAKES_ONE_MORE[1 - sex]
        guests = self.guests
        mix = self.mix
        for partner, allowed, other in PARTNER_SPOTS[first]:
            if countries & allowed and takes[mix[other]] and guests[partner] == _EMPTY:
                return True
        return False

    def _hand_mask(self, sex: int) -> int:
        """The countries of the guests of ``sex`` in the current hand, as a bit mask; a joker
        sets every bit."""
        return _HandFacts(self.hands[self.current]).countries[sex]

    def _takes_one_more(self, table: int, sex: int) -> bool:
        """Whether one more guest of ``sex`` at ``table`` leaves it allowed, that guest having
        company at its other table."""
        m = self.men[table] + (sex == MAN)
        w = self.women[table] + (sex == WOMAN)
        return m + w == 1 or (m > 0 and w > 0 and m <= MAX_PER_SEX and w <= MAX_PER_SEX)

    def _judge_circle(self, table: int) -> int:
        """A one-sex table with two or more guests: only a coffee circle in the making.

        Variation: 4人の女性だけの…もしくは男性だけの…テーブルを1回の手番でつくることのできる場合のみ.
        """
        sex = MAN if self.men[table] else WOMAN
        for chair in self.placed:
            # Ruling CIRCLE_ONLY_AT_ITS_TABLE: every guest of the turn joins the circle.
            if table not in CHAIR_TABLES[chair] or self.guests[chair] & 1 != sex:
                return DEAD
        if self.men[table] + self.women[table] == CIRCLE_GUESTS:
            return DONE
        return MORE if self._circle_can_finish(table, sex) else DEAD

    def _circle_can_finish(
        self, table: int, sex: int, taken: int = _EMPTY, used: int = _EMPTY
    ) -> bool:
        """Can the hand fill the table's empty chairs with guests of ``sex``, each leaving the
        chair's other table allowed? ``taken``/``used``: a chair and a kind from hand to count
        as already seated there (a guest being tried without seating it)."""
        chairs = [c for c in TABLE_CHAIRS[table] if self.guests[c] == _EMPTY and c != taken]
        for chair in chairs:
            other = OTHER_TABLE[chair][table]
            if other >= 0 and not self._takes_one_more(other, sex):
                return False
        tiles = [k for k in self.hands[self.current] if k & 1 == sex]
        if used != _EMPTY:
            tiles.remove(used)
        return len(tiles) >= len(chairs) and _can_fill(chairs, tiles)

    def _circle_possible(self, chair: int, kind: int) -> bool:
        """Could seating ``kind`` on the empty ``chair`` be part of a coffee circle this turn?
        The circle table is one of the chair's tables that seats nobody of the other sex,
        every guest seated this turn is at it and of that sex, and the hand can finish it.
        (:meth:`_judge` after seating the guest, for :meth:`_circle_allows`.)"""
        sex = kind & 1
        tables = CHAIR_TABLES[chair]
        seated = [t for t in tables if self.men[t] + self.women[t]]
        for t in seated or tables:
            if (self.women[t] if sex == MAN else self.men[t]) or any(
                t not in CHAIR_TABLES[p] or self.guests[p] & 1 != sex for p in self.placed
            ):
                continue
            if self._circle_can_finish(t, sex, chair, kind):
                return True
        return False

    # --- the board ------------------------------------------------------------------

    def _sit(self, seat: int, kind: int, chair: int) -> None:
        """Move a guest from the seat's hand to a chair, as part of this turn."""
        self.hands[seat].remove(kind)
        self._hand_changed(seat)
        self._put(chair, kind)
        self.placed.append(chair)

    def _unsit(self, seat: int, chair: int) -> None:
        """Undo :meth:`_sit` (used to try a seating out)."""
        self.placed.pop()
        insort(self.hands[seat], self._unseat(chair))
        self._hand_changed(seat)

    def _put(self, chair: int, kind: int) -> None:
        self.guests[chair] = kind
        self.pairs[chair] += TAKEN
        if self._chairs_shown is not None:
            shown = self._chairs_shown[:]
            shown[chair] = GUEST_CODES[kind]
            self._chairs_shown = shown
        self.filled += 1
        self._count(chair, kind, 1)

    def _unseat(self, chair: int) -> int:
        kind = self.guests[chair]
        self.guests[chair] = _EMPTY
        self.pairs[chair] -= TAKEN
        if self._chairs_shown is not None:
            shown = self._chairs_shown[:]
            shown[chair] = None
            self._chairs_shown = shown
        self.filled -= 1
        self._count(chair, kind, -1)
        return kind

    def _count(self, chair: int, kind: int, step: int) -> None:
        """Count a guest of ``kind`` on ``chair`` in (``step`` 1) or out (−1) of the tables'
        men, women, mixes and natives."""
        tables = CHAIR_TABLES[chair]
        if kind & 1:
            counts = self.women
            mix_step = step
        else:
            counts = self.men
            mix_step = step * MIX_MAN
        mix = self.mix
        for t in tables:
            counts[t] += step
            mix[t] += mix_step
        pairs = self.pairs
        for other, change in PAIR_STEPS[chair][kind & 1]:
            pairs[other] += change * step
        natives = self.natives
        for t in NATIVE_TABLES[chair][kind >> 1]:
            natives[t] += step
        if kind >> 1 == JOKER:  # kept here rather than searched for at every turn (_swaps)
            if step > 0:
                insort(self.jokers, chair)
            else:
                self.jokers.remove(chair)

    def _table_part(self, table: int) -> dict[str, Any]:
        """What a table pays the guest who just sat down at it, and why, as the seat event
        tells it: ``{"table", "guests", "points", "why"}``, ``why`` one of ``mixed``,
        ``one_country``, ``circle``, ``circle_one_country``, ``one_sex`` (no pair yet) and
        ``alone``."""
        m = self.men[table]
        w = self.women[table]
        n = m + w
        native = self.natives[table] == n
        if m and w:
            why = "one_country" if native else "mixed"
        elif self.circles and n == CIRCLE_GUESTS:
            why = "circle_one_country" if native else "circle"
        else:
            why = "one_sex" if n > 1 else "alone"
        return {"table": table, "guests": n, "points": self._table_points(table), "why": why}

    def _table_points(self, table: int) -> int:
        """What a table pays the guest who just sat down at it.

        異なった国籍の場合 ペア2点 ペア+1 3点 4人組4点; 全員が同じ国籍の場合 4点 6点 8点;
        a finished coffee circle 20点, 40点 if one country.
        """
        m = self.men[table]
        w = self.women[table]
        n = m + w
        if m and w:
            points = TABLE_POINTS[n]
            return points * ONE_COUNTRY_FACTOR if self.natives[table] == n else points
        if self.circles and n == CIRCLE_GUESTS:
            return ONE_COUNTRY_CIRCLE_POINTS if self.natives[table] == n else CIRCLE_POINTS
        return 0


class _HandFacts:
    """What :meth:`CafeState._open_seatings` asks of a hand, worked out once: the guests of each
    sex (``count``), their countries as bit masks (``countries``, a joker sets every bit)."""

    __slots__ = ("count", "countries")

    def __init__(self, hand: list[int]) -> None:
        count = [0, 0]
        countries = [0, 0]
        for kind in hand:  # (locals: made at nearly every turn start)
            sex = kind & 1
            count[sex] += 1
            countries[sex] |= _COUNTRY_BITS[kind]
        self.count = count
        self.countries = countries


_COUNTRY_BITS = tuple(
    _ANY_COUNTRY if kind >> 1 == JOKER else 1 << (kind >> 1) for kind in range(len(GUEST_CODES))
)
"""A kind's country as a bit mask (:meth:`CafeState._hand_mask`); a joker's sets every bit."""


def _can_fill(chairs: list[int], tiles: list[int]) -> bool:
    """Whether distinct tiles can take all the chairs, each of a country the chair allows."""
    if not chairs:
        return True
    chair, rest = chairs[0], chairs[1:]
    tried: set[int] = set()
    for i, kind in enumerate(tiles):
        if kind in tried:
            continue
        tried.add(kind)
        fits = kind >> 1 == JOKER or kind >> 1 in CHAIR_COUNTRIES[chair]
        if fits and _can_fill(rest, tiles[:i] + tiles[i + 1 :]):
            return True
    return False


def hand_penalty(hand: list[int]) -> int:
    """持っているゲストタイル1枚につき5点、ジョーカータイル1枚につき10点を減点します。"""
    return sum(JOKER_PENALTY if kind >> 1 == JOKER else TILE_PENALTY for kind in hand)


# --- the game ------------------------------------------------------------------------


class Cafe(Game[CafeState]):
    """Café International (Rudi Hoffmann, 1989) for 2–4 players."""

    id: ClassVar[str] = "cafe"
    name: ClassVar[str] = "Café International"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {
        "coffee_circle": Option(
            default=False,
            choices=[False, True],
            help="3 or 4 guests at once may make a table of four women or four men: 20 points, 40 if one country",
        ),
    }

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> CafeState:
        state = CafeState()
        state.players = players
        state.seed = seed
        state.options = options
        state.circles = bool(options["coffee_circle"])
        state.rng = Rng(seed)
        state.bag = list(FULL_BAG)
        state.rng.shuffle(state.bag)
        state.hands = [[] for _ in range(players)]
        state.hand_sizes = [HAND_SIZE] * players
        state.chips = [0] * players
        state.out = [False] * players
        state.guests = [_EMPTY] * len(CHAIRS)
        state.bar = []
        state.current = START_SEAT
        state.over = False
        state.placed = []
        state.choosing_refill = False
        state.turn = 0
        state.passes = 0
        state.events = []
        state.men = [0] * len(TABLES)
        state.women = [0] * len(TABLES)
        state.natives = [0] * len(TABLES)
        state.mix = [0] * len(TABLES) + [MIXES]
        state.pairs = list(EMPTY_PAIRS)
        state.filled = 0
        state.jokers = []
        state._legal = None
        state._chairs_shown = None
        state._bar_shown = None
        state._hands_shown = [None] * players
        state._sizes_shown = None
        state._out_shown = None
        for seat in range(players):
            state._draw(seat, HAND_SIZE)
        state.events = []
        return state

    def from_json(self, data: Mapping[str, Any]) -> CafeState:
        try:
            if data["game"] != "cafe" or data["format"] != FORMAT:
                raise ValueError("not a cafe state of a known format")
            state = self.new(data["players"], seed=data["seed"], options=data["options"])
            state.rng = Rng(_int(data["rng"]))
            state.bag = [guest_kind(g) for g in data["bag"]]
            state.hands = [sorted(guest_kind(g) for g in hand) for hand in data["hands"]]
            state._hands_shown = [None] * len(state.hands)
            state._sizes_shown = state._out_shown = None
            state.hand_sizes = [_int(n) for n in data["hand_sizes"]]
            state.chips = [_int(n) for n in data["chips"]]
            state.out = [_bool(b) for b in data["out"]]
            chairs = [_EMPTY if g is None else guest_kind(g) for g in data["chairs"]]
            state.bar = [guest_kind(g) for g in data["bar"]]
            state.current = _int(data["current"])
            state.over = _bool(data["over"])
            state.placed = [_int(c) for c in data["placed"]]
            state.choosing_refill = _bool(data["choosing_refill"])
            state.turn = _int(data["turn"])
            state.passes = _int(data["passes"])
            state.events = [dict(e) for e in data["events"]]
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"malformed cafe state: {err}") from err
        if len(chairs) != len(CHAIRS):
            raise ValueError(f"malformed cafe state: {len(chairs)} chairs, not {len(CHAIRS)}")
        for chair, kind in enumerate(chairs):
            if kind != _EMPTY:
                state._put(chair, kind)
        _check_consistent(state)
        return state

    def describe_action(self, action: Action) -> str:
        return text.describe_action(action)

    def describe_event(self, event: JSON, view: JSON) -> str:
        return text.describe_event(event)

    def render_text(self, view: JSON) -> str:
        return text.render_text(view)


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not an integer")
    return value


def _bool(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{value!r} is not true or false")
    return value


def _check_consistent(state: CafeState) -> None:
    """Refuse a stored state whose parts cannot belong together (a tampered record)."""

    def bad(reason: str) -> ValueError:
        return ValueError(f"malformed cafe state: {reason}")

    n = state.players
    per_seat = (state.hands, state.hand_sizes, state.chips, state.out)
    if any(len(part) != n for part in per_seat):
        raise bad("per-seat lists of the wrong length")
    tiles = sorted(
        [*state.bag, *state.bar, *(g for g in state.guests if g != _EMPTY)]
        + [g for hand in state.hands for g in hand]
    )
    if tiles != list(FULL_BAG):
        raise bad("the tiles do not add up to the bag of 100")
    if any(kind >> 1 == JOKER for kind in state.bar) or len(state.bar) > len(BAR_POINTS):
        raise bad("a joker at the bar, or more guests than bar seats")
    for chair, kind in enumerate(state.guests):
        if kind != _EMPTY and kind >> 1 != JOKER and kind >> 1 not in CHAIR_COUNTRIES[chair]:
            raise bad(f"{GUEST_CODES[kind]} may not sit on chair {chair}")
    placed = state.placed
    if len(set(placed)) != len(placed) or any(
        not 0 <= c < len(CHAIRS) or state.guests[c] == _EMPTY for c in placed
    ):
        raise bad("this turn's chairs are not taken by guests")
    touched = {t for c in placed for t in CHAIR_TABLES[c]}  # judged below, as a turn
    for t in TABLES:
        m, w = state.men[t], state.women[t]
        mixed = m and w and m <= MAX_PER_SEX and w <= MAX_PER_SEX
        circle = state.circles and m + w == CIRCLE_GUESTS and not (m and w)
        if t not in touched and not (m + w <= 1 or mixed or circle):
            raise bad(f"table {t} seats {m} men and {w} women")
    if any(not 0 <= size <= HAND_SIZE for size in state.hand_sizes):
        raise bad("a hand size out of range")
    if any(len(hand) > HAND_SIZE for hand in state.hands):
        raise bad(f"a hand of more than {HAND_SIZE} tiles")
    if not 0 <= state.current < n or state.turn < 0 or not 0 <= state.passes <= n:
        raise bad("a seat or counter out of range")
    if sum(state.out) >= n:
        raise bad("every player has left")
    if state.over:
        if state.placed:
            raise bad("guests seated in a turn of a finished game")
        return
    if state.out[state.current] or not state.hands[state.current]:
        raise bad("the seat to move has left or has no guests")
    if len(state.bag) <= END_BAG_LIMIT:
        raise bad("a game in progress with too few tiles in the bag")
    if placed and state._judge() == DEAD:
        raise bad("this turn's guests cannot be finished legally")


GAME = Cafe()
CafeState.game = GAME
__all__ = ["GAME", "Cafe", "CafeState", "hand_penalty"]
