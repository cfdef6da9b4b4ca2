"""The tutorial of Schlacht am Buffet ("Learn to play", ``meeple/tutorial.py``; docs/web.md).

Three players from seed 2: the first stage over the three lowest dishes (the learner's mouse
falls behind and takes the lowest, then exchanges two cards), the second stage's first card;
bots play the rest of the game.
"""

from typing import Any


def _card(card: int) -> str:
    """The hand's button that plays ``card``."""
    return f'#board .legal[data-action=\'{{"type":"play","card":{card}}}\']'


TUTORIAL: dict[str, Any] = {
    "game": "buffet",
    "players": 3,
    "seed": 2,
    "options": {},
    "steps": [
        {
            "text": "learn.buffet.intro",
            "highlight": ".buffet-table",
            "checks": {"view": {"buffet.0.value": 1, "reserved.0.value": 4, "stage": 1}},
        },
        {
            "text": "learn.buffet.play",
            "before": [[1, {"type": "play", "card": 4}], [2, {"type": "play", "card": 3}]],
            "highlight": _card(3),
            "move": {"type": "play", "card": 3},
            "why": "learn.buffet.why_play",
            "checks": {"to_move": [0], "view": {"hand_sizes": [9, 8, 8]}},
            "after": {"view": {"positions": [3, 4, 3]}},
        },
        {
            "text": "learn.buffet.tie",
            "before": [[1, {"type": "play", "card": 2}], [2, {"type": "play", "card": 3}]],
            "highlight": _card(4),
            "move": {"type": "play", "card": 4},
            "why": "learn.buffet.why_tie",
            "checks": {"view": {"positions": [3, 4, 3]}},
        },
        {
            "text": "learn.buffet.last",
            "before": [[1, {"type": "play", "card": 7}], [2, {"type": "play", "card": 6}]],
            "highlight": _card(4),
            "move": {"type": "play", "card": 4},
            "why": "learn.buffet.why_last",
            "checks": {"view": {"positions": [7, 6, 6]}},
            "after": {"scores": [-1, 0, 0], "view": {"positions": [None, 13, 12]}},
        },
        {
            "text": "learn.buffet.exchange",
            "highlight": "#board .legal[data-action*='discard']",
            "move": {"type": "discard", "card": -1},
            "why": "learn.buffet.why_exchange",
            "checks": {"view": {"phase": "exchange", "stacks.0.0.top.value": -1}},
        },
        {
            "text": "learn.buffet.exchange2",
            "move": {"type": "discard", "card": -1},
            "why": "learn.buffet.why_exchange",
        },
        {
            "text": "learn.buffet.draw",
            "highlight": '#board .legal[data-action=\'{"type":"draw"}\']',
            "move": {"type": "draw"},
            "why": "learn.buffet.why_draw",
            "checks": {"view": {"exchange_count": 2}},
        },
        {
            "text": "learn.buffet.stage2",
            "before": [
                [1, {"type": "play", "card": 8}],
                [2, {"type": "play", "card": 6}],
                [1, {"type": "play", "card": 9}],
                [2, {"type": "play", "card": 7}],
            ],
            "highlight": _card(9),
            "move": {"type": "play", "card": 9},
            "why": "learn.buffet.why_stage2",
            "checks": {"scores": [-1, 1, 1], "view": {"stage": 2, "hand": [4, 5, 5, 8, 8, 9]}},
        },
    ],
    "ending": "learn.buffet.ending",
    "end": {"over": True, "scores": [16, 10, 26], "winners": [2]},
    "summary": "learn.buffet.summary",
}
