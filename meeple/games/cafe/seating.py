"""What one more guest on an empty chair does to its tables, looked up instead of worked out.

Whether a guest may sit on an empty chair depends first on the men and women already at the
chair's one or two tables (then, in some cases, on the hand: see ``CafeState._open_seatings``).
A table's *mix* is ``men * 5 + women`` (0–24: four chairs, so neither count exceeds 4), kept by
the state for every table, with one more entry, :data:`NO_TABLE`, standing for the missing
second table of a chair that serves one table only. :data:`CHAIR_VERDICTS` then answers for
every pair of mixes and each sex at once, computed here when the module loads by
:func:`chair_verdict`, the rule itself. The state keeps each chair's *pair* of mixes as one
number (:data:`PAIR_WEIGHTS`), raised by :data:`TAKEN` while a guest sits there, so that
:data:`SEAT_VERDICTS` answers for a chair, taken or not, in one look-up.

>>> chair_verdict(((1, 0), None), WOMAN, circles=False) == FITS  # joins a man: a pair
True
>>> chair_verdict(((0, 0), None), MAN, circles=False) == ALONE  # needs company this turn
True
>>> chair_verdict(((2, 1), (0, 0)), MAN, circles=False) == NEVER  # a third man
True
"""

from __future__ import annotations

from typing import Final

from meeple.games.cafe.board import (
    CHAIR_COUNTRY_MASK,
    CHAIR_TABLES,
    OTHER_TABLE,
    TABLE_CHAIRS,
    TABLE_COUNTRY,
    TABLES,
)
from meeple.games.cafe.data import (
    CIRCLE_GUESTS,
    JOKER,
    LONE_GUEST_NEEDS_COMPANY_OF,
    MAN,
    MAX_PER_SEX,
    WOMAN,
)

MIX_MAN: Final = 5
"""What a man adds to his table's mix (a woman adds 1)."""
MIXES: Final = 25
"""Mixes 0–24: men × 5 + women, each 0–4."""
NO_TABLE: Final = len(TABLES)
"""The index of the mix entry that stands for "no second table" (always :data:`MIXES`)."""

NEVER: Final = 0
"""Verdict: the guest may not sit there (a table would be wrong whatever follows)."""
FITS: Final = 2
"""Verdict: every table of the chair is allowed with the guest, and the guest scores."""
ALONE: Final = 4
"""Verdict: the guest would sit alone without company at a neighbouring table: allowed only as
a turn's first guest whom a second joins (or by the first player's exemption)."""
CIRCLE: Final = 8
"""Verdict ``CIRCLE + n``: only a coffee circle could allow the guest, with ``n`` more guests of
its sex after it at that table (the circle variation only)."""

CHAIR_PAIRS: Final = tuple(
    (tables[0], tables[1] if len(tables) == 2 else NO_TABLE) for tables in CHAIR_TABLES
)
"""Each chair's tables as a pair, the second :data:`NO_TABLE` for a chair of one table."""
NATIVE_TABLES: Final = tuple(
    tuple(
        tuple(t for t in tables if country in (JOKER, TABLE_COUNTRY[t]))
        for country in range(JOKER + 1)
    )
    for tables in CHAIR_TABLES
)
"""``NATIVE_TABLES[chair][country]``: the chair's tables where a guest of that country (or a
joker, :data:`~meeple.games.cafe.data.JOKER`) counts as a native (ruling
ONE_COUNTRY_MEANS_TABLES_COUNTRY)."""
TABLE_SPOTS: Final = tuple(
    tuple(
        (
            chair,
            CHAIR_COUNTRY_MASK[chair],
            NO_TABLE if OTHER_TABLE[chair][t] < 0 else OTHER_TABLE[chair][t],
        )
        for chair in TABLE_CHAIRS[t]
    )
    for t in TABLES
)
"""``(chair, countries allowed as a bit mask, the chair's other table or NO_TABLE)`` for the
four chairs of each table."""
PARTNER_SPOTS: Final = tuple(
    tuple(sorted(spot for t in tables for spot in TABLE_SPOTS[t] if spot[0] != chair))
    for chair, tables in enumerate(CHAIR_TABLES)
)
"""``PARTNER_SPOTS[chair]``: the :data:`TABLE_SPOTS` of the other chairs of the chair's tables
(three or six: two tables share no chair but this one), where a guest could join one sitting
alone on ``chair``; in chair order."""


def chair_verdict(
    mixes: tuple[tuple[int, int], tuple[int, int] | None], sex: int, circles: bool
) -> int:
    """The verdict on one more guest of ``sex`` at tables seating ``mixes`` (men, women) — the
    second ``None`` for a chair of one table.

    Allowed tables (男1女1 / 男1女2 / 男2女1 / 男2女2); one guest alone is allowed when the chair
    joins a table with company (隣のテーブルで少なくとももう一枚のタイルと一緒にいれば); with the
    variation, a table of one sex may grow into a coffee circle, one circle at a time.
    """
    tables = [mix for mix in mixes if mix is not None]
    alone = False
    circle_needs = -1
    for i, (men, women) in enumerate(tables):
        m = men + (1 - sex)
        w = women + sex
        if m and w:
            if m > MAX_PER_SEX or w > MAX_PER_SEX:
                return NEVER
        elif m + w == 1:
            other = tables[1 - i] if len(tables) == 2 else None
            if other is None or sum(other) + 1 < LONE_GUEST_NEEDS_COMPANY_OF:
                alone = True
        elif circles and m + w <= CIRCLE_GUESTS and circle_needs < 0:
            circle_needs = CIRCLE_GUESTS - (m + w)
        else:
            return NEVER
    if circle_needs >= 0:
        return CIRCLE + circle_needs
    return ALONE if alone else FITS


def takes_one_more(mixes: tuple[int, int] | None, sex: int) -> bool:
    """Whether a table seating ``mixes`` (men, women; ``None``: no table) stays allowed with one
    more guest of ``sex`` who has company at the chair's other table."""
    if mixes is None:
        return True
    m = mixes[0] + (1 - sex)
    w = mixes[1] + sex
    return m + w == 1 or (0 < m <= MAX_PER_SEX and 0 < w <= MAX_PER_SEX)


def _verdicts(circles: bool, sex: int) -> tuple[int, ...]:
    counts = [(mix // MIX_MAN, mix % MIX_MAN) for mix in range(MIXES)]
    return tuple(
        chair_verdict((first, None if second == MIXES else counts[second]), sex, circles)
        for first in counts
        for second in range(MIXES + 1)
    )


TAKES_ONE_MORE: Final = tuple(
    tuple(
        takes_one_more(None if mix == MIXES else (mix // MIX_MAN, mix % MIX_MAN), sex)
        for mix in range(MIXES + 1)
    )
    for sex in (MAN, WOMAN)
)
""":func:`takes_one_more` by sex and mix (:data:`MIXES` for no table)."""
CHAIR_VERDICTS: Final = tuple(
    (_verdicts(circles, MAN), _verdicts(circles, WOMAN)) for circles in (False, True)
)
"""``CHAIR_VERDICTS[circles][sex][mix_a * 26 + mix_b]``: :func:`chair_verdict` for a guest
of ``sex`` on a chair whose tables seat mixes ``mix_a`` and ``mix_b`` (``mix_b`` =
:data:`MIXES` for none)."""

PAIRS: Final = MIXES * (MIXES + 1)
"""The entries of a :data:`CHAIR_VERDICTS` table: one per pair of mixes of a chair's tables,
``mix_a * 26 + mix_b`` (a chair's *pair*)."""
PAIR_WEIGHTS: Final = tuple(
    tuple((chair, MIXES + 1 if CHAIR_PAIRS[chair][0] == t else 1) for chair in TABLE_CHAIRS[t])
    for t in TABLES
)
"""``PAIR_WEIGHTS[table]``: each chair of the table, with what one step of the table's mix
changes the chair's pair by (26 for the chair's first table, 1 for its second)."""


def _pair_steps(chair: int, sex: int) -> tuple[tuple[int, int], ...]:
    """What a guest of ``sex`` sitting on ``chair`` adds to the pairs of the chairs of its
    tables (the chair itself serves both: its two steps are one here)."""
    step = MIX_MAN if sex == MAN else 1
    steps: dict[int, int] = {}
    for t in CHAIR_TABLES[chair]:
        for other, weight in PAIR_WEIGHTS[t]:
            steps[other] = steps.get(other, 0) + weight * step
    return tuple(sorted(steps.items()))


PAIR_STEPS: Final = tuple(
    tuple(_pair_steps(chair, sex) for sex in (MAN, WOMAN)) for chair in range(len(CHAIR_TABLES))
)
"""``PAIR_STEPS[chair][sex]``: (chair, step) for every chair whose pair a guest of ``sex``
on ``chair`` changes (:data:`PAIR_WEIGHTS` of its tables, summed)."""
EMPTY_PAIRS: Final = tuple(MIXES if b == NO_TABLE else 0 for _, b in CHAIR_PAIRS)
"""Every chair's pair on the empty board (a chair of one table: no second table)."""
TAKEN: Final = PAIRS
"""Added to a chair's pair while a guest sits on it: past :data:`PAIRS`, where
:data:`SEAT_VERDICTS` says :data:`NEVER`."""
SEAT_VERDICTS: Final = tuple(
    # [NEVER] * PAIRS, a list: mypy types (NEVER,) * PAIRS as a tuple of 650 ints one by one,
    # which mypyc compiled into a struct of 650 fields and 200,000 lines of C.
    tuple(table + tuple([NEVER] * PAIRS) for table in by_sex)
    for by_sex in CHAIR_VERDICTS
)
""":data:`CHAIR_VERDICTS` for a chair by its pair, taken chairs included: ``SEAT_VERDICTS
[circles][sex][pair]``, where the state keeps each chair's pair (plus :data:`TAKEN` while
it is taken) up to date, so that one look-up tells whether a guest may sit there."""
