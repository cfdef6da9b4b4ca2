"""The four steps of a cheese's resolution, on hand-built queues.

Queues are written front (next to the cheese) first. Each test cites the
rulebook passage (終了処理) it checks.
"""

from meeple.games.cheese.data import (
    CAT,
    DOG,
    FAT_MOUSE,
    KING_MOUSE,
    MARKED_MOUSE,
    MOUSE,
)
from meeple.games.cheese.resolution import (
    ATE,
    CAUGHT,
    CHASED,
    Gain,
    Placed,
    Won,
    resolve_cheese,
    resolve_circle,
)


def queue(*cards: tuple[int, int]) -> list[Placed]:
    """A queue of ``(seat, animal)`` cards, front first (how they were placed does not matter)."""
    return [Placed(seat, animal, 1) for seat, animal in cards]


def resolve(cheese: int, *cards: tuple[int, int]) -> list[Gain]:
    gains, _ = resolve_cheese(0, cheese, queue(*cards))
    return gains


def eaters(gains: list[Gain]) -> list[tuple[int, int]]:
    """``(seat, animal)`` of the mice that ate, in eating order."""
    return [(seat, won.animal) for seat, won in gains if won.how == ATE]


def takes(gains: list[Gain], how: str) -> list[tuple[int, int, int]]:
    """``(taker, animal, colour)`` of the cards taken in one way, in taking order."""
    return [(seat, won.animal, won.colour) for seat, won in gains if won.how == how]


# --- 1) dogs ----------------------------------------------------------------------------


def test_a_dog_takes_the_cats_in_front_of_and_behind_it() -> None:
    """そのイヌの前後1枚にネコがいればイヌの持ち主がそれを取って自分の前に並べます（前後ともネコなら2枚受け取ります）。

    A cat right in front of or right behind a dog goes to the dog's owner; with
    cats on both sides the owner takes both.
    """
    gains = resolve(2, (1, CAT), (0, DOG), (2, CAT))
    assert sorted(takes(gains, CHASED)) == [(0, CAT, 1), (0, CAT, 2)]


def test_a_dog_takes_only_adjacent_cats() -> None:
    """そのイヌの前後1枚にネコがいれば…前後がネコで無ければ、何も起きません。

    Only the one card on each side counts: a cat two places away is not taken.
    """
    gains = resolve(5, (1, CAT), (2, MOUSE), (0, DOG), (2, MOUSE), (3, CAT))
    assert takes(gains, CHASED) == []


def test_the_rearmost_dog_goes_first() -> None:
    """イヌが複数置かれていた場合、より列の後ろに置かれたイヌから処理します。

    With a cat between two dogs, the rear dog acts first and takes it; the front
    dog finds no cat left.
    """
    gains = resolve(3, (0, DOG), (2, CAT), (1, DOG))
    assert takes(gains, CHASED) == [(1, CAT, 2)]


def test_several_dogs_and_cats_in_one_queue() -> None:
    """イヌが複数置かれていた場合、より列の後ろに置かれたイヌから処理します。…イヌは置いたままにします。

    Dogs act rear first, each taking its neighbouring cats; dogs stay in the queue.
    Here the rear dog (seat 3) takes the cat between them, the front dog (seat 0)
    the cat at the front; the cat at the back, two places from any dog, survives.
    """
    gains = resolve(5, (1, CAT), (0, DOG), (2, CAT), (3, DOG), (4, MOUSE), (2, CAT))
    assert takes(gains, CHASED) == [(3, CAT, 2), (0, CAT, 1)]
    # The surviving cat (seat 2) then catches seat 4's mouse and stops at seat 3's dog.
    assert takes(gains, CAUGHT) == [(2, MOUSE, 4)]


def test_a_dog_takes_a_cat_of_its_own_colour() -> None:
    """そのイヌの前後1枚にネコがいればイヌの持ち主がそれを取って… (ruling DOG_TAKES_OWN_CATS).

    The rulebook makes no colour exception for dogs, so a dog takes its own
    player's cat too, for 3 points.
    """
    gains = resolve(2, (0, MOUSE), (0, DOG), (0, CAT))
    assert takes(gains, CHASED) == [(0, CAT, 0)]
    assert takes(gains, CAUGHT) == []  # the cat was gone before it could hunt


def test_a_cat_taken_by_a_dog_does_not_hunt() -> None:
    """処理の順番: 1) イヌ 2) ネコ.

    Dogs act before cats: a cat chased away by a dog never reaches the mice.
    """
    gains = resolve(2, (1, MOUSE), (1, MOUSE), (0, CAT), (2, DOG))
    assert takes(gains, CHASED) == [(2, CAT, 0)]
    assert takes(gains, CAUGHT) == []
    assert eaters(gains) == [(1, MOUSE), (1, MOUSE)]


# --- 2) cats ----------------------------------------------------------------------------


def test_a_cat_takes_three_mice_ahead_of_it() -> None:
    """ネコは前に向かって3匹ネズミを取ります。他のプレイヤーの色のネズミ（ふつうネズミ、王様ネズミ、デブネズミ）であればそれらを取って自分の前に並べます。

    A cat takes the three mice ahead of it (toward the cheese), of any kind; the
    fourth is out of reach, and mice behind it are safe.
    """
    gains = resolve(
        5, (4, MOUSE), (1, KING_MOUSE), (2, FAT_MOUSE), (3, MOUSE), (0, CAT), (1, MOUSE)
    )
    assert takes(gains, CAUGHT) == [(0, MOUSE, 3), (0, FAT_MOUSE, 2), (0, KING_MOUSE, 1)]
    assert eaters(gains) == [(4, MOUSE), (1, MOUSE)]


def test_a_cat_counts_but_spares_its_own_mice() -> None:
    """自分の色のネズミは除外しませんが対象になる3匹のうちには数えます。

    The cat's own mice count toward its three but are not taken: here the second
    of the three is its own, so it takes two and the fourth mouse is safe.
    """
    gains = resolve(5, (3, MOUSE), (1, MOUSE), (0, MARKED_MOUSE), (2, MOUSE), (0, CAT))
    assert takes(gains, CAUGHT) == [(0, MOUSE, 2), (0, MOUSE, 1)]
    assert eaters(gains) == [(3, MOUSE), (0, MARKED_MOUSE)]


def test_a_cat_is_stopped_by_a_dog() -> None:
    """ネコの処理は、イヌ・ネコ・チーズにぶつかった場合に終了します（イヌ・ネコはだれのプレイヤーのものでも終了する）。

    A cat's run ends at a dog of any colour, even its own, before its three mice.
    """
    gains = resolve(5, (1, MOUSE), (0, DOG), (2, MOUSE), (0, CAT))
    assert takes(gains, CAUGHT) == [(0, MOUSE, 2)]
    assert eaters(gains) == [(1, MOUSE)]


def test_a_cat_is_stopped_by_a_cat_and_the_rearmost_cat_goes_first() -> None:
    """ネコが複数置かれていた場合、より列の後ろに置かれたネコから処理します。…イヌ・ネコ・チーズにぶつかった場合に終了します。

    The rear cat hunts first and stops at the cat ahead of it; then that cat
    hunts the mice ahead of it.
    """
    gains = resolve(5, (3, MOUSE), (1, CAT), (2, MOUSE), (0, CAT))
    assert takes(gains, CAUGHT) == [(0, MOUSE, 2), (1, MOUSE, 3)]


def test_a_cat_is_stopped_by_the_cheese() -> None:
    """ネコの処理は、イヌ・ネコ・チーズにぶつかった場合に終了します。

    With fewer than three mice ahead, the cat takes what there is and stops at
    the cheese.
    """
    gains = resolve(2, (1, FAT_MOUSE), (0, CAT), (2, MOUSE))
    assert takes(gains, CAUGHT) == [(0, FAT_MOUSE, 1)]
    assert eaters(gains) == [(2, MOUSE)]


def test_a_cat_leaves_the_game_after_hunting() -> None:
    """処理が終了したネコは箱に戻し、ゲームから除外します。

    A cat scores for nobody and takes no eating place: it is boxed once done,
    even when it caught nothing.
    """
    gains, events = resolve_cheese(0, 3, queue((0, CAT), (1, MOUSE)))
    assert all(won.animal != CAT for _, won in gains)
    assert eaters(gains) == [(1, MOUSE)]
    assert [e for e in events if e["event"] == "cat_leaves"] == [
        {"event": "cat_leaves", "cheese": 0, "seat": 0}
    ]


# --- 3) king mice -----------------------------------------------------------------------


def test_a_king_mouse_moves_to_the_front() -> None:
    """王様ネズミをその列の一番前に移動させます。

    A king mouse at the back overtakes everyone and eats first, even at a
    cheese for one mouse.
    """
    gains = resolve(2, (1, MOUSE), (2, FAT_MOUSE), (0, DOG), (3, MOUSE), (0, KING_MOUSE))
    assert eaters(gains) == [(0, KING_MOUSE), (1, MOUSE)]


def test_the_rearmost_king_moves_first() -> None:
    """王様ネズミが複数置かれていた場合、より列の後ろに置かれた王様ネズミから処理します。

    The rear king moves to the front first, then the one ahead of it moves in
    front of it: kings keep their order among themselves.
    """
    gains = resolve(5, (1, MOUSE), (2, KING_MOUSE), (3, MOUSE), (4, KING_MOUSE), (0, KING_MOUSE))
    assert eaters(gains) == [
        (2, KING_MOUSE),
        (4, KING_MOUSE),
        (0, KING_MOUSE),
        (1, MOUSE),
        (3, MOUSE),
    ]


def test_a_king_caught_by_a_cat_does_not_move() -> None:
    """処理の順番: 2) ネコ 3) 王様ネズミ.

    Cats act before kings, so a caught king is gone before it could overtake.
    """
    gains = resolve(1, (1, MOUSE), (2, KING_MOUSE), (0, CAT))
    assert takes(gains, CAUGHT) == [(0, KING_MOUSE, 2), (0, MOUSE, 1)]
    assert eaters(gains) == []


# --- 4) the cheese ----------------------------------------------------------------------


def test_the_first_mice_eat_as_many_as_the_cheese_number() -> None:
    """チーズカードに最も近い場所に置かれたネズミ…から順番に1匹ずつチーズを食べます。…たとえば、3と書いてあるチーズであれば、動物カードに書かれている数字とは関係なく、3匹のネズミがそのチーズを食べることができたということになります。

    The rulebook's example: at a "3" cheese the three mice nearest the cheese
    eat, whatever numbers the animal cards show (a fat mouse is one mouse); the
    fourth goes hungry.
    """
    gains = resolve(3, (1, FAT_MOUSE), (2, MOUSE), (1, MOUSE), (3, FAT_MOUSE))
    assert eaters(gains) == [(1, FAT_MOUSE), (2, MOUSE), (1, MOUSE)]
    assert len(gains) == 3


def test_mice_that_eat_go_to_their_own_player() -> None:
    """チーズを食べる事が出来たネズミは、そのネズミの色のプレイヤーの前に並べます。

    Each mouse that ate goes in front of the player of its colour.
    """
    gains = resolve(4, (2, MOUSE), (0, FAT_MOUSE))
    assert gains == [(2, Won(MOUSE, 2, ATE)), (0, Won(FAT_MOUSE, 0, ATE))]


def test_a_cheese_with_more_places_than_mice() -> None:
    """最初にチーズを食べたネズミから数えて、チーズカードに書かれている数字匹のネズミがチーズを食べられます。

    At most the number eat: with fewer mice than places, every mouse eats.
    """
    gains = resolve(5, (1, MOUSE), (0, DOG), (2, MOUSE))
    assert eaters(gains) == [(1, MOUSE), (2, MOUSE)]


def test_dogs_take_no_place_at_the_cheese() -> None:
    """チーズカードに最も近い場所に置かれたネズミ（ふつうネズミ、王様ネズミ、デブネズミ）から順番に…

    Only mice eat: a dog at the front neither eats nor holds a mouse back, and it
    scores for nobody (イヌは置いたままにします).
    """
    gains = resolve(1, (0, DOG), (1, MOUSE), (2, MOUSE))
    assert gains == [(1, Won(MOUSE, 1, ATE))]


def test_an_empty_queue_gives_nothing() -> None:
    """円状に並べてあるチーズカード毎に処理します。

    A cheese nobody queued for is resolved too, and gives nobody anything.
    """
    gains, events = resolve_cheese(4, 5, [])
    assert gains == []
    assert events == [{"event": "reveal", "cheese": 4, "queue": []}]


# --- the whole resolution -----------------------------------------------------------------


def test_the_steps_go_dogs_cats_kings_cheese() -> None:
    """以下の順番で処理します。1) イヌ 2) ネコ 3) 王様ネズミ 4) チーズ

    One queue exercising every step in order: the dog chases the cat beside it,
    the other cat catches up to the dog, the king then overtakes, and the first
    two mice eat.
    """
    gains, events = resolve_cheese(
        7,
        2,
        queue(
            (1, MOUSE),
            (2, FAT_MOUSE),
            (3, DOG),
            (4, CAT),
            (1, MOUSE),
            (2, MOUSE),
            (0, CAT),
            (4, KING_MOUSE),
        ),
    )
    assert [e["event"] for e in events] == [
        "reveal",
        "chase",
        "catch",
        "catch",
        "cat_leaves",
        "king_to_front",
        "eat",
        "eat",
    ]
    assert takes(gains, CHASED) == [(3, CAT, 4)]
    assert takes(gains, CAUGHT) == [(0, MOUSE, 2), (0, MOUSE, 1)]
    assert eaters(gains) == [(4, KING_MOUSE), (1, MOUSE)]


def test_resolving_leaves_the_queue_as_it_was() -> None:
    """処理するチーズカードの横に並べられている動物カードを全ておもてにします。この時に順番が入り替わらないように注意しましょう。

    Revealing keeps the order; our resolution works on a copy, so the board
    still shows the queue as placed.
    """
    line = queue((0, MOUSE), (1, CAT), (2, KING_MOUSE))
    before = list(line)
    _, events = resolve_cheese(0, 2, line)
    assert line == before
    assert events[0]["queue"] == [
        {"seat": 0, "card": "mouse"},
        {"seat": 1, "card": "cat"},
        {"seat": 2, "card": "king_mouse"},
    ]


def test_every_cheese_of_the_circle_is_resolved() -> None:
    """この処理を全てのチーズカードでおこないます。

    Each cheese's queue is resolved with its own number, and the cards won pile
    up in front of their players.
    """
    piles, events = resolve_circle(
        3,
        [2, 5, 3],
        [queue((0, MOUSE), (1, MOUSE), (2, MOUSE)), [], queue((2, FAT_MOUSE), (1, CAT))],
    )
    assert piles == [
        [Won(MOUSE, 0, ATE)],
        [Won(MOUSE, 1, ATE), Won(FAT_MOUSE, 2, CAUGHT)],
        [],
    ]
    assert [e["cheese"] for e in events if e["event"] == "reveal"] == [0, 1, 2]


def test_a_dog_rescues_mice_by_chasing_a_cat() -> None:
    """1) イヌ 2) ネコ — a worked consequence of the order.

    The mice a chased cat would have caught stay in the queue and eat.
    """
    without_dog = resolve(3, (1, MOUSE), (2, MOUSE), (0, CAT))
    with_dog = resolve(3, (1, MOUSE), (2, MOUSE), (0, CAT), (3, DOG))
    assert eaters(without_dog) == []
    assert eaters(with_dog) == [(1, MOUSE), (2, MOUSE)]
