"""The end of the game: each cheese's queue is revealed and resolved in four steps.

Rulebook (終了処理): 動物カードをおもてにしたら、以下の順番で処理します。
1) イヌ 2) ネコ 3) 王様ネズミ 4) チーズ.

A queue is a list of :class:`Placed` cards, front (next to the cheese) first.
:func:`resolve_cheese` is pure: it returns who takes which card and a log, and
leaves the queue as it was (the board keeps showing what was played)::

    >>> from meeple.games.cheese.data import CAT, MOUSE
    >>> queue = [Placed(1, MOUSE, 2), Placed(0, CAT, 1)]
    >>> [(seat, won.animal, won.how) for seat, won in resolve_cheese(0, 3, queue)[0]]
    [(0, 0, 'caught')]
"""

from __future__ import annotations

from typing import Any, NamedTuple

from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    CAT,
    CAT_REACH,
    CAT_STOPPERS,
    DOG,
    DOG_TAKES_OWN_CATS,
    FIRST_CHEESE_RESOLVED,
    IS_MARKED,
    IS_MOUSE,
    KING_MOUSE,
)

CHASED = "chased"
"""A cat taken by a dog."""
CAUGHT = "caught"
"""Another colour's mouse taken by a cat."""
ATE = "ate"
"""A mouse that ate the cheese, back in front of its own player."""

Event = dict[str, Any]
"""One line of the log, e.g. ``{"event": "eat", "cheese": 3, "seat": 1, "card": "mouse"}``."""


class Placed(NamedTuple):
    """An animal card in a cheese's queue."""

    seat: int
    """Whose colour the card is."""
    animal: int
    order: int
    """1, 2 or 3: which card of its player's turn it was."""

    @property
    def face_up(self) -> bool:
        """Whether it lies face up until the reveal.

        Rulebook: 1枚目の動物カードをうら向きにして置きます… 2枚目… 3枚目のカードをおもて向きにして
        置きます。ただし、動物カードにマークがついている場合、2枚目、3枚目でもうら向きにして置きます。
        """
        return self.order > 1 and not IS_MARKED[self.animal]


class Won(NamedTuple):
    """A card in front of a player at the end: it scores for that player."""

    animal: int
    colour: int
    """The seat whose colour the card is (not always the player who won it)."""
    how: str


Gain = tuple[int, Won]
"""``(seat, card)``: ``seat`` puts ``card`` in front of them."""


def resolve_circle(
    players: int, cheeses: list[int], queues: list[list[Placed]]
) -> tuple[list[list[Won]], list[Event]]:
    """Resolve every cheese of the circle; return each seat's cards won and the events.

    Rulebook: 円状に並べてあるチーズカード毎に処理します。…この処理を全てのチーズカードで
    おこないます。
    """
    piles: list[list[Won]] = [[] for _ in range(players)]
    events: list[Event] = []
    count = len(cheeses)
    for k in range(count):
        position = (FIRST_CHEESE_RESOLVED + k) % count
        gains, log = resolve_cheese(position, cheeses[position], queues[position])
        for seat, card in gains:
            piles[seat].append(card)
        events.extend(log)
    return piles, events


def resolve_cheese(
    position: int, cheese: int, queue: list[Placed]
) -> tuple[list[Gain], list[Event]]:
    """Resolve the queue at the cheese in ``position`` worth ``cheese`` places.

    Returns the cards players take, in the order they take them, and the events.
    """
    line = list(queue)
    gains: list[Gain] = []
    events: list[Event] = [
        {
            "event": "reveal",
            "cheese": position,
            "queue": [{"seat": c.seat, "card": ANIMAL_NAMES[c.animal]} for c in line],
        }
    ]
    _dogs(position, line, gains, events)
    _cats(position, line, gains, events)
    _kings(position, line, events)
    _cheese(position, cheese, line, gains, events)
    return gains, events


def _dogs(position: int, line: list[Placed], gains: list[Gain], events: list[Event]) -> None:
    """1) Each dog, rearmost first, takes the cats right in front of and behind it.

    Rulebook: イヌが複数置かれていた場合、より列の後ろに置かれたイヌから処理します。
    そのイヌの前後1枚にネコがいればイヌの持ち主がそれを取って自分の前に並べます
    （前後ともネコなら2枚受け取ります）。…イヌは置いたままにします。
    """
    i = len(line) - 1
    while i >= 0:
        dog = line[i]
        if dog.animal == DOG:
            if i + 1 < len(line) and _dog_takes(dog, line[i + 1]):
                _chase(position, dog, line.pop(i + 1), gains, events)
            if i > 0 and _dog_takes(dog, line[i - 1]):
                _chase(position, dog, line.pop(i - 1), gains, events)
                i -= 1  # the dog itself moved up one place
        i -= 1


def _dog_takes(dog: Placed, card: Placed) -> bool:
    return card.animal == CAT and (DOG_TAKES_OWN_CATS or card.seat != dog.seat)


def _chase(position: int, dog: Placed, cat: Placed, gains: list[Gain], events: list[Event]) -> None:
    gains.append((dog.seat, Won(CAT, cat.seat, CHASED)))
    events.append({"event": "chase", "cheese": position, "dog": dog.seat, "cat": cat.seat})


def _cats(position: int, line: list[Placed], gains: list[Gain], events: list[Event]) -> None:
    """2) Each cat, rearmost first, takes other colours' mice among the 3 ahead, then leaves.

    Rulebook: より列の後ろに置かれたネコから処理します。ネコは前に向かって3匹ネズミを取ります。
    他のプレイヤーの色のネズミ…であればそれらを取って自分の前に並べます。自分の色のネズミは
    除外しませんが対象になる3匹のうちには数えます。ただし、ネコの処理は、イヌ・ネコ・チーズに
    ぶつかった場合に終了します。…処理が終了したネコは箱に戻し、ゲームから除外します。
    """
    i = len(line) - 1
    while i >= 0:
        cat = line[i]
        if cat.animal == CAT:
            prey: list[int] = []  # indexes of the mice it takes, rearmost first
            counted = 0
            j = i - 1
            while j >= 0 and counted < CAT_REACH and not CAT_STOPPERS[line[j].animal]:
                counted += 1
                if line[j].seat != cat.seat:
                    prey.append(j)
                j -= 1
            for j in prey:
                mouse = line.pop(j)
                gains.append((cat.seat, Won(mouse.animal, mouse.seat, CAUGHT)))
                events.append(
                    {
                        "event": "catch",
                        "cheese": position,
                        "cat": cat.seat,
                        "card": ANIMAL_NAMES[mouse.animal],
                        "of": mouse.seat,
                    }
                )
            i -= len(prey)
            line.pop(i)
            events.append({"event": "cat_leaves", "cheese": position, "seat": cat.seat})
        i -= 1


def _kings(position: int, line: list[Placed], events: list[Event]) -> None:
    """3) Each king mouse, rearmost first, moves to the front of the queue.

    Rulebook: 王様ネズミが複数置かれていた場合、より列の後ろに置かれた王様ネズミから処理します。
    王様ネズミをその列の一番前に移動させます。
    """
    kings = [i for i, card in enumerate(line) if card.animal == KING_MOUSE]
    for moved, i in enumerate(reversed(kings)):
        # Each earlier move pushed the kings still to move one place back.
        king = line.pop(i + moved)
        line.insert(0, king)
        events.append({"event": "king_to_front", "cheese": position, "seat": king.seat})


def _cheese(
    position: int, cheese: int, line: list[Placed], gains: list[Gain], events: list[Event]
) -> None:
    """4) The first ``cheese`` mice of the queue eat; dogs take no place.

    Rulebook: チーズカードに最も近い場所に置かれたネズミ…から順番に1匹ずつチーズを食べます。
    …チーズカードに書かれている数字匹のネズミがチーズを食べられます。…チーズを食べる事が
    出来たネズミは、そのネズミの色のプレイヤーの前に並べます。
    """
    eaters = [card for card in line if IS_MOUSE[card.animal]][:cheese]
    for mouse in eaters:
        gains.append((mouse.seat, Won(mouse.animal, mouse.seat, ATE)))
        events.append(
            {
                "event": "eat",
                "cheese": position,
                "seat": mouse.seat,
                "card": ANIMAL_NAMES[mouse.animal],
            }
        )
