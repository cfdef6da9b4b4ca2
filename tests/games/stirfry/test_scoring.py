"""Scoring a dish: the card table of the rulebook and its worked examples."""

import pytest

from meeple.games.stirfry import dish_score
from meeple.games.stirfry.data import CARD_INDEX
from meeple.games.stirfry.scoring import card_points

from .helpers import cook, hand, make, play


def points_of(card: str, dish: list[str]) -> int:
    """What ``card`` scores in a dish of ``dish`` (the card itself included)."""
    return card_points(CARD_INDEX[card], {CARD_INDEX[c] for c in [card, *dish]})


def test_worked_example_sixteen_points() -> None:
    """麺・長ネギ・キノコ・醤油・豚肉 … 麺1点+長ネギ3点+キノコ2点+醤油2点+豚肉8点=16点が得点になります。

    Noodles, leek, mushroom, soy and pork score 1 + 3 + 2 + 2 + 8 = 16.
    """
    dish = ["noodles", "leek", "mushroom", "soy", "pork"]
    assert [points_of(c, dish) for c in dish] == [1, 3, 2, 2, 8]
    assert dish_score(dish) == 16


def test_worked_example_sixteen_points_in_play() -> None:
    """この組み合わせの場合、…=16点が得点になります。 料理を出して得点を稼ぐ.

    Cooking that dish in a game adds 16 to the chef's points at once.
    """
    state = make(2, [["noodles", "leek", "mushroom", "soy", "pork"], ["ginger"]], points=[3, 0])
    play(state, (0, cook("noodles", "leek", "mushroom", "soy", "pork")))
    assert state.points == [19, 0]


def test_worked_example_tofu_with_chicken() -> None:
    """麺、鶏肉、豆腐の組み合わせで料理をすると 1 + 3 - 5 = -2点となります。

    Noodles, chicken and tofu: noodles 1, chicken 3, tofu −5. The rulebook prints
    the total as −2, but its own parts add up to −1; ruling: the card values decide
    (data.TOFU_WITH_PROTEIN).
    """
    dish = ["noodles", "chicken", "tofu"]
    assert [points_of(c, dish) for c in dish] == [1, 3, -5]
    assert dish_score(dish) == -1


@pytest.mark.parametrize(
    ("card", "dish", "points"),
    [
        ("noodles", [], 1),
        ("noodles", ["leek", "ginger", "mushroom", "pork"], 1),
        ("leek", [], 3),
        ("leek", ["shrimp"], 5),
        ("ginger", [], 2),
        ("ginger", ["pork"], 4),
        ("mushroom", [], 2),
        ("mushroom", ["chicken"], 3),
        ("soy", [], 1),
        ("soy", ["leek"], 2),
        ("soy", ["ginger"], 3),
        ("chicken", [], 3),
        ("chicken", ["leek"], 5),
        ("chicken", ["leek", "ginger"], 7),
        ("pork", [], 5),
        ("pork", ["mushroom"], 8),
        ("shrimp", [], 6),
        ("shrimp", ["ginger"], 9),
        ("shrimp", ["soy", "ginger"], 11),
        ("tofu", [], 7),
        ("tofu", ["ginger", "soy"], 10),
    ],
)
def test_card_values(card: str, dish: list[str], points: int) -> None:
    """食材カード一覧: e.g. 海老…料理で出すと6点…生姜と組み合わせて料理した場合は9点…醤油と生姜と
    組み合わせて料理した場合は11点; 豆腐…7点…生姜&醤油と組み合わせて料理をすると10点.

    Every card's base value and every bonus of the card list.
    """
    assert points_of(card, dish) == points


def test_a_bonus_needs_every_card_it_names() -> None:
    """鶏肉…長ネギと生姜と組み合わせて料理した場合は7点 / 海老…醤油と生姜と…11点.

    Chicken with ginger alone is not "with leek and ginger": it scores its base 3;
    shrimp with soy alone scores its base 6.
    """
    assert points_of("chicken", ["ginger"]) == 3
    assert points_of("shrimp", ["soy"]) == 6


def test_each_card_scores_only_its_highest_value() -> None:
    """醤油…長ネギと組み合わせて料理した場合は2点になります。生姜と組み合わせて料理した場合は3点.

    A card scores its single highest applicable value, never a sum of bonuses:
    soy with leek and ginger is 3 (not 2 + 3), chicken with leek and ginger is 7.
    """
    assert points_of("soy", ["leek", "ginger"]) == 3
    assert points_of("chicken", ["leek", "ginger"]) == 7
    assert dish_score(["noodles", "soy", "leek", "ginger"]) == 1 + 3 + 3 + 2


def test_tofu_with_another_protein_is_minus_five_even_with_ginger_and_soy() -> None:
    """豆腐…他のたんぱく質カードと組み合わせてしまうと-5点となります。

    Tofu in a dish with chicken, pork or shrimp scores −5, and that replaces its 10
    with ginger and soy (ruling: the penalty wins).
    """
    for protein in ("chicken", "pork", "shrimp"):
        assert points_of("tofu", [protein]) == -5
        assert points_of("tofu", ["ginger", "soy", protein]) == -5


def test_cooking_a_negative_dish_lowers_the_points() -> None:
    """これを利用して、几帳面なシェフヴァリアントでは点数を調整することが可能です。

    A tofu dish with another protein scores below zero and takes points away.
    """
    state = make(2, [["noodles", "chicken", "tofu"], []], points=[10, 0], options={"tofu": True})
    play(state, (0, cook("noodles", "chicken", "tofu")))
    assert state.points[0] == 9
    assert len(hand(state, 0)) == 1  # the cooking reward


def test_dish_score_refuses_unknown_and_repeated_cards() -> None:
    """同じカードを2枚以上使うことは出来ません。

    A dish holds each card once: a repeated card, or a name that is no card, is a
    ValueError.
    """
    with pytest.raises(ValueError, match="at most once"):
        dish_score(["noodles", "noodles", "leek"])
    with pytest.raises(ValueError, match="unknown card"):
        dish_score(["noodles", "bacon", "leek"])
