"""Why the Stir Fry heuristic (:mod:`meeple.games.stirfry.heuristic`) would make a move, in
words: a dish's points card by card, what a declaration draws and why a bluff may pass,
why taste or trust, what a discard keeps. Judged from the seat's view alone, like the bot.

>>> import meeple
>>> view = meeple.load("stirfry").new(players=2, seed=1).view(0)
>>> cook = {"type": "cook", "cards": ["noodles", "leek", "mushroom", "soy", "pork"]}
>>> explain(view, 0, cook).en
'16 points: noodles 1, leek 3, mushroom 2, soy 2 (with leek), pork 8 (with mushroom)'
"""

from __future__ import annotations

import random
from typing import Any

from meeple.core.bot import Reason
from meeple.core.game import JSON, Action
from meeple.games.stirfry.data import (
    CARD_INDEX,
    CARD_NAMES,
    CARD_VALUES,
    PAIR,
    TOFU,
    WRONG_ACCUSATION_POINTS,
    claim_draws,
)
from meeple.games.stirfry.heuristic import (
    Kitchen,
    action_cards,
    best_discard,
    chance_of_a_pair,
    chance_to_hold,
    hard_taste_table,
    is_pair,
    should_taste,
    taste_odds,
)
from meeple.games.stirfry.scoring import card_points, cooked_points, cooks_for

CARD_JA = {
    "noodles": "麺",
    "leek": "長ネギ",
    "ginger": "生姜",
    "mushroom": "キノコ",
    "soy": "醤油",
    "chicken": "鶏肉",
    "pork": "豚肉",
    "shrimp": "海老",
    "tofu": "豆腐",
}
"""The cards' Japanese names, as the web client's ``stirfry.card.*`` texts give them."""


def explain(view: JSON, seat: int, action: Action) -> Reason | None:
    """What the heuristic weighs in ``action``, from ``view`` alone; ``None`` for an action
    it has no words for (the public forms without cards)."""
    kind = action["type"]
    if kind == "cook" and "cards" in action:
        return cook_reason(view, action["cards"])
    if kind == "end_turn":
        return end_reason(view)
    if kind in ("declare", "declare_pair") and ("card" in action or "cards" in action):
        return declare_reason(view, action)
    if kind in ("taste", "trust") and view.get("declaration"):
        return taste_reason(view)
    if kind == "discard" and "card" in action:
        return discard_reason(view, action["card"])
    return None


def card_reason(card: int, dish: set[int]) -> tuple[str, str]:
    """One card's points in a dish, with the cards that raise it (English, Japanese)."""
    points = card_points(card, dish)
    name = CARD_NAMES[card]
    if card == TOFU and points < 0:
        return (
            f"{name} {points} (with another protein)",
            f"{CARD_JA[name]}{points}（他のタンパク質と）",
        )
    needs = max((need for value, need in CARD_VALUES[card] if value == points), key=len)
    if not needs:
        return f"{name} {points}", f"{CARD_JA[name]}{points}"
    with_en = " and ".join(CARD_NAMES[n] for n in needs)
    with_ja = "と".join(CARD_JA[CARD_NAMES[n]] for n in needs)
    return f"{name} {points} (with {with_en})", f"{CARD_JA[name]}{points}（{with_ja}と）"


def cook_reason(view: dict[str, Any], names: list[str]) -> Reason:
    """A dish's points card by card, and whether it reaches the target."""
    cards = [CARD_INDEX[n] for n in names]
    points = cooked_points(cards)
    parts = [card_reason(c, set(cards)) for c in cards]
    en = f"{points} points: " + ", ".join(p[0] for p in parts)
    ja = f"{points}点：" + "・".join(p[1] for p in parts)
    kitchen = Kitchen(view, random.Random(0))
    if kitchen.wins(points):
        target = view["target"]
        en += f"; reaches the target of {target}"
        ja += f"、目標の{target}点に届く"
    return Reason(en, ja)


def end_reason(view: dict[str, Any]) -> Reason:
    """Ending the turn uncooked: the best dish the hand could cook now, kept for later."""
    hand = [CARD_INDEX[n] for n in view.get("hand") or []]
    mask = 0
    for card in hand:
        mask |= 1 << card
    best = max((points for _, points in cooks_for(mask)), default=None)
    if best is None:
        return Reason(
            "nothing to cook: keeps your cards for next turn",
            "料理できない：手札を次の手番に残す",
        )
    return Reason(
        f"the best dish now is only {best} points: keeps the cards for a better one",
        f"今の最高の料理は{best}点だけ：より良い料理のために手札を残す",
    )


def declare_reason(view: dict[str, Any], action: Action) -> Reason:
    """A declaration: honest or a bluff, what it draws, and the chance of a taste."""
    kitchen = Kitchen(view, random.Random(0))
    cards = action_cards(action)
    claimed = claim_draws(PAIR if action["type"] == "declare_pair" else CARD_INDEX[action["as"]])
    draws = min(claimed, view["deck"])
    # The action's label names the claim's draws; a short deck gives fewer (rules.py, _draw),
    # and the reason says why its number is smaller.
    if draws == claimed:
        short_en = short_ja = ""
    elif draws:
        short_en, short_ja = " (all the deck holds)", "（山札の残り全部）"
    else:
        short_en, short_ja = " (the deck is empty)", "（山札は空）"
    if action["type"] == "declare_pair":
        honest = is_pair(cards)
        what_en, what_ja = "a pair", "ペア"
    else:
        honest = cards == [CARD_INDEX[action["as"]]]
        what_en, what_ja = action["as"], CARD_JA[action["as"]]
    if honest:
        return Reason(
            f"honest: draws {draws}{short_en} whatever the others answer, and a taster pays for it",
            f"正直：味見されても{draws}枚引け{short_ja}、味見した人が罰を受ける",
        )
    en, ja = (
        f"a bluff as {what_en}: draws {draws}{short_en} if trusted",
        f"{what_ja}とブラフ：信じられれば{draws}枚引く{short_ja}",
    )
    if action["type"] == "declare":
        claim = CARD_INDEX[action["as"]]
        unseen = kitchen.pool[claim]
        if kitchen.hand[claim]:
            en += f"; you hold a {what_en}, so nobody can be sure"
            ja += f"、{what_ja}を持っているので誰も確信できない"
        elif unseen == 0:
            en += f"; no {what_en} is hidden: it will be caught"
            ja += f"、{what_ja}は見えないところにない：見破られる"
        else:
            en += f"; {unseen} {what_en} unseen by you, which a rival may hold"
            ja += f"、見えていない{what_ja}は{unseen}枚：相手が持っているかもしれない"
    return Reason(en, ja)


def taste_reason(view: dict[str, Any]) -> Reason:
    """Taste or trust (the same words for both): how likely the chef holds what it claims,
    and whether a catch is worth what a wrong taste costs, judged as ``hard`` judges it
    (:func:`~meeple.games.stirfry.heuristic.hard_taste_table`: from 3 players on, knowing
    that chefs seldom bluff)."""
    kitchen = Kitchen(view, random.Random(0))
    declaration = view["declaration"]
    chef_cards = view["hand_sizes"][declaration["seat"]] + declaration["count"]
    if declaration["as"] == "pair":
        holds = chance_of_a_pair(kitchen.pool, chef_cards)
        what_en, what_ja = "a pair", "ペア"
    else:
        holds = chance_to_hold(kitchen.pool, CARD_INDEX[declaration["as"]], chef_cards)
        what_en, what_ja = f"a {declaration['as']}", CARD_JA[declaration["as"]]
    cards_en = f"{chef_cards} card" + ("s" if chef_cards != 1 else "")
    if holds == 0.0:
        en = f"the chef's {cards_en} cannot hold {what_en}"
        ja = f"シェフの{chef_cards}枚に{what_ja}はありえない"
    else:
        en = (
            f"a {percent(holds)} chance, by what you see, that the chef's {cards_en} hold {what_en}"
        )
        ja = f"見えている範囲では、シェフの{chef_cards}枚に{what_ja}がある確率は{percent(holds)}"
    table = hard_taste_table(view["players"])
    if table is not None and holds > 0.0:
        en += ", and a chef seldom claims what it lacks"
        ja += "、ただし持っていないものを宣言するシェフはまれ"
    hand = sum(kitchen.hand)
    denied = min(declaration["draws"], view["deck"])
    if should_taste(kitchen, taste_odds(declaration["as"], table)):
        en += f"; worth tasting: a catch denies {denied} draws"
        ja += f"：味見する価値あり、見破れば{denied}枚引かせない"
    elif hand:
        en += f"; a wrong taste would cost your {hand} cards"
        ja += f"：味見が外れると手札{hand}枚を失う"
    else:
        en += f"; a wrong taste would cost {WRONG_ACCUSATION_POINTS} points"
        ja += f"：味見が外れると{WRONG_ACCUSATION_POINTS}点失う"
    return Reason(en, ja)


def percent(chance: float) -> str:
    """A chance in whole percent, never rounded to a certainty it is not.

    >>> percent(0.004), percent(0.5), percent(0.999)
    ('1%', '50%', '99%')
    """
    return f"{min(max(round(chance * 100), 1), 99)}%"


def discard_reason(view: dict[str, Any], name: str) -> Reason:
    """A discard: the cards it keeps, and whether they are the hand the heuristic keeps."""
    kitchen = Kitchen(view, random.Random(0))
    kept = list(view["hand"])
    kept.remove(name)
    legal = [{"type": "discard", "card": n} for n in dict.fromkeys(view["hand"])]
    best = best_discard(kitchen, legal)["card"]
    en_kept, ja_kept = ", ".join(kept), "・".join(CARD_JA[n] for n in kept)
    if best == name:
        return Reason(
            f"keeps {en_kept}: the hand that promises the best dish",
            f"{ja_kept}を残す：最も良い料理が期待できる手札",
        )
    return Reason(
        f"keeps {en_kept}; discarding a {best} would keep a better hand",
        f"{ja_kept}を残す：{CARD_JA[best]}を捨てるほうが良い手札が残る",
    )
