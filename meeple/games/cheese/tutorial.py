"""The tutorial of Go da Cheese! ("Learn to play", ``meeple/tutorial.py``; docs/web.md).

Three players from seed 5; the cheeses A–F are 2, 4, 4, 5, 2 and 5. The learner draws,
places three cards (face down, face up, and a marked mouse that must lie face down), watches
the others, draws again and sends a cat, a king mouse and a fat mouse; bots play the rest, and
the end resolves every queue on the board.
"""

from typing import Any

_DRAWS = [[1, {"type": "draw"}], [2, {"type": "draw"}]]
_HAND = ".cheese-hand-row > button:nth-of-type({})"
_DRAW = '#board .legal[data-action=\'{"type":"draw"}\']'

TUTORIAL: dict[str, Any] = {
    "game": "cheese",
    "players": 3,
    "seed": 5,
    "options": {},
    "steps": [
        {
            "text": "learn.cheese.intro",
            "highlight": ".cheese-ring",
            "checks": {"view": {"cheeses.0.cheese": 2, "cheeses.3.cheese": 5}},
        },
        {
            "text": "learn.cheese.hand",
            "highlight": ".cheese-hand",
            "checks": {"view": {"hand_sizes.0": 3, "deck_sizes.0": 12}},
        },
        {
            "text": "learn.cheese.draw",
            "highlight": _DRAW,
            "move": {"type": "draw"},
            "why": "learn.cheese.why_draw",
            "after": {"view": {"hand_sizes.0": 6}},
        },
        {
            "text": "learn.cheese.first",
            "before": _DRAWS,
            "highlight": ".cheese-cheese[data-cheese='4']",
            "move": {"type": "place", "cheese": 4, "card": "mouse"},
            "why": "learn.cheese.why_first",
            "checks": {"view": {"hand_sizes.0": 6}},
        },
        {
            "text": "learn.cheese.second",
            "highlight": ".cheese-cheese[data-cheese='5']",
            "move": {"type": "place", "cheese": 5, "card": "mouse"},
            "why": "learn.cheese.why_second",
            "checks": {"view": {"next_cheese": 5}},
        },
        {
            "text": "learn.cheese.third",
            "highlight": ".cheese-cheese[data-cheese='0']",
            "move": {"type": "place", "cheese": 0, "card": "marked_mouse"},
            "why": "learn.cheese.why_third",
            "checks": {"view": {"next_cheese": 0, "hand.0": "marked_mouse"}},
        },
        {
            "text": "learn.cheese.others",
            "before": [
                [1, {"type": "place", "cheese": 3, "card": "mouse"}],
                [1, {"type": "place", "cheese": 4, "card": "mouse"}],
                [1, {"type": "place", "cheese": 5, "card": "mouse"}],
                [2, {"type": "place", "cheese": 1, "card": "mouse"}],
                [2, {"type": "place", "cheese": 2, "card": "marked_mouse"}],
                [2, {"type": "place", "cheese": 3, "card": "mouse"}],
            ],
            "highlight": ".cheese-cheese[data-cheese='3']",
            "checks": {"view": {"hand_sizes": [3, 3, 3], "cheeses.3.queue.1.seat": 2}},
        },
        {
            "text": "learn.cheese.draw2",
            "highlight": _DRAW,
            "move": {"type": "draw"},
            "why": "learn.cheese.why_draw",
        },
        {
            "text": "learn.cheese.cat",
            "before": _DRAWS,
            "highlight": _HAND.format(5) + ", .cheese-cheese[data-cheese='3']",
            "prepare": [_HAND.format(5)],
            "move": {"type": "place", "cheese": 3, "card": "cat"},
            "why": "learn.cheese.why_cat",
            "checks": {"view": {"hand.4": "cat", "deck_sizes.0": 6}},
        },
        {
            "text": "learn.cheese.king",
            "highlight": ".cheese-hand .legal[data-action*='king_mouse']",
            "move": {"type": "place", "cheese": 4, "card": "king_mouse"},
            "why": "learn.cheese.why_king",
            "checks": {"view": {"hand.3": "king_mouse"}},
        },
        {
            "text": "learn.cheese.fat",
            "highlight": ".cheese-hand .legal[data-action*='fat_mouse']",
            "move": {"type": "place", "cheese": 5, "card": "fat_mouse"},
            "why": "learn.cheese.why_fat",
            "checks": {"view": {"hand.2": "fat_mouse"}},
        },
    ],
    "ending": "learn.cheese.ending",
    "end": {"over": True, "scores": [9, 9, 15], "winners": [2]},
    "summary": "learn.cheese.summary",
}
