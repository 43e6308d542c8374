"""Users, sessions, matches, seats, invites and the per-match event log.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username", sa.String(32), nullable=False, unique=True),
        sa.Column("display_name", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("is_guest", sa.Boolean, nullable=False),
        sa.Column("preferences", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "auth_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_auth_sessions_user_id", "auth_sessions", ["user_id"])
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("lexicon", sa.String(32), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("ranked", sa.Boolean, nullable=False),
        sa.Column("time_control", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=True),
        sa.Column("finished_at", sa.DateTime, nullable=True),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("deadline_at", sa.DateTime, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("rematch_of", sa.Integer, sa.ForeignKey("matches.id"), nullable=True),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_index("ix_matches_deadline_at", "matches", ["deadline_at"])
    op.create_table(
        "match_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.UniqueConstraint("match_id", "seat", name="uq_match_players_seat"),
        sa.UniqueConstraint("match_id", "user_id", name="uq_match_players_user"),
    )
    op.create_index("ix_match_players_match_id", "match_players", ["match_id"])
    op.create_index("ix_match_players_user_id", "match_players", ["user_id"])
    op.create_table(
        "invites",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(32), nullable=False, unique=True),
        sa.Column(
            "match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("from_user", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("to_user", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_invites_match_id", "invites", ["match_id"])
    op.create_index("ix_invites_to_user", "invites", ["to_user"])
    op.create_table(
        "match_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("match_id", "seq", name="uq_match_events_seq"),
    )


def downgrade() -> None:
    for table in ("match_events", "invites", "match_players", "matches", "auth_sessions", "users"):
        op.drop_table(table)
