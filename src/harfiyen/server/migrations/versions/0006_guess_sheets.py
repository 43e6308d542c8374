"""Harf Takıl guess sheets: each seat's notes of its own letters, kept on the server.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guess_sheets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("guesses", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("match_id", "seat", name="uq_guess_sheets_seat"),
    )


def downgrade() -> None:
    op.drop_table("guess_sheets")
