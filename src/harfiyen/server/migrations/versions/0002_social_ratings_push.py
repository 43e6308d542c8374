"""Friends, blocks, chat, Glicko-2 ratings and history, the matchmaking queue, Web Push.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _user(name: str = "user_id", nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        name, sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=nullable
    )


def _match(ondelete: str = "CASCADE", nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete=ondelete), nullable=nullable
    )


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("id", sa.Integer, primary_key=True),
        _user(),
        _user("friend_id"),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("user_id", "friend_id", name="uq_friendships_pair"),
    )
    op.create_index("ix_friendships_user_id", "friendships", ["user_id"])
    op.create_table(
        "blocks",
        sa.Column("id", sa.Integer, primary_key=True),
        _user(),
        _user("blocked_id"),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("user_id", "blocked_id", name="uq_blocks_pair"),
    )
    op.create_index("ix_blocks_user_id", "blocks", ["user_id"])
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True),
        _match(),
        _user(),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_chat_messages_match_id", "chat_messages", ["match_id"])
    op.create_index("ix_chat_messages_user_id", "chat_messages", ["user_id"])
    op.create_index("ix_chat_messages_created_at", "chat_messages", ["created_at"])
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer, primary_key=True),
        _user(),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("user_id", "game", "language", "rules", name="uq_ratings_key"),
    )
    op.create_index("ix_ratings_user_id", "ratings", ["user_id"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True),
        _user(),
        _match(),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_rating_history_user_id", "rating_history", ["user_id"])
    op.create_table(
        "queue_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, unique=True),
        sa.Column("queue_key", sa.String(200), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("ranked", sa.Boolean, nullable=False),
        sa.Column("time_control", sa.JSON, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        _match("SET NULL", nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_queue_entries_queue_key", "queue_entries", ["queue_key"])
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True),
        _user(),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_push_subscriptions_user_id", "push_subscriptions", ["user_id"])
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    for table in ("server_keys", "push_subscriptions", "queue_entries", "rating_history",
                  "ratings", "chat_messages", "blocks", "friendships"):
        op.drop_table(table)
