"""The tutorial of Café International ("Learn to play", ``meeple/tutorial.py``; docs/web.md).

Two players from seed 39, the learner starting. A Spanish man and a Spanish woman at a Spanish
table (0, then 4: a table of two of its country); Blue's Spanish woman on a chair between two
tables (6); a guest to the bar (+1, the first stool); a Chinese woman alone at a Chinese table,
then a Chinese man on the chair between it and the Spanish table: 4 at the Chinese table and 4
at the Spanish table, now full and mixed. Bots play the rest; the end costs 5 points a guest
left in hand.
"""

from typing import Any

_BLUE = 1


def _hand(index: int) -> str:
    """The learner's hand tile at ``index`` (0 first): the hand is drawn in the view's order."""
    return f"#board .cafe-player.mine .cafe-hand > :nth-child({index + 1})"


def _chair(chair: int) -> str:
    return f"#board .cafe-chair[data-chair='{chair}']"


def _seat(guest: str, chair: int) -> dict[str, Any]:
    return {"type": "seat", "guest": guest, "chair": chair}


TUTORIAL: dict[str, Any] = {
    "game": "cafe",
    "players": 2,
    "seed": 39,
    "options": {},
    "steps": [
        {
            "text": "learn.cafe.intro",
            "highlight": "#board .cafe-player.mine .cafe-hand, #board .cafe-table[data-table='5']",
            "checks": {
                "scores": [0, 0],
                "view": {
                    "hands.0": ["AFR-M", "CHN-M", "ESP-M", "ESP-W", "ESP-W"],
                    "board.tables.5.country": "ESP",
                },
            },
        },
        {
            "text": "learn.cafe.first",
            "highlight": f"{_hand(2)}, {_chair(5)}",
            "prepare": [_hand(2)],
            "move": _seat("ESP-M", 5),
            "why": "learn.cafe.why_first",
            "after": {"scores": [0, 0]},
        },
        {
            "text": "learn.cafe.second",
            "highlight": f"{_hand(2)}, {_chair(12)}",
            "prepare": [_hand(2)],
            "move": _seat("ESP-W", 12),
            "why": "learn.cafe.why_second",
            "checks": {"view": {"hands.0": ["AFR-M", "CHN-M", "ESP-W", "ESP-W"]}},
            "after": {"scores": [4, 0]},
        },
        {
            "text": "learn.cafe.between",
            "before": [[_BLUE, _seat("ESP-W", 18)], [_BLUE, {"type": "done"}]],
            "highlight": _chair(18),
            "checks": {"scores": [4, 6], "view": {"chips": [4, 6]}},
        },
        {
            "text": "learn.cafe.bar",
            "highlight": f"{_hand(0)}, #board .cafe-bar",
            "prepare": [_hand(0)],
            "move": {"type": "bar", "guest": "AFR-M"},
            "why": "learn.cafe.why_bar",
            "checks": {
                "view": {"hands.0": ["AFR-M", "AFR-M", "CHN-M", "CHN-W", "ESP-W"], "bar": []}
            },
            "after": {"scores": [5, 6]},
        },
        {
            "text": "learn.cafe.alone",
            "before": [[_BLUE, {"type": "bar", "guest": "AFR-W"}]],
            "highlight": f"{_hand(2)}, {_chair(4)}",
            "prepare": [_hand(2)],
            "move": _seat("CHN-W", 4),
            "why": "learn.cafe.why_alone",
            "checks": {
                "scores": [5, 8],
                "view": {
                    "hands.0": ["AFR-M", "CHN-M", "CHN-W", "ESP-W", "FRA-W"],
                    "bar": ["AFR-M", "AFR-W"],
                },
            },
            "after": {"scores": [5, 8]},
        },
        {
            "text": "learn.cafe.fill",
            "highlight": f"{_hand(1)}, {_chair(11)}",
            "prepare": [_hand(1)],
            "move": _seat("CHN-M", 11),
            "why": "learn.cafe.why_fill",
            "after": {"scores": [13, 8], "view": {"hand_sizes": [5, 5]}},
        },
    ],
    "ending": "learn.cafe.ending",
    "end": {"over": True, "scores": [86, 118], "winners": [1], "view": {"chips": [106, 118]}},
    "summary": "learn.cafe.summary",
}

# The variant "coffee circles" (option ``coffee_circle``), an add-on lesson offered at the
# tutorial's end: two players from seed 91. The learner sends a British man to the bar; Blue
# seats an Indian woman alone (allowed while no table has a guest); the learner completes her
# table with two Indian women and a woman joker in one turn: four Indian women, 40 points.
ADDONS: dict[str, dict[str, Any]] = {
    "coffee_circle": {
        "game": "cafe",
        "players": 2,
        "seed": 91,
        "options": {"coffee_circle": True},
        "steps": [
            {
                "text": "learn.cafe.circle.intro",
                "highlight": "#board .cafe-player.mine .cafe-hand",
                "checks": {"view": {"hands.0": ["GBR-M", "CHN-M", "IND-W", "IND-W", "JKR-W"]}},
            },
            {
                "text": "learn.cafe.circle.bar",
                "highlight": f"{_hand(0)}, #board .cafe-bar",
                "prepare": [_hand(0)],
                "move": {"type": "bar", "guest": "GBR-M"},
                "why": "learn.cafe.circle.why_bar",
                "after": {"scores": [1, 0]},
            },
            {
                "text": "learn.cafe.circle.first",
                "before": [[_BLUE, _seat("IND-W", 42)], [_BLUE, {"type": "done"}]],
                "highlight": f"{_chair(42)}, {_hand(1)}, {_chair(47)}",
                "prepare": [_hand(1)],
                "move": _seat("IND-W", 47),
                "why": "learn.cafe.circle.why_first",
                "checks": {
                    "scores": [1, 0],
                    "view": {"hands.0": ["CHN-M", "IND-W", "IND-W", "ITA-W", "JKR-W"]},
                },
            },
            {
                "text": "learn.cafe.circle.second",
                "highlight": f"{_hand(1)}, {_chair(48)}",
                "prepare": [_hand(1)],
                "move": _seat("IND-W", 48),
                "why": "learn.cafe.circle.why_second",
                "checks": {"scores": [1, 0], "view": {"hands.0.1": "IND-W"}},
            },
            {
                "text": "learn.cafe.circle.joker",
                "highlight": f"{_hand(2)}, {_chair(54)}",
                "prepare": [_hand(2)],
                "move": _seat("JKR-W", 54),
                "why": "learn.cafe.circle.why_joker",
                "checks": {"scores": [1, 0], "view": {"hands.0.2": "JKR-W"}},
                "after": {"scores": [41, 0], "view": {"choosing_refill": True}},
            },
            {
                "text": "learn.cafe.circle.refill",
                "highlight": "#board .cafe-controls",
                "move": {"type": "refill", "fewer": True},
                "why": "learn.cafe.circle.why_refill",
                "after": {"view": {"hand_sizes": [4, 5]}},
            },
        ],
        "ending": "learn.cafe.circle.ending",
        "end": {"over": True, "scores": [70, 81], "winners": [1]},
        "summary": "learn.cafe.circle.summary",
    },
}
