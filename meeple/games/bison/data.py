"""The components of Bison: Thunder on the Prairie, and every ruling of ours, in one place.

Terrains and animals are small ints that line up: terrain ``t`` feeds animal ``t``
(grassland 0 → bison, river 1 → fish, mountain 2 → turkeys). Action kinds are
ints into :data:`ACTION_KINDS`. The 21 tiles are in ``tiles.json`` (see
:mod:`meeple.games.bison.tiles`); the board's shape is in
:mod:`meeple.games.bison.geometry`.
"""

from __future__ import annotations

from typing import Final

# --- terrains and animals -------------------------------------------------------------

GRASSLAND: Final = 0
RIVER: Final = 1
MOUNTAIN: Final = 2
TERRAINS: Final = ("grassland", "river", "mountain")
"""Each tile has one space of each (rulebook: 各タイルには草原（緑色）、川（青）、山（茶色）が描かれており)."""

BISON: Final = 0
FISH: Final = 1
TURKEYS: Final = 2
ANIMALS: Final = ("bison", "fish", "turkeys")
"""The three tracks, in the rulebook's order (バイソン10、魚10、七面鳥10). Animal ``t`` lives on
terrain ``t``: bison on grassland, fish in the river, turkeys on the mountain (FACTS.md)."""

SCORING_ORDER: Final = (GRASSLAND, MOUNTAIN, RIVER)
"""Rulebook: 草原、山、川の順番に全ての地域の集計を行います。"""

# --- players' pieces ------------------------------------------------------------------

HUNTERS_PER_PLAYER: Final = 11
"""Rulebook: ハンター駒：44個（青、赤、黄色、緑が各11個）."""
TRACK_MARKERS: Final = 3
"""Three of the eleven hunters mark the animal tracks and never hunt (ハンター駒3個を動物トラックに置き)."""
START_HUNTERS: Final = 4
"""Rulebook: ハンター駒4個…手元に置きます。"""
MARKET_HUNTERS: Final = HUNTERS_PER_PLAYER - TRACK_MARKERS - START_HUNTERS

SHELTER_SIZES: Final = (1, 2, 3, 4)
SHELTERS_PER_PLAYER: Final = (0, 2, 2, 1, 1)
"""Tents (and canoes) per player by size, index = size: テント6個（1人用2個、2人用2個、3人用1個、4人用1個）."""
START_SHELTERS: Final = (0, 1, 1, 0, 0)
"""Rulebook: 1人分のテント1個、2人分のテント1個、1人分のカヌー1個、2人分のカヌー1個：手元に置きます。"""

START_ANIMALS: Final = 10
"""Rulebook: 動物トラックの10のところ（バイソン10、魚10、七面鳥10）にそれぞれ置きます。"""

TRACK_MAX: Final = 20
"""Ruling: the top of each animal track. The rulebook never gives the printed length of the
track, only that it can run out (集計時に動物トラックの目盛りが足りない場合、直ちに他の動物への
交換を行って下さい); we take 0–20 — twice the starting stock."""

OVERFLOW_EXCHANGE_RATE: Final = 3
"""Ruling: a gain that would take a track past :data:`TRACK_MAX` first exchanges 3 of that
animal for 1 of another (the ordinary 3:1 exchange, 直ちに他の動物への交換), as often as needed;
the other animal is the one with the lower count (ties: bison, fish, turkeys); if both other
tracks are full too, the animal is lost. This applies to every gain, not only to scoring."""

# --- set-up and rounds ----------------------------------------------------------------

ROUNDS: Final = {2: 6, 3: 5, 4: 4}
"""Rulebook: 2 人：6 ラウンド, 3 人：5 ラウンド, 4 人：4 ラウンド."""
REMOVED_TILES: Final = {2: 6, 3: 3, 4: 2}
"""Rulebook: 取り除く枚数は 2 人プレイの場合は 6 枚、3 人は 3 枚、4 人は 2 枚です。"""

START_SEAT: Final = 0
"""Ruling: the rulebook gives the totem pole to the youngest player; we give it to seat 0."""

TOTEM_PASSES_IN_FIRST_ROUND: Final = False
"""Ruling: 各ラウンドの始めに、トーテムポールを左隣のプレイヤーに渡します。最初のラウンドは最も
若いプレイヤーがトーテムポールを持ちます。 The pole passes left at the start of every round
except the first, so seat 0 starts round 1, seat 1 round 2, and so on."""

# --- actions --------------------------------------------------------------------------

TILE: Final = 0
TENT: Final = 1
CANOE: Final = 2
GATHER: Final = 3
MOVE_ONE: Final = 4
MOVE_THREE: Final = 5
ACTION_KINDS: Final = ("tile", "tent", "canoe", "gather", "move1", "move3")
"""The six actions of the personal board; each is taken at most once a round
(1 ラウンドの間に 1 種類の行動は 1 回しか行えません)."""

ACTIONS_PER_ROUND: Final = 4
"""Rulebook: プレイヤーは1ラウンドに6種類のうち4つの行動を行います。"""

MAX_HUNTERS_PER_ACTION: Final = 5
"""Every action uses 0–5 hunters (最大5個のハンター / 5個までのハンター)."""

ACTION_COST: Final = (0, 0, 2, 4, 7, 10)
"""Animals paid by the number of hunters of an action (コスト表: 1→0, 2→-2, 3→-4, 4→-7, 5→-10)."""
IDLE_GAIN: Final = 1
"""An action taken with no hunters gains 1 animal of the player's choice (0 → +1)."""

MOVE_POINTS: Final = {MOVE_ONE: 1, MOVE_THREE: 3}
"""Movement points per hunter: 土地1つ分（移動ポイント1点分） / 土地 1～3 個ぶん（移動ポイント 3 点分）."""

# --- the market and the exchange ------------------------------------------------------

HUNTER_PRICE: Final = 1
"""Of each animal: ハンターを購入するには各動物 1 つが必要です。"""
SHELTER_PRICE_PER_SQUARE: Final = 1
"""Of each animal per square: テントに描かれた四角形 1 つにつき、各動物 1 つが必要です。"""
EXCHANGE_RATE: Final = 3
"""Rulebook: 個人ボード上の動物を 3 対 1 で交換できます。"""

FREE_ACTIONS_BEFORE_EACH_ACTION: Final = True
"""Ruling: buying and exchanging (自分のターンであればいつでも何度でも行えます) are offered
before the player chooses each of their actions, as often as they like, but not in the middle
of an action; anything bought or exchanged after an action would serve only the next one, so
nothing is lost, and every step of an action keeps a short list of choices."""

# --- rulings on the actions -----------------------------------------------------------

TILE_ACTION_IS_FORCED_LAST: Final = True
"""Ruling: the tile action is mandatory (この行動は毎ラウンド必ず行わなければなりません), so a
player who has not placed the tile when choosing their last action of the round may only
choose the tile action."""

GATHER_NEEDS_A_HUNTER_PIECE: Final = True
"""Ruling: 自分のハンターがあるスペースに集める — the gathering space must hold at least one
of the player's hunters; a tent or canoe alone does not call hunters."""

ONE_CHANGE_PER_SPACE: Final = True
"""Ruling (advanced rules 1 and 2): in one tent or canoe action each space's tent or canoe
changes at most once; its example changes three different spaces."""

SHRINK_HUNTERS_FROM_SUPPLY: Final = True
"""Ruling (advanced rule 2): a shrunk or dismantled tent or canoe releases its hunters onto the
space by taking that many hunter pieces from the player's supply (縮小したテントやカヌーと
ハンターを手元からスペースに置きます); a player without them in supply cannot shrink."""

POND_JOINS_RIVERS: Final = True
"""Ruling (FACTS.md): rivers that meet at a corner pond are one river region; movement between
them is always allowed (ただし、川から川への移動は例外です)."""

ADVANCED_CHOICES: Final = (0, 1, 2)
"""The ``advanced`` option: 0 basic, 1 advanced rule 1, 2 advanced rules 1 and 2."""


def action_cost(hunters: int) -> int:
    """Animals to pay for an action with ``hunters`` hunters (0 for none or one).

    >>> [action_cost(n) for n in range(6)]
    [0, 0, 2, 4, 7, 10]
    """
    return ACTION_COST[hunters]


def shelter_price(size: int) -> int:
    """Animals of *each* kind to buy a tent or canoe of ``size`` (a 3-tent: 3 of each)."""
    return size * SHELTER_PRICE_PER_SQUARE
