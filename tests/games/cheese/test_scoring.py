"""Points, the rulebook's scoring example, and the tie-breaks."""

from meeple.games.cheese.data import (
    CAT,
    DOG,
    FAT_MOUSE,
    KING_MOUSE,
    MARKED_MOUSE,
    MOUSE,
)
from meeple.games.cheese.resolution import ATE, CAUGHT, CHASED, Placed, Won, resolve_circle
from meeple.games.cheese.scoring import points, rank_key, winners


def test_points_per_card() -> None:
    """ふつうネズミ、王様ネズミ…1点 / デブネズミ…2点 / ネコ…3点

    Mouse (marked or not) and king mouse 1, fat mouse 2, cat 3.
    """
    assert points([Won(MOUSE, 0, ATE)]) == 1
    assert points([Won(MARKED_MOUSE, 0, ATE)]) == 1
    assert points([Won(KING_MOUSE, 0, ATE)]) == 1
    assert points([Won(FAT_MOUSE, 0, ATE)]) == 2
    assert points([Won(CAT, 1, CHASED)]) == 3
    assert points([]) == 0


def test_colour_does_not_matter() -> None:
    """そのさい動物カードの色は関係ありません。

    A caught mouse of another colour scores for the catcher like its own would.
    """
    own = [Won(FAT_MOUSE, 0, ATE), Won(CAT, 0, CHASED)]
    others = [Won(FAT_MOUSE, 3, CAUGHT), Won(CAT, 2, CHASED)]
    assert points(own) == points(others) == 5


def test_the_rulebook_scoring_example() -> None:
    """◎得点計算の例: 自分のイヌが獲ったネコ、計6点 / 自分のネコが獲った他のプレイヤーのネズミ、計5点 / チーズを食べることができた自分のネズミ、計8点 / このプレイヤーは合計19点を獲得しました！

    The rulebook's example player has 6 points of cats taken by their dog, 5 of
    mice their cats caught and 8 of their own mice that ate: 19. (The pictures
    are not in our text; this circle rebuilds the three piles with one colour's
    cards and resolves it.)
    """

    def q(*cards: tuple[int, int]) -> list[Placed]:
        return [Placed(seat, animal, 1) for seat, animal in cards]

    piles, _ = resolve_circle(
        4,
        [5, 2, 3, 2, 4],
        [
            q((0, FAT_MOUSE), (0, FAT_MOUSE), (0, MOUSE), (0, MOUSE), (0, MOUSE), (1, MOUSE)),
            q((0, MOUSE)),
            q((1, FAT_MOUSE), (2, MOUSE), (3, MOUSE), (0, CAT)),
            q((1, MOUSE), (0, CAT)),
            q((1, CAT), (0, DOG), (2, CAT)),
        ],
    )
    mine = piles[0]
    by_how = {how: points([w for w in mine if w.how == how]) for how in (CHASED, CAUGHT, ATE)}
    assert by_how == {CHASED: 6, CAUGHT: 5, ATE: 8}
    assert points(mine) == 19


def test_ties_go_to_more_king_mice() -> None:
    """点数が同じ場合は、王様ネズミの多いほうが勝ちです。

    Equal points: the player with more king mice wins, whoever's colour they are.
    """
    with_king = [Won(KING_MOUSE, 2, CAUGHT), Won(MOUSE, 1, ATE)]
    without = [Won(FAT_MOUSE, 1, ATE)]
    assert points(with_king) == points(without)
    assert winners([without, with_king]) == [1]


def test_then_ties_go_to_more_mouse_cards() -> None:
    """それでも同じであれば持っているネズミカードの枚数を合計して多いほうの勝ちです。

    Equal points and kings: more mouse cards wins; fat, marked and king mice are
    mouse cards too, cats are not.
    """
    many = [Won(MOUSE, 0, ATE), Won(MARKED_MOUSE, 0, ATE), Won(MOUSE, 1, CAUGHT)]
    few = [Won(FAT_MOUSE, 1, ATE), Won(MOUSE, 1, ATE)]
    cat = [Won(CAT, 2, CHASED)]
    assert points(many) == points(few) == points(cat) == 3
    assert [rank_key(p)[2] for p in (many, few, cat)] == [3, 2, 0]
    assert winners([few, many, cat]) == [1]


def test_players_equal_in_every_tie_break_share_the_win() -> None:
    """(点数が同じ場合は、王様ネズミの多いほうが勝ちです。それでも同じであれば…) — ruling: no further tie-break.

    Players still equal after both tie-breaks are all winners.
    """
    a = [Won(KING_MOUSE, 0, ATE), Won(FAT_MOUSE, 0, ATE)]
    b = [Won(FAT_MOUSE, 2, CAUGHT), Won(KING_MOUSE, 1, CAUGHT)]
    c = [Won(MOUSE, 2, ATE)]
    assert winners([a, b, c]) == [0, 1]


def test_the_most_points_win() -> None:
    """一番得点の多いプレイヤーの勝利です！

    Points decide first, before any tie-break.
    """
    kings = [Won(KING_MOUSE, 0, ATE), Won(KING_MOUSE, 1, CAUGHT)]
    cat = [Won(CAT, 1, CHASED)]
    assert winners([kings, cat]) == [1]
