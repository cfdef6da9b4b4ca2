"""The components of Café International, its numbers, and every ruling of ours, in one place.

A guest tile is a small int, its *kind*: ``country * 2 + sex``. Countries are
0–11 (see :data:`COUNTRIES`); the jokers have the pseudo-country 12. Sex 0 is a
man, 1 a woman. Clients see kinds as codes such as ``"GER-W"`` or ``"JKR-M"``.

>>> guest_code(guest("ITA", WOMAN))
'ITA-W'
>>> is_joker(guest_kind("JKR-M")), sex_of(guest_kind("JKR-M")) == MAN
(True, True)

The board itself (tables, chairs, grid positions, bar seats) is in
:mod:`meeple.games.cafe.board`.
"""

from __future__ import annotations

from typing import Final

# --- guests ---------------------------------------------------------------------------

COUNTRIES: Final = (
    "AFR",
    "GER",
    "GBR",
    "CHN",
    "CUB",
    "ESP",
    "USA",
    "FRA",
    "IND",
    "ITA",
    "TUR",
    "RUS",
)
"""The twelve countries (FACTS.md), as the three-letter codes of the guest tiles."""
COUNTRY_NAMES: Final = (
    "Africa",
    "Germany",
    "Britain",
    "China",
    "Cuba",
    "Spain",
    "USA",
    "France",
    "India",
    "Italy",
    "Turkey",
    "Russia",
)
JOKER: Final = len(COUNTRIES)
"""The pseudo-country of the four jokers (国旗も髪の色もカラフル)."""
JOKER_CODE: Final = "JKR"

MAN: Final = 0
WOMAN: Final = 1
SEX_CODES: Final = ("M", "W")

KINDS: Final = tuple(range((JOKER + 1) * 2))
"""Every kind of guest tile: 12 countries × 2 sexes, then the joker man and woman."""
JOKER_MAN: Final = JOKER * 2 + MAN
JOKER_WOMAN: Final = JOKER * 2 + WOMAN

GUESTS_PER_COUNTRY_AND_SEX: Final = 4
JOKERS_PER_SEX: Final = 2
"""ゲストタイル 100 (12カ国 各男4 女4 および ジョーカー…4枚 男2 女2)."""


def guest(country: str, sex: int) -> int:
    """The kind of a guest from its country code (or ``"JKR"``) and sex."""
    index = JOKER if country == JOKER_CODE else COUNTRIES.index(country)
    return index * 2 + sex


def country_of(kind: int) -> int:
    """The country index of a kind (:data:`JOKER` for a joker)."""
    return kind >> 1


def sex_of(kind: int) -> int:
    """:data:`MAN` or :data:`WOMAN`."""
    return kind & 1


def is_joker(kind: int) -> bool:
    """Whether the tile is one of the four jokers."""
    return kind >> 1 == JOKER


GUEST_CODES: Final = tuple(
    f"{(*COUNTRIES, JOKER_CODE)[country_of(k)]}-{SEX_CODES[sex_of(k)]}" for k in KINDS
)
"""Codes of every kind, by kind: ``"AFR-M"``, ``"AFR-W"``, … ``"JKR-M"``, ``"JKR-W"``."""
KIND_OF_CODE: Final = {code: k for k, code in enumerate(GUEST_CODES)}


def guest_code(kind: int) -> str:
    """The code clients see, e.g. ``"GER-W"``."""
    return GUEST_CODES[kind]


def guest_kind(code: str) -> int:
    """The kind of a code; ``KeyError`` for anything else."""
    return KIND_OF_CODE[code]


FULL_BAG: Final = tuple(
    sorted(
        [k for k in KINDS if not is_joker(k) for _ in range(GUESTS_PER_COUNTRY_AND_SEX)]
        + [k for k in (JOKER_MAN, JOKER_WOMAN) for _ in range(JOKERS_PER_SEX)]
    )
)
"""All 100 tiles: 布袋の中に入れてよく混ぜます."""

# --- hands, points, the end -----------------------------------------------------------

HAND_SIZE: Final = 5
"""そこから5枚取って、自分の前に表向きにして並べておきます — hands are public."""

TABLE_POINTS: Final = (0, 0, 2, 3, 4)
"""Points of a table by its number of guests when their countries are mixed:
ペア(男女2人) 2点, ペア+1 3点, 4人組 4点. One guest scores nothing."""
ONE_COUNTRY_FACTOR: Final = 2
"""全員が同じ国籍の場合: ペア 4点, ペア+1 6点, 4人組 8点 — twice the mixed points."""

MAX_PER_SEX: Final = 2
"""すべてのテーブル席には、最大男性2人と女性2人のゲストタイルが置かれます。これには、ジョーカータイルも数えられます。"""

GUESTS_PER_TURN: Final = 2
"""手番になったら、1枚もしくは2枚のタイルを対応するテーブル席に置くことができます。"""

BAR_DRAW: Final = 1
"""カウンター席にタイルを置いたプレイヤーは、袋からタイルを1枚補充しなければなりません。"""

TILE_PENALTY: Final = 5
JOKER_PENALTY: Final = 10
"""持っているゲストタイル1枚につき5点、ジョーカータイル1枚につき10点を減点します。"""

END_BAG_LIMIT: Final = 4
"""The game ends when 布袋の中のタイルが4枚以下になる."""

# --- the coffee-circle variation (option ``coffee_circle``) ---------------------------

CIRCLE_GUESTS: Final = 4
"""4人の女性だけの(コーヒーサークル)もしくは男性だけの(常連テーブル)テーブル."""
CIRCLE_POINTS: Final = 20
ONE_COUNTRY_CIRCLE_POINTS: Final = 40
"""得られるポイントは20点です。もし4人が同じ国籍の場合には40点になります。"""

# --- rulings: what the rulebook leaves open (docs/rules/cafe.md lists each) ------------

START_SEAT: Final = 0
"""Ruling: 最初にプレイする人を決め — the rulebook lets the players choose; seat 0 starts."""

GUESTS_SCORED_AS_SEATED: Final = True
"""Ruling: the guests of a turn are seated one at a time, in the order the player chooses, and
each is scored against the tables as they stand right after it sits down (それぞれのタイルに
ついて得点計算を行います。2回ポイントチップをもらうのです). Every seating must leave its tables
in an allowed arrangement; the one exception is the first guest at an empty table, which the
next guest of the same turn must join (…同じ手番で直ちにそのテーブルの2枚目のタイルを置かなければ
なりません). That first guest scores nothing (その1枚目はポイントを得ることはできません)."""

EXEMPT_WHILE_NO_GUEST_SEATED: Final = True
"""Ruling: 最初のプレイヤーだけは、まだどのテーブルにもゲストがいまないので、ポイントを得ることが
なくても、1枚だけタイルを置くことができます — the reason given is that no table has a guest yet,
so the exemption holds for every turn that starts with every table empty (also for the next
player when the first one went to the bar). With ``False`` it would hold for the very first turn
of the game only."""

JOKER_IS_EACH_TABLES_COUNTRY: Final = True
"""Ruling: ジョーカーは、テーブル席に置くときにどの国の人にすることもでき — a joker on a chair
between two tables counts as the country of each table it is scored for; nobody declares a
country. (On this board no table has two chairs shared with tables of one foreign country, so a
joker could never make a table one-country in a foreign nationality.)"""

ONE_COUNTRY_MEANS_TABLES_COUNTRY: Final = True
"""Ruling: a table is "one country" (全員が同じ国籍) when every guest at it is of the table's own
country, jokers included. A foreign guest on a shared chair therefore makes the table mixed."""

LONE_GUEST_NEEDS_COMPANY_OF: Final = 2
"""1つのテーブルにゲストタイルが1枚だけというのも禁止されます。例外：隣のテーブルで少なくとも
もう一枚のタイルと一緒にいれば… Ruling: a lone guest is allowed when it sits on a chair between
two tables and the other table has at least this many guests (the lone guest counted)."""

JOKER_SWAP_SAME_SEX: Final = True
"""Ruling: ジョーカータイルは、その椅子に置くことができるゲストタイルを使うことにより…戻すことが
できます — the guest that replaces a joker must be of a country of the chair's table(s) and of
the joker's sex, so that no table changes its arrangement of men and women."""

HAND_SIZE_DROPS_FOR_GOOD: Final = True
"""Ruling (FACTS.md): completing a four-guest one-country table lowers that player's hand size by
one for the rest of the game (これが手持ちのタイルを減らす唯一の方法です); a guest that completes
two such tables at once (on the chair between the two tables of one country) lowers it by two. A
player is then refilled up to that size; tiles above it are kept, never discarded."""

PASS_WHEN_STUCK: Final = True
"""Ruling: a player who can do none of the three actions (only jokers in hand, which may not go to
the bar, and no table they can score at) passes. When every player still in the game passes in a
row, the game ends — nothing could change any more."""

LEAVER_KEEPS_CHIPS: Final = True
"""Ruling: 失うポイントを支払うことができない場合は、直ちにゲームから抜けます — the player pays
nothing, keeps the chips they have, and leaves: their tile stays at the bar, their hand is set
aside (shown, never penalised), they take no more turns and cannot win. When one player is left,
the game ends."""

CIRCLE_ONLY_AT_ITS_TABLE: Final = True
"""Ruling (coffee circle): all 3 or 4 guests of a circle turn sit at the circle's table (a chair it
shares with a neighbouring table is fine), one circle per turn. The neighbouring tables touched
score as usual; the circle table scores nothing until its fourth guest, then 20 (40). The refill
bonus for a one-country circle (補充する枚数を1枚少なくすることができます) is always taken, as in the
base game."""

LAST_SEAT_ENDS_AT_ONCE: Final = True
"""Ruling: 以下の4つのいずれかの状態になったときにゲームは終了します — the game ends as soon as the
last chair or the last bar seat is taken: the player who took it draws nothing more (with
``False`` they would first refill). The other two ends are states after the draw: a hand that
is empty with nothing to refill, and 4 or fewer tiles left in the bag."""

CHIPS_UNLIMITED: Final = True
"""Ruling: the chip supply (黒60 赤30 青10) is taken to be unlimited; scores are plain numbers."""

TIES_SHARE_THE_WIN: Final = True
"""Ruling: 最終的な得点の最も多い人が勝者 — no tie-break is given, so tied players share the win."""
