"""Points and the final ranking from the cards in front of each player.

Rulebook: 自分の前にある動物カードで得点計算をします。 The colour of a card does not
matter (そのさい動物カードの色は関係ありません)::

    >>> from meeple.games.cheese.data import CAT, FAT_MOUSE
    >>> from meeple.games.cheese.resolution import Won
    >>> points([Won(CAT, 2, "chased"), Won(FAT_MOUSE, 0, "ate")])
    5
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.games.cheese.data import IS_MOUSE, KING_MOUSE, POINTS
from meeple.games.cheese.resolution import Won


def points(pile: Sequence[Won]) -> int:
    """Mouse and king mouse 1, fat mouse 2, cat 3."""
    return sum(POINTS[card.animal] for card in pile)


def rank_key(pile: Sequence[Won]) -> tuple[int, int, int]:
    """Higher is better: points, then king mice, then mouse cards.

    Rulebook: 点数が同じ場合は、王様ネズミの多いほうが勝ちです。それでも同じであれば
    持っているネズミカードの枚数を合計して多いほうの勝ちです。 Ruling: every card in front
    of the player counts whatever its colour (a king caught by one's cat too), and "mouse
    cards" are all mice — plain, marked, fat and king. Players still equal share the win.
    """
    kings = sum(1 for card in pile if card.animal == KING_MOUSE)
    mice = sum(1 for card in pile if IS_MOUSE[card.animal])
    return (points(pile), kings, mice)


def winners(piles: Sequence[Sequence[Won]]) -> list[int]:
    """The seats whose piles rank best (several if they are equal in every tie-break)."""
    keys = [rank_key(pile) for pile in piles]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
