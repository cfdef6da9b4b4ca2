"""The REST API: players, sessions, tables and seats, and the refusals of bad requests."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.bots.expert import available
from meeple.bots.levels import levels_for
from tests.server.conftest import Server


def detail(answer: Any) -> str:
    code: str = answer.json()["detail"]["code"]
    return code


def test_a_guest_plays_at_once_and_the_cookie_is_httponly(server: Server) -> None:
    server.client.cookies.clear()
    answer = server.client.post("/api/guest", json={"name": "  Aki  "})
    assert answer.json()["player"]["name"] == "Aki"
    assert answer.json()["player"]["registered"] is False
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    token = answer.cookies["meeple_session"]
    assert len(token) >= 40  # 256 random bits, url-safe
    me = server.client.get("/api/me", headers={"cookie": f"meeple_session={token}"})
    assert me.json()["player"]["name"] == "Aki"


def test_the_database_keeps_only_a_hash_of_the_session_token(server: Server) -> None:
    aki = server.person()
    assert aki.token is not None
    from meeple.server.store import SessionRow  # noqa: PLC0415

    with server.hub.store.session() as s:
        stored = [row.token_hash for row in s.query(SessionRow).all()]
    assert stored and aki.token not in stored


@pytest.mark.parametrize(
    "body",
    [{}, {"name": ""}, {"name": "x" * 25}, {"name": "a\nb"}, {"name": 5}, {"name": "a", "x": 1}],
)
def test_bad_guest_names_are_refused(server: Server, body: dict[str, Any]) -> None:
    assert server.client.post("/api/guest", json=body).status_code == 422


def test_register_login_logout(server: Server) -> None:
    aki = server.person("Aki")
    table = aki.table("cheese", 3, bots=["random", "random"])
    answer = aki.post("/api/register", {"username": "aki", "password": "correct horse"})
    assert answer.status_code == 200
    assert answer.json()["player"] == {"id": aki.player["id"], "name": "aki", "registered": True}
    # The guest who registered keeps their tables.
    token = answer.cookies["meeple_session"]
    history = server.client.get("/api/me/history", headers={"cookie": f"meeple_session={token}"})
    assert [t["id"] for t in history.json()["tables"]] == [table]

    stranger = server.stranger()
    assert detail(stranger.post("/api/login", {"username": "aki", "password": "wrong pass"})) == (
        "bad_login"
    )
    assert detail(stranger.post("/api/register", {"username": "aki", "password": "12345678"})) == (
        "username_taken"
    )
    server.client.cookies.clear()
    login = server.client.post("/api/login", json={"username": "aki", "password": "correct horse"})
    assert login.status_code == 200
    fresh = login.cookies["meeple_session"]
    headers = {"cookie": f"meeple_session={fresh}"}
    assert server.client.get("/api/me", headers=headers).json()["player"]["name"] == "aki"
    server.client.post("/api/logout", headers=headers)
    server.client.cookies.clear()
    assert server.client.get("/api/me", headers=headers).json() == {"player": None}


def test_passwords_are_stored_as_argon2_hashes(server: Server) -> None:
    aki = server.person()
    aki.post("/api/register", {"username": "aki", "password": "correct horse"})
    stored = server.hub.store.player_by_username("aki")
    assert stored is not None and stored.password_hash is not None
    assert (
        stored.password_hash.startswith("$argon2") and "correct horse" not in stored.password_hash
    )


@pytest.mark.parametrize(
    "body",
    [
        {"username": "A", "password": "12345678"},
        {"username": "aki", "password": "short"},
        {"username": "a ki", "password": "12345678"},
    ],
)
def test_bad_credentials_are_refused(server: Server, body: dict[str, Any]) -> None:
    assert server.stranger().post("/api/register", body).status_code == 422


def test_games_and_levels(server: Server) -> None:
    games = {g["id"]: g for g in server.client.get("/api/games").json()["games"]}
    assert set(games) == {"buffet", "bison", "cafe", "stirfry", "cheese"}
    assert games["stirfry"]["options"]["target"]["choices"] == [50, 100, 150, 300]
    # The add-on lessons of each game's tutorial, for its rules page's links.
    assert games["bison"]["lessons"] == ["advanced"] and games["cheese"]["lessons"] == []
    assert server.client.get("/api/levels").json()["levels"] == [
        "random",
        "easy",
        "normal",
        "hard",
        "expert",
    ]
    for game_id, game in games.items():  # expert only where its network ships
        assert game["levels"] == levels_for(game_id)
        # ... and at each player count, for the lobby's level menu (keys: counts as text).
        counts = range(game["min_players"], game["max_players"] + 1)
        assert game["levels_by_players"] == {str(n): levels_for(game_id, n) for n in counts}
    # Today's one network: Buffet for 3 players; the other counts get hard at the top.
    assert "expert" in games["buffet"]["levels_by_players"]["3"]
    assert games["buffet"]["levels_by_players"]["4"][-1] == "hard"


def test_expert_is_refused_where_no_network_ships(server: Server) -> None:
    game_id, players = next(
        (g, p)
        for g, game in meeple.GAMES.items()
        for p in range(game.min_players, game.max_players + 1)
        if not available(g, p)
    )
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "expert"}] * (players - 1)
    answer = server.person().post(
        "/api/tables", {"game": game_id, "players": players, "seats": seats}
    )
    assert answer.status_code == 422 and detail(answer) == "bad_level"
    assert f"no expert bot for {game_id} at {players} players" in answer.json()["detail"]["message"]


def test_create_join_and_start_when_full(server: Server) -> None:
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("buffet", 3, bots=["random"])
    table = aki.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "open" and table["you"] == 0
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot"]
    assert table["seats"][0]["player"]["name"] == "Aki" and table["seats"][1]["player"] is None
    listed = server.client.get("/api/tables?status=open").json()["tables"]
    assert [t["id"] for t in listed] == [table_id]

    joined = ben.post(f"/api/tables/{table_id}/join", {})
    assert joined.status_code == 200
    assert joined.json()["you"] == 1 and joined.json()["status"] == "running"
    assert server.client.get("/api/tables?status=open").json()["tables"] == []
    assert [t["id"] for t in server.client.get("/api/tables").json()["tables"]] == [table_id]


def test_seat_refusals(server: Server) -> None:
    aki, ben, cat = server.person("Aki"), server.person("Ben"), server.person("Cat")
    table_id = aki.table("buffet", 3, bots=["random"])
    assert detail(aki.post(f"/api/tables/{table_id}/join", {})) == "seated"
    assert detail(ben.post(f"/api/tables/{table_id}/join", {"seat": 2})) == "seat_taken"
    assert detail(ben.post(f"/api/tables/{table_id}/leave")) == "not_seated"
    assert ben.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    assert detail(cat.post(f"/api/tables/{table_id}/join", {})) == "not_open"
    assert detail(server.stranger().post(f"/api/tables/{table_id}/join", {})) == "no_session"
    assert server.stranger().post("/api/tables/t_nope/join", {}).status_code == 401
    assert cat.post("/api/tables/t_nope/join", {}).status_code == 404
    assert cat.get("/api/tables/" + "x" * 200).status_code == 404


def test_leaving_before_the_start_frees_the_seat(server: Server) -> None:
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("cheese", 3, bots=["random"])
    ben.post(f"/api/tables/{table_id}/join", {})
    # Full: it started. Make another to test leaving before the start.
    other = aki.table("cheese", 4, bots=["random"])
    ben.post(f"/api/tables/{other}/join", {})
    left = ben.post(f"/api/tables/{other}/leave")
    assert left.status_code == 200 and left.json()["you"] is None
    assert left.json()["seats"][1]["player"] is None and left.json()["status"] == "open"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "players": 2}, "no_game"),
        ({"game": "buffet", "players": 2}, "bad_players"),
        ({"game": "buffet", "players": 3, "options": {"speed": 1}}, "bad_options"),
        ({"game": "stirfry", "players": 2, "options": {"target": 51}}, "bad_options"),
        ({"game": "buffet", "players": 3, "seats": [{"kind": "human"}]}, "bad_seats"),
        (
            {
                "game": "cheese",
                "players": 3,
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "genius"}, {"kind": "human"}],
            },
            "bad_level",
        ),
    ],
)
def test_bad_tables_are_refused_and_nothing_is_created(
    server: Server, body: dict[str, Any], code: str
) -> None:
    aki = server.person()
    answer = aki.post("/api/tables", body)
    assert answer.status_code == 422 and detail(answer) == code
    assert server.client.get("/api/tables?status=open").json()["tables"] == []


@pytest.mark.parametrize(
    "body",
    [
        {"game": "buffet"},
        {"game": "buffet", "players": "3"},
        {"game": "buffet", "players": 3, "turn_seconds": 1},
        {"game": "buffet", "players": 3, "seats": [{"kind": "robot"}] * 3},
        {"game": "buffet", "players": 3, "colour": "red"},
        [1, 2, 3],
    ],
)
def test_malformed_bodies_fail_validation(server: Server, body: Any) -> None:
    assert server.person().post("/api/tables", body).status_code == 422


def test_creating_needs_a_session_and_a_bad_status_is_refused(server: Server) -> None:
    answer = server.stranger().post("/api/tables", {"game": "buffet", "players": 3})
    assert answer.status_code == 401
    assert server.client.get("/api/tables?status=lost").status_code == 422


def test_a_table_of_bots_starts_at_once_and_finishes(server: Server) -> None:
    from tests.server.conftest import wait_for  # noqa: PLC0415

    aki = server.person()
    answer = aki.post(
        "/api/tables",
        {"game": "cheese", "players": 3, "seats": [{"kind": "bot", "level": "random"}] * 3},
    )
    table_id = answer.json()["id"]
    wait_for(lambda: aki.get(f"/api/tables/{table_id}").json()["status"] == "finished")
    table = aki.get(f"/api/tables/{table_id}").json()
    assert table["winners"] and len(table["scores"]) == 3 and table["you"] is None
    finished = server.client.get("/api/tables?status=finished").json()["tables"]
    assert [t["id"] for t in finished] == [table_id]
    replay = aki.get(f"/api/tables/{table_id}/replay").json()
    assert replay["steps"][0]["action"] is None
    assert replay["steps"][-1]["view"]["winners"] == table["winners"]
    assert len(replay["steps"]) == table["version"] + 1


def test_replays_are_for_finished_games(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    assert detail(aki.get(f"/api/tables/{table_id}/replay")) == "not_finished"


def test_the_api_docs_and_the_client_are_served(server: Server) -> None:
    assert server.client.get("/docs").status_code == 200
    assert "/api/tables" in server.client.get("/openapi.json").json()["paths"]
    icon = server.client.get("/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
