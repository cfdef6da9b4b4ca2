"""The end of the game and the variants: target, Empty Pantry, Meticulous Chef,
Closing Time and the tofu promo."""

import pytest

from meeple.games.stirfry import GAME
from meeple.games.stirfry.data import TARGETS

from .helpers import (
    END_TURN,
    TASTE,
    TRUST,
    cook,
    declare,
    declare_pair,
    make,
    play,
)

METICULOUS = {"meticulous_chef": True}


def test_reaching_the_target_wins_at_once() -> None:
    """テーブルオプションで定められた目標点以上の点数を獲得したプレイヤーが出た場合、即座にゲームが
    終了します。基本ルールの場合は50点です。

    45 + 6 = 51 ≥ 50: the game ends on the spot, before any end-of-turn step (no
    reward card is drawn).
    """
    state = make(2, [["noodles", "leek", "soy"], ["ginger"]], points=[45, 0])
    play(state, (0, cook("noodles", "leek", "soy")))
    assert state.is_over and state.to_move == ()
    assert state.winners == [0]
    assert state.scores == [51, 0]
    assert sum(state.hands[0]) == 0


@pytest.mark.parametrize("target", TARGETS)
def test_the_target_option(target: int) -> None:
    """目標点…基本は50点です。他に、100点、150点、300点を設定できます。

    One point short of any target the game goes on; reaching it ends the game.
    """
    options = {"target": target}
    short = make(
        2, [["noodles", "leek", "soy"], ["ginger"]], points=[target - 7, 0], options=options
    )
    play(short, (0, cook("noodles", "leek", "soy")))
    assert not short.is_over
    reach = make(
        2, [["noodles", "leek", "soy"], ["ginger"]], points=[target - 6, 0], options=options
    )
    play(reach, (0, cook("noodles", "leek", "soy")))
    assert reach.winners == [0]


def test_empty_pantry_draws_nothing_after_cooking() -> None:
    """空の食料庫: 料理を完成させた場合にカードを1枚引くことができなくなります。

    With Empty Pantry the chef who cooked draws no reward; the turn's first draw stays.
    """
    options = {"empty_pantry": True}
    state = make(2, [["noodles", "leek", "soy"], ["ginger"]], options=options)
    play(state, (0, cook("noodles", "leek", "soy")))
    assert sum(state.hands[0]) == 0
    assert sum(state.hands[1]) == 1 + 1


def test_meticulous_chef_exact_target_wins() -> None:
    """几帳面なシェフ: 誰かの得点が目標点とピッタリ同じ点数になった場合にゲームが終了して、そのプレイヤーが勝利します。

    44 + 6 = 50 exactly: seat 0 wins.
    """
    state = make(2, [["noodles", "leek", "soy"], ["ginger"]], points=[44, 0], options=METICULOUS)
    play(state, (0, cook("noodles", "leek", "soy")))
    assert state.winners == [0]


def test_meticulous_chef_over_the_target_plays_on() -> None:
    """誰かの得点が目標点を超えてしまった場合にはゲームは終了せずに続きます。

    45 + 6 = 51 overshoots: the game goes on with the next chef.
    """
    state = make(2, [["noodles", "leek", "soy"], ["ginger"]], points=[45, 0], options=METICULOUS)
    play(state, (0, cook("noodles", "leek", "soy")))
    assert not state.is_over
    assert state.to_move == (1,)
    assert state.scores == [51, 0]


def test_meticulous_chef_worked_example_67_scores_33() -> None:
    """全員が目標点を超えた点数を獲得した状態になった場合にもゲームは終了して…目標点が50点、実際に
    獲得した点数が67点の場合は… 67 - 50=17(差分) 50 - 17=33(最終的な得点)

    Seat 1 has 67; seat 0 goes from 45 to 61 with the 16-point dish, so everyone is
    over: final scores 50 − 11 = 39 and 50 − 17 = 33, and seat 0 wins.
    """
    dish = ["noodles", "leek", "mushroom", "soy", "pork"]
    state = make(2, [dish, ["ginger"]], points=[45, 67], options=METICULOUS)
    play(state, (0, cook(*dish)))
    assert state.is_over
    assert state.points == [61, 67]
    assert state.scores == [39, 33]
    assert state.winners == [0]


def test_meticulous_chef_equal_final_scores_share_the_win() -> None:
    """「目標点」から、「実際に獲得した点数と目標点の差」を引いた値が最終的な得点となります。

    Ruling (METICULOUS_SHARED_WIN): 52 and 45 + 7 = 52 both score 48, and share the win.
    """
    dish = ["noodles", "mushroom", "chicken"]  # 1 + 3 + 3
    state = make(2, [dish, ["ginger"]], points=[45, 52], options=METICULOUS)
    play(state, (0, cook(*dish)))
    assert state.scores == [48, 48]
    assert state.winners == [0, 1]


def test_meticulous_chef_comes_back_to_the_target_with_tofu() -> None:
    """なお、後述する豆腐プロモカードを導入すると獲得点数を減らすことができます。

    From 51, a noodles-chicken-tofu dish (−1) lands exactly on 50 and wins.
    """
    options = {**METICULOUS, "tofu": True}
    state = make(2, [["noodles", "chicken", "tofu"], ["ginger"]], points=[51, 0], options=options)
    play(state, (0, cook("noodles", "chicken", "tofu")))
    assert state.winners == [0]


def test_meticulous_chef_exact_target_by_a_wrong_accusation() -> None:
    """誰かの得点が目標点とピッタリ同じ点数になった場合にゲームが終了して、そのプレイヤーが勝利します。

    Ruling (METICULOUS_EXACT_HIT_ANY_TIME): an accuser with no cards at 55 who wrongly
    calls a taste test drops to 50 and wins at once, in the chef's turn.
    """
    state = make(2, [["pork"], []], points=[0, 55], options=METICULOUS)
    play(state, (0, declare("pork", "pork")), (1, TASTE))
    assert state.is_over
    assert state.winners == [1]


def test_closing_time_the_others_play_one_more_turn() -> None:
    """営業終了: 誰かがゲーム終了条件を満たした場合、他のプレイヤーは追加手番を1回だけ得ます。
    全員の手番が終了したら得点を比較し、最も得点の高いプレイヤーが勝者となります。

    Seat 0 reaches 51; seats 1 and 2 each play one more turn, then the game ends.
    """
    options = {"closing_time": True}
    state = make(
        3, [["noodles", "leek", "soy"], ["ginger"], ["pork"]], points=[45, 0, 0], options=options
    )
    play(state, (0, cook("noodles", "leek", "soy")))
    assert not state.is_over
    closing = [e for e in state.events if e["event"] == "closing_time"]
    assert closing == [{"event": "closing_time", "seat": 0, "last_turns": [1, 2]}]
    assert state.chef == 1
    play(state, (1, END_TURN))
    assert state.chef == 2 and not state.is_over
    play(state, (2, END_TURN))
    assert state.is_over
    assert state.winners == [0]


def test_closing_time_ties_are_draws() -> None:
    """同点のプレイヤーがいる場合には引き分けとなります。

    Seat 1 also reaches 51 in its last turn (which does not end the game early);
    after seat 2 the two share the win.
    """
    options = {"closing_time": True}
    hands = [["noodles", "leek", "soy"], ["noodles", "leek", "soy"], ["pork"]]
    state = make(3, hands, points=[45, 45, 0], options=options)
    play(state, (0, cook("noodles", "leek", "soy")))
    play(state, (1, cook("noodles", "leek", "soy")))
    assert state.points == [51, 51, 0] and not state.is_over
    play(state, (2, END_TURN))
    assert state.is_over
    assert state.winners == [0, 1]


def test_closing_time_called_in_another_chefs_turn() -> None:
    """営業終了 with 几帳面なシェフ: 他のプレイヤーは追加手番を1回だけ得ます。

    Ruling (CLOSING_TIME_TURNS): when a wrong accuser (seat 1, 55 → 50) meets the end
    in seat 0's turn, that turn counts as seat 0's extra turn; then only seat 2 plays.
    """
    options = {**METICULOUS, "closing_time": True}
    state = make(3, [["pork"], [], ["leek"]], points=[0, 55, 0], options=options)
    play(state, (0, declare("pork", "pork")), (2, TRUST), (1, TASTE))
    assert not state.is_over
    assert state.final_round == [2]
    play(state, (0, END_TURN))
    while state.phase == "discard":
        play(state, (0, state.legal_actions(0)[0]))
    assert state.chef == 2
    play(state, (2, END_TURN))
    assert state.is_over
    assert state.scores == [0, 50, 0]
    assert state.winners == [1]


def test_tofu_replaces_a_random_hidden_card() -> None:
    """ゲーム開始時に、デッキからランダムに1枚のカードを取り除き、豆腐カード1枚と入れ替えます(山札の
    総枚数は18枚のままです)。なお、どのカードが取り除かれたのかは分かりません。

    With the promo there are still 18 cards, one of them tofu; which card left
    differs between seeds and appears in no view.
    """
    removed = set()
    for seed in range(20):
        state = GAME.new(3, seed=seed, options={"tofu": True})
        cards = len(state.deck) + sum(sum(h) for h in state.hands)
        assert cards == 18
        assert state.removed is not None
        removed.add(state.removed)
        for seat in (0, 1, 2, None):
            assert "removed" not in str(state.view(seat))
    assert len(removed) > 1


def test_tofu_declared_alone_draws_one() -> None:
    """カードを捨てる際に「豆腐カード」と宣言してカードを1枚だけ捨てて、カード1枚を引くことができます。

    With the promo tofu is a protein claim, drawing 1; without it, it is no claim.
    """
    state = make(2, [["tofu", "noodles"], ["ginger"]], options={"tofu": True})
    assert {a["as"] for a in state.legal_actions(0) if a["type"] == "declare"} == {
        "chicken",
        "pork",
        "shrimp",
        "tofu",
    }
    play(state, (0, declare("tofu", "tofu")), (1, TRUST))
    assert sum(state.hands[0]) == 2
    plain = make(2, [["noodles"], ["ginger"]])
    assert "tofu" not in {a["as"] for a in plain.legal_actions(0) if a["type"] == "declare"}


@pytest.mark.parametrize(
    ("other", "honest"),
    [("leek", True), ("ginger", True), ("mushroom", True), ("noodles", False), ("soy", False)],
)
def test_tofu_pairs_with_a_vegetable(other: str, honest: bool) -> None:
    """豆腐カードは野菜カードとしても扱われます…他の野菜カード(麺、たんぱく質、醤油以外のカード)と
    ペアにして捨てることでカードを引くことができます。

    Tofu with leek, ginger or mushroom is a true pair; with noodles or soy it is a bluff.
    """
    state = make(2, [["tofu", other], ["pork"]], options={"tofu": True}, removed="chicken")
    play(state, (0, declare_pair(other, "tofu")), (1, TASTE))  # cards in deck order
    assert state.bluff_caught is not honest
