"""A café bot that plays the way a sensible person does, from its view alone.

At each decision it plans the rest of the turn — one or two guests — on a small
model of the board built from ``view(seat)``, and values every plan by:

- the points its guests score as they sit down, plus a bonus for finishing a
  table of four of its own country (the hand shrinks for good: one tile fewer
  to pay for at the end);
- the cost of a joker spent: it fits any chair, so early on it is kept for a
  seating that scores clearly more than a plain guest could; near the end a
  joker still in hand costs 10, so it is spent;
- the openings it leaves: hands lie face up, so the bot knows what the next
  players could score at the tables it touched, and counts what it hands them
  (or takes away from them) against its own points;
- its own prospects: the best seating left for the guests it keeps, so that it
  does not strand itself with guests that fit nowhere.

The bar is valued the same way: its seat's points, a point of tempo less, and
never a seat the player cannot pay for (they would leave the game); the guest
sent there is the one with the poorest prospects. A joker swap scores nothing
but brings the joker back, which is worth it when nothing better is on offer.

Plans are first ranked on points alone; only the best few are weighed for
openings and prospects, which keeps a decision to a few milliseconds. Coffee
circles (an option) are not planned for; the bot still plays them legally.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from meeple.core.bot import HeuristicBot, SearchPlan
from meeple.core.game import JSON, Action
from meeple.games.cafe.board import (
    BAR_POINTS,
    CHAIR_COUNTRY_MASK,
    CHAIR_TABLES,
    CHAIRS,
    COUNTRY_CHAIRS,
    OTHER_TABLE,
    TABLE_CHAIRS,
    TABLE_COUNTRY,
    TABLES,
)
from meeple.games.cafe.data import (
    CIRCLE_POINTS,
    JOKER,
    LONE_GUEST_NEEDS_COMPANY_OF,
    MAX_PER_SEX,
    ONE_COUNTRY_CIRCLE_POINTS,
    ONE_COUNTRY_FACTOR,
    TABLE_POINTS,
    guest_kind,
)

ONE_COUNTRY_BONUS = 4.0
"""Finishing a table of four of its country lowers the hand size for good: one tile (5 points)
fewer in hand at the end, less a little for the choice of guests lost."""
JOKER_RESERVE = 3.0
"""What a joker in hand is worth beyond its first use while the game is young: it fits every
chair, so it should only be spent where it scores clearly more than a plain guest could."""
JOKER_DUMP = 3.0
"""Near the end a joker left in hand costs 10 instead of 5: spending one is then a gain."""
ENDGAME_BAG = 12
"""Bag size below which the game may end within a round or two: jokers are spent, not saved."""
THREAT_WEIGHTS = (0.6, 0.3, 0.15)
"""How much a point of opening counts for the next, second and third player: the next player
sees it for sure, later ones only if nobody took it first; and an opening is not all lost, as
the bot may take it itself. (Weights from 0.6 to 1.0 measured alike; none measured worse.)"""
POTENTIAL = 0.4
"""How much the best seating left for the kept guests counts: less than a point in hand, as
the board changes before the bot's next turn and the refill is unknown."""
LIVE_GUEST = 1.0
"""What each kept guest that could score right now is worth: a hand of guests that fit
nowhere ends at the bar. (2.0 measured worse, 0.4 no better than nothing.)"""
BAR_TEMPO = 1.0
"""A bar turn seats nobody and builds no table: worth a point less than its seat's value."""
SWAP_TEMPO = 1.0
"""A swap scores nothing and draws nothing: it must be worth the joker it brings back."""
RUIN = -1000.0
"""A bar seat the player cannot pay for makes them leave the game: never, unless forced."""
STUCK = -50.0
"""A first guest that the model sees no way to finish the turn with."""
PLANS_WEIGHED = 16
"""How many of the best plans on points alone are weighed for openings and prospects."""
PARTNERS_TRIED = 3
"""For each first guest, how many of the best guests at other tables are tried as its partner."""

DEAD, MORE, DONE = 0, 1, 2
"""A turn so far can never be finished, needs more guests, or may end now."""
_EMPTY = -1


def fits(kind: int, chair: int) -> bool:
    """Whether a guest may sit on a chair by its country (a joker anywhere)."""
    return kind >> 1 == JOKER or bool(CHAIR_COUNTRY_MASK[chair] & (1 << (kind >> 1)))


class Board:
    """The guests on the chairs, with per-table counts of men, women and guests of the
    table's own country (jokers included), so that points are arithmetic."""

    def __init__(self, chairs: list[int], circles: bool = False) -> None:
        self.guests = [_EMPTY] * len(CHAIRS)
        self.men = [0] * len(TABLES)
        self.women = [0] * len(TABLES)
        self.natives = [0] * len(TABLES)
        self.circles = circles
        for chair, kind in enumerate(chairs):
            if kind != _EMPTY:
                self.put(chair, kind)

    def put(self, chair: int, kind: int) -> None:
        self.guests[chair] = kind
        self._count(chair, kind, 1)

    def take(self, chair: int) -> int:
        kind = self.guests[chair]
        self._count(chair, kind, -1)
        self.guests[chair] = _EMPTY
        return kind

    def _count(self, chair: int, kind: int, step: int) -> None:
        country = kind >> 1
        for t in CHAIR_TABLES[chair]:
            if kind & 1:
                self.women[t] += step
            else:
                self.men[t] += step
            if country == JOKER or country == TABLE_COUNTRY[t]:
                self.natives[t] += step

    def seat_points(self, chair: int) -> int:
        """What the guest just seated on ``chair`` scores, at each table its chair touches."""
        total = 0
        for t in CHAIR_TABLES[chair]:
            m, w, natives = self.men[t], self.women[t], self.natives[t]
            if m and w:
                total += TABLE_POINTS[m + w] * (ONE_COUNTRY_FACTOR if natives == m + w else 1)
            elif self.circles and m + w == 4:
                total += ONE_COUNTRY_CIRCLE_POINTS if natives == 4 else CIRCLE_POINTS
        return total

    def completed(self, chair: int) -> int:
        """Tables of the chair now seating four guests of their own country."""
        return sum(self.natives[t] == 4 for t in CHAIR_TABLES[chair])

    def verdict(self, placed: list[int], exempt: bool) -> int:
        """The engine's rules for a turn so far (coffee circles left out): every table touched
        seats a man and a woman, at most two of each, or one guest with company at the chair's
        other table; a first guest alone must be joined, unless no table had a guest."""
        lone = False
        for chair in placed:
            for t in CHAIR_TABLES[chair]:
                m, w = self.men[t], self.women[t]
                if m and w:
                    if m > MAX_PER_SEX or w > MAX_PER_SEX:
                        return DEAD
                elif m + w == 1:
                    lone = lone or not self._has_company(chair, t, 0)
                else:
                    return DEAD
        if lone:
            if len(placed) > 1:
                return DEAD
            return DONE if exempt else MORE
        return DONE

    def _has_company(self, chair: int, table: int, coming: int) -> bool:
        """Whether a guest alone at ``table`` has company at the chair's other table, with
        ``coming`` guests about to sit on the chair (and so at both tables)."""
        other = OTHER_TABLE[chair][table]
        seated = self.men[other] + self.women[other] + coming if other >= 0 else 0
        return seated >= LONE_GUEST_NEEDS_COMPANY_OF

    def alone_points(self, chair: int, kind: int) -> int:
        """What a guest on an empty chair would score as a turn's first guest, without seating
        it; 0 if it could not sit there or would score only once joined."""
        sex = kind & 1
        native = kind >> 1 == JOKER
        total = 0
        for t in CHAIR_TABLES[chair]:
            m = self.men[t] + (1 - sex)
            w = self.women[t] + sex
            if m and w:
                if m > MAX_PER_SEX or w > MAX_PER_SEX:
                    return 0
                same = self.natives[t] + (native or kind >> 1 == TABLE_COUNTRY[t]) == m + w
                total += TABLE_POINTS[m + w] * (ONE_COUNTRY_FACTOR if same else 1)
            elif m + w == 1:
                if not self._has_company(chair, t, 1):
                    return 0
            else:
                return 0
        return total

    def best_seat(self, kinds: set[int], chairs: list[int]) -> int:
        """The most one guest of ``kinds`` scores by itself on one of the empty ``chairs``."""
        best = 0
        for chair in chairs:
            if self.guests[chair] != _EMPTY:
                continue
            for kind in kinds:
                if fits(kind, chair):
                    best = max(best, self.alone_points(chair, kind))
        return best

    def room_for(self, kind: int) -> int:
        """Empty chairs a guest of ``kind`` may take at tables still short of its sex."""
        seated = self.women if kind & 1 else self.men
        return sum(
            self.guests[chair] == _EMPTY
            and all(seated[t] < MAX_PER_SEX for t in CHAIR_TABLES[chair])
            for chair in COUNTRY_CHAIRS[kind >> 1]
        )

    def seats_by_worth(self, kind: int) -> list[tuple[int, int]]:
        """(points, chair) for a guest of ``kind`` alone on every empty chair it may take,
        best first."""
        seats = [
            (self.alone_points(chair, kind), chair)
            for chair in COUNTRY_CHAIRS[kind >> 1]
            if self.guests[chair] == _EMPTY
        ]
        return sorted(seats, reverse=True)


@dataclass
class Seat:
    """One guest on one chair, as the model scored it."""

    kind: int
    chair: int
    gain: float
    verdict: int
    action: Action | None = None  # the legal action, for a guest that can be seated now


@dataclass(order=True)
class Plan:
    """The rest of a turn: its guests in order, and their value on points alone."""

    gain: float
    seats: list[Seat] = field(compare=False)


@dataclass
class Turn:
    """What the bot knows at a decision, read from ``view(seat)``."""

    board: Board
    hand: list[int]
    placed: list[int]  # chairs seated earlier this turn
    exempt: bool  # no table had a guest when the turn began
    bag: int
    chips: int
    bar: int  # guests at the bar
    rivals: list[set[int]]  # the guest kinds of the players after us, in turn order
    _seats: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # seats_by_worth

    @classmethod
    def read(cls, view: dict[str, Any], seat: int) -> Turn:
        chairs = [_EMPTY if g is None else guest_kind(g) for g in view["chairs"]]
        players = view["players"]
        after = [(seat + k) % players for k in range(1, players)]
        return cls(
            board=Board(chairs, bool(view["options"].get("coffee_circle"))),
            hand=[guest_kind(g) for g in view["hands"][seat]],
            placed=list(view["placed"]),
            exempt=sum(k != _EMPTY for k in chairs) == len(view["placed"]),
            bag=view["bag"],
            chips=view["chips"][seat],
            bar=len(view["bar"]),
            rivals=[{guest_kind(g) for g in view["hands"][s]} for s in after if not view["out"][s]],
        )

    def joker_cost(self) -> float:
        return JOKER_RESERVE if self.bag > ENDGAME_BAG else -JOKER_DUMP

    def gain(self, kind: int, chair: int) -> float:
        """Points of a guest just seated on the model, its bonus, and the cost of its tile."""
        gain = self.board.seat_points(chair) + ONE_COUNTRY_BONUS * self.board.completed(chair)
        return gain - self.joker_cost() if kind >> 1 == JOKER else gain

    def prospect(self, kept: list[int], tables: Collection[int] = ()) -> float:
        """What the guests we keep promise: the best seating left for one of them, and how
        many could score at all, on the board as it stands (which differs from the board of
        the decision at most at ``tables``)."""
        near = {c for t in tables for c in TABLE_CHAIRS[t]}
        worths = []
        for kind in kept:
            if kind >> 1 == JOKER:
                continue  # a joker's worth in hand is JOKER_RESERVE, counted where it is spent
            if kind not in self._seats:
                self._seats[kind] = self.board.seats_by_worth(kind)
            far = next((p for p, c in self._seats[kind] if c not in near), 0)
            worths.append(max(far, self.board.best_seat({kind}, list(near))))
        if not worths:
            return 0.0
        return POTENTIAL * max(worths) + LIVE_GUEST * sum(w > 0 for w in worths)

    def openings(self, tables: set[int]) -> float:
        """What the next players could score at these tables, weighted by how soon they play."""
        chairs = [c for t in tables for c in TABLE_CHAIRS[t]]
        return sum(
            weight * self.board.best_seat(kinds, chairs)
            for weight, kinds in zip(THREAT_WEIGHTS, self.rivals, strict=False)
        )

    def weigh(self, gain: float, moves: list[tuple[int, int]], kept: list[int]) -> float:
        """A change of the board worth ``gain`` on points: (chair, kind) puts a guest there,
        (chair, -1) takes one away. Adds our prospects after it, less the openings it leaves
        the next players beyond those there were."""
        board = self.board
        tables = {t for chair, _ in moves for t in CHAIR_TABLES[chair]}
        before = self.openings(tables)
        undo = []
        for chair, kind in moves:
            undo.append((chair, board.guests[chair]))
            if board.guests[chair] != _EMPTY:
                board.take(chair)
            if kind != _EMPTY:
                board.put(chair, kind)
        value = gain - (self.openings(tables) - before) + self.prospect(kept, tables)
        for chair, kind in reversed(undo):
            if board.guests[chair] != _EMPTY:
                board.take(chair)
            if kind != _EMPTY:
                board.put(chair, kind)
        return value


def without(hand: list[int], *kinds: int) -> list[int]:
    """The hand less one tile of each of ``kinds``."""
    rest = list(hand)
    for kind in kinds:
        rest.remove(kind)
    return rest


class CafeHeuristicBot(HeuristicBot):
    """Sensible café play from ``view(seat)`` and ``legal_actions(seat)``."""

    def decide(self, view: JSON, legal: list[Action], seat: int) -> Action:
        turn = Turn.read(view, seat)
        best, value = legal[0], float("-inf")
        for action, worth in self.options(turn, legal):
            if worth > value:  # the first of equals, so choices never depend on chance
                best, value = action, worth
        return best

    def rank(self, view: JSON, legal: list[Action], seat: int) -> list[Action]:
        """Every legal action, the most valuable first (the first of equals as in ``decide``)."""
        # Each legal index: its best value, and where in the options that value first came.
        worth: dict[int, tuple[float, int]] = {}
        for position, (action, value) in enumerate(self.options(Turn.read(view, seat), legal)):
            index = legal.index(action)
            if index not in worth or value > worth[index][0]:
                worth[index] = (value, position)
        valued = sorted(worth, key=lambda i: (-worth[i][0], worth[i][1]))
        return [legal[i] for i in valued] + [a for i, a in enumerate(legal) if i not in worth]

    def options(self, turn: Turn, legal: list[Action]) -> list[tuple[Action, float]]:
        """The actions worth considering, each with its value."""
        options = self._seatings(turn, [a for a in legal if a["type"] == "seat"])
        bar = [a for a in legal if a["type"] == "bar"]
        if bar:
            options.append(self._bar(turn, bar))
        for action in legal:
            if action["type"] == "done":
                options.append((action, turn.prospect(turn.hand)))
            elif action["type"] == "swap":
                options.append((action, self._swap_value(turn, action)))
            elif action["type"] == "refill":
                # The rulebook's bonus (特典): fewer tiles in hand, fewer to pay for at the end.
                options.append((action, 1.0 if action["fewer"] else 0.0))
        return options

    # --- seating ------------------------------------------------------------------

    def _seatings(self, turn: Turn, seats: list[Action]) -> list[tuple[Action, float]]:
        """Seat actions, each valued by the best plan for the turn that begins with it."""
        firsts = [self._seat(turn, guest_kind(a["guest"]), a["chair"], a) for a in seats]
        room = not turn.placed  # a second guest may still follow
        partners = sorted(
            (s for s in firsts if s.verdict == DONE and self._scores(turn, s)),
            key=lambda s: -s.gain,
        )
        plans: list[Plan] = []
        for first in firsts:
            if first.verdict == DONE:
                plans.append(Plan(first.gain, [first]))
            if room:
                plans.extend(self._joined(turn, first))
                if first.verdict == DONE and self._scores(turn, first):
                    plans.extend(self._apart(turn, first, partners))
        plans.sort(reverse=True)
        options = [(s.action, STUCK) for s in firsts if s.action is not None]
        for plan in plans[:PLANS_WEIGHED]:
            moves = [(s.chair, s.kind) for s in plan.seats]
            kept = without(turn.hand, *(s.kind for s in plan.seats))
            action = plan.seats[0].action
            if action is not None:
                options.append((action, turn.weigh(plan.gain, moves, kept)))
        return options

    def _seat(self, turn: Turn, kind: int, chair: int, action: Action | None) -> Seat:
        board = turn.board
        board.put(chair, kind)
        verdict = board.verdict([*turn.placed, chair], turn.exempt)
        seat = Seat(kind, chair, turn.gain(kind, chair), verdict, action)
        board.take(chair)
        return seat

    def _scores(self, turn: Turn, seat: Seat) -> bool:
        """Whether a guest scores by itself (not a lone first guest of an empty board)."""
        board = turn.board
        board.put(seat.chair, seat.kind)
        scores = board.verdict([seat.chair], exempt=False) == DONE
        board.take(seat.chair)
        return scores

    def _joined(self, turn: Turn, first: Seat) -> list[Plan]:
        """Two-guest plans whose second guest joins a table of the first."""
        board = turn.board
        spare = set(without(turn.hand, first.kind))
        plans = []
        board.put(first.chair, first.kind)
        for t in CHAIR_TABLES[first.chair]:
            for chair in TABLE_CHAIRS[t]:
                if board.guests[chair] != _EMPTY:
                    continue
                for kind in spare:
                    if not fits(kind, chair):
                        continue
                    board.put(chair, kind)
                    if board.verdict([first.chair, chair], turn.exempt) == DONE:
                        second = Seat(kind, chair, turn.gain(kind, chair), DONE)
                        plans.append(Plan(first.gain + second.gain, [first, second]))
                    board.take(chair)
        board.take(first.chair)
        return plans

    def _apart(self, turn: Turn, first: Seat, partners: list[Seat]) -> list[Plan]:
        """Two-guest plans whose second guest sits at other tables, where it scores alone."""
        near = {c for t in CHAIR_TABLES[first.chair] for c in TABLE_CHAIRS[t]}
        spare = without(turn.hand, first.kind)
        plans = []
        for second in partners:
            if second.chair not in near and second.kind in spare:
                plans.append(Plan(first.gain + second.gain, [first, second]))
                if len(plans) == PARTNERS_TRIED:
                    break
        return plans

    # --- the bar and swaps ------------------------------------------------------------

    def _bar(self, turn: Turn, bar: list[Action]) -> tuple[Action, float]:
        """The guest with the poorest prospects goes to the bar, if any does."""

        def prospects(action: Action) -> tuple[int, float]:
            kind = guest_kind(action["guest"])
            return turn.board.room_for(kind), turn.prospect([kind])

        action = min(bar, key=prospects)
        points = BAR_POINTS[turn.bar]
        if turn.chips + points < 0:
            return action, RUIN
        kept = without(turn.hand, guest_kind(action["guest"]))
        return action, points - BAR_TEMPO + turn.prospect(kept)

    def _swap_value(self, turn: Turn, action: Action) -> float:
        """No points, but the joker comes back to hand (and the guest leaves it)."""
        chair, kind = action["chair"], guest_kind(action["guest"])
        joker = turn.board.guests[chair]
        kept = [*without(turn.hand, kind), joker]
        return turn.weigh(turn.joker_cost() - SWAP_TEMPO, [(chair, kind)], kept)


SEARCH = SearchPlan(iterations=60, rollout_limit=10, score_scale=10.0)
"""``hard``: 60 playouts a decision, cut after 10 decisions (about two turns each) and
judged by the chips (a margin of 10 chips, about a good turn, counts as a clear lead)."""
