"""Username keys (case and look-alikes folded), public matches, whole-game analyses.

Revision ID: 0003
Revises: 0002
Create Date: 2025-01-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from harfiyen.server.usernames import key

    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("username_key", sa.String(64), nullable=True))
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("username", sa.String),
                     sa.column("username_key", sa.String))
    bind = op.get_bind()
    seen: set[str] = set()
    for user_id, username in bind.execute(
        sa.select(users.c.id, users.c.username).order_by(users.c.id)
    ).all():
        # Older names that now read the same keep working; the later ones get a unique key.
        folded = key(username)
        if folded in seen:
            folded = f"{folded}#{user_id}"
        seen.add(folded)
        bind.execute(users.update().where(users.c.id == user_id).values(username_key=folded))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("username_key", existing_type=sa.String(64), nullable=False)
        batch.create_unique_constraint("uq_users_username_key", ["username_key"])
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "analyses",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(80), nullable=False, unique=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("progress", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("gcg", sa.Text, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_analyses_match_id", "analyses", ["match_id"])


def downgrade() -> None:
    op.drop_table("analyses")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("public")
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint("uq_users_username_key", type_="unique")
        batch.drop_column("username_key")
