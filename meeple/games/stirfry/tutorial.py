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


_POINTS = "#board .sf-seat .sf-points"
_BLUE = 1


def _blue(*actions: dict[str, Any]) -> list[list[Any]]:
    return [[_BLUE, action] for action in actions]


def _cook(*cards: str) -> dict[str, Any]:
    return {"type": "cook", "cards": list(cards)}


# The meticulous chef's lesson starts at the learner's third turn (seed 29, 44 points to 0):
# the bots of level "normal" (seeded 29 and 30) played these moves, checked here move by move.
_METICULOUS_OPENING: list[list[Any]] = [
    [0, {"type": "declare_pair", "cards": ["ginger", "ginger"]}],
    [1, {"type": "taste"}],
    [0, {"type": "declare", "card": "soy", "as": "shrimp"}],
    [0, {"type": "cook", "cards": ["noodles", "leek", "mushroom", "pork", "shrimp"]}],
    [0, {"type": "discard", "card": "soy"}],
    [1, {"type": "end_turn"}],
    [0, {"type": "declare", "card": "pork", "as": "pork"}],
    [1, {"type": "taste"}],
    [0, {"type": "declare_pair", "cards": ["mushroom", "mushroom"]}],
    [0, {"type": "cook", "cards": ["noodles", "leek", "ginger", "soy", "shrimp"]}],
    [1, {"type": "end_turn"}],
]

# Closing time's lesson starts at the learner's turn with 33 points to Blue's 40 (seed 35).
_CLOSING_OPENING: list[list[Any]] = [
    [0, {"type": "declare", "card": "chicken", "as": "chicken"}],
    [1, {"type": "taste"}],
    [0, {"type": "declare_pair", "cards": ["noodles", "noodles"]}],
    [0, {"type": "cook", "cards": ["noodles", "leek", "ginger", "pork", "shrimp"]}],
    [1, {"type": "end_turn"}],
    [0, {"type": "end_turn"}],
    [1, {"type": "declare_pair", "cards": ["noodles", "noodles"]}],
    [0, {"type": "taste"}],
    [1, {"type": "declare", "card": "soy", "as": "shrimp"}],
    [0, {"type": "taste"}],
    [1, {"type": "end_turn"}],
    [0, {"type": "declare", "card": "pork", "as": "pork"}],
    [1, {"type": "taste"}],
    [0, {"type": "declare_pair", "cards": ["mushroom", "mushroom"]}],
    [0, {"type": "cook", "cards": ["noodles", "leek", "soy"]}],
    [1, {"type": "declare", "card": "shrimp", "as": "shrimp"}],
    [0, {"type": "taste"}],
    [1, {"type": "declare_pair", "cards": ["mushroom", "mushroom"]}],
    [0, {"type": "taste"}],
    [1, {"type": "cook", "cards": ["noodles", "ginger", "soy"]}],
    [0, {"type": "end_turn"}],
    [1, {"type": "declare_pair", "cards": ["noodles", "noodles"]}],
    [0, {"type": "taste"}],
    [1, {"type": "cook", "cards": ["noodles", "ginger", "mushroom", "pork"]}],
    [0, {"type": "end_turn"}],
    [1, {"type": "declare", "card": "pork", "as": "pork"}],
    [0, {"type": "taste"}],
    [1, {"type": "cook", "cards": ["noodles", "leek", "ginger", "mushroom", "shrimp"]}],
    [0, {"type": "end_turn"}],
    [1, {"type": "declare", "card": "ginger", "as": "shrimp"}],
    [0, {"type": "taste"}],
    [1, {"type": "end_turn"}],
    [0, {"type": "end_turn"}],
    [1, {"type": "declare", "card": "soy", "as": "shrimp"}],
    [0, {"type": "taste"}],
    [1, {"type": "end_turn"}],
    [0, {"type": "declare", "card": "shrimp", "as": "shrimp"}],
    [1, {"type": "taste"}],
    [0, {"type": "declare_pair", "cards": ["soy", "soy"]}],
    [1, {"type": "trust"}],
    [0, {"type": "cook", "cards": ["noodles", "leek", "ginger", "mushroom"]}],
    [0, {"type": "discard", "card": "noodles"}],
    [0, {"type": "discard", "card": "mushroom"}],
    [0, {"type": "discard", "card": "mushroom"}],
    [1, {"type": "declare", "card": "mushroom", "as": "shrimp"}],
    [0, {"type": "taste"}],
    [1, {"type": "end_turn"}],
]

# The variants, an add-on lesson each (offered at the tutorial's end); the target (50, 100,
# 150 or 300 points) is a sentence of the meticulous chef's lesson, the one where it matters.
ADDONS: dict[str, dict[str, Any]] = {
    # Tofu (seed 13): a chicken declared away (tofu with another protein scores -5), a dish
    # with tofu (7), and Blue's honest pair of tofu and a mushroom (tofu pairs with a vegetable).
    "tofu": {
        "game": "stirfry",
        "players": 2,
        "seed": 13,
        "options": {"tofu": True},
        "steps": [
            {
                "text": "learn.stirfry.tofu.intro",
                "highlight": _pick(3)[0],
                "checks": {"view": {"hand": ["noodles", "soy", "chicken", "tofu"]}},
            },
            {
                "text": "learn.stirfry.tofu.declare",
                "highlight": ", ".join([*_pick(2), _act('"declare"')]),
                "prepare": _pick(2),
                "move": {"type": "declare", "card": "chicken", "as": "chicken"},
                "why": "learn.stirfry.tofu.why_declare",
            },
            {
                "text": "learn.stirfry.tofu.cook",
                "before": _blue({"type": "trust"}),
                "highlight": ", ".join([*_pick(0, 1, 2, 4), _act('"cook"')]),
                "prepare": _pick(0, 1, 2, 4),
                "move": _cook("noodles", "leek", "soy", "tofu"),
                "why": "learn.stirfry.tofu.why_cook",
                "checks": {"view": {"hand": ["noodles", "leek", "soy", "shrimp", "tofu"]}},
                "after": {"scores": [13, 0]},
            },
            {
                "text": "learn.stirfry.tofu.pair",
                "before": _blue({"type": "declare_pair", "cards": ["mushroom", "tofu"]}),
                "highlight": _act('"trust"'),
                "move": {"type": "trust"},
                "why": "learn.stirfry.tofu.why_pair",
            },
        ],
        "ending": "learn.stirfry.tofu.ending",
        "end": {"over": True, "scores": [56, 10], "winners": [0]},
        "summary": "learn.stirfry.tofu.summary",
    },
    # Empty pantry (seed 4): a dish of the whole hand leaves it empty, no card drawn after;
    # with an empty hand a wrong taste costs 5 points; a caught bluff gives a card; the
    # learner's declaration is how cards come now.
    "empty_pantry": {
        "game": "stirfry",
        "players": 2,
        "seed": 4,
        "options": {"empty_pantry": True},
        "steps": [
            {
                "text": "learn.stirfry.pantry.intro",
                "checks": {"view": {"hand": ["noodles", "leek", "mushroom", "chicken"]}},
            },
            {
                "text": "learn.stirfry.pantry.cook",
                "highlight": ", ".join([*_pick(0, 1, 2, 3), _act('"cook"')]),
                "prepare": _pick(0, 1, 2, 3),
                "move": _cook("noodles", "leek", "mushroom", "chicken"),
                "why": "learn.stirfry.pantry.why_cook",
                "after": {"scores": [12, 0], "view": {"hand": []}},
            },
            {
                "text": "learn.stirfry.pantry.trust",
                "before": _blue({"type": "declare_pair", "cards": ["soy", "soy"]}),
                "highlight": _act('"trust"'),
                "move": {"type": "trust"},
                "why": "learn.stirfry.pantry.why_trust",
                "checks": {"view": {"hand": []}},
            },
            {
                "text": "learn.stirfry.pantry.taste",
                "before": _blue({"type": "declare", "card": "noodles", "as": "shrimp"}),
                "highlight": _act('"taste"'),
                "move": {"type": "taste"},
                "why": "learn.stirfry.pantry.why_taste",
            },
            {
                "text": "learn.stirfry.pantry.declare",
                "before": _blue({"type": "end_turn"}, {"type": "discard", "card": "noodles"}),
                "highlight": ", ".join([*_pick(1), _act('"declare"')]),
                "prepare": _pick(1),
                "move": {"type": "declare", "card": "shrimp", "as": "shrimp"},
                "why": "learn.stirfry.pantry.why_declare",
            },
        ],
        "ending": "learn.stirfry.pantry.ending",
        "end": {"over": True, "scores": [25, 58], "winners": [1]},
        "summary": "learn.stirfry.pantry.summary",
    },
    # Meticulous chef (seed 29, from the learner's 44 points): the best dish (12) would go 6
    # over; the dish of 6 hits 50 exactly and wins at once.
    "meticulous_chef": {
        "game": "stirfry",
        "players": 2,
        "seed": 29,
        "options": {"meticulous_chef": True},
        "opening": _METICULOUS_OPENING,
        "steps": [
            {
                "text": "learn.stirfry.meticulous.intro",
                "highlight": _POINTS,
                "checks": {
                    "scores": [44, 0],
                    "view": {"hand": ["noodles", "leek", "mushroom", "chicken"]},
                },
            },
            {"text": "learn.stirfry.meticulous.over", "highlight": ", ".join(_pick(0, 1, 2, 3))},
            {
                "text": "learn.stirfry.meticulous.exact",
                "highlight": ", ".join([*_pick(0, 1, 2), _act('"cook"')]),
                "prepare": _pick(0, 1, 2),
                "move": _cook("noodles", "leek", "mushroom"),
                "why": "learn.stirfry.meticulous.why_exact",
                "after": {"scores": [50, 0], "over": True, "winners": [0]},
            },
        ],
        # No "ending": the exact hit ends the game, and the lesson goes straight to its end.
        "end": {"over": True, "scores": [50, 0], "winners": [0]},
        "summary": "learn.stirfry.meticulous.summary",
    },
    # Closing time (seed 35, 33 points to Blue's 40): the learner's dish reaches 50, the game
    # goes on for Blue's last turn, where tasting costs the learner nothing that still counts.
    "closing_time": {
        "game": "stirfry",
        "players": 2,
        "seed": 35,
        "options": {"closing_time": True},
        "opening": _CLOSING_OPENING,
        "steps": [
            {
                "text": "learn.stirfry.closing.intro",
                "highlight": _POINTS,
                "checks": {
                    "scores": [33, 40],
                    "view": {"hand": ["noodles", "noodles", "leek", "ginger", "shrimp"]},
                },
            },
            {
                "text": "learn.stirfry.closing.cook",
                "highlight": ", ".join([*_pick(0, 2, 3, 4), _act('"cook"')]),
                "prepare": _pick(0, 2, 3, 4),
                "move": _cook("noodles", "leek", "ginger", "shrimp"),
                "why": "learn.stirfry.closing.why_cook",
                "after": {"scores": [50, 40], "over": False, "to_move": [1]},
            },
            {
                "text": "learn.stirfry.closing.taste",
                "before": _blue({"type": "declare", "card": "shrimp", "as": "shrimp"}),
                "highlight": _act('"taste"'),
                "move": {"type": "taste"},
                "why": "learn.stirfry.closing.why_taste",
            },
            {
                "text": "learn.stirfry.closing.again",
                "before": _blue({"type": "declare_pair", "cards": ["mushroom", "soy"]}),
                "highlight": _act('"taste"'),
                "move": {"type": "taste"},
                "why": "learn.stirfry.closing.why_again",
            },
        ],
        "ending": "learn.stirfry.closing.ending",
        "end": {"over": True, "scores": [50, 40], "winners": [0]},
        "summary": "learn.stirfry.closing.summary",
    },
}
