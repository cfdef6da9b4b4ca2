"""The game server: a FastAPI app with a lobby, tables, live play over websockets and storage.

``meeple serve`` starts it; :func:`meeple.server.app.create_app` builds the app for tests and
embedding. The protocol is documented in ``docs/protocol.md``, the layout in
``docs/architecture.md``: ``api`` (the routes) above ``site`` (what serves the whole site)
above ``tables`` (the hub) above ``store`` (the database), never imported the other way.
"""
