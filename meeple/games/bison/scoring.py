"""Scoring a region, gains on the animal tracks, and the final ranking.

A player's strength in a region is their tents or canoes, best first, compared one by
one, then their hunters (地域で最も価値があるカヌーかテントを所持しているプレイヤーは…
次に価値の高いカヌーやテントを比べます…カヌーやテントで決まらない場合はその地域にいる
ハンターの数で決定します). Comparing the sorted sizes as tuples does exactly that: two
1-tents beat one, and any tent beats any number of hunters.

>>> awards = region_awards([Presence(0, (2,), 0, 1), Presence(1, (1, 1), 1, 4)], total=7)
>>> [(a.seat, a.place, a.animals) for a in awards]
[(0, 1, 7), (1, 2, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meeple.games.bison.board import Board
from meeple.games.bison.data import OVERFLOW_EXCHANGE_RATE, SCORING_ORDER, TRACK_MAX


@dataclass(frozen=True)
class Presence:
    """One player's pieces in a region."""

    seat: int
    shelters: tuple[int, ...]  # sizes of their tents or canoes there, largest first
    hunters: int
    animals: int  # animals on the spaces they hold in the region

    @property
    def strength(self) -> tuple[tuple[int, ...], int]:
        """Higher is stronger: tents or canoes compared best first, then hunters."""
        return (self.shelters, self.hunters)


ALL, HALF, OWN = "all", "half", "own"
"""How an award was counted: every animal of the region, half of them (rounded down), or
the animals on the player's own spaces there."""


@dataclass(frozen=True)
class Award:
    """What one player takes from a region: their place (1 = first), the animals, how they
    were counted (:data:`ALL`, :data:`HALF`, :data:`OWN`) and the pieces that placed them."""

    seat: int
    place: int
    animals: int
    share: str = ALL
    shelters: tuple[int, ...] = ()
    hunters: int = 0


def region_awards(presences: Sequence[Presence], total: int) -> list[Award]:
    """The awards of one region with ``total`` animals, strongest player first.

    * a sole first takes every animal of the region (その地域にいる動物の数);
    * tied firsts each take half, rounded down, and nobody is second
      (1 位のプレイヤーが複数いた場合、該当するプレイヤーには 2 位の集計方法を適用します);
    * a sole second takes half (半分（端数切り捨て）);
    * tied seconds, and everyone placed third or lower, take the animals on their own
      spaces (2 位のプレイヤーが複数いた場合、これらは 3、4 位の集計方法を適用します…
      自分が用具を置いているスペースに描かれている動物の数).

    Place = 1 + the number of players strictly stronger.
    """
    ordered = sorted(presences, key=lambda p: p.strength, reverse=True)
    awards = []
    for p in ordered:
        place = 1 + sum(1 for q in ordered if q.strength > p.strength)
        tied = sum(1 for q in ordered if q.strength == p.strength) > 1
        if place == 1 and not tied:
            animals, share = total, ALL
        elif place == 1 or (place == 2 and not tied):
            animals, share = total // 2, HALF
        else:
            animals, share = p.animals, OWN
        awards.append(Award(p.seat, place, animals, share, p.shelters, p.hunters))
    return awards


def presences(
    region: Sequence[int],
    owner: Sequence[int],
    hunters: Sequence[int],
    shelter: Sequence[int],
    animals: Sequence[int],
) -> list[Presence]:
    """The players present in a region (spaces given), in seat order."""
    found: dict[int, tuple[list[int], int, int]] = {}
    for space in region:
        seat = owner[space]
        if seat < 0:
            continue
        sizes, count, caught = found.get(seat, ([], 0, 0))
        if shelter[space]:
            sizes.append(shelter[space])
        found[seat] = (sizes, count + hunters[space], caught + animals[space])
    return [
        Presence(seat, tuple(sorted(sizes, reverse=True)), count, caught)
        for seat, (sizes, count, caught) in sorted(found.items())
    ]


@dataclass(frozen=True)
class RegionScore:
    """The scoring of one region: its terrain, spaces, animals and the awards."""

    terrain: int
    spaces: tuple[int, ...]
    animals: int
    awards: tuple[Award, ...]


def score_regions(
    board: Board, owner: Sequence[int], hunters: Sequence[int], shelter: Sequence[int]
) -> list[RegionScore]:
    """Every region with someone in it: grassland first, then mountain, then river
    (草原、山、川の順番に全ての地域の集計を行います)."""
    scored = []
    for terrain in SCORING_ORDER:
        for region in board.regions_of(terrain):
            present = presences(region, owner, hunters, shelter, board.animals)
            if present:
                total = sum(board.animals[s] for s in region)
                awards = tuple(region_awards(present, total))
                scored.append(RegionScore(terrain, region, total, awards))
    return scored


def gain(track: list[int], animal: int, amount: int) -> list[int]:
    """Add ``amount`` of ``animal`` to a track, exchanging on overflow; return the exchanges.

    A full track first trades 3 of that animal for 1 of the other animal with the
    lower count (ruling :data:`~meeple.games.bison.data.OVERFLOW_EXCHANGE_RATE`); when
    both other tracks are full too, the animal is lost. Each exchange is reported by the
    animal it went into.

    >>> track = [20, 5, 9]
    >>> gain(track, 0, 2), track
    ([1], [19, 6, 9])
    """
    exchanged = []
    for _ in range(amount):
        if track[animal] >= TRACK_MAX:
            others = [a for a in range(len(track)) if a != animal and track[a] < TRACK_MAX]
            if not others:
                continue
            into = min(others, key=lambda a: (track[a], a))
            track[animal] -= OVERFLOW_EXCHANGE_RATE
            track[into] += 1
            exchanged.append(into)
        track[animal] += 1
    return exchanged


def final_key(track: Sequence[int]) -> tuple[int, int]:
    """Higher is better: total animals, then the lowest track
    (動物の合計数が最も多いプレイヤーが勝利します。…最も低い動物の数を比べ、多い方が勝利します)."""
    return (sum(track), min(track))


def winners(tracks: Sequence[Sequence[int]]) -> list[int]:
    """Seats with the best :func:`final_key`; several share the win (それでも同じ場合は引き分け)."""
    keys = [final_key(t) for t in tracks]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


@dataclass(frozen=True)
class Standing:
    """One player at the end: total animals, lowest track, and place (1 = a winner; tied
    players share a place, the next place skips them)."""

    seat: int
    animals: int
    lowest: int
    place: int


def standings(tracks: Sequence[Sequence[int]]) -> list[Standing]:
    """Every player, best first (ties in seat order). Seats 0 and 1 have 15 animals each; seat
    0's lowest track (5) beats seat 1's (3), so seat 1 is second:

    >>> [(s.seat, s.place) for s in standings([[5, 5, 5], [9, 3, 3], [1, 1, 1]])]
    [(0, 1), (1, 2), (2, 3)]
    """
    keys = [final_key(t) for t in tracks]
    order = sorted(range(len(tracks)), key=lambda s: (-keys[s][0], -keys[s][1], s))
    return [
        Standing(s, keys[s][0], keys[s][1], 1 + sum(1 for k in keys if k > keys[s])) for s in order
    ]


BY_ANIMALS, BY_LOWEST, SHARED = "animals", "lowest", "shared"
"""What decided the winner: the most animals alone; among those tied on animals, the
higher lowest track (最も低い動物の数を比べ、多い方が勝利します); or nothing — the win is
shared (それでも同じ場合は引き分けとなります)."""


def decided_by(tracks: Sequence[Sequence[int]]) -> str:
    """:data:`BY_ANIMALS`, :data:`BY_LOWEST` or :data:`SHARED`.

    >>> decided_by([[5, 5, 5], [9, 3, 3]]), decided_by([[5, 5, 5], [9, 4, 4]])
    ('lowest', 'animals')
    """
    totals = [sum(t) for t in tracks]
    most = [s for s, total in enumerate(totals) if total == max(totals)]
    if len(most) == 1:
        return BY_ANIMALS
    return BY_LOWEST if len(winners(tracks)) < len(most) else SHARED
