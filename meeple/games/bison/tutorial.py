"""The tutorial of Bison: Thunder on the Prairie ("Learn to play", ``meeple/tutorial.py``;
docs/web.md).

Two players from seed 1, the learner red and starting. Round 1: the tile with 3 hunters
(paying 4 animals) laid where it joins three regions, a 2-tent, a move of one space and a
1-canoe; the round's scoring, region by region (Blue's 4-tent beats the 2-tent: 7 turkeys for
Blue, half of them, 3, for the learner). Round 2: buying a hunter from the market, a tile
turned to join the canoe's river, a move of up to three spaces, a gathering and 0 hunters that
gain an animal. Bots play the other four rounds.
"""

from typing import Any

_BLUE = 1


def _act(action: dict[str, Any]) -> str:
    """The board's button or space for exactly this action (the keys in the engine's order)."""
    text = "{" + ",".join(f'"{k}":{_json(v)}' for k, v in action.items()) + "}"
    return f"#board .legal[data-action='{text}']"


def _json(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def _step(name: str, move: dict[str, Any], highlight: str, **more: Any) -> dict[str, Any]:
    """A step that asks for ``move``; its text is ``learn.bison.<name>``, its refusal
    ``learn.bison.why_<name>``."""
    return {
        "text": f"learn.bison.{name}",
        "highlight": highlight,
        "move": move,
        "why": f"learn.bison.why_{name}",
        **more,
    }


def _action(kind: str) -> dict[str, Any]:
    return {"type": "action", "action": kind}


def _hunters(count: int) -> dict[str, Any]:
    return {"type": "hunters", "count": count}


_COSTS = "#board .bison-player.mine .bison-costs"
_PAY = "#board .bison-player.mine .bison-tracks, #board .bison-paybar"
_SPOT = "#board .bison-spot[data-position='{}']"
_PIECES = "#board .bison-pieces[data-space='{}']"


def _blue(*actions: dict[str, Any]) -> list[list[Any]]:
    return [[_BLUE, action] for action in actions]


TUTORIAL: dict[str, Any] = {
    "game": "bison",
    "players": 2,
    "seed": 1,
    "options": {},
    "steps": [
        {
            "text": "learn.bison.intro",
            "highlight": "#board .bison-player.mine .bison-tracks",
            "checks": {
                "scores": [30, 30],
                "view": {"player_info.0.animals": {"bison": 10, "fish": 10, "turkeys": 10}},
            },
        },
        _step("tile", _action("tile"), _act(_action("tile")) + ", #board .bison-tilebox"),
        _step("hunters", _hunters(3), _COSTS),
        _step("pay", {"type": "pay", "bison": 1, "fish": 1, "turkeys": 2}, _PAY),
        _step(
            "place",
            {"type": "place", "position": 16, "orientation": 0},
            _SPOT.format(16),
            prepare=[_SPOT.format(16)],
            checks={
                "scores": [26, 30],
                "view": {"my_tile.animals": {"bison": 0, "fish": 1, "turkeys": 2}},
            },
        ),
        _step("deploy", {"type": "deploy", "space": 50}, _act({"type": "deploy", "space": 50})),
        _step(
            "tent",
            _action("tent"),
            _act(_action("tent")),
            before=_blue(
                _action("tile"),
                _hunters(4),
                {"type": "pay", "bison": 3, "fish": 2, "turkeys": 2},
                {"type": "place", "position": 6, "orientation": 0},
                {"type": "deploy", "space": 20},
            ),
            checks={"scores": [26, 23]},
        ),
        _step("tent_hunters", _hunters(2), _COSTS),
        _step("tent_pay", {"type": "pay", "bison": 1, "fish": 1, "turkeys": 0}, _PAY),
        _step(
            "tent_set",
            {"type": "tent", "space": 50, "size": 2},
            _act({"type": "tent", "space": 50, "size": 2}),
            checks={"scores": [24, 23]},
        ),
        _step(
            "move1",
            _action("move1"),
            _act(_action("move1")),
            before=_blue(
                {"type": "buy_tent", "size": 4},
                _action("tent"),
                _hunters(4),
                {"type": "pay", "bison": 2, "fish": 3, "turkeys": 2},
                {"type": "tent", "space": 20, "size": 4},
            ),
            checks={"scores": [24, 4]},
        ),
        _step("move1_hunters", _hunters(1), _COSTS),
        _step(
            "move1_move",
            {"type": "move", "from": 50, "to": 49},
            _act({"type": "move", "from": 50, "to": 49}),
        ),
        _step(
            "canoe",
            _action("canoe"),
            _act(_action("canoe")),
            before=_blue(_action("gather"), _hunters(0), {"type": "gain", "animal": "bison"}),
            checks={"scores": [24, 5]},
        ),
        _step("canoe_hunters", _hunters(1), _COSTS),
        _step(
            "canoe_set",
            {"type": "canoe", "space": 49, "size": 1},
            _act({"type": "canoe", "space": 49, "size": 1}),
        ),
        {
            "text": "learn.bison.scoring",
            "before": _blue(_action("move1"), _hunters(0), {"type": "gain", "animal": "fish"}),
            "highlight": "#board .bison-board",
            "checks": {"scores": [29, 13], "view": {"round": 2, "totem": 1}},
        },
        _step(
            "buy",
            {"type": "buy_hunter"},
            _act({"type": "buy_hunter"}),
            before=_blue(
                _action("tile"),
                _hunters(2),
                {"type": "pay", "bison": 0, "fish": 0, "turkeys": 2},
                {"type": "place", "position": 21, "orientation": 2},
                {"type": "deploy", "space": 64},
            ),
            checks={"scores": [29, 11], "view": {"player_info.0.supply.hunters": 4}},
            after={"scores": [26, 11], "view": {"player_info.0.supply.hunters": 5}},
        ),
        _step("tile2", _action("tile"), _act(_action("tile"))),
        _step("tile2_hunters", _hunters(2), _COSTS),
        _step("tile2_pay", {"type": "pay", "bison": 0, "fish": 0, "turkeys": 2}, _PAY),
        _step(
            "place2",
            {"type": "place", "position": 10, "orientation": 1},
            _SPOT.format(10),
            prepare=[_SPOT.format(10), "#board .bison-bar .bison-rotate"],
            checks={"view": {"my_tile.animals": {"bison": 0, "fish": 3, "turkeys": 0}}},
        ),
        _step("deploy2", {"type": "deploy", "space": 31}, _act({"type": "deploy", "space": 31})),
        _step(
            "move3",
            _action("move3"),
            _act(_action("move3")),
            before=_blue(
                _action("canoe"),
                _hunters(2),
                {"type": "pay", "bison": 0, "fish": 0, "turkeys": 2},
                {"type": "canoe", "space": 64, "size": 2},
            ),
        ),
        _step("move3_hunters", _hunters(1), _COSTS),
        _step(
            "move3_move",
            {"type": "move", "from": 31, "to": 33},
            _act({"type": "move", "from": 31, "to": 33}),
        ),
        _step(
            "gather",
            _action("gather"),
            _act(_action("gather")),
            before=_blue(_action("gather"), _hunters(0), {"type": "gain", "animal": "bison"}),
        ),
        _step("gather_hunters", _hunters(1), _COSTS),
        _step(
            "gather_at",
            {"type": "gather_at", "space": 33},
            _act({"type": "gather_at", "space": 33}),
        ),
        _step("gather_from", {"type": "gather", "from": 31}, _act({"type": "gather", "from": 31})),
        _step(
            "gain",
            _action("tent"),
            _act(_action("tent")),
            before=_blue(_action("move1"), _hunters(0), {"type": "gain", "animal": "fish"}),
            checks={"scores": [24, 11]},
        ),
        _step("gain_hunters", _hunters(0), _COSTS),
        _step(
            "gain_animal",
            {"type": "gain", "animal": "bison"},
            _act({"type": "gain", "animal": "bison"}),
            after={"scores": [35, 23]},
        ),
    ],
    "ending": "learn.bison.ending",
    "end": {"over": True, "scores": [31, 21], "winners": [0]},
    "summary": "learn.bison.summary",
}


# The advanced rules' lesson starts in round 2 of a game from seed 3 with the option at 2 (rules
# 1 and 2): the bots of level "normal" (seeded 3 and 4) played these moves, checked move by move;
# the learner has a 1-tent on grassland 6 (space 18), 3 hunters on mountain 21 (space 65) and a
# 3-tent just bought.
_ADVANCED_OPENING: list[list[Any]] = [
    [0, {"type": "action", "action": "tile"}],
    [0, {"type": "hunters", "count": 4}],
    [0, {"type": "pay", "bison": 3, "fish": 2, "turkeys": 2}],
    [0, {"type": "place", "position": 6, "orientation": 0}],
    [0, {"type": "deploy", "space": 20}],
    [1, {"type": "action", "action": "tile"}],
    [1, {"type": "hunters", "count": 4}],
    [1, {"type": "pay", "bison": 3, "fish": 2, "turkeys": 2}],
    [1, {"type": "place", "position": 18, "orientation": 0}],
    [1, {"type": "deploy", "space": 56}],
    [0, {"type": "action", "action": "move3"}],
    [0, {"type": "hunters", "count": 2}],
    [0, {"type": "pay", "bison": 0, "fish": 1, "turkeys": 1}],
    [0, {"type": "move", "from": 20, "to": 37}],
    [0, {"type": "move", "from": 20, "to": 18}],
    [1, {"type": "action", "action": "move3"}],
    [1, {"type": "hunters", "count": 3}],
    [1, {"type": "pay", "bison": 1, "fish": 2, "turkeys": 1}],
    [1, {"type": "move", "from": 56, "to": 52}],
    [1, {"type": "move", "from": 56, "to": 38}],
    [1, {"type": "move", "from": 56, "to": 38}],
    [0, {"type": "action", "action": "tent"}],
    [0, {"type": "hunters", "count": 3}],
    [0, {"type": "pay", "bison": 2, "fish": 1, "turkeys": 1}],
    [0, {"type": "tent", "space": 20, "size": 2}],
    [0, {"type": "tent", "space": 18, "size": 1}],
    [1, {"type": "action", "action": "tent"}],
    [1, {"type": "hunters", "count": 3}],
    [1, {"type": "pay", "bison": 1, "fish": 1, "turkeys": 2}],
    [1, {"type": "tent", "space": 38, "size": 2}],
    [1, {"type": "tent", "space": 56, "size": 1}],
    [0, {"type": "action", "action": "canoe"}],
    [0, {"type": "hunters", "count": 1}],
    [0, {"type": "canoe", "space": 37, "size": 1}],
    [1, {"type": "action", "action": "canoe"}],
    [1, {"type": "hunters", "count": 1}],
    [1, {"type": "canoe", "space": 52, "size": 1}],
    [1, {"type": "action", "action": "tile"}],
    [1, {"type": "hunters", "count": 2}],
    [1, {"type": "pay", "bison": 0, "fish": 0, "turkeys": 2}],
    [1, {"type": "place", "position": 16, "orientation": 2}],
    [1, {"type": "deploy", "space": 49}],
    [0, {"type": "action", "action": "tile"}],
    [0, {"type": "hunters", "count": 3}],
    [0, {"type": "pay", "bison": 1, "fish": 2, "turkeys": 1}],
    [0, {"type": "place", "position": 21, "orientation": 1}],
    [0, {"type": "deploy", "space": 65}],
    [1, {"type": "action", "action": "move1"}],
    [1, {"type": "hunters", "count": 1}],
    [1, {"type": "move", "from": 49, "to": 48}],
    [0, {"type": "buy_tent", "size": 3}],
]

# The advanced rules (option ``advanced``), an add-on lesson offered at the tutorial's end: one
# tent action of 4 hunters (cost 7, as in the rulebook's example) that takes down the 1-tent on
# grassland 6 (rule 2: no hunter needed there, one comes from the hand onto the space) and sets
# up a 3-tent on mountain 21 (rule 1: a second tent in the same action).
ADDONS: dict[str, dict[str, Any]] = {
    "advanced": {
        "game": "bison",
        "players": 2,
        "seed": 3,
        "options": {"advanced": 2},
        "opening": _ADVANCED_OPENING,
        "steps": [
            {
                "text": "learn.bison.advanced.intro",
                "highlight": f"{_PIECES.format(18)}, {_PIECES.format(65)}",
                "checks": {
                    "scores": [7, 19],
                    "view": {"round": 2, "player_info.0.supply.hunters": 1},
                },
            },
            _step(
                "advanced.tent",
                _action("tent"),
                _act(_action("tent")),
                why="learn.bison.advanced.why_tent",
            ),
            _step("advanced.hunters", _hunters(4), _COSTS, why="learn.bison.advanced.why_hunters"),
            _step(
                "advanced.pay",
                {"type": "pay", "bison": 2, "fish": 2, "turkeys": 3},
                _PAY,
                why="learn.bison.advanced.why_pay",
            ),
            _step(
                "advanced.down",
                {"type": "tent", "space": 18, "size": 0},
                _act({"type": "tent", "space": 18, "size": 0}),
                why="learn.bison.advanced.why_down",
                checks={"scores": [0, 19]},
                after={"view": {"player_info.0.supply.hunters": 0}},
            ),
            _step(
                "advanced.up",
                {"type": "tent", "space": 65, "size": 3},
                _act({"type": "tent", "space": 65, "size": 3}),
                why="learn.bison.advanced.why_up",
                after={"view": {"player_info.0.supply.hunters": 3}},
            ),
        ],
        "ending": "learn.bison.advanced.ending",
        "end": {"over": True, "scores": [28, 25], "winners": [0]},
        "summary": "learn.bison.advanced.summary",
    },
}
