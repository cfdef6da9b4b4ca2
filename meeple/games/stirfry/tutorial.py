"""The tutorial of Stir Fry Eighteen ("Learn to play", ``meeple/tutorial.py``; docs/web.md).

Two players from seed 3 (to 50 points): the learner declares a pair, cooks a dish worth 8
(scored card by card), tastes the opponent's honest pair and loses the hand, then trusts;
bots play the rest.
"""

from typing import Any


def _pick(*indexes: int) -> list[str]:
    """The hand's cards to pick (by their place in the hand) before the dish or declaration."""
    return [f"#board .sf-pick[data-index='{i}']" for i in indexes]


def _act(action: str) -> str:
    """The board's buttons whose action's JSON holds ``action`` (a type or a card)."""
    return f"#board .legal[data-action*='{action}']"


TUTORIAL: dict[str, Any] = {
    "game": "stirfry",
    "players": 2,
    "seed": 3,
    "options": {},
    "steps": [
        {
            "text": "learn.stirfry.intro",
            "checks": {"view": {"hand": ["noodles", "noodles", "noodles", "mushroom"]}},
        },
        {
            "text": "learn.stirfry.declare",
            "highlight": ", ".join([*_pick(0, 1), _act('"declare_pair"')]),
            "prepare": _pick(0, 1),
            "move": {"type": "declare_pair", "cards": ["noodles", "noodles"]},
            "why": "learn.stirfry.why_declare",
        },
        {
            "text": "learn.stirfry.cook",
            "before": [[1, {"type": "trust"}]],
            "highlight": ", ".join([*_pick(0, 2, 3, 4), _act('"cook"')]),
            "prepare": _pick(0, 2, 3, 4),
            "move": {"type": "cook", "cards": ["noodles", "leek", "mushroom", "soy"]},
            "why": "learn.stirfry.why_cook",
            "checks": {"view": {"hand": ["noodles", "noodles", "leek", "mushroom", "soy"]}},
            "after": {"scores": [8, 0]},
        },
        {
            "text": "learn.stirfry.taste",
            "before": [[1, {"type": "declare_pair", "cards": ["soy", "soy"]}]],
            "highlight": _act('"taste"'),
            "move": {"type": "taste"},
            "why": "learn.stirfry.why_taste",
            "checks": {"scores": [8, 0], "view": {"hand": ["noodles", "mushroom"]}},
            "after": {"view": {"hand": []}},
        },
        {
            "text": "learn.stirfry.trust",
            "before": [[1, {"type": "declare", "card": "shrimp", "as": "shrimp"}]],
            "highlight": _act('"trust"'),
            "move": {"type": "trust"},
            "why": "learn.stirfry.why_trust",
            "checks": {"scores": [8, 0], "view": {"hand": []}},
        },
    ],
    "ending": "learn.stirfry.ending",
    "end": {"over": True, "scores": [55, 31], "winners": [0]},
    "summary": "learn.stirfry.summary",
}
