"""A match of a game without a lexicon (Kelime Casusu, games to come) stores none.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.alter_column("lexicon", existing_type=sa.String(32), nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.alter_column("lexicon", existing_type=sa.String(32), nullable=False)
