"""The server's REST routes and websocket, one :class:`fastapi.APIRouter` per area.

- :mod:`.players` — guests, accounts and sessions;
- :mod:`.tables` — the games, the lobby, tables, seats and replays;
- :mod:`.community` — profiles, mutes and leaderboards;
- :mod:`.operations` — health, metrics and the browser client's page;
- :mod:`.play` — the websocket of one client at one table.

Each route gets what it needs through :mod:`.deps` (``Depends``), never from a closure.
"""
