"""The engine's fast paths agree with the slow, plain ones they stand for.

- The seatings looked up from the tables' mixes (``seating.CHAIR_VERDICTS``, used by
  ``_open_seatings``) are the seatings found by trying every guest on every chair and judging
  the turn (``_tried_seatings`` + ``_judge``, the rule as written).
- The derived facts the state keeps (``mix``, ``jokers``) match the chairs.
- The views' shared parts (the chairs and bar lists kept while they stay) equal freshly built
  ones, and views stay snapshots at every step.
- ``observe`` with its caches (chairs and bar by identity) gives the same entries as a cold
  encoder.
"""

from __future__ import annotations

import json
import random

import pytest

from meeple.core.encoding import ActionSpace, Features
from meeple.games.cafe import GAME, rules
from meeple.games.cafe.board import CHAIR_COUNTRIES, CHAIR_TABLES, CHAIRS, TABLE_CHAIRS, TABLES
from meeple.games.cafe.data import GUEST_CODES, JOKER
from meeple.games.cafe.encoding import ENCODING, CafeEncoding
from meeple.games.cafe.rules import DONE, MORE, TEMPLATES, CafeState
from meeple.games.cafe.seating import (
    CHAIR_VERDICTS,
    MIX_MAN,
    MIXES,
    NEVER,
    PARTNER_SPOTS,
    SEAT_VERDICTS,
    TABLE_SPOTS,
    TAKEN,
    TAKES_ONE_MORE,
    chair_verdict,
)
from tests.games.view_checks import assert_views_fresh_and_kept

CONFIGS = [(players, circles) for players in (2, 3, 4) for circles in (False, True)]


def _positions(players: int, circles: bool, games: int = 6) -> list[CafeState]:
    """Every position of a few random games (copies)."""
    out = []
    for seed in range(games):
        state = GAME.new(players, seed=seed, options={"coffee_circle": circles})
        rng = random.Random(seed)
        while not state.is_over:
            out.append(state.clone())
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def test_the_verdict_table_is_the_rule() -> None:
    """Every entry of ``CHAIR_VERDICTS`` is :func:`chair_verdict` of its mixes, and
    ``SEAT_VERDICTS`` is the same, then NEVER for every taken chair."""
    for circles in (False, True):
        table = CHAIR_VERDICTS[circles]
        for sex in (0, 1):
            seat = SEAT_VERDICTS[circles][sex]
            assert seat[:TAKEN] == table[sex] and set(seat[TAKEN:]) == {NEVER}
            assert len(seat) == 2 * TAKEN
        for a in range(MIXES):
            for b in range(MIXES + 1):
                second = None if b == MIXES else (b // MIX_MAN, b % MIX_MAN)
                for sex in (0, 1):
                    mixes = ((a // MIX_MAN, a % MIX_MAN), second)
                    assert table[sex][a * (MIXES + 1) + b] == chair_verdict(mixes, sex, circles)


@pytest.mark.parametrize(("players", "circles"), CONFIGS)
def test_looked_up_seatings_are_the_tried_ones(players: int, circles: bool) -> None:
    """Wherever the engine takes the fast path, trying each seating on the board and judging
    the turn finds exactly the same seatings, in the same order."""
    checked = 0
    for state in _positions(players, circles):
        if state.choosing_refill or (state.placed and state._judge() != DONE):
            continue
        seat = state.current
        kinds = sorted(set(state.hands[seat]))
        fast = state._open_seatings(seat, kinds, first=not state.placed)
        slow = state._tried_seatings(seat, kinds, list(CHAIRS))
        assert list(fast.items()) == list(slow.items()), state.to_json()
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(("players", "circles"), CONFIGS)
def test_table_mixes_follow_the_chairs(players: int, circles: bool) -> None:
    """``mix`` is men × 5 + women of every table, then the "no table" entry; whether a table
    takes one more guest, looked up by its mix, is what the state works out; ``jokers`` lists
    the chairs where jokers sit."""
    for state in _positions(players, circles, games=3):
        mix = [0] * len(TABLES)
        for chair, kind in enumerate(state.guests):
            if kind >= 0:
                for t in CHAIR_TABLES[chair]:
                    mix[t] += 1 if kind & 1 else MIX_MAN
        assert state.mix == [*mix, MIXES]
        # Each chair's pair: its tables' mixes (the second "no table" for a chair of one
        # table), plus TAKEN while a guest sits there.
        for chair, tables in enumerate(CHAIR_TABLES):
            second = mix[tables[1]] if len(tables) == 2 else MIXES
            pair = mix[tables[0]] * (MIXES + 1) + second
            assert state.pairs[chair] == pair + (TAKEN if state.guests[chair] >= 0 else 0)
        assert GAME.from_json(state.to_json()).pairs == state.pairs
        jokers = [chair for chair, kind in enumerate(state.guests) if kind >> 1 == JOKER]
        assert state.jokers == jokers
        assert GAME.from_json(state.to_json()).jokers == jokers
        for t in TABLES:
            for sex in (0, 1):
                assert TAKES_ONE_MORE[sex][mix[t]] == state._takes_one_more(t, sex)


def _fresh_view(state: CafeState, seat: int | None) -> object:
    """The view built with nothing shared: a copy of the state with every cache dropped."""
    other = state.clone()
    other._chairs_shown = other._bar_shown = None
    other._hands_shown = [None] * state.players
    other._sizes_shown = other._out_shown = None
    return other.view(seat)


@pytest.mark.parametrize(("players", "circles"), CONFIGS)
def test_shared_view_parts_equal_fresh_ones_and_stay(players: int, circles: bool) -> None:
    """At every step of a game the view equals one built from scratch (key order included),
    and every view handed out earlier still reads as it did (snapshots)."""
    state = GAME.new(players, seed=7, options={"coffee_circle": circles})
    assert_views_fresh_and_kept(state, _fresh_view, random.Random(7), lambda s, _: s.to_move[0])


@pytest.mark.parametrize(("players", "circles"), CONFIGS)
def test_cached_observations_equal_cold_ones(players: int, circles: bool) -> None:
    """One encoder observing every seat at every step, as an agent loop does, gives the same
    entries as a new encoder (empty caches) and as a copy of the view (no identity to reuse)."""
    warm = CafeEncoding()
    options = {"coffee_circle": circles}
    for state in _positions(players, circles, games=3):
        for seat in range(players):
            view = state.view(seat)
            got = warm.observe(view, seat, players, options)
            cold = CafeEncoding().observe(json.loads(json.dumps(view)), seat, players, options)
            assert _entries(got) == _entries(cold)
            assert got.size == cold.size


def test_observations_in_any_order_equal_cold_ones() -> None:
    """The encoder patches its remembered chairs from the last view it saw, whichever that
    was: views taken backwards (chairs emptied since) and shuffled give the cold entries, and
    an empty chair has no entry at all (its one-hot is all zeros)."""
    options = {"coffee_circle": True}
    views = [(state.view(state.current), state.current) for state in _positions(3, True, 2)]
    rng = random.Random(3)
    for order in (views[::-1], rng.sample(views, len(views))):
        warm = CafeEncoding()
        for view, seat in order:
            got = warm.observe(view, seat, 3, options)
            cold = CafeEncoding().observe(json.loads(json.dumps(view)), seat, 3, options)
            assert _entries(got) == _entries(cold)
            taken = sum(code is not None for code in view["chairs"])
            chairs = [i for i in got.entries()[0] if 3 <= i < 3 + len(CHAIRS) * len(GUEST_CODES)]
            assert len(chairs) == taken


def _entries(f: Features) -> list[tuple[int, float]]:
    index, values = f.entries()
    assert len(set(index)) == len(index), "a position written twice"
    return sorted(zip(index, values, strict=True))


def test_hand_entries_count_each_guest() -> None:
    """A hand's slice holds 0.5 per tile of each guest (two alike: 1.0), whatever the order."""
    encoding = CafeEncoding()
    state = GAME.new(2, seed=3)
    view = dict(state.view(0))  # a copy: the view itself stays as it was
    view["hands"] = [["AFR-W", "GER-M", "AFR-W"], []]
    f = encoding.observe(view, 0, 2, {"coffee_circle": False})
    dense = f.dense()
    size = len(GUEST_CODES)
    hand = dense[f.size - 2 * size : f.size - size]
    assert hand[GUEST_CODES.index("AFR-W")] == 1.0
    assert hand[GUEST_CODES.index("GER-M")] == 0.5
    assert sum(hand) == 1.5


def test_quick_indices_are_the_general_ones() -> None:
    """The seat and bar look-ups give :class:`ActionSpace`'s own index for every action, and
    malformed seatings are refused as it refuses them."""
    space = ENCODING.action_space(2, {"coffee_circle": False})
    for i in range(space.size):
        action = space.action(i)
        assert space.index(action) == ActionSpace.index(space, action) == i
    for bad in (
        {"type": "seat", "guest": "AFR-M"},
        {"type": "seat", "guest": "AFR-M", "chair": 68},
        {"type": "seat", "guest": ["AFR-M"], "chair": 0},
        {"type": "seat", "guest": "XXX-M", "chair": 0, "extra": 1},
        {"type": "bar", "guest": "JKR-X"},
        {"type": "bar"},
    ):
        with pytest.raises(ValueError):
            space.index(bad)


def test_handed_out_actions_are_copies_of_the_shared_ones() -> None:
    """Legal actions are ready-made dicts shared by every state; a caller that changes the
    ones it was given changes neither the state's next answer nor another state's."""
    for state in _positions(3, True, games=2):
        seat = state.current
        first = state.legal_actions(seat)
        expected = json.dumps(first)
        other = state.clone()
        for action in first:
            action["type"] = "spoiled"
            action.pop("guest", None)
        assert json.dumps(state.legal_actions(seat)) == expected
        assert json.dumps(other.legal_actions(seat)) == expected


@pytest.mark.parametrize(("players", "circles"), [(2, False), (4, True)])
def test_quick_legal_map_is_the_general_one(players: int, circles: bool) -> None:
    """The space's own ``legal`` gives :class:`ActionSpace`'s map (indices, actions, order)
    at every position of random games, and refuses what it refuses."""
    space = ENCODING.action_space(players, {"coffee_circle": circles})
    for state in _positions(players, circles, games=4):
        actions = state.legal_actions(state.current)
        fast = space.legal(actions)
        assert list(fast.items()) == list(ActionSpace.legal(space, actions).items())
        assert all(fast[i] is a for i, a in zip(fast, actions, strict=True))
    seat = {"type": "seat", "guest": "AFR-M", "chair": 0}
    for bad in (
        [seat, dict(seat)],  # two actions on one index
        [{"type": "seat", "guest": "XXX-M", "chair": 0}],
        [{"type": "bar", "guest": ["AFR-M"]}],
        [{"type": "fly"}],
    ):
        with pytest.raises(ValueError):
            space.legal(bad)


def test_partner_spots_are_the_other_chairs_of_a_chairs_tables() -> None:
    """Where a guest could join one alone on a chair: every other chair of its tables, once."""
    for chair, tables in enumerate(CHAIR_TABLES):
        partners = [spot[0] for spot in PARTNER_SPOTS[chair]]
        others = sorted(c for t in tables for c in TABLE_CHAIRS[t] if c != chair)
        assert sorted(partners) == others and len(set(partners)) == len(partners)
        assert all(any(spot in TABLE_SPOTS[t] for t in tables) for spot in PARTNER_SPOTS[chair])
        assert len(partners) == 3 * len(tables)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_partner_seatings_are_the_tried_ones(players: int) -> None:
    """After a lone first guest (coffee circles off), the seatings that join it are exactly
    those that trying every guest near it and judging the turn finds, in the same order."""
    checked = 0
    for state in _positions(players, False, games=12):
        if len(state.placed) != 1 or state._judge() != MORE:
            continue
        seat = state.current
        kinds = sorted(set(state.hands[seat]))
        near = sorted({c for t in CHAIR_TABLES[state.placed[0]] for c in TABLE_CHAIRS[t]})
        fast = state._partner_seatings(state.placed[0], kinds)
        slow = state._tried_seatings(seat, kinds, near)
        assert list(fast.items()) == list(slow.items()), state.to_json()
        assert fast  # the verdict says a guest can join
        checked += 1
    assert checked > 20


def test_hands_in_any_order_give_the_same_entries() -> None:
    """A game's hands come in guest order (tiles alike together, which the encoder relies
    on); a view whose hands are shuffled gives the same observation."""
    rng = random.Random(11)
    for state in _positions(4, False, games=2)[::5]:
        view = state.view(state.current)
        shuffled = json.loads(json.dumps(view))
        for hand in shuffled["hands"]:
            rng.shuffle(hand)
        got = CafeEncoding().observe(shuffled, state.current, 4, {"coffee_circle": False})
        want = CafeEncoding().observe(view, state.current, 4, {"coffee_circle": False})
        assert _entries(got) == _entries(want)


@pytest.mark.parametrize("players", [2, 4])
def test_swaps_are_the_ruling(players: int) -> None:
    """The swaps read from the kinds each joker takes are the ruling's (a guest of a country
    of the chair's tables and of the joker's sex), in chair then guest order."""
    checked = 0
    for state in _positions(players, False, games=8):
        kinds = sorted(set(state.hands[state.current]))
        plain = [
            {"type": "swap", "chair": chair, "guest": GUEST_CODES[kind]}
            for chair, joker in enumerate(state.guests)
            if joker >> 1 == JOKER
            for kind in kinds
            if kind >> 1 in CHAIR_COUNTRIES[chair] and kind & 1 == joker & 1
        ]
        swaps = state._swaps(kinds)
        assert list(swaps.values()) == plain
        assert all(TEMPLATES[at] == swap for at, swap in swaps.items())
        checked += bool(plain)
    assert checked > 20


def test_a_malformed_view_leaves_no_half_patched_chairs() -> None:
    """A chair naming no guest raises; the observations after it are still the cold ones."""
    warm = CafeEncoding()
    options = {"coffee_circle": False}
    states = _positions(3, False, games=1)
    for state in states[:20]:
        warm.observe(state.view(state.current), state.current, 3, options)
    bad = json.loads(json.dumps(states[20].view(states[20].current)))
    chairs = bad["chairs"]
    taken = next(c for c, code in enumerate(chairs) if code is not None)
    chairs[taken] = "JKR-W" if chairs[taken] != "JKR-W" else "JKR-M"  # patched first…
    chairs[chairs.index(None, taken)] = "XXX-M"  # … then this raises
    with pytest.raises(KeyError):
        warm.observe(bad, states[20].current, 3, options)
    for state in states[20:]:
        view = state.view(state.current)
        got = warm.observe(view, state.current, 3, options)
        cold = CafeEncoding().observe(json.loads(json.dumps(view)), state.current, 3, options)
        assert _entries(got) == _entries(cold)


def test_legal_actions_are_kept_by_their_template_positions() -> None:
    """The state keeps its legal actions by their positions in ``TEMPLATES`` (worked out
    from offsets), and those are the action table's indices, so the envs take the state's
    dict as their index map (``ActionSpace.keep``, ``State.indexed_legal_actions``)."""
    space = ENCODING.action_space(2, {})
    assert space._numbered is TEMPLATES
    assert [space.index(action) for action in TEMPLATES] == list(range(space.size))
    for kind, row in enumerate(rules._SEATINGS):
        assert all(TEMPLATES[rules._SEAT_AT[kind] + chair] is a for chair, a in enumerate(row))
    for chair, row in enumerate(rules._SWAPS):
        assert all(TEMPLATES[rules._SWAP_AT[chair] + kind] is a for kind, a in enumerate(row))
    assert all(TEMPLATES[rules._BAR_AT + kind] is a for kind, a in enumerate(rules._BARS))
    for at, action in (
        (rules._DONE_AT, rules._DONE),
        (rules._PASS_AT, rules._PASS),
        (rules._FULL_AT, rules._FULL),
        (rules._FEWER_AT, rules._FEWER),
    ):
        assert TEMPLATES[at] is action
    for state in _positions(2, True, games=2):
        templates, legal = state.indexed_legal_actions(state.current)
        assert templates is TEMPLATES
        assert all(TEMPLATES[at] == action for at, action in legal.items())
        assert list(legal.values()) == state.legal_actions(state.current)
