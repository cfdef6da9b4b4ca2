"""Ratings: places from results, OpenSkill updates, rated tables, profiles and leaderboards."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from meeple.ratings import (
    MODEL,
    PROVISIONAL_GAMES,
    Skill,
    places,
    rate_levels,
    shown,
    update,
)
from meeple.server.store import standings
from tests.server.conftest import Person, Server, play_out, wait_for


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_winner_gains_and_the_last_loses_at_every_table_size(players: int) -> None:
    scores = [float(10 * seat) for seat in range(players)]
    ranks = places(scores, winners=[players - 1])
    assert ranks == list(range(players, 0, -1))
    after = update([Skill()] * players, ranks)
    assert after[-1].mu > Skill().mu > after[0].mu
    assert all(s.sigma < Skill().sigma for s in after)  # every game makes the server surer


def test_ties_are_ties() -> None:
    ranks = places([7, 7, 3], winners=[0, 1])
    assert ranks == [1, 1, 3]
    after = update([Skill()] * 3, ranks)
    assert after[0] == after[1] and after[0].mu > after[2].mu
    # Equal scores behind the winner share their place too.
    assert places([9, 4, 4, 1], winners=[0]) == [1, 2, 2, 4]


def test_the_tie_break_decides_before_the_score() -> None:
    # Seat 1 won on the rulebook's tie-break with the same score as seat 0.
    assert places([12, 12, 5], winners=[1]) == [2, 1, 3]


def test_a_player_who_left_places_last_whatever_they_scored() -> None:
    assert places([40, 10, 20, 30], winners=[0], left=[0]) == [4, 3, 2, 1]
    assert places([40, 10, 20], winners=[0], left=[0, 2]) == [2, 1, 2]


def test_the_shown_rating_is_conservative_and_starts_at_1000() -> None:
    assert Skill().shown == 1000
    sure, unsure = Skill(30.0, 1.0), Skill(30.0, 6.0)
    assert sure.shown > unsure.shown
    assert shown(25.0, 25.0 / 3) == 1000


def test_bot_levels_are_rated_from_their_games() -> None:
    rng = random.Random(3)
    games = []
    for _ in range(60):
        # hard usually beats normal, which usually beats random (two copies of random).
        order = ["hard", "normal", "random", "random"]
        if rng.random() < 0.2:
            order[0], order[1] = order[1], order[0]
        games.append((order, [1, 2, 3, 3]))
    skills = rate_levels(games)
    assert skills["hard"].shown > skills["normal"].shown > skills["random"].shown


def test_the_levels_fit_does_not_depend_on_the_games_order() -> None:
    rng = random.Random(5)
    games = []
    for _ in range(80):
        seats = ["hard", "normal", "easy", "random"]
        rng.shuffle(seats)
        games.append((seats, rng.sample([1, 2, 2, 4], 4)))  # with a tie for second place
    first = rate_levels(games)
    rng.shuffle(games)
    again = rate_levels(games)
    assert first.keys() == again.keys() == {"hard", "normal", "easy", "random"}
    for level, skill in first.items():
        assert skill.mu == pytest.approx(again[level].mu, abs=1e-6)
        assert skill.sigma == pytest.approx(again[level].sigma, abs=1e-6)


def test_the_levels_fit_gives_back_the_head_to_head_share() -> None:
    """Two levels, 1,000 games, the first ahead in 600: the fitted skills make the model say
    0.6 (the prior pulls a little towards even), where one-game-at-a-time updates say less."""
    games = [(["hard", "normal"], [1, 2] if k % 5 < 3 else [2, 1]) for k in range(1000)]
    skills = rate_levels(games)
    hard, normal = skills["hard"], skills["normal"]
    c = math.sqrt(hard.sigma**2 + normal.sigma**2 + 2 * MODEL.beta**2)
    share = 1 / (1 + math.exp((normal.mu - hard.mu) / c))
    assert share == pytest.approx(0.6, abs=0.01)
    online = {"hard": Skill(), "normal": Skill()}
    for seats, ranks in games:
        online["hard"], online["normal"] = update([online[s] for s in seats], ranks)
    assert online["hard"].mu - online["normal"].mu < hard.mu - normal.mu


def test_a_level_that_never_wins_keeps_a_finite_skill() -> None:
    skills = rate_levels([(["normal", "random", "random"], [1, 2, 2])] * 50)
    assert math.isfinite(skills["random"].mu) and skills["random"].mu < skills["normal"].mu
    assert 0 < skills["random"].sigma < MODEL.sigma


def _registered(server: Server, name: str) -> Person:
    person = server.person(name.title())
    answer = person.post("/api/register", {"username": name, "password": "password-1"})
    assert answer.status_code == 200, answer.text
    return person


def _play(server: Server, person: Person, table_id: str) -> dict[str, Any]:
    rng = random.Random(7)
    sock = person.ws(table_id)
    return play_out([sock], rng.choice)


def test_a_rated_game_updates_once_and_shows_on_the_profile_and_leaderboard(
    server: Server,
) -> None:
    aki = _registered(server, "aki")
    table_id = aki.table("cheese", 3, bots=["random", "normal"])
    summary = aki.get(f"/api/tables/{table_id}").json()
    assert summary["rated"] is True  # the default for a registered creator
    with server.hub.store.session() as session:
        standings.set_level(session, "cheese", "normal", Skill(28.0, 2.0), games=50, wins=20)
        standings.set_level(session, "cheese", "random", Skill(20.0, 2.0), games=50, wins=5)
    final = _play(server, aki, table_id)
    assert final["is_over"]
    player_id = aki.player["id"]  # type: ignore[index]
    profile = aki.get(f"/api/players/{player_id}").json()
    assert profile["name"] == "aki" and profile["registered"] is True
    (cheese,) = profile["ratings"]
    assert cheese["game"] == "cheese" and cheese["games"] == 1
    assert cheese["provisional"] is True and PROVISIONAL_GAMES > 1
    assert len(cheese["history"]) == 1 and cheese["history"][0]["table"] == table_id
    assert cheese["wins"] == (1 if 0 in final["view"]["winners"] else 0)
    assert profile["last_games"][0]["table"] == table_id
    # The bots anchor the scale: a game against people does not move them.
    board = server.client.get("/api/leaderboard/cheese").json()
    by_name = {e["bot"] or e["name"]: e for e in board["entries"]}
    assert by_name["normal"]["mu"] == 28.0 and by_name["random"]["mu"] == 20.0
    assert by_name["aki"]["rating"] == cheese["rating"] and by_name["aki"]["player"] == player_id
    assert [e["place"] for e in board["entries"]] == [1, 2, 3]
    ratings = [e["rating"] for e in board["entries"]]
    assert ratings == sorted(ratings, reverse=True)
    # Restarting the server (the table replayed from the database) rates nothing again.
    again = server.client.get(f"/api/players/{player_id}").json()
    assert again["ratings"][0]["games"] == 1


def test_guests_play_unrated_and_cannot_ask_for_rated(server: Server) -> None:
    ben = server.person("Ben")
    table_id = ben.table("cheese", 3, bots=["random", "random"])
    assert ben.get(f"/api/tables/{table_id}").json()["rated"] is False
    _play(server, ben, table_id)
    assert ben.get(f"/api/players/{ben.player['id']}").json()["ratings"] == []  # type: ignore[index]
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    answer = ben.post("/api/tables", {"game": "cafe", "players": 2, "seats": seats, "rated": True})
    assert answer.status_code == 422
    assert answer.json()["detail"]["code"] == "rated_needs_account"


def test_a_guest_at_the_table_makes_it_unrated(server: Server) -> None:
    aki = _registered(server, "aki")
    table_id = aki.table("cafe", 2)
    assert aki.get(f"/api/tables/{table_id}").json()["rated"] is True
    ben = server.person("Ben")
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    assert aki.get(f"/api/tables/{table_id}").json()["rated"] is False


def test_a_leaver_places_last(server: Server) -> None:
    aki = _registered(server, "aki")
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    assert aki.post(f"/api/tables/{table_id}/leave").status_code == 200
    wait_for(lambda: aki.get(f"/api/tables/{table_id}").json()["status"] == "finished", 60)
    profile = aki.get(f"/api/players/{aki.player['id']}").json()  # type: ignore[index]
    (cheese,) = profile["ratings"]
    assert cheese["history"][0]["rank"] == 3 and cheese["wins"] == 0


def test_results_cannot_be_forged_and_nothing_private_leaves(server: Server) -> None:
    aki = _registered(server, "aki")
    player_id = aki.player["id"]  # type: ignore[index]
    # No call takes a result from a client.
    forged = {"game": "cheese", "rank": 1}
    assert aki.post(f"/api/players/{player_id}", forged).status_code == 405
    assert aki.post("/api/leaderboard/cheese", forged).status_code == 405
    table_id = aki.table("cafe", 2)
    sock = aki.ws(table_id)
    sock.until(lambda m: m["type"] == "state")
    sock.send({"type": "result", "winners": [0]})
    assert sock.until(lambda m: m["type"] == "error")["code"] == "bad_message"
    assert aki.get(f"/api/players/{player_id}").json()["ratings"] == []
    # The profile and leaderboard hold nothing private.
    text = aki.get(f"/api/players/{player_id}").text
    with server.hub.store.session() as session:
        from meeple.server.store import PlayerRow  # noqa: PLC0415

        row = session.get(PlayerRow, player_id)
        assert row is not None and row.password_hash
        secret = row.password_hash
    assert secret not in text and "password" not in text and aki.token not in text  # type: ignore[operator]
    assert aki.get("/api/players/p_nobody").status_code == 404
    assert aki.get("/api/leaderboard/chess").status_code == 404
    assert aki.get("/api/leaderboard/cheese?page=0").status_code == 422


def test_the_leaderboard_pages_and_needs_games(server: Server) -> None:
    with server.hub.store.session() as session:
        for i, level in enumerate(["random", "easy", "normal", "hard"]):
            standings.set_level(session, "buffet", level, Skill(20.0 + 3 * i, 1.5), games=9, wins=i)
    first = server.client.get("/api/leaderboard/buffet?per_page=3").json()
    assert first["total"] == 4 and first["pages"] == 2
    assert [e["bot"] for e in first["entries"]] == ["hard", "normal", "easy"]
    second = server.client.get("/api/leaderboard/buffet?per_page=3&page=2").json()
    assert [(e["place"], e["bot"]) for e in second["entries"]] == [(4, "random")]
    assert all(e["provisional"] is False for e in first["entries"])  # bots are never provisional


def test_a_finished_rated_table_tells_each_seat_its_rating_change(server: Server) -> None:
    aki = _registered(server, "aki")
    player_id = aki.player["id"]  # type: ignore[index]
    first = aki.table("cafe", 2, bots=["random"])
    # Not over yet: nothing to tell.
    answer = aki.get(f"/api/tables/{first}/ratings")
    assert answer.status_code == 409 and answer.json()["detail"]["code"] == "not_finished"
    _play(server, aki, first)
    wait_for(lambda: aki.get(f"/api/tables/{first}/ratings").json()["rated"], 30)
    told = aki.get(f"/api/tables/{first}/ratings").json()
    mine, bot = told["seats"]
    assert bot is None  # bots keep their ratings
    profile = aki.get(f"/api/players/{player_id}").json()
    (cafe,) = profile["ratings"]
    # The first game starts from the starting rating; "after" is what the profile shows.
    assert mine["before"] == Skill().shown
    assert mine["after"] == cafe["history"][0]["rating"] == cafe["rating"]
    assert mine["change"] == mine["after"] - mine["before"]
    assert mine["rank"] == cafe["history"][0]["rank"]
    # A second game starts where the first left off.
    second = aki.table("cafe", 2, bots=["random"])
    _play(server, aki, second)
    wait_for(lambda: aki.get(f"/api/tables/{second}/ratings").json()["rated"], 30)
    again = aki.get(f"/api/tables/{second}/ratings").json()["seats"][0]
    assert again["before"] == mine["after"]
    # The first table still tells what it did then.
    assert aki.get(f"/api/tables/{first}/ratings").json()["seats"][0] == mine


def test_an_unrated_table_tells_no_rating_change(server: Server) -> None:
    ben = server.person("Ben")
    table_id = ben.table("cafe", 2, bots=["random"])
    _play(server, ben, table_id)
    wait_for(lambda: ben.get(f"/api/tables/{table_id}").json()["status"] == "finished", 30)
    assert ben.get(f"/api/tables/{table_id}/ratings").json() == {
        "table": table_id,
        "rated": False,
        "seats": [],
    }
    assert ben.get("/api/tables/t_nothing/ratings").status_code == 404
