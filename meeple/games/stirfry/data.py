"""The cards of Stir Fry Eighteen, their values, and every ruling of ours, in one place.

Cards are small ints (indexes into :data:`CARD_NAMES`) inside the engine and
their English names in actions, views and stored states. Each constant quotes
the rulebook passage (``stirfry.ja.txt``) it comes from; the rulings — what the
rulebook leaves open and we decided — say so and are listed in
``docs/rules/stirfry.md``. A ruling that is not a number is a ``True`` constant: not a
switch, but a name to grep for — the code that carries it out cites it in a comment.
"""

from __future__ import annotations

from typing import Final

# --- the cards ---------------------------------------------------------------------

NOODLES: Final = 0
LEEK: Final = 1
GINGER: Final = 2
MUSHROOM: Final = 3
SOY: Final = 4
CHICKEN: Final = 5
PORK: Final = 6
SHRIMP: Final = 7
TOFU: Final = 8

CARD_NAMES: Final = (
    "noodles",
    "leek",
    "ginger",
    "mushroom",
    "soy",
    "chicken",
    "pork",
    "shrimp",
    "tofu",
)
"""English card names in deck order (麺, 長ネギ, 生姜, キノコ, 醤油, 鶏肉, 豚肉, 海老, 豆腐)."""

CARD_INDEX: Final = {name: card for card, name in enumerate(CARD_NAMES)}
KINDS: Final = len(CARD_NAMES)

DECK_COUNTS: Final = (5, 2, 2, 3, 3, 1, 1, 1, 0)
"""Copies of each card in the deck of 18, in :data:`CARD_NAMES` order.

Rulebook: 麺…デッキには5枚入っています / 長ネギ…2枚 / 生姜…2枚 / キノコ…3枚 /
醤油…3枚 / 鶏肉・豚肉・海老…デッキには1枚だけしか入っていません。
"""
DECK_SIZE: Final = 18

TOFU_REPLACES_ONE_CARD: Final = True
"""Tofu promo: 「ゲーム開始時に、デッキからランダムに1枚のカードを取り除き、豆腐カード1枚と
入れ替えます(山札の総枚数は18枚のままです)。なお、どのカードが取り除かれたのかは分かりません。」
The removed card stays hidden from every seat for the whole game."""

PROTEINS: Final = (CHICKEN, PORK, SHRIMP)
"""The protein cards (タンパク質カード): 鶏肉・豚肉・海老. Tofu joins them in the promo
(豆腐カードはたんぱく質カードとしての効果を持ちます)."""

VEGETABLES: Final = (LEEK, GINGER, MUSHROOM)
"""Vegetable cards: 「他の野菜カード(麺、たんぱく質、醤油以外のカード)」 — every card but
noodles, proteins and soy. Only the tofu promo needs the word (tofu pairs with one)."""

# --- what each card scores in a dish -----------------------------------------------

CARD_VALUES: Final[dict[int, tuple[tuple[int, tuple[int, ...]], ...]]] = {
    NOODLES: ((1, ()),),
    LEEK: ((3, ()), (5, (SHRIMP,))),
    GINGER: ((2, ()), (4, (PORK,))),
    MUSHROOM: ((2, ()), (3, (CHICKEN,))),
    SOY: ((1, ()), (2, (LEEK,)), (3, (GINGER,))),
    CHICKEN: ((3, ()), (5, (LEEK,)), (7, (LEEK, GINGER))),
    PORK: ((5, ()), (8, (MUSHROOM,))),
    SHRIMP: ((6, ()), (9, (GINGER,)), (11, (SOY, GINGER))),
    TOFU: ((7, ()), (10, (GINGER, SOY))),
}
"""Each card's values as ``(points, cards the dish must also hold)``; a card scores the
highest value that applies (FACTS.md). Rulebook, 食材カード一覧: 麺…いかなる組み合わせで料理を
出しても1点 / 長ネギ…3点…海老と組み合わせて料理した場合は5点 / 生姜…2点…豚肉と…4点 /
キノコ…2点…鶏肉と…3点 / 醤油…1点…長ネギと…2点…生姜と…3点 / 鶏肉…3点…長ネギと…5点…
長ネギと生姜と…7点 / 豚肉…5点…キノコと…8点 / 海老…6点…生姜と…9点…醤油と生姜と…11点 /
豆腐…7点…生姜&醤油と組み合わせて料理をすると10点."""

TOFU_WITH_PROTEIN: Final = -5
"""Tofu promo: 他のたんぱく質カードと組み合わせてしまうと-5点となります。 Ruling: this replaces
tofu's every other value, 10 included. The rulebook's example — 麺、鶏肉、豆腐の組み合わせで
料理をすると 1 + 3 - 5 = -2点 — adds up to −1, not −2 (FACTS.md copies the slip); the card
values decide, so that dish scores −1 (noodles 1, chicken 3, tofu −5)."""

DISH_MIN_CARDS: Final = 3
DISH_MAX_CARDS: Final = 5
"""Rulebook: 手札から3枚~5枚のカードを選択し… 麺カードが必須… 同じカードを2枚以上使うことは
出来ません. A dish is 3–5 different cards, noodles among them."""

# --- hands and draws ---------------------------------------------------------------

STARTING_HAND: Final = 3
"""Rulebook: 各プレイヤーは山札からランダムに配られた手札を3枚持ってゲーム開始します。"""

TURN_DRAW: Final = 1
"""Rulebook: 自分の手番が回ってきたら(シェフ役になったら)山札から1枚カードを引きます。"""

HAND_LIMIT: Final = 3
"""Rulebook: 手番終了時に手札が4枚以上あった場合は手札が3枚になるように捨てるカードを選択しなければなりません。"""

COOK_REWARD: Final = 1
"""Rulebook: 料理を作ったプレイヤーは山札からカードを1枚引きます。 None after a caught bluff
(ブラフに失敗したプレイヤーはその手番中に料理を作ってもカードは貰えません) or with Empty Pantry."""

DECLARATION_DRAWS: Final = {CHICKEN: 2, PORK: 3, SHRIMP: 4, TOFU: 1}
"""Cards drawn for a declared protein that stands.

Rulebook: 海老を宣言した場合は山札から4枚のカードを引けます(鶏肉の場合は2枚、豚肉の場合は3枚です);
tofu promo: 「豆腐カード」と宣言してカードを1枚だけ捨てて、カード1枚を引くことができます。
"""

PAIR: Final = -1
"""The claim of a two-card declaration (not a card). Rulebook: 2枚をテーブルに伏せ、
同じカード2枚のペアであると宣言します。 Ruling: a pair names no ingredient (BGA's help:
"You do not have to name the pairs you discard")."""

PAIR_DRAWS: Final = 3
"""Rulebook: ペアを宣言した場合は山札から3枚のカードを引けます。"""

TOFU_PAIRS_WITH: Final = VEGETABLES
"""Ruling on what makes a true pair. Two cards of the same kind are a pair — any kind,
noodles and soy included, since the rulebook says 同じ食材カード2枚のペア and lists noodles
among the 食材カード. The tofu promo adds 「豆腐カードは野菜カードとしても扱われます…
他の野菜カード(麺、たんぱく質、醤油以外のカード)とペアにして捨てることでカードを引くことが
できます」: tofu with one leek, ginger or mushroom is a pair too."""


def claim_draws(claim: int) -> int:
    """The cards a declaration of ``claim`` (a protein, or :data:`PAIR`) draws when it stands,
    as many as the deck holds (rules.py's ``_draw``) aside."""
    return PAIR_DRAWS if claim == PAIR else DECLARATION_DRAWS[claim]


def is_true_declaration(cards: list[int], claim: int) -> bool:
    """Whether face-down ``cards`` are what was declared (what a taste test reveals).

    >>> is_true_declaration([SHRIMP], SHRIMP), is_true_declaration([LEEK], SHRIMP)
    (True, False)
    >>> is_true_declaration([GINGER, GINGER], PAIR), is_true_declaration([TOFU, LEEK], PAIR)
    (True, True)
    """
    if claim != PAIR:
        return cards == [claim]
    a, b = cards
    return a == b or (a == TOFU and b in TOFU_PAIRS_WITH) or (b == TOFU and a in TOFU_PAIRS_WITH)


ONE_DECLARATION_OF_EACH_KIND: Final = True
"""Rulebook: 同じアクションは1手番に1度しか行えません…(タンパク質カード1枚を宣言して成功した後に
ペア2枚を宣言して捨てる、またはペア2枚捨てた後に1枚を捨てることは可能です). At most one single
and one pair declaration per turn, whatever came of the first; only before cooking
(料理を出す前のみ実行可能 — cooking ends the turn anyway)."""

EXTRA_DRAW_PER_CAUGHT_BLUFF: Final = 1
"""Rulebook: ブラフを見破ったプレイヤーは1回ブラフを見破るごとに次に自分の手番が回ってきた際に
追加で山札から1枚カードを引きます…見破った回数ぶんだけカードを引けます。 Ruling: the extra
draws are made with the turn's first draw and are spent even when the deck runs short."""

# --- the taste test ----------------------------------------------------------------

WRONG_ACCUSATION_POINTS: Final = 5
"""Rulebook: 味見テストを要求して、本当に宣言通りのカードを捨てていた場合、味見したプレイヤーは
ペナルティとして手札を全て捨てなければなりません。ペナルティを受ける際に手札が1枚も無い場合は
所持得点が-5点されてしまいます。"""

TASTE_TEST_MIN_POINTS: Final = 5
"""Rulebook: 手札が1枚も無く所持得点も5点未満の場合は味見テストを要求することは出来ません。
Ruling: such an opponent is not asked at all (it could only answer "trust"); if no
opponent may call a taste test, the declaration stands at once."""

FIRST_TASTE_DECIDES: Final = True
"""Rulebook: 味見テストの要求は早い者勝ちです。一番早く味見を要求したプレイヤーのみが味見テストを
行えます。 The first "taste" answer to arrive resolves the test; opponents still
unanswered are not asked any more. All "trust" answers: the declaration stands."""

HIDDEN_DISCARDS: Final = True
"""Ruling: cards leave a hand face down unless the rulebook shows them. A declaration is
laid face down (テーブルに伏せ) and shown only to a taste test (捨てたカードを公開します); a
dish is on the table for all to see. The rulebook does not say that the discards down to
three or a wrong accuser's lost hand are shown, so they stay secret (their owner knows)."""

SECRET_ACTION_FIELDS: Final = {
    "declare": ("card",),
    "declare_pair": ("cards",),
    "discard": ("card",),
}
"""What of the chef's actions the others never see (:data:`HIDDEN_DISCARDS`): the cards of a
declaration (laid face down; a taste test shows them in its own step, not in the declaration)
and of a discard. ``StirFryState.public_action`` leaves these fields out, so a replay shows
another seat's declaration as its claim alone: ``{"type": "declare", "as": "shrimp"}``."""

# --- the end of a turn ---------------------------------------------------------------

END_OF_TURN_STEPS: Final = (
    "return used cards to the deck and shuffle",
    "draw the cooking reward",
    "discard down to the hand limit",
    "return the discards to the deck and shuffle",
)
"""Ruling on the order of the end of a turn. The rulebook fixes the first two —
捨てられた・料理に使用されたカードは一旦山札の外に置かれ、現在のプレイヤーの手番終了時に山札に
戻されシャッフルされます。※料理を作って手番終了し料理報酬で山札からカードを1枚引く際に、ついさっき
料理で使用した食材が再び山札から引かれる場合もあります — and that the hand holds three at
the end of the turn (手番終了時に手札が4枚以上あった場合は…3枚になるように捨てる), so the
reward is drawn before the discard and the discards go back into the deck last."""

# --- the end of the game -------------------------------------------------------------

TARGETS: Final = (50, 100, 150, 300)
"""Rulebook: 基本は50点です。他に、100点、150点、300点を設定できます。"""

START_SEAT: Final = 0
"""Ruling: the Japanese rulebook does not say who starts; seat 0 is the first chef."""

CLOSING_TIME_TURNS: Final = 1
"""Closing Time: 誰かがゲーム終了条件を満たした場合、他のプレイヤーは追加手番を1回だけ得ます。
全員の手番が終了したら得点を比較し、最も得点の高いプレイヤーが勝者となります。同点のプレイヤーが
いる場合には引き分けとなります。 Ruling: the turn in progress is finished first and counts
as its chef's extra turn; every other player but the one who met the condition then
plays one more turn, in turn order (a wrong accuser can meet it in another's turn)."""

METICULOUS_EXACT_HIT_ANY_TIME: Final = True
"""Meticulous Chef: 誰かの得点が目標点とピッタリ同じ点数になった場合にゲームが終了して、
そのプレイヤーが勝利します。 Ruling: whenever a score becomes exactly the target — by a
dish, a negative tofu dish, or a wrong accuser's −5 — that player wins at once."""

METICULOUS_SHARED_WIN: Final = True
"""Meticulous Chef: 全員が目標点を超えた点数を獲得した状態になった場合にもゲームは終了して、
最終得点計算が行われます。「目標点」から、「実際に獲得した点数と目標点の差」を引いた値が
最終的な得点となります。 Ruling: the best final score wins and equal best final
scores share the win (the rulebook names no tie-break); at the end every seat's
score is shown as target − |points − target|."""
