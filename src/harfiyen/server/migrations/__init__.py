"""Alembic migrations of the server database (run by ``harfiyen db upgrade``)."""
