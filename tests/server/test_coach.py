"""The coach: a hint for the seated player at an unrated table, never at a rated one; the review
of a finished game for the player who held the seat; both from what the seat could see."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import meeple
from meeple.bots.analysis import Candidate
from meeple.core.game import State, without_back
from meeple.server.tables.coaching import CLEARLY_BETTER, HINT_MOVES, seen_world, shortlist
from tests.server.conftest import Person, Server, Socket, play_out


def registered(server: Server, name: str) -> Person:
    person = server.person(name.title())
    answer = person.post("/api/register", {"username": name, "password": "password-1"})
    assert answer.status_code == 200, answer.text
    return person


def my_turn(sock: Socket) -> dict[str, Any]:
    return sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["detail"]["code"] == code


def test_a_hint_gives_the_seated_player_the_best_moves_with_reasons(server: Server) -> None:
    aki = server.person("Aki")
    table = aki.table("buffet", 3, ["random", "random"])
    state = my_turn(aki.ws(table))
    answer = aki.post(f"/api/tables/{table}/hint")
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["table"] == table and hint["seat"] == 0 and hint["version"] == state["version"]
    moves = hint["moves"]
    assert 1 <= len(moves) <= HINT_MOVES
    assert all(m["action"] in state["legal"] for m in moves)
    game = meeple.load("buffet")
    for m in moves:
        assert m["label"] == game.describe_action(m["action"])
        assert 0 <= m["win_chance"] <= 1 and m["visits"] >= 1
        assert isinstance(m["expected_score"], float)
    # Buffet's heuristic gives a reason for every card played, in both languages.
    plays = [m for m in moves if m["action"]["type"] == "play"]
    assert plays and all(m["reason"]["en"] and m["reason"]["ja"] for m in plays)
    # Asked again for the same decision: the same answer (kept, not searched again).
    assert aki.post(f"/api/tables/{table}/hint").json() == hint


def test_a_hint_is_only_for_a_seated_player_with_a_decision(server: Server) -> None:
    aki = server.person("Aki")
    table = aki.table("buffet", 3, ["random", "random"])
    my_turn(aki.ws(table))
    refused(server.stranger().post(f"/api/tables/{table}/hint"), 401, "no_session")
    refused(server.person("Ben").post(f"/api/tables/{table}/hint"), 403, "not_seated")
    refused(aki.post("/api/tables/t_nothing/hint"), 404, "no_table")
    refused(aki.post("/api/tables/%00bad/hint"), 404, "no_table")
    waiting = aki.table("buffet", 3, ["random"])  # a free seat: the game has not begun
    refused(aki.post(f"/api/tables/{waiting}/hint"), 409, "not_running")


def test_a_rated_table_refuses_analysis(server: Server) -> None:
    aki = registered(server, "aki")
    table = aki.table("buffet", 3, ["random", "random"], rated=True)
    assert aki.get(f"/api/tables/{table}").json()["rated"] is True
    my_turn(aki.ws(table))
    refused(aki.post(f"/api/tables/{table}/hint"), 403, "rated_table")


def test_the_hint_of_a_seat_is_the_same_whatever_the_others_hidden_cards(server: Server) -> None:
    """The coach searches a world drawn from the seat's view: with the others' hands and the
    deck dealt again (the seat's view unchanged), the hint is the same."""
    aki = server.person("Aki")
    table_id = aki.table("buffet", 3, ["random", "random"])
    my_turn(aki.ws(table_id))
    first = aki.post(f"/api/tables/{table_id}/hint").json()
    table = server.hub.tables[table_id]
    real = table.state
    assert real is not None
    twin = real.determinize(0, random.Random(99))
    assert twin.view(0) == real.view(0) and twin.to_json() != real.to_json()

    def swap(state: State) -> None:
        table.state = state
        server.client.app.state.services.coach.hints.clear()  # type: ignore[attr-defined]

    server.in_loop(lambda: swap(twin))
    try:
        assert aki.post(f"/api/tables/{table_id}/hint").json() == first
    finally:
        server.in_loop(lambda: swap(real))


@pytest.mark.parametrize("game_id", list(meeple.GAMES))
def test_the_world_the_coach_searches_depends_on_the_seat_view_alone(game_id: str) -> None:
    """Every position of a random game, every seat to move: a twin of the state that differs
    only in what the seat cannot see gives the very same world to search."""
    game = meeple.load(game_id)
    state = game.new(game.min_players + 1 if game.max_players > game.min_players else 2, seed=3)
    rng = random.Random(3)
    checked = 0
    while not state.is_over:
        for seat in state.to_move:
            twin = state.determinize(seat, random.Random(rng.random()))
            assert twin.view(seat) == state.view(seat)
            assert seen_world(twin, seat, 5).to_json() == seen_world(state, seat, 5).to_json()
            checked += 1
        mover = rng.choice(state.to_move)
        state.apply(mover, rng.choice(without_back(state.legal_actions(mover))))
    assert checked > 20


def review_of(person: Person, table: str, query: str = "") -> dict[str, Any]:
    """Ask for the review until it is complete."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        answer = person.get(f"/api/tables/{table}/review{query}")
        assert answer.status_code == 200, answer.text
        review: dict[str, Any] = answer.json()
        assert not review["failed"]
        if review["complete"]:
            return review
        time.sleep(0.1)
    raise AssertionError("the review was never complete")


def test_the_review_of_a_finished_game_walks_the_players_decisions(server: Server) -> None:
    aki = server.person("Aki")
    table = aki.table("buffet", 3, ["random", "random"])
    refused(aki.get(f"/api/tables/{table}/review"), 409, "not_finished")
    rng = random.Random(5)
    play_out([aki.ws(table)], rng.choice)
    review = review_of(aki, table)
    assert review["table"] == table and review["seat"] == 0
    assert review["threshold"] == CLEARLY_BETTER
    # Aki's decisions, worked out here from the stored game: the moves where Aki had a choice.
    info = aki.get(f"/api/tables/{table}").json()
    game = meeple.load("buffet")
    state = game.new(3, seed=server.hub.tables[table].seed, options=info["options"])
    expected = []
    for step, (seat, action, by) in enumerate(server.by_whom(table)):
        if seat == 0 and len(without_back(state.legal_actions(0))) > 1:
            expected.append((step, action, by, without_back(state.legal_actions(0))))
        state.apply(seat, action)
    assert review["total"] == len(expected) == len(review["decisions"]) > 5
    for decision, (step, action, by, legal) in zip(review["decisions"], expected, strict=True):
        assert decision["step"] == step and decision["by"] == by == "human"
        assert decision["played"]["action"] == action
        assert decision["best"]["action"] in legal
        best, played = decision["best"], decision["played"]
        assert decision["same"] == (best["action"] == action)
        gap = round(best["win_chance"] - played["win_chance"], 4)
        assert decision["cost"]["win_chance"] == pytest.approx(gap, abs=1e-3)
        assert decision["clearly_better"] == (not decision["same"] and gap >= CLEARLY_BETTER)
    # Asked again: the same review, not made again.
    assert aki.get(f"/api/tables/{table}/review").json() == review
    assert aki.get(f"/api/tables/{table}/review?seat=0").json() == review


def test_a_review_is_only_for_the_player_who_held_the_seat(server: Server) -> None:
    aki = registered(server, "aki")
    table = aki.table("buffet", 3, ["random", "random"], rated=True)
    play_out([aki.ws(table)], random.Random(2).choice)
    # A rated game too has its review once it is over (the coach is in the replays).
    assert aki.get(f"/api/tables/{table}/review").status_code == 200
    refused(aki.get(f"/api/tables/{table}/review?seat=1"), 403, "not_your_seat")
    refused(server.person("Ben").get(f"/api/tables/{table}/review"), 403, "not_your_seat")
    refused(server.stranger().get(f"/api/tables/{table}/review?seat=0"), 403, "not_your_seat")
    assert aki.get(f"/api/tables/{table}/review?seat=-1").status_code == 422
    assert aki.get(f"/api/tables/{table}/review?seat=x").status_code == 422


def test_a_hint_lists_the_coach_choice_then_the_well_searched_moves_by_win_chance() -> None:
    def move(card: int, visits: int, win: float) -> Candidate:
        return Candidate({"type": "play", "card": card}, visits, win, 0.0, win)

    chosen = move(1, 100, 0.4)
    found = [chosen, move(2, 60, 0.23), move(3, 30, 0.39), move(4, 5, 0.9)]
    assert [c.action["card"] for c in shortlist(found)] == [1, 3, 2]
    # A move tried too little to judge comes after the rest, whatever its share of wins.
    assert [c.action["card"] for c in shortlist(found, 4)] == [1, 3, 2, 4]
    assert shortlist([]) == []
