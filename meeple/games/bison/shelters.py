"""Tents and canoes: which changes a player may make in one tent or canoe action.

A *change* sets the tent (or canoe) of one of the player's spaces to a new size and
uses as many hunters as the size changes:

* **set up** a tent of size ``k`` on a space without one, with ``k`` hunters there
  (1個のハンターは1人用のテント、2個のハンターは2人用のテントを設置できます);
* **expand** a tent of size ``t`` to ``t + k`` with ``k`` hunters there; the old tent goes
  back to the supply (コスト表に基づいてコストを支払い、手元からテントを取って置き、すでに
  あったテントとハンターを手元に戻します);
* advanced rule 2 only: **shrink** a tent of size ``t`` to ``t - k`` (or **dismantle** it,
  to 0), releasing ``k`` hunters onto the space from the supply, no hunters needed there
  (テントやカヌーの解体・縮小をする際、スペースにハンターがある必要はありません).

The hunters used by a set-up or an expansion go back to the supply, as does the old
tent; the new one comes from the supply. The basic game makes one change per action
with all the action's hunters (1回の行動でテントの設置か拡張のどちらかしか行えません);
advanced rule 1 allows several, each on another space, spending the hunters in total
(1 回の行動で複数のテントまたは複数のカヌーを設置・拡張できます).

A candidate space is ``(space, hunters there, size now)``; supplies are counts by size.
"""

from __future__ import annotations

from functools import lru_cache

from meeple.games.bison.data import SHELTER_SIZES

Candidate = tuple[int, int, int]  # (space, hunters on it, tent or canoe size now; 0 = none)
Change = tuple[int, int, int]  # (space, new size, hunters used)


def changes(
    candidates: tuple[Candidate, ...],
    supply: tuple[int, ...],
    supply_hunters: int,
    budget: int,
    shrink: bool,
) -> list[Change]:
    """Every single change using at most ``budget`` hunters that the supplies allow now."""
    found = []
    for space, hunters, size in candidates:
        for new, used in _options(hunters, size, budget, supply, supply_hunters, shrink=shrink):
            found.append((space, new, used))
    return found


def _options(
    hunters: int,
    size: int,
    budget: int,
    supply: tuple[int, ...],
    supply_hunters: int,
    *,
    shrink: bool,
) -> list[tuple[int, int]]:
    """``(new size, hunters used)`` for one space."""
    options = []
    for new in SHELTER_SIZES:
        used = new - size
        if 0 < used <= min(hunters, budget) and supply[new]:
            options.append((new, used))
    if shrink:
        for new in range(size):
            used = size - new
            if used <= min(budget, supply_hunters) and (new == 0 or supply[new]):
                options.append((new, used))
    return options


def after(
    supply: tuple[int, ...], supply_hunters: int, size: int, new: int, used: int
) -> tuple[tuple[int, ...], int]:
    """The supplies after a change of one space from ``size`` to ``new``."""
    counts = list(supply)
    if new:
        counts[new] -= 1
    if size:
        counts[size] += 1
    hunters = supply_hunters + used if new > size else supply_hunters - used
    return tuple(counts), hunters


@lru_cache(maxsize=1 << 14)
def can_spend(
    candidates: tuple[Candidate, ...],
    supply: tuple[int, ...],
    supply_hunters: int,
    budget: int,
    shrink: bool,
) -> bool:
    """Whether changes on distinct spaces can use exactly ``budget`` hunters, in some order.

    Order matters only through the supplies (an expansion frees the smaller tent that a
    set-up elsewhere may need), so the search tries every order, remembering answers.
    """
    if budget == 0:
        return True
    for i, (_space, hunters, size) in enumerate(candidates):
        rest = candidates[:i] + candidates[i + 1 :]
        for new, used in _options(hunters, size, budget, supply, supply_hunters, shrink=shrink):
            counts, left = after(supply, supply_hunters, size, new, used)
            if can_spend(rest, counts, left, budget - used, shrink):
                return True
    return False
