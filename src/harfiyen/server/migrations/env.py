"""Alembic environment: runs on a connection handed over by ``harfiyen.server.migrate``.

``migrate.upgrade`` opens the (async) connection itself and passes its sync
face in ``config.attributes["connection"]``, so no ``alembic.ini`` is needed
and the command works from any directory.
"""

from __future__ import annotations

from alembic import context

from harfiyen.server.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only through migrate.upgrade
    raise RuntimeError("run migrations through `harfiyen db upgrade`")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
