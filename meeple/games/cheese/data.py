"""The components of Go da Cheese!, and every ruling of ours, in one place.

Animals are small ints (indexes into the tuples below) so that the engine moves
ints around; :data:`ANIMAL_NAMES` gives the words clients see. Each rulebook
passage quoted here is from ``cheese.ja.txt``.
"""

from __future__ import annotations

from typing import Final

# --- the animal cards ------------------------------------------------------------------

MOUSE: Final = 0
MARKED_MOUSE: Final = 1
FAT_MOUSE: Final = 2
KING_MOUSE: Final = 3
CAT: Final = 4
DOG: Final = 5

ANIMAL_NAMES: Final = ("mouse", "marked_mouse", "fat_mouse", "king_mouse", "cat", "dog")
"""The animals by index, as actions and views name them."""
ANIMALS: Final = tuple(range(len(ANIMAL_NAMES)))
ANIMAL_BY_NAME: Final = {name: animal for animal, name in enumerate(ANIMAL_NAMES)}

DECK_COUNTS: Final = (7, 2, 2, 1, 2, 1)
"""One colour's 15 cards, counted by animal. Rulebook: 動物カード…15枚×5色 —
ふつうネズミ…9枚(うちマークつき…2枚)、デブネズミ…2枚、王様ネズミ…1枚、
ネコ…2枚(うちマークつき…2枚)、イヌ…1枚. So 7 plain and 2 marked mice."""
DECK_SIZE: Final = sum(DECK_COUNTS)

IS_MOUSE: Final = (True, True, True, True, False, False)
"""Rulebook: ネズミ（ふつうネズミ、王様ネズミ、デブネズミ）. A marked mouse is a ふつうネズミ:
the mark only changes how it is placed (ruling: it resolves and scores as a mouse)."""

IS_MARKED: Final = (False, True, False, False, True, False)
"""Marked cards are always placed face down. Rulebook: ただし、動物カードにマークがついている
場合、2枚目、3枚目でもうら向きにして置きます。 Both cats and two of the mice are marked."""

POINTS: Final = (1, 1, 2, 1, 3, 0)
"""Points per card in front of a player, whatever its colour. Rulebook: ふつうネズミ、
王様ネズミ…1点 / デブネズミ…2点 / ネコ…3点 / そのさい動物カードの色は関係ありません。
Dogs never reach a player's pile (イヌは置いたままにします), so theirs is 0."""

COLOURS: Final = ("red", "blue", "yellow", "green", "black")
"""Rulebook: 赤・青・黄・緑・黒. Ruling: seat ``i`` plays ``COLOURS[i]``."""

# --- the cheese cards ------------------------------------------------------------------

CHEESE_COUNTS: Final = {2: 3, 3: 4, 4: 4, 5: 4}
"""Cheese cards by number. Ruling (FACTS.md): the rulebook says チーズカード…11枚 but lists
2×3枚 3×4枚 4×4枚 5×4枚, which is 15 cards; we use the per-value counts."""
CHEESE_CARDS: Final = tuple(v for v, n in CHEESE_COUNTS.items() for _ in range(n))

CHEESES_BY_PLAYERS: Final = {3: 6, 4: 8, 5: 10}
"""Cheeses laid out in the circle. Rulebook: 3人…6枚 / 4人…8枚 / 5人…10枚."""

# --- a turn ----------------------------------------------------------------------------

OPENING_HAND: Final = 3
"""Rulebook: 各プレイヤーは自分の動物カードの山札から3枚引き、手札とします。"""
DRAW_COUNT: Final = 3
"""Rulebook: 自分の山から動物カードを3枚引き手札とします。"""
HAND_LIMIT: Final = 6
"""Rulebook: このゲームの手札上限は6枚です。既に手札が6枚ある場合、この行動はできません。"""
PLACE_COUNT: Final = 3
"""Rulebook: 自分手札から動物カードを自由に3枚選んで、チーズカードの横に置きます。"""
PLACEMENTS_PER_PLAYER: Final = DECK_SIZE // PLACE_COUNT
"""5: a player places their 15 cards three at a time, one at each of three cheeses in a row
(:data:`NEXT_CHEESE_STEP`), so a queue never holds more than 5 cards of one player."""
TURNS_PER_PLAYER: Final = (DECK_SIZE - OPENING_HAND) // DRAW_COUNT + PLACEMENTS_PER_PLAYER
"""4 draws and 5 placements: 9. Rulebook: ※全員9回ずつ手番が回っているはず。"""

START_SEAT: Final = 0
"""Ruling: the rulebook's start player is 一番最近チーズを食べたプレイヤー; we start with seat 0."""

TURN_STEP: Final = 1
"""Ruling: the turn passes to seat + 1, i.e. clockwise with seats numbered clockwise.
The rulebook contradicts itself: スタートプレイヤーから時計回りで手番が回ってきます
(clockwise: the left neighbour) but later …右隣のプレイヤーの手番となります (the right
neighbour). We follow the first statement, which the English edition confirms."""

NEXT_CHEESE_STEP: Final = 1
"""Ruling: circle positions are numbered clockwise, and 「すぐ左どなりにあるチーズ」 is the next
position clockwise (+1), which is the left neighbour of a cheese seen from in front of it and
what the English edition says ("placed clockwise"). The 2nd card goes one step on from the
1st, the 3rd one step on from the 2nd."""

# --- the resolution --------------------------------------------------------------------

CAT_REACH: Final = 3
"""Rulebook: ネコは前に向かって3匹ネズミを取ります。…自分の色のネズミは除外しませんが
対象になる3匹のうちには数えます。 A cat counts this many mice ahead of it, own ones included."""

CAT_STOPPERS: Final = (False, False, False, False, True, True)
"""What ends a cat's run besides the cheese. Rulebook: ネコの処理は、イヌ・ネコ・チーズに
ぶつかった場合に終了します（イヌ・ネコはだれのプレイヤーのものでも終了する）。"""

DOG_TAKES_OWN_CATS: Final = True
"""Ruling: a dog takes an adjacent cat of its own colour too (3 points to its owner). The
rulebook names no exception for dogs (そのイヌの前後1枚にネコがいればイヌの持ち主がそれを取って),
while it does say so for cats and their own mice."""

FIRST_CHEESE_RESOLVED: Final = 0
"""Ruling: cheeses are resolved in circle order from position 0. The rulebook leaves the order
free (どのチーズカードから処理するかは自由にえらんでください); every queue resolves on its own,
so the order cannot change the result, only the order of the log."""
