"""GET /api/positions/{game}/{name}: a rules page's picture, as the engine builds it."""

from __future__ import annotations

from meeple.positions import picture
from tests.server.conftest import Server


def test_a_position_is_served_as_its_viewer_sees_it(server: Server) -> None:
    client = server.person().client
    answer = client.get("/api/positions/bison/turn-1")
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    assert shown == picture("bison", "turn-1")
    assert shown["seat"] is None and shown["view"]["seat"] is None
    # A spectator sees no tile in anyone's hand; the view before the marked moves differs.
    assert shown["before"]["tiles"] != shown["view"]["tiles"]


def test_an_unknown_game_or_position_is_404(server: Server) -> None:
    client = server.stranger().client
    for path in ("/api/positions/bison/nowhere", "/api/positions/chess/start"):
        answer = client.get(path)
        assert answer.status_code == 404, answer.text
        assert answer.json()["detail"]["code"] == "no_position"
