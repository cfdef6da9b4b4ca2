"""The schema under Alembic: the models match the migrations, and a database made by release
0.1.0 is upgraded without losing a game."""

from __future__ import annotations

import shutil
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from meeple.server.store import Base, Store, schema
from tests.server.conftest import wait_for

OLD = Path(__file__).parent / "data" / "release-0.1.0.sqlite"
"""A database made by release 0.1.0 (before Alembic): a registered player "aki", a finished
cheese table of bots, a running buffet table waiting for aki, and an open café table."""
FINISHED, RUNNING, OPEN = "t_ydgAsA0cS9aG", "t_Nt3osHGCWzgZ", "t_7pjRF4zM6vnb"


def test_the_models_are_exactly_what_the_migrations_make(db_url: str) -> None:
    store = Store(db_url)
    try:
        with store.engine.connect() as connection:
            context = MigrationContext.configure(
                connection, opts={"compare_type": True, "compare_server_default": False}
            )
            assert compare_metadata(context, Base.metadata) == []
        assert schema.current(store.engine) == schema.head()
    finally:
        store.close()


def test_starting_twice_upgrades_once(db_url: str) -> None:
    Store(db_url).close()
    store = Store(db_url)
    try:
        assert schema.current(store.engine) == schema.head()
    finally:
        store.close()


def test_a_database_of_release_0_1_0_is_upgraded_and_every_table_resumes(
    tmp_path: Path,
) -> None:
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from meeple.server.app import create_app  # noqa: PLC0415
    from meeple.server.settings import Settings  # noqa: PLC0415

    path = tmp_path / "old.sqlite"
    shutil.copy(OLD, path)
    url = f"sqlite:///{path}"
    before = create_engine(url)
    assert "alembic_version" not in inspect(before).get_table_names()
    before.dispose()
    # The old database's open table was made long ago: tables that never expire, so that it
    # is brought back open as it was stored.
    settings = Settings(db_url=url, bot_delay=0.0, bot_workers=0, open_table_minutes=1e9)
    with TestClient(create_app(settings)) as client:
        assert schema.current(client.app.state.hub.store.engine) == schema.head()  # type: ignore[attr-defined]
        done = client.get(f"/api/tables/{FINISHED}").json()
        assert done["status"] == "finished" and done["version"] == 57 and done["winners"]
        assert len(client.get(f"/api/tables/{FINISHED}/replay").json()["steps"]) == 58
        login = client.post("/api/login", json={"username": "aki", "password": "secret-one"})
        assert login.status_code == 200, login.text
        running = client.get(f"/api/tables/{RUNNING}").json()
        assert running["status"] == "running" and running["version"] == 2
        assert running["you"] == 0
        # 0004: every stored table is a live table, no seat has timed out.
        assert running["move_seconds"] is None and running["bank_seconds"] is None
        assert [seat["timeouts"] for seat in running["seats"]] == [0] * running["players"]
        assert [seat["due"] for seat in running["seats"]] == [None] * running["players"]
        with client.websocket_connect(f"/ws/tables/{RUNNING}") as ws:
            state = ws.receive_json()
            assert state["type"] == "state" and state["legal"], "aki's decision is there"
            ws.send_json({"type": "action", "action": state["legal"][0], "version": 2})
            wait_for(lambda: client.get(f"/api/tables/{RUNNING}").json()["version"] > 2)
        opened = client.get(f"/api/tables/{OPEN}").json()
        assert opened["status"] == "open" and opened["seats"][0]["player"] is not None
    # The file the test started from is untouched (the copy was upgraded).
    assert "alembic_version" not in inspect(create_engine(f"sqlite:///{OLD}")).get_table_names()
