"""The engine's seating decisions against a brute-force reading of the rules.

The engine decides quickly whether a guest may sit down (``seating.chair_verdict``, looked up
by ``CafeState._open_seatings``; ``_judge``). Here every possible turn — every sequence of
seatings — is enumerated from positions of random games and checked against the rules as
written below, directly from the rulebook and our rulings; the engine must offer exactly the
first guests that begin a legal turn, exactly the second guests that continue one, and
``done`` exactly when the turn so far is a legal turn by itself.
"""

from __future__ import annotations

import random

import pytest

from meeple.games.cafe import GAME, CafeState
from meeple.games.cafe.board import (
    CHAIR_TABLES,
    COUNTRY_CHAIRS,
    OTHER_TABLE,
    TABLE_CHAIRS,
    TABLE_COUNTRY,
)
from meeple.games.cafe.data import JOKER, guest_code, guest_kind

Seating = tuple[int, int]  # (kind, chair)


def allowed(state: CafeState, table: int) -> bool:
    """男1女1 / 男1女2 / 男2女1 / 男2女2, a lone guest with company at its other table, or (with
    the variation) a finished circle of four."""
    m, w = state.men[table], state.women[table]
    if m + w == 0:
        return True
    if m and w:
        return m <= 2 and w <= 2
    if m + w == 1:
        chair = next(c for c in TABLE_CHAIRS[table] if state.guests[c] >= 0)
        other = OTHER_TABLE[chair][table]
        return other >= 0 and state.men[other] + state.women[other] >= 2
    return state.circles and m + w == 4


def points(state: CafeState, chair: int) -> int:
    """What the guest just seated on ``chair`` scores: 2/3/4, doubled for one country (the
    table's own, jokers included); a finished circle 20, or 40."""
    total = 0
    for t in CHAIR_TABLES[chair]:
        guests = [state.guests[c] for c in TABLE_CHAIRS[t] if state.guests[c] >= 0]
        sexes = {g & 1 for g in guests}
        one_country = all(g >> 1 in (JOKER, TABLE_COUNTRY[t]) for g in guests)
        if len(guests) >= 2 and len(sexes) == 2:
            total += (0, 0, 2, 3, 4)[len(guests)] * (2 if one_country else 1)
        elif state.circles and len(guests) == 4:
            total += 40 if one_country else 20
    return total


def is_legal_turn(state: CafeState, turn: list[Seating]) -> bool:
    """Whether seating ``turn`` in order is a whole legal turn (``state`` is left unchanged)."""
    exempt = state.filled == 0
    seat = state.current
    scored: list[int] = []
    fine_after_first = True
    for i, (kind, chair) in enumerate(turn):
        empty_before = all(state.men[t] + state.women[t] == 0 for t in CHAIR_TABLES[chair])
        state._sit(seat, kind, chair)
        scored.append(points(state, chair))
        if i == 0:
            fine_after_first = all(allowed(state, t) for t in CHAIR_TABLES[chair]) or empty_before
    tables = {t for _, c in turn for t in CHAIR_TABLES[c]}
    every_table_fine = all(allowed(state, t) for t in tables)
    circle = False
    if state.circles and len(turn) in (3, 4):
        common = set.intersection(*(set(CHAIR_TABLES[c]) for _, c in turn))
        one_sex = len({k & 1 for k, _ in turn}) == 1
        circle = one_sex and any(state.men[t] + state.women[t] == 4 for t in common)
    for _ in turn:
        state._unsit(seat, state.placed[-1])
    if circle:
        return every_table_fine
    if len(turn) == 1:
        return (every_table_fine and scored[0] > 0) or exempt
    if len(turn) == 2:
        joined = scored[0] > 0 or bool(
            set(CHAIR_TABLES[turn[0][1]]) & set(CHAIR_TABLES[turn[1][1]])
        )
        return fine_after_first and every_table_fine and scored[1] > 0 and joined
    return False


def next_seatings(state: CafeState, turn: list[Seating]) -> list[Seating]:
    """Every seating a guest from hand could try after ``turn``. Only chairs next to a guest
    can follow a first guest: a guest at an empty table can neither score nor join one."""
    hand = list(state.hands[state.current])
    for kind, _ in turn:
        hand.remove(kind)
    taken = {c for _, c in turn}
    occupied = {t for t in range(24) if state.men[t] + state.women[t]}
    occupied |= {t for _, c in turn for t in CHAIR_TABLES[c]}
    out = []
    for kind in sorted(set(hand)):
        for chair in COUNTRY_CHAIRS[kind >> 1]:
            if state.guests[chair] >= 0 or chair in taken:
                continue
            if turn and not set(CHAIR_TABLES[chair]) & occupied:
                continue
            out.append((kind, chair))
    return out


def legal_continuations(state: CafeState, turn: list[Seating]) -> set[Seating]:
    """The seatings that begin (or continue) at least one legal turn."""
    found = set()
    for step in next_seatings(state, turn):
        if extends(state, [*turn, step]):
            found.add(step)
    return found


def extends(state: CafeState, turn: list[Seating]) -> bool:
    """Whether ``turn`` is a legal turn or the beginning of one."""
    if is_legal_turn(state, turn):
        return True
    limit = 4 if state.circles else 2
    if len(turn) >= limit:
        return False
    if len(turn) >= 2 and not set.intersection(*(set(CHAIR_TABLES[c]) for _, c in turn)):
        return False  # more than two guests only ever sit round one circle table
    return any(extends(state, [*turn, step]) for step in next_seatings(state, turn))


def sample_positions(circles: bool, count: int) -> list[CafeState]:
    """Positions from random games, at a turn's start or after its first guest. With the
    variation, every other position gets a hand of one sex, so that circles can be made."""
    positions = []
    for seed in range(count):
        state = GAME.new(2 + seed % 3, seed=500 + seed, options={"coffee_circle": circles})
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        if circles and seed % 2 and not state.placed:
            state = one_sex_hand(state, rng.randrange(2), rng)
        positions.append(state)
    return positions


def one_sex_hand(state: CafeState, sex: int, rng: random.Random) -> CafeState:
    """The same position, the current hand traded with the bag for five guests of ``sex``,
    as many of them as possible of one country (so that they could fill one of its tables)."""
    data = state.to_json()
    seat = state.current
    bag = data["bag"] + data["hands"][seat]
    rng.shuffle(bag)
    alike = [g for g in bag if g.endswith("MW"[sex])]
    country = max(sorted({g[:3] for g in alike}), key=lambda c: sum(g[:3] == c for g in alike))
    hand = sorted(alike, key=lambda g: g[:3] != country)[:5]
    for guest in hand:
        bag.remove(guest)
    data["hands"][seat], data["bag"] = hand, bag
    return GAME.from_json(data)


def seatings_offered(state: CafeState) -> set[Seating]:
    """The engine's legal seatings, as (kind, chair)."""
    return {
        (guest_kind(a["guest"]), a["chair"])
        for a in state.legal_actions(state.current)
        if a["type"] == "seat"
    }


@pytest.mark.parametrize("circles", [False, True], ids=["base", "coffee_circle"])
def test_the_engine_offers_exactly_the_seatings_the_rules_allow(circles: bool) -> None:
    """配置するすべてのタイルが…ポイントを得ることができなければなりません, the allowed tables, the first
    guest's exemption and (with the variation) the circles, checked by brute force: from each
    position, turns are explored guest by guest (a few branches at each step) and every step is
    compared."""
    rng = random.Random(7)
    checked: list[int] = []
    for state in sample_positions(circles, 30):
        turn = [(state.guests[c], c) for c in state.placed]
        start = state.clone()
        for _ in turn:
            start._unsit(start.current, start.placed[-1])
        explore(state, start, turn, rng, checked)
    assert len(checked) > 150
    assert max(checked) == (4 if circles else 2)  # whole turns were walked, circles too


def explore(
    state: CafeState,
    start: CafeState,
    turn: list[Seating],
    rng: random.Random,
    checked: list[int],
) -> None:
    """Compare the engine with the rules at ``state`` (``turn`` seated since ``start``), then
    follow a few of the seatings offered."""
    seat = start.current
    offered = seatings_offered(state)
    assert offered == legal_continuations(start, turn)
    if turn:
        # A turn that may end offers "done" — or, after a one-country circle, the refill
        # choice that ends it (ruling 19).
        done = {"type": "done"} in state.legal_actions(seat) or state.choosing_refill
        assert done == is_legal_turn(start, turn)
    checked.append(len(turn))
    # Guests of the first one's sex first: they lead on to coffee circles.
    alike = sorted(s for s in offered if turn and s[0] & 1 == turn[0][0] & 1)
    others = sorted(offered - set(alike))
    chosen = rng.sample(alike, min(2, len(alike)))
    chosen += rng.sample(others, min(3 - len(chosen), len(others)))
    for kind, chair in chosen:
        after = state.clone()
        after.apply(seat, {"type": "seat", "guest": guest_code(kind), "chair": chair})
        longer = [*turn, (kind, chair)]
        if after.current != seat or after.is_over:
            # The turn ended by itself: it is a legal turn and nothing could follow.
            assert is_legal_turn(start, longer)
            assert not legal_continuations(start, longer)
            checked.append(len(longer))
        else:
            explore(after, start, longer, rng, checked)
