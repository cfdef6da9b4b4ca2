"""Set-up, turns, placement, hidden information and the end of the game."""

import random
from collections import Counter

import pytest

import meeple
from meeple.games.cheese import CheeseState
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    CHEESE_CARDS,
    CHEESES_BY_PLAYERS,
    DECK_COUNTS,
    DECK_SIZE,
    IS_MARKED,
)
from meeple.games.cheese.resolution import Placed
from meeple.games.cheese.rules import counts_of, hand_list
from meeple.games.cheese.scoring import winners

GAME = meeple.load("cheese")


def new(players: int = 3, seed: int = 0) -> CheeseState:
    state: CheeseState = GAME.new(players, seed=seed)
    return state


def set_hand(state: CheeseState, seat: int, *names: str) -> None:
    """Give ``seat`` exactly these cards in hand, swapping with its deck (the total stays)."""
    pool = [*state.decks[seat], *hand_list(state.hands[seat])]
    wanted = [ANIMAL_NAMES.index(name) for name in names]
    for animal in wanted:
        pool.remove(animal)
    state.hands[seat] = counts_of(wanted)
    state.decks[seat] = pool


def place(state: CheeseState, seat: int, cheese: int, *names: str) -> None:
    """Place cards one decision at a time, the first at ``cheese``, the next ones after it."""
    count = len(state.cheeses)
    for k, name in enumerate(names):
        state.apply(seat, {"type": "place", "cheese": (cheese + k) % count, "card": name})


def hand_names(state: CheeseState, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand."""
    return [ANIMAL_NAMES[a] for a in hand_list(state.hands[seat])]


def finish_randomly(state: CheeseState, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


# --- set-up ---------------------------------------------------------------------------


def test_the_cheese_cards() -> None:
    """チーズカード…2×3枚 3×4枚 4×4枚 5×4枚 (ruling: the rulebook's 「11枚」 is contradicted by these counts).

    The box holds three 2s, four 3s, four 4s and four 5s: 15 cheese cards.
    """
    assert Counter(CHEESE_CARDS) == {2: 3, 3: 4, 4: 4, 5: 4}
    assert len(CHEESE_CARDS) == 15


@pytest.mark.parametrize(("players", "count"), [(3, 6), (4, 8), (5, 10)])
def test_the_circle_has_a_cheese_count_by_players(players: int, count: int) -> None:
    """チーズカードをよくシャッフルし、円になるようにおもてにして並べます。…3人…6枚 / 4人…8枚 / 5人…10枚

    The shuffled cheese cards laid out number 6, 8 or 10, drawn from the box.
    """
    assert CHEESES_BY_PLAYERS[players] == count
    layouts = set()
    for seed in range(20):
        cheeses = new(players, seed).cheeses
        assert len(cheeses) == count
        assert not Counter(cheeses) - Counter(CHEESE_CARDS)
        layouts.add(tuple(cheeses))
    assert len(layouts) > 1  # shuffled


def test_each_player_has_a_deck_of_fifteen_in_their_colour() -> None:
    """動物カード…15枚×5色: ふつうネズミ…9枚(うちマークつき…2枚) デブネズミ…2枚 王様ネズミ…1枚 ネコ…2枚(うちマークつき…2枚) イヌ…1枚

    Every player's 15 cards: 9 mice (2 of them marked), 2 fat mice, a king mouse,
    2 cats (both marked) and a dog.
    """
    named = dict(zip(ANIMAL_NAMES, DECK_COUNTS, strict=True))
    assert named["mouse"] + named["marked_mouse"] == 9
    assert named["marked_mouse"] == 2
    assert (named["fat_mouse"], named["king_mouse"], named["cat"], named["dog"]) == (2, 1, 2, 1)
    assert DECK_SIZE == 15
    assert [name for name, marked in zip(ANIMAL_NAMES, IS_MARKED, strict=True) if marked] == [
        "marked_mouse",
        "cat",
    ]
    state = new(5, seed=4)
    for seat in range(5):
        cards = counts_of([*state.decks[seat], *hand_list(state.hands[seat])])
        assert cards == list(DECK_COUNTS)


def test_each_player_draws_three() -> None:
    """各プレイヤーは自分の動物カードの山札から3枚引き、手札とします。

    Everyone starts with 3 cards in hand and 12 in their deck.
    """
    state = new(4)
    assert state.view(0)["hand_sizes"] == [3, 3, 3, 3]
    assert state.view(0)["deck_sizes"] == [12, 12, 12, 12]


def test_the_start_player_is_seat_zero() -> None:
    """一番最近チーズを食べたプレイヤーがスタートプレイヤーとなり、最初に手番が回ってきます。 (ruling START_SEAT)

    The start player is a question of who last ate cheese; we start with seat 0.
    """
    assert new(3).to_move == (0,)


# --- a turn ---------------------------------------------------------------------------


def test_a_turn_is_to_draw_or_to_place() -> None:
    """手番になったら下記の2つのうちいずれかをおこないます。 a) 動物カードを3枚引く b) 動物カードを3枚置く

    With 3 cards in hand and a deck, a player may draw, or place a first card of
    any kind in hand at any cheese.
    """
    state = new(3)
    set_hand(state, 0, "mouse", "cat", "dog")
    legal = state.legal_actions(0)
    assert legal[0] == {"type": "draw"}
    places = {(a["cheese"], a["card"]) for a in legal[1:]}
    assert places == {(c, n) for c in range(6) for n in ("mouse", "cat", "dog")}
    assert len(legal) == 1 + 6 * 3


def test_drawing_takes_three_cards_from_ones_own_deck() -> None:
    """a) 動物カードから3枚引く — 自分の山から動物カードを3枚引き手札とします。

    A draw moves the top three cards of one's own deck to one's hand.
    """
    state = new(3)
    top = state.decks[0][-3:]
    before = hand_list(state.hands[0])
    state.apply(0, {"type": "draw"})
    assert sorted(hand_list(state.hands[0])) == sorted(before + top)
    assert len(state.decks[0]) == 9
    assert [len(d) for d in state.decks[1:]] == [12, 12]


def test_no_draw_with_six_in_hand() -> None:
    """このゲームの手札上限は6枚です。既に手札が6枚ある場合、この行動はできません。

    With 6 cards in hand a player must place.
    """
    state = new(3)
    state.apply(0, {"type": "draw"})
    state.apply(1, {"type": "draw"})
    state.apply(2, {"type": "draw"})
    legal = state.legal_actions(0)
    assert legal
    assert all(a["type"] == "place" for a in legal)
    with pytest.raises(meeple.IllegalAction):
        state.apply(0, {"type": "draw"})


def test_no_draw_from_an_empty_deck() -> None:
    """自分の山に既に動物カードが残っていない場合も、この行動はできません。

    With an empty deck a player must place.
    """
    state = new(3)
    rng = random.Random(1)
    # Seat 0 draws whenever it may; its 9th turn then finds 3 cards in hand and none in deck.
    while not (state.to_move == (0,) and not state.decks[0] and sum(state.hands[0]) == 3):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if seat == 0 else rng.choice(legal))
    assert state.placed == 0
    legal = state.legal_actions(0)
    assert legal
    assert all(a["type"] == "place" for a in legal)


def test_no_placing_with_an_empty_hand() -> None:
    """b) 自分手札から動物カードを3枚置く。

    Placing needs three cards in hand: with none, drawing is the only choice.
    """
    state = new(3)
    place(state, 0, 0, *hand_names(state, 0))
    state.apply(1, {"type": "draw"})
    state.apply(2, {"type": "draw"})
    assert sum(state.hands[0]) == 0
    assert state.legal_actions(0) == [{"type": "draw"}]


def test_the_first_card_goes_face_down_at_any_cheese() -> None:
    """チーズを1つ選び、そこに1枚目の動物カードをうら向きにして置きます。

    The first card may go to any cheese, and lies face down even if it is a
    mouse.
    """
    state = new(3)
    set_hand(state, 0, "mouse", "mouse", "mouse")
    state.apply(0, {"type": "place", "cheese": 4, "card": "mouse"})
    card = state.queues[4][-1]
    assert card == Placed(0, ANIMAL_NAMES.index("mouse"), 1)
    assert not card.face_up
    assert state.view(1)["cheeses"][4]["queue"] == [
        {"seat": 0, "card": None, "face_up": False, "placed": 1}
    ]


def test_the_next_cards_go_face_up_to_the_next_cheeses() -> None:
    """1枚目を置いたカードのすぐ左どなりにあるチーズに2枚目のカードをおもて向きにして置きます。2枚目を置いたカードのすぐ左どなりにあるチーズに3枚目のカードをおもて向きにして置きます。 (ruling NEXT_CHEESE_STEP)

    The 2nd card goes face up to the next cheese, the 3rd face up to the one
    after; "left" is the next position clockwise, +1 round the circle. The
    second and third decisions offer only that cheese.
    """
    state = new(3)
    set_hand(state, 0, "dog", "fat_mouse", "king_mouse")
    state.apply(0, {"type": "place", "cheese": 2, "card": "dog"})
    assert {a["cheese"] for a in state.legal_actions(0)} == {3}
    state.apply(0, {"type": "place", "cheese": 3, "card": "fat_mouse"})
    assert {a["cheese"] for a in state.legal_actions(0)} == {4}
    with pytest.raises(meeple.IllegalAction):
        state.apply(0, {"type": "place", "cheese": 0, "card": "king_mouse"})
    state.apply(0, {"type": "place", "cheese": 4, "card": "king_mouse"})
    assert [q[-1].face_up for q in state.queues[2:5]] == [False, True, True]
    seen = [state.view(1)["cheeses"][c]["queue"][-1]["card"] for c in (2, 3, 4)]
    assert seen == [None, "fat_mouse", "king_mouse"]


def test_the_circle_wraps_round() -> None:
    """円になるようにおもてにして並べます。 — the cheeses form a circle.

    From the last cheese the next card goes to cheese 0.
    """
    state = new(3)
    set_hand(state, 0, "mouse", "mouse", "mouse")
    place(state, 0, 5, "mouse", "mouse", "mouse")
    assert [len(state.queues[c]) for c in (5, 0, 1)] == [1, 1, 1]


def test_marked_cards_go_face_down_even_second_or_third() -> None:
    """ただし、動物カードにマークがついている場合、2枚目、3枚目でもうら向きにして置きます。

    A marked mouse or a cat lies face down in any place of the three; others
    see only that a marked card lies there.
    """
    state = new(3)
    set_hand(state, 0, "mouse", "cat", "marked_mouse")
    place(state, 0, 0, "mouse", "cat", "marked_mouse")
    assert [q[-1].face_up for q in state.queues[0:3]] == [False, False, False]
    seen = [state.view(2)["cheeses"][c]["queue"][-1] for c in (0, 1, 2)]
    assert [(c["card"], c["face_up"], c["placed"]) for c in seen] == [
        (None, False, 1),
        (None, False, 2),
        (None, False, 3),
    ]


def test_cards_join_the_back_of_the_queue() -> None:
    """チーズの前に何も動物カードが置かれていない場合、チーズの前に並べます。チーズの前に動物カードが1枚以上置かれている場合、その動物カードの次に列になるように並べます。

    The first card at a cheese is at the front; later cards line up behind.
    """
    state = new(3)
    set_hand(state, 0, "dog", "mouse", "mouse")
    place(state, 0, 0, "dog", "mouse", "mouse")
    set_hand(state, 1, "cat", "fat_mouse", "mouse")
    place(state, 1, 5, "cat", "fat_mouse", "mouse")
    assert [(c.seat, ANIMAL_NAMES[c.animal]) for c in state.queues[0]] == [
        (0, "dog"),
        (1, "fat_mouse"),
    ]
    assert [(c.seat, ANIMAL_NAMES[c.animal]) for c in state.queues[1]] == [
        (0, "mouse"),
        (1, "mouse"),
    ]


def test_the_turn_passes_to_the_next_seat() -> None:
    """このゲームはスタートプレイヤーから時計回りで手番が回ってきます。 (ruling TURN_STEP: the later 「右隣」 contradicts it)

    After a draw, or after the third card of a placement (and not before), the
    next seat in clockwise order, seat + 1, is to move; after the last seat, seat 0.
    """
    state = new(3)
    state.apply(0, {"type": "draw"})
    assert state.to_move == (1,)
    set_hand(state, 1, "mouse", "mouse", "mouse")
    state.apply(1, {"type": "place", "cheese": 0, "card": "mouse"})
    assert state.to_move == (1,)
    state.apply(1, {"type": "place", "cheese": 1, "card": "mouse"})
    assert state.to_move == (1,)
    state.apply(1, {"type": "place", "cheese": 2, "card": "mouse"})
    assert state.to_move == (2,)
    state.apply(2, {"type": "draw"})
    assert state.to_move == (0,)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_everyone_takes_nine_turns(players: int) -> None:
    """全員の山札と手札が全てなくなったら得点計算に進みます。※全員9回ずつ手番が回っているはず。

    Play goes on until every deck and hand is empty: 9 turns each, 4 draws and
    5 placements of 3 cards.
    """
    state = new(players, seed=players)
    rng = random.Random(players)
    draws = [0] * players
    places = [0] * players
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        draws[seat] += action["type"] == "draw"
        places[seat] += action["type"] == "place"
        state.apply(seat, action)
    assert draws == [4] * players
    assert places == [15] * players
    assert not any(state.decks) and not any(any(h) for h in state.hands)
    assert sum(len(q) for q in state.queues) == 15 * players


# --- hidden information ----------------------------------------------------------------


def test_hands_and_decks_are_private() -> None:
    """受け取った動物カードは各自うら向きにしてよく混ぜて積み重ね、山札にします。

    A player sees their own hand and what is left in their own deck (not its
    order); of the others, only how many cards they hold.
    """
    state = new(3, seed=2)
    mine = state.view(0)
    assert mine["hand"] == [ANIMAL_NAMES[a] for a in hand_list(state.hands[0])]
    assert sorted(mine["deck"]) == sorted(ANIMAL_NAMES[a] for a in state.decks[0])
    assert "hands" not in mine and "decks" not in mine
    spectator = state.view(None)
    assert "hand" not in spectator and "deck" not in spectator
    assert spectator["hand_sizes"] == [3, 3, 3]


def test_a_player_sees_their_own_face_down_cards() -> None:
    """1枚目の動物カードをうら向きにして置きます。 — face down for the others, not for its owner.

    The owner's view names their face-down cards; everyone else's shows only the
    colour, until the reveal.
    """
    state = new(3)
    set_hand(state, 0, "cat", "mouse", "dog")
    place(state, 0, 1, "cat", "mouse", "dog")
    assert state.view(0)["cheeses"][1]["queue"][0]["card"] == "cat"
    assert state.view(1)["cheeses"][1]["queue"][0] == {
        "seat": 0,
        "card": None,
        "face_up": False,
        "placed": 1,
    }
    assert state.view(None)["cheeses"][1]["queue"][0]["card"] is None
    # The log does not give it away either.
    assert {"event": "place", "seat": 0, "cheese": 1, "card": None, "placed": 1} in (
        state.view(1)["events"]
    )


def test_everything_is_revealed_at_the_end() -> None:
    """処理するチーズカードの横に並べられている動物カードを全ておもてにします。

    Once the game is over every card of every queue is shown to everyone.
    """
    state = new(3, seed=8)
    finish_randomly(state, seed=8)
    for position, cheese in enumerate(state.view(None)["cheeses"]):
        assert [c["card"] for c in cheese["queue"]] == [
            ANIMAL_NAMES[c.animal] for c in state.queues[position]
        ]
        assert all(c["face_up"] for c in cheese["queue"])


def test_determinize_gives_marked_cards_to_marked_places() -> None:
    """ただし、動物カードにマークがついている場合、2枚目、3枚目でもうら向きにして置きます。

    Everyone knows a card face down in 2nd or 3rd place is marked, so a
    re-sampled game keeps a marked card there (and never moves one's own cards).
    """
    state = new(3, seed=5)
    set_hand(state, 1, "mouse", "cat", "marked_mouse")
    state.apply(0, {"type": "draw"})
    place(state, 1, 3, "mouse", "cat", "marked_mouse")
    for k in range(30):
        det = state.determinize(0, random.Random(k))
        assert [IS_MARKED[det.queues[c][-1].animal] for c in (4, 5)] == [True, True]
        assert det.view(0) == state.view(0)
        assert det.hands[0] == state.hands[0]
    firsts = {state.determinize(0, random.Random(k)).queues[3][-1].animal for k in range(30)}
    assert len(firsts) > 1  # the face-down first card is re-sampled


# --- the end -----------------------------------------------------------------------------


def test_the_game_ends_with_the_resolution() -> None:
    """全員の山札と手札が全てなくなったら得点計算に進みます。…一番得点の多いプレイヤーの勝利です！

    After the last card, the circle is resolved at once: scores (0 until then)
    come from the cards won, and the winners follow the tie-breaks.
    """
    state = new(4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        assert state.scores == [0, 0, 0, 0] and state.winners == []
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.to_move == ()
    assert sum(state.scores) > 0
    assert state.winners == winners(state.piles)
    assert state.events[-1] == {
        "event": "game_over",
        "scores": state.scores,
        "winners": state.winners,
    }
