"""The components of Schlacht am Buffet, and every ruling of ours, in one place.

Cards are plain ints (their values). Dishes are small ints ``kind * 6 + step``
so that the engine moves ints around; :func:`dish_kind` and :func:`dish_value`
read them.
"""

from __future__ import annotations

from typing import Any, Final

CARD_VALUES: Final = tuple(range(-1, 10))
"""Mouse-card values −1..9 (rulebook: ネズミカード 110（-1から9までが10枚ずつ）)."""
COPIES_PER_VALUE: Final = 10
HAND_SIZE: Final = 9
# Hands are kept as counts indexed by value + 1, so index 0 is the −1 card.
OFFSET: Final = 1

DISH_KINDS: Final = ("cheese", "salami", "sausage", "pizza", "chicken", "salad")
"""Dish kinds, best first. Ruling (FACTS.md): the rulebook fixes cheese best and salad
worst and lists them in this order; the middle order follows the list."""
DISH_VALUES: Final = (-1, 1, 2, 3, 4, 5)
ALL_DISHES: Final = tuple(range(len(DISH_KINDS) * len(DISH_VALUES)))

START_SEAT: Final = 0
"""Ruling: the rulebook gives the start tile to the youngest player; we give it to seat 0."""

MISSING_CARD_REFILL: Final = HAND_SIZE
"""Ruling: a mouse still in the round that must play with an empty hand draws this many
cards first. The rulebook says so for the two-mice finale (もし、2人とも手札がなくなったら、
直ちに山札から9枚を引いて続けます); we apply it whenever a hand runs dry."""

SECRET_ACTION_FIELDS: Final = {"play": ("card",), "discard": ("card",)}
"""What of an action the others do not see when it is taken: the card a mouse chooses (face
down until the last mouse has chosen; the reveal shows them all, in the reveal's own step) and
a card put aside to exchange (it joins the open discard pile when the exchange is finished).
``BuffetState.public_action`` leaves these fields out: ``{"type": "play"}``."""


DISH_KIND: Final = tuple(code // len(DISH_VALUES) for code in ALL_DISHES)
"""The kind index of each dish code (0 = cheese, the best): a table, for hot loops."""
DISH_VALUE: Final = tuple(DISH_VALUES[code % len(DISH_VALUES)] for code in ALL_DISHES)
"""The points of each dish code: a table, for hot loops."""
MAX_COVERED: Final = len(DISH_VALUES) - 1
"""At most this many dishes can lie under the top one of a kind (each kind has six)."""

DISH_JSON: Final[tuple[dict[str, Any], ...]] = tuple(
    {"kind": DISH_KINDS[DISH_KIND[code]], "value": DISH_VALUE[code]} for code in ALL_DISHES
)
"""Each dish as views show it, made once and shared by every view and event.

Views are read-only snapshots (docs/architecture.md), so they may share these dicts; nobody
changes them. Code that wants a dish dict of its own calls :func:`dish_json`."""

PILE_JSON: Final[tuple[tuple[dict[str, Any], ...], ...]] = tuple(
    tuple({"top": DISH_JSON[code], "covered": covered} for covered in range(MAX_COVERED + 1))
    for code in ALL_DISHES
)
"""``PILE_JSON[top][covered]``: one kind's pile in a player's stacks as views show it (its top
dish and how many dishes lie under it), made once and shared like :data:`DISH_JSON`."""


def dish(kind: str, value: int) -> int:
    """The dish code for a kind and value, e.g. ``dish("pizza", 4)``."""
    return DISH_KINDS.index(kind) * len(DISH_VALUES) + DISH_VALUES.index(value)


def dish_kind(code: int) -> int:
    """The kind index of a dish (0 = cheese, the best)."""
    return DISH_KIND[code]


def dish_value(code: int) -> int:
    """The points a dish is worth."""
    return DISH_VALUE[code]


def buffet_order(code: int) -> tuple[int, int]:
    """Sort key laying dishes out left to right: higher value first, then better kind.

    Rulebook: 料理は得点順に…左から右に得点の高い順に並べます。同じ得点の場合は、
    ボードの右上にある料理の順番にします。
    """
    return (-DISH_VALUE[code], DISH_KIND[code])


def dish_json(code: int) -> dict[str, int | str]:
    """A dish as clients see it, as a new dict: ``{"kind": "pizza", "value": 4}``."""
    return dict(DISH_JSON[code])


def dishes_per_round(players: int) -> int:
    """Dishes laid out each round: one fewer than the players, five for three players."""
    return 5 if players == 3 else players - 1


THREE_PLAYER_FIRST_STAGE: Final = 3
"""3 players: the first stage of a round is fought over the three lowest dishes."""
