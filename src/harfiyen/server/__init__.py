"""The online platform: FastAPI app, accounts, matches over websockets, persistence, pub/sub.

``create_app(settings)`` builds the ASGI app (``app.py``); ``harfiyen serve``
runs it with uvicorn. The per-game event log in the database is the source
of truth (``models.py``, ``service.py``); the websocket layer only
authenticates, validates frames, acks and forwards (``ws.py``).
"""
