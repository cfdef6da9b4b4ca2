"""Why ``hard``'s guide would play a card, in words: the rules of thumb of the buffet heuristic
(:mod:`meeple.games.buffet.heuristic`) with the bold constants ``hard`` and ``expert`` search
by (:class:`~meeple.games.buffet.heuristic.BoldBuffetBot`; the coach shows their analysis):
the dish a card is likely to win, the lead it keeps over the rearmost mouse, a weak card
exchanged. Judged from the seat's view alone.
"""

from __future__ import annotations

from meeple.core.bot import Reason
from meeple.core.game import JSON, Action
from meeple.games.buffet.heuristic import BoldBuffetBot, dish_gain

GUIDE = BoldBuffetBot
"""Whose constants the reasons speak of: ``hard``'s guide."""

DISH_JA = {
    "cheese": "チーズ",
    "chicken": "チキン",
    "pizza": "ピザ",
    "salad": "サラダ",
    "salami": "サラミ",
    "sausage": "ソーセージ",
}
"""The dishes' Japanese names, as the web client's ``buffet.kind.*`` texts give them."""


def explain(view: JSON, seat: int, action: Action) -> Reason | None:
    """Why this heuristic would play ``action``, by the rules of thumb it weighs (the
    module docstring), judged from ``view`` alone; ``None`` where it has no words.

    >>> view = {"positions": [0, 0, 0], "stacks": [[], [], []],
    ...         "buffet": [{"kind": "salad", "value": 2}, {"kind": "salami", "value": 1}]}
    >>> explain(view, 0, {"type": "play", "card": 6}).en
    'keeps you 6 ahead of the rearmost mouse'
    """
    if action["type"] == "discard" and "card" in action:
        if action["card"] < GUIDE.exchange_below:
            # A true minus, as the cards and the log print it (−1, not -1).
            weak = str(action["card"]).replace("-", "\N{MINUS SIGN}")
            return Reason(f"exchanges a weak card ({weak})", f"弱いカード（{weak}）を交換する")
        return None
    if action["type"] != "play" or "card" not in action:
        return None
    card: int = action["card"]
    me = view["positions"][seat]
    rivals = [p for s, p in enumerate(view["positions"]) if p is not None and s != seat]
    stack = view["stacks"][seat]
    if len(rivals) == 1:
        dish = view["buffet"][0]
        prize = dish_gain(dish, stack)
        kind_ja = DISH_JA.get(dish["kind"], dish["kind"])
        if prize <= 0:
            return Reason(
                f"the {dish['kind']} adds nothing to your stacks: a high card would be wasted",
                f"{kind_ja}は得点にならない：高いカードはもったいない",
            )
        bid = GUIDE.rival_finale_card
        if me + card - rivals[0] > bid:
            return Reason(
                f"beats even a rival's {bid} to the {dish['kind']}, worth {prize} to you",
                f"相手が{bid}を出しても勝って{kind_ja}（{prize}点）を取れる",
            )
        return Reason(
            f"a rival's {bid} would keep the {dish['kind']} from you",
            f"相手が{bid}を出せば{kind_ja}は取れない",
        )
    lowest = dish_gain(view["buffet"][-1], stack)
    hand = view.get("hand") or []
    if lowest >= GUIDE.worth_dropping_for and hand and card == min(hand):
        return Reason(
            f"even the last dish adds {lowest} to your stacks: drop out cheaply",
            f"最後の料理でも{lowest}点になる：安いカードで抜ける",
        )
    ahead = me + card - min(rivals) if rivals else 0
    if ahead >= GUIDE.safety_margin:
        return Reason(
            f"keeps you {ahead} ahead of the rearmost mouse",
            f"最後尾のネズミより{ahead}マス前に出る",
        )
    last = view["buffet"][-1]
    en, ja = score_change_words(lowest)
    return Reason(
        f"risks being the rearmost mouse, who leaves the round with the last dish,"
        f" the {last['kind']} ({en})",
        f"最後尾になるおそれがある：最後尾のネズミは最後の料理"
        f"（{DISH_JA.get(last['kind'], last['kind'])}、{ja}）を取って抜ける",
    )


def score_change_words(gain: int) -> tuple[str, str]:
    """What a dish that adds ``gain`` points does to the seat's score, in words (English,
    Japanese): a dish below the top of its kind covers it, and a minus dish costs points."""
    if gain > 0:
        return f"adds {gain} to your score", f"{gain}点増える"
    if gain == 0:
        return "adds nothing to your score", "得点は変わらない"
    return f"takes {-gain} off your score", f"{-gain}点減る"
