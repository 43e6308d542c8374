"""The match layer for every game: the seats that may act, rooms with chosen seats, word packs.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("time_control", sa.JSON, nullable=False),
        sa.Column("host_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("quick", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("video_url", sa.String(500), nullable=True),
        sa.Column("match_id", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("kicked", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "room_seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("slot", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("ai_level", sa.String(32), nullable=True),
        sa.Column("locked", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.UniqueConstraint("room_id", "slot", name="uq_room_seats_slot"),
    )
    op.create_table(
        "room_members",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("joined_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("room_id", "user_id", name="uq_room_members_user"),
    )
    op.create_table(
        "word_packs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("words", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("user_id", "name", name="uq_word_packs_name"),
    )
    op.create_table(
        "match_notes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("chat_messages") as batch:
        batch.add_column(sa.Column("audience", sa.String(32), nullable=True))
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("acting", sa.JSON, nullable=True))
        batch.add_column(sa.Column("room_id", sa.Integer, nullable=True))
        batch.create_index("ix_matches_room_id", ["room_id"])


def downgrade() -> None:
    with op.batch_alter_table("chat_messages") as batch:
        batch.drop_column("audience")
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_room_id")
        batch.drop_column("room_id")
        batch.drop_column("acting")
    op.drop_table("match_notes")
    op.drop_table("word_packs")
    op.drop_table("room_members")
    op.drop_table("room_seats")
    op.drop_table("rooms")
