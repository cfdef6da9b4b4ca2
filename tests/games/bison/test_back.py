"""``back``: inside an action, until its tile is laid, a player returns exactly to the
choice of the action (the same ``to_json()``, byte for byte), at every kind of choice point.

The contract is ``core.game.BACK``; Bison keeps the choice point in
:mod:`meeple.games.bison.choicepoint`. Issue #16: "Inside a multi-part decision (an
action with its hunter count, payment, moves and placements), a player can step back to
the start of that action as long as nothing hidden or random has been revealed."
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import SEARCH_PLANS, searcher
from meeple.bots.levels import make as make_bot
from meeple.core.bot import Bot
from meeple.core.game import without_back
from meeple.games.bison import GAME
from meeple.games.bison.choicepoint import ChoicePoint
from meeple.games.bison.rules import BACK_PHASES, CHOOSE, DEPLOY, BisonState
from tests.games.bison.helpers import (
    G11,
    G12,
    G17,
    M11,
    M12,
    R12,
    R17,
    act,
    choose,
    finish_round,
    hunters,
    idle_turn,
    legal_of,
    make,
    pay,
    put,
    set_supply,
)

BACK = {"type": "back"}


def dump(state: BisonState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def offers_back(state: BisonState, seat: int) -> bool:
    legal = state.legal_actions(seat)
    assert legal.count(BACK) <= 1 and (BACK not in legal or legal[-1] == BACK)
    return BACK in legal


def assert_back_returns(state: BisonState, seat: int, choice_point: str) -> None:
    """``back`` is offered (last) and, taken on a copy, gives the choice point exactly; the
    state itself is untouched."""
    assert offers_back(state, seat), f"no back in phase {state.phase}"
    now = dump(state)
    copy = state.clone()
    copy.apply(seat, BACK)
    assert dump(copy) == choice_point
    assert dump(state) == now
    # And exactly the same decision as then, back included (none, at a choice).
    assert GAME.from_json(json.loads(choice_point)).legal_actions(seat) == copy.legal_actions(seat)
    assert not offers_back(copy, seat)


def mid_game(advanced: int = 0) -> BisonState:
    """Seat 0 to choose, with hunters on three spaces and a tent and canoe to spare."""
    state = make(2, advanced=advanced)
    put(state, G17, 0, hunters=3)
    put(state, R17, 0, hunters=2)
    put(state, M12, 0, hunters=1, shelter=1)
    put(state, G11, 1, hunters=1)
    set_supply(state, 0, tents=[1, 2, 3], canoes=[1, 2])
    return state


# --- each kind of choice point ----------------------------------------------------------


@pytest.mark.parametrize("kind", ["tile", "tent", "canoe", "gather", "move1", "move3"])
def test_back_from_the_hunter_count_returns_to_the_choice(kind: str) -> None:
    state = mid_game()
    at = dump(state)
    assert not offers_back(state, 0)  # nothing to go back to at the choice itself
    state.apply(0, choose(kind))
    assert state.phase == "hunters"
    assert_back_returns(state, 0, at)


def test_back_from_the_gain_and_after_it() -> None:
    """0 hunters for the tile action: the gain, then the tile still to lay."""
    state = mid_game()
    at = dump(state)
    act(state, 0, choose("tile"), hunters(0))
    assert state.phase == "gain"
    assert_back_returns(state, 0, at)
    state.apply(0, {"type": "gain", "animal": "fish"})
    assert state.phase == "place" and state.tracks[0][1] == 11
    assert_back_returns(state, 0, at)  # the fish is given back


def test_back_undoes_an_overflow_exchange() -> None:
    state = mid_game()
    state.tracks[0] = [20, 20, 19]
    at = dump(state)
    act(state, 0, choose("tile"), hunters(0), {"type": "gain", "animal": "bison"})
    assert [e["event"] for e in state.events][-2:] == ["overflow", "gain"]
    assert_back_returns(state, 0, at)


@pytest.mark.parametrize("kind", ["tile", "tent", "canoe", "gather", "move1", "move3"])
def test_back_from_the_payment_and_after_it(kind: str) -> None:
    state = mid_game()
    at = dump(state)
    act(state, 0, choose(kind), hunters(2))
    assert state.phase == "pay"
    assert_back_returns(state, 0, at)
    state.apply(0, pay(bison=1, turkeys=1))
    assert state.phase in BACK_PHASES and state.tracks[0] == [9, 10, 9]
    assert_back_returns(state, 0, at)  # the animals are given back


def test_back_before_the_tile_is_laid_but_not_after() -> None:
    """Laying the drawn tile shows it to everyone: from then on there is no going back."""
    state = mid_game()
    tile = state.hands[0]
    at = dump(state)
    act(state, 0, choose("tile"), hunters(1))
    assert state.phase == "place"
    assert_back_returns(state, 0, at)
    state.apply(0, legal_of(state, 0, "place")[0])
    assert state.phase == DEPLOY and state.hands[0] == -1 and tile in state.board.tiles
    assert not offers_back(state, 0)
    assert state.back is None and state.to_json()["back"] is None


def test_back_in_the_middle_of_the_tent_changes() -> None:
    """Advanced rule 1: after one tent of two, the first comes down again."""
    state = mid_game(advanced=1)
    put(state, M11, 0, hunters=2)
    at = dump(state)
    act(state, 0, choose("tent"), hunters(3), pay(bison=2, fish=2))
    state.apply(0, {"type": "tent", "space": M11, "size": 2})
    assert state.phase == "shelter" and state.remaining == 1 and state.shelter[M11] == 2
    assert_back_returns(state, 0, at)


def test_back_after_shrinking_and_dismantling() -> None:
    """Advanced rule 2: a dismantled tent and its released hunter go back."""
    state = mid_game(advanced=2)
    put(state, M11, 0, shelter=2)  # a 2-tent without hunters
    at = dump(state)
    act(state, 0, choose("tent"), hunters(3), pay(fish=4))
    down = {"type": "tent", "space": M11, "size": 0}
    assert down in legal_of(state, 0, "tent")
    state.apply(0, down)
    assert state.shelter[M11] == 0 and state.hunters[M11] == 2 and state.remaining == 1
    assert_back_returns(state, 0, at)


def test_back_in_the_middle_of_a_canoe_action() -> None:
    state = mid_game(advanced=1)
    put(state, R12, 0, hunters=1)
    at = dump(state)
    act(state, 0, choose("canoe"), hunters(3), pay(bison=4))
    state.apply(0, {"type": "canoe", "space": R17, "size": 2})
    assert state.phase == "shelter" and state.owner[R17] == 0 and state.hunters[R17] == 0
    assert_back_returns(state, 0, at)


def test_back_from_the_gathering_space_and_the_hunters_gathered() -> None:
    state = mid_game()
    at = dump(state)
    act(state, 0, choose("gather"), hunters(3), pay(turkeys=4))
    assert state.phase == "gather_at"
    assert_back_returns(state, 0, at)
    state.apply(0, {"type": "gather_at", "space": M12})
    assert state.phase == "gather"
    assert_back_returns(state, 0, at)
    act(state, 0, {"type": "gather", "from": R17}, {"type": "gather", "from": R17})
    assert state.owner[R17] == -1  # the river emptied: nobody's now
    assert_back_returns(state, 0, at)


@pytest.mark.parametrize("kind", ["move1", "move3"])
def test_back_after_some_hunters_moved(kind: str) -> None:
    state = mid_game()
    at = dump(state)
    act(state, 0, choose(kind), hunters(3), pay(fish=4))
    for _ in range(2):
        state.apply(0, legal_of(state, 0, "move")[0])
        assert state.phase == "move"
        assert_back_returns(state, 0, at)


def test_back_keeps_what_was_bought_before_the_action() -> None:
    """Buying and exchanging come before the action (ruling 10): they stand; the action is
    open again, and so is more buying."""
    state = mid_game()
    act(
        state,
        0,
        {"type": "buy_tent", "size": 4},
        {"type": "exchange", "give": "fish", "get": "bison"},
    )
    at = dump(state)
    act(state, 0, choose("move1"), hunters(2), pay(bison=2))
    state.apply(0, BACK)
    assert dump(state) == at
    assert state.tracks[0] == [7, 3, 6] and [e["event"] for e in state.events] == [
        "buy",
        "exchange",
    ]
    assert state.supply_tents[0][4] == 1
    assert {"type": "exchange", "give": "bison", "get": "fish"} in state.legal_actions(0)


def test_back_brings_back_the_last_turns_log_and_the_round_scoring() -> None:
    """The log of the choice point is the previous turn's (and the scoring after it) when
    the action was the turn's first decision: back shows it again, exactly."""
    state = make(2)
    put(state, G17, 0, hunters=1)
    finish_round(state)
    assert state.round == 2 and any(e["event"] == "score" for e in state.events)
    seat = state.current
    at = dump(state)
    act(state, seat, choose("move3"))
    assert [e["event"] for e in state.events] == []  # the new turn's log starts afresh
    assert_back_returns(state, seat, at)
    state.apply(seat, BACK)
    assert any(e["event"] == "score" for e in state.events)


def test_back_at_the_forced_tile_action() -> None:
    """The last action of a round with the tile in hand can only be the tile: back returns
    to that same forced choice."""
    state = make(2)
    for _ in range(6):
        idle_turn(state)
    seat = state.current
    assert [a["action"] for a in legal_of(state, seat, "action")] == ["tile"]
    at = dump(state)
    act(state, seat, choose("tile"), hunters(0), {"type": "gain", "animal": "bison"})
    assert_back_returns(state, seat, at)


# --- where back is not offered ------------------------------------------------------------


def test_no_back_at_a_choice_after_an_action_or_for_the_other_player() -> None:
    state = mid_game()
    act(state, 0, choose("move1"), hunters(1))
    assert not offers_back(state, 1) and state.legal_actions(1) == []
    state.apply(0, legal_of(state, 0, "move")[0])
    assert state.current == 1 and state.phase == CHOOSE
    assert not offers_back(state, 1)  # the action is over: it is the next player's turn
    assert state.back is None


def test_back_is_refused_where_it_is_not_offered() -> None:
    from meeple.core.errors import IllegalAction  # noqa: PLC0415 - only this test needs it

    state = mid_game()
    before = dump(state)
    with pytest.raises(IllegalAction, match="'back' is not possible now"):
        state.apply(0, BACK)
    assert dump(state) == before
    act(state, 0, choose("move1"), hunters(1))
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "back", "to": "choice"})  # back has no fields


def test_no_back_after_the_game_ends() -> None:
    state = make(2)
    while not state.is_over:
        idle_turn(state)
    assert state.back is None and state.legal_actions(state.start) == []


# --- what the choice point holds and who sees it ------------------------------------------


def test_the_choice_point_holds_public_information_only() -> None:
    """Hidden: the drawn tiles, the draw pile, the removed tiles, the generator. None of
    them is in the choice point, and no view shows the choice point."""
    state = mid_game()
    act(state, 0, choose("gather"), hunters(1))
    stored = state.to_json()["back"]
    assert set(stored) == {
        "seat",
        "events",
        "events_turn",
        "track",
        "owner",
        "hunters",
        "shelter",
        "supply_hunters",
        "supply_tents",
        "supply_canoes",
    }
    for seat in (None, 0, 1):
        assert "back" not in state.view(seat)


def test_back_in_a_determinized_world_keeps_its_sampled_secrets() -> None:
    """A search bot's world may take back (the bots never do, but the contract holds): it
    comes back to what the seat saw at the choice, with the world's own hidden tiles."""
    state = make(3)
    put(state, G17, 0, hunters=2)
    seen = json.dumps(state.view(0), sort_keys=True)
    act(state, 0, choose("move1"), hunters(2), pay(bison=2))
    state.apply(0, legal_of(state, 0, "move")[0])
    rng = random.Random(5)
    for _ in range(5):
        world = state.determinize(0, rng)
        hidden = (world.hands[:], world.deck[:], world.removed[:])
        world.apply(0, BACK)
        assert json.dumps(world.view(0), sort_keys=True) == seen
        assert (world.hands, world.deck, world.removed) == hidden


def test_a_state_with_a_choice_point_round_trips_and_goes_back_the_same() -> None:
    state = mid_game()
    at = dump(state)
    act(state, 0, choose("move3"), hunters(2), pay(fish=2))
    state.apply(0, legal_of(state, 0, "move")[0])
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert dump(again) == dump(state)
    again.apply(0, BACK)
    assert dump(again) == at


def test_clones_share_the_frozen_choice_point_safely() -> None:
    state = mid_game()
    at = dump(state)
    act(state, 0, choose("move1"), hunters(1))
    copy = state.clone()
    copy.apply(0, BACK)
    copy.apply(0, choose("gather"))
    copy.apply(0, BACK)
    assert dump(copy) == at
    state.apply(0, BACK)
    assert dump(state) == at


def tampered(change: Any) -> dict[str, Any]:
    state = mid_game()
    act(state, 0, choose("move1"), hunters(1))
    data = state.to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.__setitem__("back", None),  # an action in progress with nowhere to go back
        lambda d: d["back"]["hunters"].__setitem__(G12, 3),  # hunters out of nowhere
        lambda d: d["back"]["track"].__setitem__(0, 25),  # beyond the track
        lambda d: d["back"]["track"].append(3),  # a fourth animal
        lambda d: d["back"].__setitem__("seat", 1),  # another player's choice
        lambda d: d["back"].__setitem__("seat", 7),  # no such player
        lambda d: d["back"].__setitem__("supply_hunters", 9),  # hunters out of nowhere
        lambda d: d["back"].pop("owner"),
        lambda d: d["back"].__setitem__("extra", 1),
        lambda d: d["back"].__setitem__("events", "none"),
        lambda d: d["back"].__setitem__("events_turn", 99),  # a choice point in the future
    ],
)
def test_tampered_choice_points_are_refused(change: Any) -> None:
    with pytest.raises(ValueError):
        GAME.from_json(tampered(change))


def test_a_choice_point_while_choosing_is_refused() -> None:
    state = mid_game()
    data = state.to_json()
    data["back"] = ChoicePoint.of(state).to_json()
    with pytest.raises(ValueError, match="choice point"):
        GAME.from_json(data)
    assert GAME.from_json(tampered(lambda d: None)).to_json() == tampered(lambda d: None)


# --- every choice point of many games -------------------------------------------------------


@pytest.mark.parametrize(("players", "advanced"), [(2, 0), (3, 1), (4, 2), (2, 2)])
def test_back_everywhere_in_random_games(players: int, advanced: int) -> None:
    """At every state where back is offered in seeded random games, it gives the state just
    before the action was chosen, byte for byte; it is offered in every phase of an action
    but the tile's hunters after the tile is laid."""
    phases: set[str] = set()
    for seed in range(3):
        state = GAME.new(players, seed=seed, options={"advanced": advanced})
        rng = random.Random(seed)
        choice_point: str | None = None
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions(seat)
            if legal[-1] == BACK:
                phases.add(state.phase)
                assert choice_point is not None
                copy = state.clone()
                copy.apply(seat, BACK)
                assert dump(copy) == choice_point
            else:
                assert state.phase in (CHOOSE, DEPLOY)
            action = rng.choice(without_back(legal))
            if action["type"] == "action":
                choice_point = dump(state)
            state.apply(seat, action)
    assert phases == BACK_PHASES


# --- bots never go back ---------------------------------------------------------------------


def forbid_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any ``back`` taken in any state or world (a search's too) fail the test."""

    def refuse(self: BisonState) -> None:
        raise AssertionError("a bot took back")

    monkeypatch.setattr(BisonState, "_go_back", refuse)


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_bots_never_choose_back(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    forbid_back(monkeypatch)
    state = GAME.new(2, seed=4, options={"advanced": 2})
    bot = make_bot(level, GAME, seed=1)
    offered = 0
    while not state.is_over:
        seat = state.current
        if offers_back(state, seat):
            offered += 1
            assert BACK not in bot.ranked(state, seat)
        state.apply(seat, bot.choose(state, seat))
    assert offered > 50


@pytest.mark.parametrize("guided", [False, True])
def test_searches_never_take_back_in_their_worlds(
    guided: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ISMCTS, plain (random playouts) and as ``hard`` plays it (guided by the heuristic),
    never takes back at the root, in its tree or in its playouts."""
    forbid_back(monkeypatch)
    state = GAME.new(2, seed=6, options={"advanced": 1})
    rng = random.Random(6)
    searched = 0
    while searched < 6:
        seat = state.current
        if offers_back(state, seat):
            if guided:
                plan = replace(SEARCH_PLANS["bison"], iterations=4, steps=None)
                bot: Bot = searcher(GAME, plan, seed=searched)
            else:
                bot = ISMCTSBot(iterations=30, rollout_limit=60, seed=searched)
            assert bot.choose(state, seat) != BACK
            searched += 1
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
