"""Quotas: the creator's address (a keyed hash) on rooms, matches and word packs, and the
matches whose every seat an AI plays.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

TABLES = ("rooms", "matches", "word_packs")


def upgrade() -> None:
    # Plain ALTER TABLE (no batch): SQLite adds these columns in place. A batch would copy
    # the table for the server default, and dropping the old ``matches`` would delete the
    # rows that refer to it (ON DELETE CASCADE) while foreign keys are on.
    for table in TABLES:
        op.add_column(table, sa.Column("created_from", sa.String(32), nullable=True))
        op.create_index(f"ix_{table}_created_from", table, ["created_from"])
    op.add_column("matches", sa.Column("ai_only", sa.Boolean, nullable=False,
                                       server_default=sa.false()))
    # Running matches without a person (every seat a bot user, "bot_…") are AI-only tables.
    matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("status", sa.String),
                       sa.column("ai_only", sa.Boolean))
    players = sa.table("match_players", sa.column("match_id", sa.Integer),
                       sa.column("user_id", sa.Integer))
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("username", sa.String))
    person = (
        sa.select(players.c.match_id)
        .join(users, users.c.id == players.c.user_id)
        .where(players.c.match_id == matches.c.id,
               sa.func.substr(users.c.username, 1, 4) != "bot_")
    )
    op.get_bind().execute(
        matches.update().where(matches.c.status == "active", ~person.exists())
        .values(ai_only=sa.true())
    )


def downgrade() -> None:
    # SQLite drops a column in place (3.35+) once no index uses it.
    op.drop_column("matches", "ai_only")
    for table in TABLES:
        op.drop_index(f"ix_{table}_created_from", table_name=table)
        op.drop_column(table, "created_from")
