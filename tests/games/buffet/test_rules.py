"""One test per rule of Schlacht am Buffet, each citing the rulebook passage it checks.

Passages are quoted from ``shared/rules/buffet.ja.txt``; rulings are in ``docs/rules/buffet.md``.
"""

from __future__ import annotations

import json
import random

import pytest

from meeple import IllegalAction
from meeple.games.buffet import GAME, BuffetState
from meeple.games.buffet.data import ALL_DISHES, HAND_SIZE, buffet_order, dish
from meeple.games.buffet.rules import counts_of, final_rank_key, hand_list, score_of
from tests.games.buffet.helpers import make, play, stack_of

# --- set-up ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_deals_nine_cards_and_puts_every_mouse_on_the_start_space(players: int) -> None:
    """ネズミカードを 9 枚ずつ裏向きにして配ります。…ネズミ駒は得点トラックの 0 に置き
    (deal 9 cards to each player; every mouse starts on space 0)."""
    state = GAME.new(players, seed=5)
    assert [len(hand_list(h)) for h in state.hands] == [HAND_SIZE] * players
    assert len(state.deck) == 110 - HAND_SIZE * players
    assert state.positions == [0] * players
    assert state.to_move == tuple(range(players))


@pytest.mark.parametrize("players", [4, 5, 6])
def test_buffet_has_one_dish_fewer_than_players(players: int) -> None:
    """プレイヤーの人数より 1 枚少ない数を準備します。例えば 5 人プレーなら 4 枚です
    (lay out one dish fewer than the number of players: 4 for 5 players)."""
    state = GAME.new(players, seed=2)
    assert len(state.buffet) == players - 1
    assert state.reserved == []
    assert len(state.dish_pile) == len(ALL_DISHES) - (players - 1)


def test_dishes_are_laid_out_by_value_then_by_dish_rank() -> None:
    """料理配置の例：…価値4の料理が2つあるので、ボードの右上にある順番を見ます。ネズミにとって
    ピザはサラダよりうれしいのです (two dishes worth 4: the pizza goes left of the salad)."""
    state = make(5)
    pile = [dish("chicken", -1), dish("salad", 4), dish("cheese", 2), dish("pizza", 4)]
    state.dish_pile.extend(pile)  # these four are now on top; move them out of play first
    for code in pile:
        state.dish_pile.remove(code)
    state.dish_pile.extend(state.buffet)
    state.dish_pile.extend(pile)
    state._lay_out_round()
    assert state.buffet == [
        dish("pizza", 4),
        dish("salad", 4),
        dish("cheese", 2),
        dish("chicken", -1),
    ]
    assert sorted(ALL_DISHES, key=buffet_order)[0] == dish("cheese", 5)


# --- playing cards and moving mice ---------------------------------------------------


def test_cards_are_chosen_face_down_by_everyone_at_once() -> None:
    """そこから1枚を裏向きにして出します (each player puts one card face down): all mice
    still in the round choose together, and nobody sees another's card before the reveal."""
    state = make(4, hands=[[1, 2], [3, 4], [5, 6], [7, 8]])
    assert state.to_move == (0, 1, 2, 3)
    state.apply(2, {"type": "play", "card": 5})
    assert state.to_move == (0, 1, 3)
    assert state.view(2)["my_choice"] == 5
    assert state.view(0)["has_chosen"] == [False, False, True, False]
    twin = state.clone()
    twin.chosen[2], twin.hands[2] = 6, counts_of([5])
    assert json.dumps(twin.view(0)) == json.dumps(state.view(0))


def test_the_order_in_which_choices_arrive_does_not_matter() -> None:
    """Hidden simultaneous choices: the state after everyone has chosen is the same whatever
    order the choices came in (the reveal order is the rules', see the next test)."""
    a = make(4, hands=[[1, 2], [3, 4], [5, 6], [7, 8]])
    b = a.clone()
    play(a, {0: 1, 1: 3, 2: 5, 3: 7})
    play(b, {3: 7, 1: 3, 0: 1, 2: 5})
    assert a.to_json() == b.to_json()


def test_cards_are_revealed_from_the_start_player_clockwise() -> None:
    """スタートプレイヤータイルを持っているプレイヤーからカードをオープンし…続いて左隣のプレイヤーが
    (reveal from the start player, then the left neighbour, and so on)."""
    state = make(4, hands=[[1], [2], [3], [4]], start=2)
    play(state, {0: 1, 1: 2, 2: 3, 3: 4})
    reveals = [e for e in state.events if e["event"] == "reveal"]
    assert [e["seat"] for e in reveals] == [2, 3, 0, 1]
    assert state.positions[1:] == [2, 3, 4]


def test_a_zero_stays_and_a_minus_one_steps_back() -> None:
    """0はその場にとどまり、-1はマス戻します (a 0 stays put, a −1 moves back one space)."""
    state = make(4, hands=[[0], [-1], [3], [4]], positions=[5, 5, 5, 5])
    play(state, {0: 0, 1: -1, 2: 3, 3: 4})
    assert state.positions[0] == 5
    assert state.events[1] == {"event": "reveal", "seat": 1, "card": -1, "to": 4}


def test_minus_one_from_the_start_space_goes_behind_the_start() -> None:
    """重要：スタートマスにネズミがいるときに-1のカードをプレイしたら、スタートマスの前、つまり39の
    場所まで下がらなくてはなりません (a −1 from the start space puts the mouse on space 39, behind
    everyone: position −1)."""
    state = make(4, hands=[[-1, 5], [0, 5], [0, 5], [0, 5]])
    play(state, {0: -1, 1: 0, 2: 0, 3: 0})
    reveal = state.events[0]
    assert reveal == {"event": "reveal", "seat": 0, "card": -1, "to": -1}
    assert state.in_round[0] is False  # it is alone at the back, so it drops out


def test_mice_may_share_a_space_and_move_past_forty() -> None:
    """1つのマスに複数のネズミがいても構いません。…もしネズミが40のマスを超えてもそのまま移動します
    (several mice may share a space; a mouse passing 40 keeps moving)."""
    state = make(4, hands=[[9], [9], [9], [1]], positions=[38, 38, 30, 0])
    play(state, {0: 9, 1: 9, 2: 9, 3: 1})
    assert state.positions[:2] == [47, 47]


# --- dropping out ----------------------------------------------------------------------


def test_the_single_rearmost_mouse_leaves_with_the_lowest_dish() -> None:
    """最も後ろに単独でいるネズミはそのラウンドから抜けます。そして、最も小さい得点の料理を取らなくては
    なりません。例：青いネズミが一番後ろにいたので…－1点のチキンの料理を取って (the lone rearmost
    mouse leaves the round and takes the lowest dish: blue takes the −1 chicken)."""
    dishes = [("pizza", 4), ("salad", 4), ("cheese", 2), ("chicken", -1)]
    state = make(5, hands=[[3], [5], [1], [4], [2]], buffet=dishes)
    play(state, {0: 3, 1: 5, 2: 1, 3: 4, 4: 2})
    assert stack_of(state, 2) == [("chicken", -1)]
    assert state.in_round == [True, True, False, True, True]
    assert state.view(None)["positions"][2] is None  # its mouse is off the track
    assert state.scores[2] == -1


def test_a_tie_for_last_place_means_nobody_leaves() -> None:
    """注意：最後尾が1匹のネズミではなく、2匹以上いると、だれもそのラウンドからは抜けません
    (if two or more mice share the last place, nobody leaves the round)."""
    state = make(4, hands=[[1, 2], [1, 2], [3, 2], [4, 2]])
    play(state, {0: 1, 1: 1, 2: 3, 3: 4})
    assert state.in_round == [True] * 4
    assert state.stacks == [[], [], [], []]
    assert state.to_move == (0, 1, 2, 3)
    assert state.events[-1] == {"event": "tie_for_last", "seats": [0, 1]}


def test_the_first_mouse_out_may_exchange_any_number_of_cards() -> None:
    """重要：ラウンドの最初に抜けたプレイヤーは、手札から好きな枚数を捨て札置き場に置き、すぐに同じ数
    だけ山札から引くことができます (the first mouse out of a round may discard any number of cards
    and at once draw as many)."""
    state = make(4, hands=[[0, 1, 1, 2], [5, 5], [6, 6], [7, 7]])
    play(state, {0: 0, 1: 5, 2: 6, 3: 7})
    assert state.to_move == (0,)
    kinds = {a["type"] for a in state.legal_actions(0)}
    assert kinds == {"discard", "draw"}
    top_of_deck = state.deck[-2:]
    state.apply(0, {"type": "discard", "card": 1})
    state.apply(0, {"type": "discard", "card": 1})
    assert hand_list(state.hands[0]) == [2]
    state.apply(0, {"type": "draw"})
    assert sorted(hand_list(state.hands[0])) == sorted([2, *top_of_deck])
    assert state.discard[1 + 1] == 2  # both 1s went onto the discard pile
    assert state.to_move == (1, 2, 3)


def test_the_exchange_may_be_declined() -> None:
    """好きな枚数 (any number, so none too): drawing at once keeps the hand as it is."""
    state = make(4, hands=[[0, 3, 4], [5, 5], [6, 6], [7, 7]])
    play(state, {0: 0, 1: 5, 2: 6, 3: 7})
    state.apply(0, {"type": "draw"})
    assert hand_list(state.hands[0]) == [3, 4]


def test_only_the_first_mouse_out_of_the_round_exchanges() -> None:
    """ラウンドの最初に抜けたプレイヤー (only the round's first mouse out): the second does not."""
    state = make(5, hands=[[0, 9], [1, 1], [5, 5], [6, 6], [7, 7]])
    play(state, {0: 0, 1: 1, 2: 5, 3: 6, 4: 7})
    state.apply(0, {"type": "draw"})
    play(state, {1: 1, 2: 5, 3: 6, 4: 7})
    assert state.in_round[1] is False
    assert state.phase == "choose"
    assert state.to_move == (2, 3, 4)


def test_the_start_tile_passes_clockwise_to_a_mouse_still_in_the_round() -> None:
    """スタートプレイヤータイルを持っているプレイヤーは、時計回りでまだゲームに残っているプレイヤーに
    タイルを渡します (the start player passes the tile clockwise to a player still in)."""
    state = make(5, hands=[[5, 5], [0, 5], [1, 5], [6, 5], [7, 5]], start=1)
    state.in_round[2] = False  # the left neighbour is already out
    state.buffet.pop()
    play(state, {0: 5, 1: 0, 3: 6, 4: 7})
    assert state.in_round[1] is False
    assert state.start == 3
    assert {"event": "start_tile", "seat": 3} in state.events


# --- the two-mice finale ---------------------------------------------------------------


def _down_to_two(dishes: list[tuple[str, int]]) -> BuffetState:
    """Four players; seats 0 and 3 drop out over two turns; seats 1 and 2 remain."""
    state = make(4, hands=[[1, 9], [5, 0, 1, 2], [3, 0, 1, 2], [2, 0, 9, 9]], buffet=dishes)
    play(state, {0: 1, 1: 5, 2: 3, 3: 2})  # seat 0 at 1 is alone at the back
    state.apply(0, {"type": "draw"})
    play(state, {1: 0, 2: 1, 3: 0})  # 5, 4, 2: seat 3 leaves
    return state


def test_with_two_mice_left_the_sole_leader_takes_the_best_dish() -> None:
    """プレイされたカードで単独でトップに立ったネズミが料理を取ります。二番目のネズミは何も取れません。
    例：…黄色のネズミが単独で最も遠くまで進み、4点のピザを獲得します (the sole leader takes the last,
    best dish; the second mouse gets nothing: yellow takes the pizza worth 4)."""
    state = _down_to_two([("pizza", 4), ("cheese", 2), ("salad", 1)])
    assert stack_of(state, 0) == [("salad", 1)]
    assert stack_of(state, 3) == [("cheese", 2)]
    play(state, {1: 1, 2: 0})  # 6 against 4
    assert stack_of(state, 1) == [("pizza", 4)]
    assert stack_of(state, 2) == []


def test_with_two_mice_level_at_the_front_play_goes_on() -> None:
    """トップのマスの2匹ともいる場合は、単独でトップではないので、どちらかがトップになるまで続けます
    (two mice level at the front: play on until one of them leads alone)."""
    state = _down_to_two([("pizza", 4), ("cheese", 2), ("salad", 1)])
    play(state, {1: 1, 2: 2})  # 6 against 6
    assert state.to_move == (1, 2)
    assert state.events[-1] == {"event": "tie_for_first", "seats": [1, 2]}


def test_two_mice_with_empty_hands_each_draw_nine() -> None:
    """もし、2人とも手札がなくなったら、直ちに山札から9枚を引いて続けます (if both hands run out,
    each draws 9 at once and play goes on)."""
    state = make(4, hands=[[], [4], [4], []], positions=[0, 10, 10, 0])
    state.in_round = [False, True, True, False]
    state.buffet = state.buffet[:1]
    play(state, {1: 4, 2: 4})
    assert [len(hand_list(h)) for h in state.hands[1:3]] == [9, 9]
    assert state.to_move == (1, 2)


# --- between rounds ---------------------------------------------------------------------


def test_hands_are_refilled_to_nine_in_drop_out_order() -> None:
    """ラウンドが終了したら、各プレイヤー(最初に抜けた人から順番に)は、手札が9枚になるように山札から
    新たにカードを引きます (after the round each player, first out first, draws up to 9)."""
    state = _down_to_two([("pizza", 4), ("cheese", 2), ("salad", 1)])
    deck_before = list(state.deck)
    play(state, {1: 2, 2: 0})  # 7 against 4: seat 1 wins the round
    order = [0, 3, 1, 2]  # out first, out second, the winner, the mouse left empty-handed
    assert state.round == 2
    kept = {0: [9], 3: [9, 9], 1: [1], 2: [2]}
    needs = {seat: 9 - len(cards) for seat, cards in kept.items()}
    deck = list(deck_before)
    for seat in order:
        drawn = [deck.pop() for _ in range(needs[seat])]
        want = sorted([*kept[seat], *drawn])
        assert sorted(hand_list(state.hands[seat])) == want


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile() -> None:
    """山札がなくなったら、捨て札を裏向きにしてよく混ぜ、新たに山札をつくって続けます (when the deck
    runs out, shuffle the discard pile into a new deck)."""
    state = make(4, hands=[[0, 1, 2], [5, 5], [6, 6], [7, 7]])
    state.discard = counts_of(state.deck)
    state.deck = []
    play(state, {0: 0, 1: 5, 2: 6, 3: 7})
    state.apply(0, {"type": "discard", "card": 1})
    state.apply(0, {"type": "draw"})
    assert len(hand_list(state.hands[0])) == 2
    assert sum(state.discard) == 0
    # The four revealed cards and the exchanged one went onto the pile and into the new deck.
    assert len(state.deck) + sum(sum(h) for h in state.hands) == 110


def test_the_next_round_starts_left_of_the_round_winner() -> None:
    """スタートプレイヤーは、前のラウンドで勝ったプレイヤーの左隣の人を持ちます (the next start
    player is the left neighbour of the previous round's winner)."""
    state = _down_to_two([("pizza", 4), ("cheese", 2), ("salad", 1)])
    play(state, {1: 2, 2: 0})  # seat 1 wins the round
    assert state.start == 2
    assert state.positions == [0, 0, 0, 0]
    assert len(state.buffet) == 3


def test_dishes_stack_by_kind_and_only_the_top_one_scores() -> None:
    """同じ料理の場合は、すでに置かれている料理の上に、新しい料理を重ねて置いていきます。下にある料理は
    関係ありません。…得点計算の例：この場合は10点です。最も得点が高いのは5点のチキンです (dishes of a
    kind stack and only the top one counts; the example scores 10, the best being a 5 chicken)."""
    stack = [dish("chicken", -1), dish("cheese", 3), dish("chicken", 5), dish("salad", 2)]
    assert score_of(stack) == 5 + 3 + 2
    assert final_rank_key(stack)[1] == 5


def test_a_minus_one_can_be_covered_by_a_better_dish_of_its_kind() -> None:
    """同じ種類のより低い料理を5点の料理でかぶせることも可能なのです (a low dish can be covered by a 5
    of the same kind) — and a later, lower dish of a kind covers a better one just the same."""
    assert score_of([dish("pizza", -1), dish("pizza", 5)]) == 5
    assert score_of([dish("pizza", 5), dish("pizza", 1)]) == 1


# --- the end -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds", "left"), [(3, 7, 1), (4, 12, 0), (5, 9, 0), (6, 7, 1)]
)
def test_the_game_ends_when_the_buffet_cannot_be_laid_out_again(
    players: int, rounds: int, left: int
) -> None:
    """現在のラウンドの後に、新たな料理の配置をするのに必要な数が足りなくなったら、ゲームは終了です
    (the game ends after the round in which too few dishes remain for a new buffet)."""
    state = GAME.new(players, seed=players)
    rng = random.Random(players)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.round == rounds
    assert len(state.dish_pile) == left
    assert state.to_move == ()


def _finished(stacks: list[list[int]]) -> BuffetState:
    state = make(4)
    state.stacks = stacks
    state.phase = "over"
    return state


def test_most_points_wins() -> None:
    """最も得点を取った者が勝者です (the most points wins)."""
    state = _finished([[dish("salad", 5)], [dish("cheese", 3)], [], [dish("pizza", 4)]])
    assert state.winners == [0]


def test_a_points_tie_goes_to_the_higher_dish() -> None:
    """同点の場合は、より得点の高い料理を持っている人が勝ちです (on a tie in points, the player
    with the higher dish wins)."""
    one = [dish("cheese", 3), dish("salami", 3)]
    two = [dish("salad", 5), dish("pizza", 1)]
    state = _finished([one, two, [], []])
    assert score_of(one) == score_of(two)
    assert state.winners == [1]


def test_then_the_dish_rank_decides() -> None:
    """それも同点の場合は、ボードの右上にある料理のランクで決定します (if still tied, the rank of
    the dish kinds decides: cheese beats salad)."""
    state = _finished([[dish("salad", 5)], [dish("cheese", 5)], [], []])
    assert state.winners == [1]


# --- three players -------------------------------------------------------------------------


def test_three_players_fight_first_for_the_three_lowest_of_five_dishes() -> None:
    """3人用の特別ルール：各ラウンドの最初には…5つの料理を並べます。ラウンドの最初のターンでは、
    より得点の低い3枚(右側から3枚)の料理を競います (three players: five dishes; the first stage is
    for the three lowest, the rightmost three)."""
    state = GAME.new(3, seed=9)
    assert len(state.buffet) == 3 and len(state.reserved) == 2
    laid = state.reserved + state.buffet
    assert laid == sorted(laid, key=buffet_order)


def _three_player_round() -> BuffetState:
    dishes = [("cheese", 5), ("salami", 4), ("pizza", 3), ("salad", 2), ("chicken", -1)]
    hands = [[1, 2, 3, 4, 5], [6, 2, 3, 4, 5], [7, 2, 3, 4, 5]]
    return make(3, hands=hands, buffet=dishes)


def test_in_the_first_stage_of_three_everyone_gets_a_dish() -> None:
    """通常通りにプレイしますが、この場合は全員が料理を獲得できます。また、…最初に抜けたプレイヤーは
    好きな枚数、カードの交換ができます (everyone gets a dish in the first stage; the first out may
    exchange cards)."""
    state = _three_player_round()
    play(state, {0: 1, 1: 6, 2: 7})
    assert stack_of(state, 0) == [("chicken", -1)]
    assert state.to_move == (0,)
    state.apply(0, {"type": "draw"})
    play(state, {1: 2, 2: 2})
    assert stack_of(state, 2) == [("pizza", 3)]
    assert stack_of(state, 1) == [("salad", 2)]


def test_the_second_stage_of_three_uses_the_cards_left_and_has_no_exchange() -> None:
    """残った2枚の料理を賭けて第2ターンを始めます。手札に残ったカードで行い、新たなカードの補充は
    ありません。第2ターンで最初に抜けたプレイヤーは、得点が低い方の料理を取ります。しかし、ここでは
    カードの交換はできません (the second stage is for the two remaining dishes, with the cards left in
    hand and no refill; its first mouse out takes the lower dish and may not exchange)."""
    state = _three_player_round()
    play(state, {0: 1, 1: 6, 2: 7})
    state.apply(0, {"type": "draw"})
    play(state, {1: 2, 2: 2})
    assert state.stage == 2 and state.positions == [0, 0, 0]
    assert [len(hand_list(h)) for h in state.hands] == [4, 3, 3]
    play(state, {0: 2, 1: 3, 2: 4})
    assert stack_of(state, 0)[-1] == ("salami", 4)
    assert state.phase == "choose" and state.to_move == (1, 2)


def test_the_second_stage_of_three_ends_like_a_finale_then_all_refill() -> None:
    """残りの二人はどちらかが先頭に立つまでプレイを続けます。このプレイヤーが得点の高い料理を取ります。
    2番目のプレイヤーは何も取れません。その後、全員が手札を9枚に補充して (the other two play on
    until one leads; the leader takes the higher dish, the second nothing; then all refill to 9)."""
    state = _three_player_round()
    play(state, {0: 1, 1: 6, 2: 7})
    state.apply(0, {"type": "draw"})
    play(state, {1: 2, 2: 2})
    play(state, {0: 2, 1: 3, 2: 4})  # seat 0 leaves with the salami
    play(state, {1: 5, 2: 3})  # 8 against 7
    assert stack_of(state, 1) == [("salad", 2), ("cheese", 5)]
    assert stack_of(state, 2) == [("pizza", 3)]
    assert state.round == 2 and state.stage == 1
    assert [len(hand_list(h)) for h in state.hands] == [9, 9, 9]
    assert state.start == 2  # left of the round's winner, seat 1


# --- refused actions ------------------------------------------------------------------------


def test_a_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    """Bad input gets a clear error and changes nothing."""
    state = make(4, hands=[[1, 2], [3, 4], [5, 6], [7, 8]])
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(0, {"type": "play", "card": 9})
    assert json.dumps(state.to_json()) == before


def test_a_seat_that_has_chosen_may_not_choose_again() -> None:
    """One face-down card per mouse per turn."""
    state = make(4, hands=[[1, 2], [3, 4], [5, 6], [7, 8]])
    state.apply(0, {"type": "play", "card": 1})
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match="not to move"):
        state.apply(0, {"type": "play", "card": 2})
    assert json.dumps(state.to_json()) == before


def test_an_exchange_may_only_discard_cards_in_hand() -> None:
    """The exchanged cards come out of the hand (手札から)."""
    state = make(4, hands=[[0, 3], [5, 5], [6, 6], [7, 7]])
    play(state, {0: 0, 1: 5, 2: 6, 3: 7})
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "discard", "card": 4})
    with pytest.raises(IllegalAction, match="not to move"):
        state.apply(1, {"type": "play", "card": 5})


def test_only_the_top_dish_of_each_kind_is_visible() -> None:
    """「各種類の一番上の一枚だけが見えるようにします」: the view shows each kind's top dish and
    how many dishes lie under it, never the covered dishes themselves (ruling 11)."""
    state = _finished(
        [
            [dish("pizza", -1), dish("salad", 2), dish("pizza", 5)],
            [dish("cheese", 3), dish("cheese", 1), dish("cheese", 4)],
            [],
            [],
        ]
    )
    for seat in (None, 0, 1, 2, 3):
        stacks = state.view(seat)["stacks"]
        assert stacks[0] == [
            {"top": {"kind": "pizza", "value": 5}, "covered": 1},
            {"top": {"kind": "salad", "value": 2}, "covered": 0},
        ]
        assert stacks[1] == [{"top": {"kind": "cheese", "value": 4}, "covered": 2}]
        assert stacks[2] == []
    # The covered dishes stay in the state: only the tops score.
    assert state.stacks[1] == [dish("cheese", 3), dish("cheese", 1), dish("cheese", 4)]
    assert state.scores[:2] == [7, 4]


def test_each_take_tells_why_and_the_dish_it_covers() -> None:
    """同じ料理の場合は、すでに置かれている料理の上に、新しい料理を重ねて (a new dish of a kind goes
    on top of the one there): the take event tells the dish it covers — seen by all until then —
    and how the mouse won it: the lone rearmost, the leader of the last two, or (three players,
    first stage) the other of the last two."""
    state = _three_player_round()
    under = dish("pizza", 1)
    state.dish_pile.remove(under)
    state.stacks[2] = [under]
    play(state, {0: 1, 1: 6, 2: 7})
    takes = [e for e in state.events if e["event"] == "take"]
    assert takes == [
        {
            "event": "take",
            "seat": 0,
            "dish": {"kind": "chicken", "value": -1},
            "why": "last",
            "covers": None,
        }
    ]
    state.apply(0, {"type": "draw"})
    play(state, {1: 2, 2: 2})
    takes = [e for e in state.events if e["event"] == "take"]
    assert takes == [
        {
            "event": "take",
            "seat": 2,
            "dish": {"kind": "pizza", "value": 3},
            "why": "lead",
            "covers": {"kind": "pizza", "value": 1},
        },
        {
            "event": "take",
            "seat": 1,
            "dish": {"kind": "salad", "value": 2},
            "why": "second",
            "covers": None,
        },
    ]
