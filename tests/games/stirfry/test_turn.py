"""The set-up and a chef's turn: draws, declarations, cooking, the end of the turn."""

import pytest

from meeple.games.stirfry import GAME
from meeple.games.stirfry.data import CARD_NAMES, DECK_COUNTS
from meeple.games.stirfry.rules import CHEF, DISCARD

from .helpers import (
    END_TURN,
    TASTE,
    TRUST,
    cook,
    declare,
    declare_pair,
    discard,
    hand,
    make,
    play,
)

# Every card but three soy: what the chef holds when the deck is to be empty.
ALL_BUT_SOY = [
    *["noodles"] * 5,
    *["leek"] * 2,
    *["ginger"] * 2,
    *["mushroom"] * 3,
    "chicken",
    "pork",
    "shrimp",
]


def test_the_deck_of_eighteen() -> None:
    """麺…5枚 / 長ネギ…2枚 / 生姜…2枚 / キノコ…3枚 / 醤油…3枚 / 鶏肉・豚肉・海老…1枚だけ.

    The deck holds 18 cards: noodles 5, leek 2, ginger 2, mushroom 3, soy 3 and one
    each of chicken, pork and shrimp.
    """
    state = GAME.new(3, seed=9)
    counts = [len(state.deck) * 0] * len(CARD_NAMES)
    for card in state.deck:
        counts[card] += 1
    for h in state.hands:
        counts = [a + b for a, b in zip(counts, h, strict=True)]
    assert counts == list(DECK_COUNTS)
    assert sum(counts) == 18


def test_hands_of_three_and_the_first_chef_draws_one() -> None:
    """各プレイヤーは山札からランダムに配られた手札を3枚持ってゲーム開始します。
    自分の手番が回ってきたら(シェフ役になったら)山札から1枚カードを引きます。

    Everyone starts with 3 cards; the first chef has drawn one more.
    """
    for players in range(2, 6):
        state = GAME.new(players, seed=players)
        assert state.to_move == (0,)
        assert [sum(h) for h in state.hands] == [4] + [3] * (players - 1)
        assert len(state.deck) == 18 - 3 * players - 1


def test_the_turn_passes_to_the_next_seat() -> None:
    """現在のプレイヤーの手番終了時… 自分の手番が回ってきたら…1枚カードを引きます。

    After seat 2 of three, seat 0 is the chef again, and each new chef draws one card.
    """
    state = make(3, [["leek"], ["ginger"], ["mushroom"]], chef=2, deck_top=["soy"])
    play(state, (2, END_TURN))
    assert state.chef == 0
    assert state.to_move == (0,)
    assert hand(state, 0) == ["leek", "soy"]


def test_cooking_needs_noodles() -> None:
    """料理を作るには「麺カード」が必須になります。手札が何枚あっても麺カードが無い場合は料理を出せません。

    Without noodles no dish can be cooked, however many cards the hand holds.
    """
    state = make(2, [["leek", "ginger", "mushroom", "soy", "pork", "shrimp"], []])
    assert not [a for a in state.legal_actions(0) if a["type"] == "cook"]


def test_a_dish_is_three_to_five_different_cards() -> None:
    """同じカードを2枚以上使うことは出来ません…麺と合わせて計3枚…料理に使用できるカードは5枚までです。

    Every dish offered has noodles, 3–5 cards and no card twice: with noodles ×2
    and seven other kinds that is C(7,2) + C(7,3) + C(7,4) = 91 dishes.
    """
    cards = ["noodles", "noodles", "leek", "ginger", "mushroom", "soy", "chicken", "pork", "shrimp"]
    state = make(2, [cards, []])
    dishes = [a["cards"] for a in state.legal_actions(0) if a["type"] == "cook"]
    assert len(dishes) == 21 + 35 + 35
    for dish in dishes:
        assert dish[0] == "noodles"
        assert 3 <= len(dish) <= 5
        assert len(set(dish)) == len(dish)


def test_two_cards_and_noodles_are_too_few() -> None:
    """麺カードがあっても他に食材2種類(麺と合わせて計3枚)の手札が無いと料理は作れません。

    Noodles with only one other kind (even twice) cannot be cooked.
    """
    state = make(2, [["noodles", "noodles", "leek", "leek"], []])
    assert not [a for a in state.legal_actions(0) if a["type"] == "cook"]


def test_cooking_scores_at_once_and_ends_the_turn() -> None:
    """1手番に出せる料理は1品だけです。… 料理を出したプレイヤーは手番終了となります。

    One dish a turn: it scores at once and the turn passes to the next chef.
    """
    state = make(2, [["noodles", "leek", "soy"], ["ginger"]])
    play(state, (0, cook("noodles", "leek", "soy")))
    assert state.points == [6, 0]
    assert state.chef == 1
    assert state.to_move == (1,)


def test_the_reward_is_drawn_after_the_used_cards_are_back_in_the_deck() -> None:
    """料理を作って手番終了し料理報酬で山札からカードを1枚引く際に、ついさっき料理で使用した食材が
    再び山札から引かれる場合もあります。

    With the deck empty, the cooking reward can only be one of the cards just cooked:
    the used cards are shuffled back in before the reward is drawn (END_OF_TURN_STEPS).
    """
    state = make(2, [ALL_BUT_SOY, ["soy", "soy", "soy"]])
    assert state.deck == []
    dish = ["noodles", "leek", "ginger", "pork", "shrimp"]
    before = hand(state, 0)
    play(state, (0, cook(*dish)))
    after = hand(state, 0)
    for card in dish:
        before.remove(card)
    for card in before:
        after.remove(card)
    assert len(after) == 1 and after[0] in dish
    assert len(state.deck) == 4


def test_discard_down_to_three_after_the_reward() -> None:
    """手番終了時に手札が4枚以上あった場合は手札が3枚になるように捨てるカードを選択しなければなりません。

    The chef of an 11-card hand after cooking (reward included) discards one card
    at a time down to 3; then the discards return to the deck and the next turn begins.
    """
    state = make(2, [ALL_BUT_SOY, ["soy", "soy", "soy"]])
    play(state, (0, cook("noodles", "leek", "ginger", "pork", "shrimp")))
    assert state.phase == DISCARD and state.to_move == (0,)
    assert sum(state.hands[0]) == 11
    while state.phase == DISCARD:
        state.apply(0, state.legal_actions(0)[0])
    assert sum(state.hands[0]) == 3
    assert state.chef == 1
    # 4 in the deck after the reward, 8 discards back in, 1 drawn by the new chef.
    assert len(state.deck) == 4 + 8 - 1


def test_end_the_turn_without_cooking_and_discard() -> None:
    """手札が3枚ない、必要な食材が揃っていない、今は料理したくない等の場合は[ターン終了]を選択し
    手番を終了します。この際に手札が4枚以上ある場合は手札が3枚になるようにカードを捨てます。

    Ending the turn without cooking also discards down to three, with no reward.
    """
    state = make(2, [["noodles", "noodles", "leek", "leek", "soy"], ["ginger"]])
    play(state, (0, END_TURN))
    assert state.phase == DISCARD
    assert state.legal_actions(0) == [discard("noodles"), discard("leek"), discard("soy")]
    play(state, (0, discard("noodles")), (0, discard("leek")))
    assert hand(state, 0) == ["noodles", "leek", "soy"]
    assert state.chef == 1 and state.phase == CHEF


def test_a_single_card_is_declared_only_as_a_protein() -> None:
    """1枚捨てる場合に宣言する名前はデッキに1枚しかない鶏肉・豚肉・海老だけです。複数枚ある麺や醤油などは宣言できません。

    One card may be declared as chicken, pork or shrimp — never as anything else.
    """
    state = make(2, [["noodles", "soy", "shrimp"], ["ginger"]])
    claims = {a["as"] for a in state.legal_actions(0) if a["type"] == "declare"}
    assert claims == {"chicken", "pork", "shrimp"}


@pytest.mark.parametrize(("claim", "draws"), [("chicken", 2), ("pork", 3), ("shrimp", 4)])
def test_a_standing_protein_declaration_draws(claim: str, draws: int) -> None:
    """海老を宣言した場合は山札から4枚のカードを引けます(鶏肉の場合は2枚、豚肉の場合は3枚です)。

    A declared protein that nobody tastes draws chicken 2, pork 3, shrimp 4 — bluff or not.
    """
    state = make(2, [["noodles", claim], ["ginger"]])
    play(state, (0, declare("noodles", claim)), (1, TRUST))
    assert sum(state.hands[0]) == 1 + draws
    state = make(2, [["noodles", claim], ["ginger"]])
    play(state, (0, declare(claim, claim)), (1, TRUST))
    assert sum(state.hands[0]) == 1 + draws


def test_a_standing_pair_declaration_draws_three() -> None:
    """ペアを宣言した場合は山札から3枚のカードを引けます。… 誰も味見テストを要求しなかったのでそのまま山札からカードを3枚引きます。

    A pair nobody tastes draws 3.
    """
    state = make(2, [["ginger", "ginger", "noodles"], ["leek"]])
    play(state, (0, declare_pair("ginger", "ginger")), (1, TRUST))
    assert sum(state.hands[0]) == 1 + 3


def test_each_kind_of_declaration_once_a_turn() -> None:
    """同じアクションは1手番に1度しか行えません。…(タンパク質カード1枚を宣言して成功した後にペア2枚を
    宣言して捨てる、またはペア2枚捨てた後に1枚を捨てることは可能です)

    After a single-card declaration only a pair may still be declared, and after both
    neither — whatever became of the first one (here it was caught).
    """
    state = make(2, [["noodles", "leek", "soy", "soy"], ["ginger"]])
    play(state, (0, declare("leek", "pork")), (1, TASTE))
    kinds = {a["type"] for a in state.legal_actions(0)}
    assert "declare" not in kinds and "declare_pair" in kinds
    play(state, (0, declare_pair("soy", "soy")), (1, TRUST))
    kinds = {a["type"] for a in state.legal_actions(0)}
    assert "declare" not in kinds and "declare_pair" not in kinds


def test_a_pair_first_then_a_protein() -> None:
    """ペア2枚捨てた後に1枚を捨てることは可能です。

    A pair may come first and a single card after it.
    """
    state = make(2, [["soy", "soy", "pork"], ["ginger"]])
    play(state, (0, declare_pair("soy", "soy")), (1, TRUST))
    play(state, (0, declare("pork", "pork")), (1, TRUST))
    assert sum(state.hands[0]) == 3 + 3


def test_declared_cards_leave_play_until_the_end_of_the_turn() -> None:
    """捨てられた・料理に使用されたカードは一旦山札の外に置かれ、現在のプレイヤーの手番終了時に
    山札に戻されシャッフルされます。

    A declared card stays out of the deck for the rest of the turn, then returns.
    """
    state = make(2, [["pork", "leek"], ["ginger"]])
    deck = len(state.deck)
    play(state, (0, declare("pork", "pork")), (1, TRUST))
    assert len(state.deck) == deck - 3
    assert state.face_down[0] == [6]
    play(state, (0, END_TURN))
    play(state, *[(0, discard(hand(state, 0)[0]))] * (sum(state.hands[0]) - 3))
    assert state.face_down == [[], []]
    # Back in: the pork and the discards; then the new chef drew one.
    assert len(state.deck) == 18 - 3 - sum(state.hands[1])


def test_a_draw_takes_only_what_the_deck_holds() -> None:
    """山札からカードを引く際に、引こうとする枚数よりも山札の枚数が少ない場合は現在の山札に残っている
    枚数ぶんまでしかカードを引けません。(例:海老を宣言して4枚引こうとしても山札に2枚…しか残ってない
    場合は…2枚…だけ引きます)

    Declaring shrimp with two cards left in the deck draws those two.
    """
    chef = [*ALL_BUT_SOY[:-3], "shrimp", "soy"]  # 14 cards; chicken and pork stay in the deck
    state = make(2, [chef, ["soy", "soy"]])
    assert len(state.deck) == 2
    play(state, (0, declare("shrimp", "shrimp")), (1, TRUST))
    assert state.deck == []
    assert sum(state.hands[0]) == 14 - 1 + 2


def test_a_caught_bluff_costs_the_cooking_reward() -> None:
    """ブラフを行って味見テストにより ブラフが見破られてしまった場合は、その手番に料理をテーブルに出しても
    料理報酬のカード1枚を山札から引くことは出来ません。

    After a caught bluff the chef may still cook, but draws no reward.
    """
    state = make(2, [["noodles", "leek", "soy", "mushroom"], ["ginger"]])
    play(state, (0, declare("mushroom", "chicken")), (1, TASTE))
    play(state, (0, cook("noodles", "leek", "soy")))
    assert state.points[0] == 6
    assert hand(state, 0) == []


def test_caught_bluffs_give_extra_draws_at_the_catchers_next_turn() -> None:
    """自分の手番が回って来るまでにブラフを複数回見破っていた場合は見破った回数ぶんだけカードを引けます。

    Catching two bluffs in one turn: at its next turn the catcher draws 1 + 2 cards.
    """
    state = make(2, [["noodles", "leek", "soy", "soy"], ["ginger"]])
    play(state, (0, declare("leek", "shrimp")), (1, TASTE))
    play(state, (0, declare_pair("noodles", "soy")), (1, TASTE))
    assert state.extra_draws == [0, 2]
    play(state, (0, END_TURN))
    assert state.chef == 1
    assert sum(state.hands[1]) == 1 + 3
    assert state.extra_draws == [0, 0]


def test_extra_draws_are_spent_even_when_the_deck_is_short() -> None:
    """山札に残っている枚数ぶんまでしかカードを引けません。

    Ruling (EXTRA_DRAW_PER_CAUGHT_BLUFF): the extra draws are made with the turn's
    draw; what the deck cannot give is lost, not carried to a later turn. Five
    hands of three leave three cards; a catcher of three bluffs wants four.
    """
    hands = [
        ["noodles"] * 3,
        ["noodles", "noodles", "leek"],
        ["leek", "ginger", "ginger"],
        ["mushroom"] * 3,
        ["soy"] * 3,
    ]
    state = make(5, hands, chef=4)
    state.extra_draws[0] = 3
    assert len(state.deck) == 3
    play(state, (4, END_TURN))
    assert state.chef == 0
    assert hand(state, 0) == ["noodles"] * 3 + ["chicken", "pork", "shrimp"]
    assert state.extra_draws[0] == 0
