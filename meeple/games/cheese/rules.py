"""Go da Cheese!: the state and its transitions.

Cheeses lie in a circle; each player has a deck of 15 animal cards in their
colour. On a turn a player either draws 3 cards or places 3: that is one
decision (``draw``, or ``place`` the first card at any cheese) followed, for a
placement, by two more (``place`` at the next cheese, then the next). When every
deck and hand is empty the queues are revealed and resolved
(:mod:`meeple.games.cheese.resolution`) and the game is over. No decision is
simultaneous. ``docs/rules/cheese.md`` lists every ruling; the constants are in
:mod:`meeple.games.cheese.data`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, ClassVar

from meeple.core.game import JSON, Action, Game, OptionValue, State
from meeple.core.rng import Rng
from meeple.games.cheese import render, views
from meeple.games.cheese.data import (
    ANIMAL_BY_NAME,
    ANIMAL_NAMES,
    ANIMALS,
    CHEESE_CARDS,
    CHEESE_COUNTS,
    CHEESES_BY_PLAYERS,
    DECK_COUNTS,
    DECK_SIZE,
    DRAW_COUNT,
    HAND_LIMIT,
    IS_MARKED,
    NEXT_CHEESE_STEP,
    OPENING_HAND,
    PLACE_COUNT,
    START_SEAT,
    TURN_STEP,
    TURNS_PER_PLAYER,
)
from meeple.games.cheese.resolution import Placed, Won, resolve_circle
from meeple.games.cheese.scoring import points
from meeple.games.cheese.scoring import winners as ranked_winners

FORMAT = 1

PLAY = "play"
OVER = "over"
_REVEALED = "revealed"
"""The key of the queues as everyone sees them once over, among the seats' keys in ``_shown``."""

# Legal-action dicts are built fresh for every call (callers may keep or mutate
# them), but copied from these templates, which keeps the hot path short.
_DRAW: Action = {"type": "draw"}
_PLACE = [
    [{"type": "place", "cheese": c, "card": name} for name in ANIMAL_NAMES]
    for c in range(max(CHEESES_BY_PLAYERS.values()))
]

TEMPLATES: tuple[Action, ...] = (_DRAW, *(action for row in _PLACE for action in row))
"""Every ready-made action (:meth:`CheeseState.shared_legal_actions` hands out these)."""


@cache
def _placements(first: int, count: int, hand: tuple[int, ...]) -> tuple[Action, ...]:
    """The templates of placing each animal of ``hand`` (counts by animal) at ``count``
    cheeses from ``first`` on, cheese by cheese (few combinations exist: a hand holds at
    most six cards)."""
    animals = [a for a in ANIMALS if hand[a]]
    return tuple(_PLACE[c][a] for c in range(first, first + count) for a in animals)


@cache
def _turn_starts(cheeses: int, hand: tuple[int, ...], deck_left: bool) -> tuple[Action, ...]:
    """The templates of a turn's first decision: draw (if the hand has room and the deck a
    card), then place any animal of ``hand`` at any of the ``cheeses`` (with 3+ cards)."""
    size = sum(hand)
    actions = [_DRAW] if size < HAND_LIMIT and deck_left else []
    if size >= PLACE_COUNT:
        actions += _placements(0, cheeses, hand)
    return tuple(actions)


_CARDS = [
    [
        [(card, card.face_up) for card in (Placed(seat, animal, order) for order in range(4))]
        for animal in ANIMALS
    ]
    for seat in views.SEATS
]
"""Every card that can be placed, by seat, animal and order (1–3; 0 is never placed), with
whether it lies face up: cards are immutable tuples, so the queues share these."""


class CheeseState(State):
    """A game of Go da Cheese! in progress."""

    __slots__ = (
        "_placements",
        "_shown",
        "cheeses",
        "current",
        "decks",
        "events",
        "hands",
        "next_cheese",
        "options",
        "phase",
        "piles",
        "placed",
        "players",
        "queues",
        "rng",
        "seed",
    )

    players: int
    seed: int
    options: dict[str, OptionValue]
    rng: Rng
    cheeses: list[int]  # the number on each cheese, by circle position (clockwise)
    decks: list[list[int]]  # per seat, animals, top of the deck last
    hands: list[list[int]]  # per seat, counts by animal
    queues: list[list[Placed]]  # per circle position, the front (next to the cheese) first
    current: int  # the seat whose turn it is (the last one, once over)
    placed: int  # cards placed so far in this turn: 0 between turns, else 1 or 2
    next_cheese: int | None  # where this turn's next card goes (None between turns)
    phase: str
    piles: list[list[Won]]  # per seat, the cards in front of them (filled at the end)
    events: list[dict[str, Any]]  # the last turn, and the resolution at the end, for logs
    _shown: dict[int | str | None, views.Shown]  # per seat, its last view's cheeses (a cache)
    _placements: list[int]  # the cheese of each card placed since _shown was last emptied

    # --- contract -----------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return (self.current,) if self.phase == PLAY else ()

    def legal_actions(self, seat: object) -> list[Action]:
        return list(map(dict.copy, self.shared_legal_actions(seat)))

    def shared_legal_actions(self, seat: object) -> tuple[Action, ...]:
        """The legal actions as the shared templates (:data:`TEMPLATES`), in a tuple made
        once per hand and cheese: never change them."""
        if seat != self.current or type(seat) is not int or self.phase != PLAY:
            return ()
        hand = tuple(self.hands[seat])
        if self.next_cheese is not None:
            # The 2nd and 3rd cards of a placement go to the next cheese, whatever they are.
            return _placements(self.next_cheese, 1, hand)
        return _turn_starts(len(self.cheeses), hand, bool(self.decks[seat]))

    def _apply(self, seat: int, action: Action) -> None:
        if self.placed == 0:
            self.events = []  # a new turn starts a fresh log
        if action["type"] == "draw":
            self._draw(seat)
            self._end_turn()
            return
        animal = ANIMAL_BY_NAME[action["card"]]
        cheese: int = action["cheese"]
        order = self.placed + 1
        card, face_up = _CARDS[seat][animal][order]
        self.hands[seat][animal] -= 1
        self.queues[cheese].append(card)
        self._placements.append(cheese)
        self.events.append(
            {
                "event": "place",
                "seat": seat,
                "cheese": cheese,
                "card": action["card"] if face_up else None,
                "placed": order,
            }
        )
        if order == PLACE_COUNT:
            self.placed = 0
            self.next_cheese = None
            self._end_turn()
        else:
            self.placed = order
            self.next_cheese = (cheese + NEXT_CHEESE_STEP) % len(self.cheeses)

    def public_action(self, seat: int, action: Action) -> Action:
        """A placement as the others see it: a card laid face down without its animal
        (``{"type": "place", "cheese": 4}``), one laid face up (a 2nd or 3rd card that is
        not marked) whole — as the ``place`` event tells it."""
        if action["type"] != "place":
            return action
        _, face_up = _CARDS[seat][ANIMAL_BY_NAME[action["card"]]][self.placed + 1]
        return action if face_up else {"type": "place", "cheese": action["cheese"]}

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int | float]:
        if self.phase != OVER:
            return [0] * self.players  # nobody wins a card before the end
        return [points(pile) for pile in self.piles]

    @property
    def winners(self) -> list[int]:
        return ranked_winners(self.piles) if self.phase == OVER else []

    def view(self, seat: object) -> JSON:
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise self.no_seat(seat)
        over = self.phase == OVER
        view: JSON = {
            "game": "cheese",
            "players": self.players,
            "seat": seat,
            "colours": views.colours(self.players),
            "phase": self.phase,
            "to_move": [] if over else views.seat_list(self.current),
            "turn": None if over else self.current,
            "placed": self.placed,
            "next_cheese": self.next_cheese,
            "cheeses": self._cheeses_seen_by(seat, over),  # every queue revealed at the end
            "hand_sizes": list(map(sum, self.hands)),
            "deck_sizes": list(map(len, self.decks)),
            # During play (every view but the last few), these are shared constants (views
            # are read-only snapshots): nobody has won a card yet, so the piles are empty,
            # the scores zero and there is no winner.
            "piles": (
                [list(map(views.WON_VIEWS.__getitem__, pile)) for pile in self.piles]
                if over
                else views.no_piles(self.players)
            ),
            "scores": self.scores if over else views.no_scores(self.players),
            "winners": self.winners if over else views.NOBODY,
            # Event dicts never change once made: the view shares them, not the list.
            "events": self.events[:],
        }
        if seat is not None:
            view["hand"] = views.hand_names(tuple(self.hands[seat]))
            view["deck"] = self._deck_seen_by(seat)
        return view

    def _deck_seen_by(self, seat: int) -> list[str]:
        """``seat``'s deck as its view shows it: the names of what is left, sorted (a player
        knows their deck's cards, though not in what order).

        A deck only shrinks (by draws), so while its size is unchanged the list of the
        seat's last view still holds and is shared with the next one (a read-only snapshot).
        """
        deck = self.decks[seat]
        kept = self._shown.get(seat)
        if kept is None:
            kept = self._shown[seat] = views.Shown(self.cheeses)
        if kept.deck is None or kept.deck_size != len(deck):
            kept.deck = list(map(ANIMAL_NAMES.__getitem__, sorted(deck)))
            kept.deck_size = len(deck)
        return kept.deck

    def _cheeses_seen_by(self, seat: int | None, over: bool) -> list[JSON]:
        """The view's ``cheeses`` for ``seat``: ``{"cheese": number, "queue": [card, …]}`` per
        position, the card dicts from the tables in :mod:`~meeple.games.cheese.views`.

        Each position's dict is kept for the next view of the same seat and shared with it
        while that queue has not grown (queues only grow, and a view is a read-only
        snapshot): a new card makes a new dict, so earlier views keep what they showed.
        """
        key = _REVEALED if over else seat
        kept = self._shown.get(key)
        if kept is None:
            kept = self._shown[key] = views.Shown(self.cheeses)
        done = len(self._placements)
        if kept.upto == done:
            return kept.cheeses[:]  # no card placed since this seat's last view
        # The cheeses that got a card since (all of them for a new Shown, which may be of
        # a copy whose queues are not empty).
        changed = range(len(self.queues)) if kept.upto < 0 else set(self._placements[kept.upto :])
        card_of = (views.CARDS_REVEALED if over else views.cards_seen_by(seat)).__getitem__
        for i in changed:
            queue = self.queues[i]
            shown = kept.lengths[i]
            if len(queue) != shown:
                added = list(map(card_of, queue[shown:]))
                old = kept.cheeses[i]
                kept.cheeses[i] = {"cheese": old["cheese"], "queue": old["queue"] + added}
                kept.lengths[i] = len(queue)
        kept.upto = done
        return kept.cheeses[:]

    def to_json(self) -> JSON:
        return {
            "game": "cheese",
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "cheeses": list(self.cheeses),
            "decks": [list(deck) for deck in self.decks],
            "hands": [list(hand) for hand in self.hands],
            "queues": [[list(card) for card in queue] for queue in self.queues],
            "current": self.current,
            "placed": self.placed,
            "next_cheese": self.next_cheese,
            "phase": self.phase,
            "piles": [[list(won) for won in pile] for pile in self.piles],
            "events": copy.deepcopy(self.events),
        }

    def clone(self) -> CheeseState:
        other = CheeseState()
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.rng = self.rng.copy()
        other.cheeses = self.cheeses  # never mutated after set-up
        other.decks = [deck[:] for deck in self.decks]
        other.hands = [hand[:] for hand in self.hands]
        other.queues = [queue[:] for queue in self.queues]  # Placed cards are tuples
        other.current = self.current
        other.placed = self.placed
        other.next_cheese = self.next_cheese
        other.phase = self.phase
        other.piles = [pile[:] for pile in self.piles]
        # Event dicts are never changed once made; only the list grows.
        other.events = self.events[:]
        other._shown = {}  # determinize changes hidden cards in place: build views afresh
        other._placements = []
        return other

    def _determinize(self, seat: int, rng: random.Random) -> CheeseState:
        other = self.clone()
        other.rng = Rng(rng.getrandbits(64))
        if self.phase == OVER:
            return other  # everything has been revealed
        for s in range(self.players):
            if s == seat:
                # A player knows their deck's cards but not their order. Sorting first
                # keeps the real order from leaking into the sample.
                other.decks[s].sort()
                rng.shuffle(other.decks[s])
            else:
                _resample_hidden(other, s, rng)
        return other

    # --- the flow of the game -----------------------------------------------------

    def _draw(self, seat: int) -> None:
        deck = self.decks[seat]
        hand = self.hands[seat]
        count = min(DRAW_COUNT, len(deck))
        for _ in range(count):
            hand[deck.pop()] += 1
        self.events.append({"event": "draw", "seat": seat, "count": count})

    def _end_turn(self) -> None:
        """Pass the turn on; when every deck and hand is empty, resolve the circle.

        Rulebook: a) か b) をおこなったら、…のプレイヤーの手番となります。これを全員の山札を
        手札が無くなるまで続けます。全員の山札と手札が全てなくなったら得点計算に進みます。
        """
        n = self.players
        for k in range(1, n + 1):
            s = (self.current + k * TURN_STEP) % n
            # Everyone takes 9 turns, so nobody is ever skipped; the test keeps it safe.
            if self.decks[s] or any(self.hands[s]):
                self.current = s
                return
        self.phase = OVER
        self.piles, log = resolve_circle(n, self.cheeses, self.queues)
        self.events.extend(log)
        self.events.append({"event": "game_over", "scores": self.scores, "winners": self.winners})


def _resample_hidden(state: CheeseState, seat: int, rng: random.Random) -> None:
    """Re-deal ``seat``'s unseen cards: its deck, its hand and its face-down cards.

    A face-down card placed 2nd or 3rd is known to be marked (only marked cards go face
    down there), so those places get marked cards; the rest is shuffled over the others.
    """
    hand = state.hands[seat]
    pool = [*state.decks[seat], *hand_list(hand)]
    hidden: list[tuple[int, int]] = []  # (position, index in queue)
    for position, queue in enumerate(state.queues):
        for i, card in enumerate(queue):
            if card.seat == seat and not card.face_up:
                hidden.append((position, i))
                pool.append(card.animal)
    pool.sort()  # the sample must depend on what is known and rng, not on the real cards
    must_be_marked = [(p, i) for p, i in hidden if state.queues[p][i].order > 1]
    marked = [a for a in pool if IS_MARKED[a]]
    rest = [a for a in pool if not IS_MARKED[a]]
    rng.shuffle(marked)
    rest.extend(marked[len(must_be_marked) :])
    rng.shuffle(rest)
    for (p, i), animal in zip(must_be_marked, marked, strict=False):
        state.queues[p][i] = state.queues[p][i]._replace(animal=animal)
    for p, i in hidden:
        if state.queues[p][i].order == 1:
            state.queues[p][i] = state.queues[p][i]._replace(animal=rest.pop())
    size = sum(hand)
    state.hands[seat] = counts_of(rest[:size])
    state.decks[seat] = rest[size:]


def hand_list(hand: list[int]) -> list[int]:
    """A hand of counts as a sorted list of animals."""
    return [a for a in ANIMALS for _ in range(hand[a])]


def counts_of(animals: list[int]) -> list[int]:
    """A list of animals as counts by animal."""
    counts = [0] * len(ANIMALS)
    for a in animals:
        counts[a] += 1
    return counts


# --- the game ------------------------------------------------------------------------


class Cheese(Game[CheeseState]):
    """Go da Cheese! (Hisashi Hayashi, OKAZU brand 2015) for 3–5 players."""

    id: ClassVar[str] = "cheese"
    name: ClassVar[str] = "Go da Cheese!"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> CheeseState:
        state = CheeseState()
        state.players = players
        state.seed = seed
        state.options = options
        state.rng = Rng(seed)
        # Rulebook: チーズカードをよくシャッフルし、円になるようにおもてにして並べます。
        cheeses = list(CHEESE_CARDS)
        state.rng.shuffle(cheeses)
        state.cheeses = cheeses[: CHEESES_BY_PLAYERS[players]]
        state.decks = []
        state.hands = []
        for _ in range(players):
            # Rulebook: 受け取った動物カードは各自うら向きにしてよく混ぜて積み重ね、山札にします。
            deck = [a for a in ANIMALS for _ in range(DECK_COUNTS[a])]
            state.rng.shuffle(deck)
            state.hands.append(counts_of([deck.pop() for _ in range(OPENING_HAND)]))
            state.decks.append(deck)
        state.queues = [[] for _ in state.cheeses]
        state.current = START_SEAT
        state.placed = 0
        state.next_cheese = None
        state.phase = PLAY
        state.piles = [[] for _ in range(players)]
        state.events = []
        state._shown = {}
        state._placements = []
        return state

    def from_json(self, data: Mapping[str, Any]) -> CheeseState:
        try:
            if data["game"] != "cheese" or data["format"] != FORMAT:
                raise ValueError("not a cheese state of a known format")
            state = self.new(data["players"], seed=data["seed"], options=data["options"])
            state.rng = Rng(_int(data["rng"]))
            state.cheeses = [_int(v) for v in data["cheeses"]]
            state.decks = [[_int(a) for a in deck] for deck in data["decks"]]
            state.hands = [[_int(n) for n in hand] for hand in data["hands"]]
            state.queues = [
                [Placed(_int(s), _int(a), _int(o)) for s, a, o in queue] for queue in data["queues"]
            ]
            state.current = _int(data["current"])
            state.placed = _int(data["placed"])
            nxt = data["next_cheese"]
            state.next_cheese = None if nxt is None else _int(nxt)
            state.phase = str(data["phase"])
            state.piles = [
                [Won(_int(a), _int(c), str(how)) for a, c, how in pile] for pile in data["piles"]
            ]
            state.events = [dict(event) for event in data["events"]]
            state._shown = {}  # the queues were replaced
            state._placements = []
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise ValueError(f"malformed cheese state: {err}") from err
        _check_consistent(state)
        return state

    def describe_action(self, action: Action) -> str:
        return render.describe_action(action)

    def describe_event(self, event: JSON, view: JSON) -> str:
        return render.describe_event(event, view["colours"])

    def render_text(self, view: JSON) -> str:
        return render.render_text(view)


def _int(value: object) -> int:
    """An int from stored data; refuse bools, floats and strings instead of coercing them."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def _check_consistent(state: CheeseState) -> None:
    """Refuse a stored state whose parts cannot belong together (a tampered record)."""

    def bad(why: str) -> ValueError:
        return ValueError(f"malformed cheese state: {why}")

    n = state.players
    count = len(state.cheeses)
    if count != CHEESES_BY_PLAYERS[n]:
        raise bad(f"{count} cheeses for {n} players")
    if any(state.cheeses.count(v) > CHEESE_COUNTS.get(v, 0) for v in state.cheeses):
        raise bad("cheese cards that are not in the box")
    if len(state.decks) != n or len(state.hands) != n or len(state.piles) != n:
        raise bad("per-seat lists of the wrong length")
    if len(state.queues) != count:
        raise bad("a queue count that does not match the cheeses")
    if any(len(hand) != len(ANIMALS) or min(hand) < 0 for hand in state.hands):
        raise bad("a hand that is not a count per animal")
    if any(sum(hand) > HAND_LIMIT for hand in state.hands):
        raise bad("a hand over the limit")
    if any(a not in ANIMALS for deck in state.decks for a in deck):
        raise bad("a deck card that is no animal")
    cards = [counts_of(deck) for deck in state.decks]
    queued = [0] * n
    for queue in state.queues:
        for card in queue:
            if not (0 <= card.seat < n and card.animal in ANIMALS and 1 <= card.order <= 3):
                raise bad(f"a card {tuple(card)} that cannot be in a queue")
            cards[card.seat][card.animal] += 1
            queued[card.seat] += 1
    for s in range(n):
        held = [a + b for a, b in zip(cards[s], state.hands[s], strict=True)]
        if held != list(DECK_COUNTS):
            raise bad(f"seat {s}'s cards do not add up to a deck of {DECK_SIZE}")
    if state.phase not in (PLAY, OVER) or not 0 <= state.current < n:
        raise bad("an unknown phase or seat")
    if not 0 <= state.placed < PLACE_COUNT or (state.placed == 0) != (state.next_cheese is None):
        raise bad("a placement count that does not match the next cheese")
    _check_turns(state, queued, bad)
    if state.phase == OVER:
        piles, _ = resolve_circle(n, state.cheeses, state.queues)
        if state.piles != piles:
            raise bad("the cards won do not follow from the queues")
    elif any(state.piles):
        raise bad("cards won before the end")


def _check_turns(state: CheeseState, queued: list[int], bad: Callable[[str], ValueError]) -> None:
    """Every seat has taken the turns its cards show, in turn order up to the current seat."""
    n = state.players
    taken = []
    for s in range(n):
        draws, odd = divmod(DECK_SIZE - OPENING_HAND - len(state.decks[s]), DRAW_COUNT)
        places, partial = divmod(queued[s], PLACE_COUNT)
        if odd or draws < 0 or partial != (state.placed if s == state.current else 0):
            raise bad(f"seat {s}'s cards do not match whole turns")
        taken.append(draws + places)
    order = [(START_SEAT + k * TURN_STEP) % n for k in range(n)]
    here = order.index(state.current)
    if state.phase == OVER:
        expected = [TURNS_PER_PLAYER] * n
    else:
        done = taken[state.current]
        if done >= TURNS_PER_PLAYER:
            raise bad("the seat to move has no turn left")
        expected = [0] * n
        for k, s in enumerate(order):
            expected[s] = done + 1 if k < here else done
    if taken != expected or (state.phase == OVER and state.placed):
        raise bad("turns out of order")
    if state.next_cheese is not None:
        # Mid-turn, this turn's cards are the last of their queues, one cheese apart.
        count = len(state.cheeses)
        for back in range(1, state.placed + 1):
            queue = state.queues[(state.next_cheese - back * NEXT_CHEESE_STEP) % count]
            card = queue[-1] if queue else None
            if card is None or (card.seat, card.order) != (state.current, state.placed + 1 - back):
                raise bad("the turn in progress does not match the queues")


GAME = Cheese()
CheeseState.game = GAME
__all__ = ["GAME", "Cheese", "CheeseState"]
