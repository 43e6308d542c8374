"""SQLAlchemy 2 models. The per-match event log (``MatchEvent``) is the source of truth.

Times are naive UTC (``utcnow``) so SQLite and PostgreSQL store them alike.
The match row keeps the seed, which never leaves the server.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from harfiyen.server.usernames import key


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, datetime: DateTime()}


def _username_key(context: Any) -> str:
    return key(context.get_current_parameters()["username"])


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    # The comparison key of the username (case and look-alikes folded, see usernames.py):
    # unique, so two accounts can never have names that read the same.
    username_key: Mapped[str] = mapped_column(
        String(64), unique=True, default=_username_key
    )
    display_name: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    preferences: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AuthSession(Base):
    """A login: the cookie holds a random token, the table only its SHA-256."""

    __tablename__ = "auth_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules: Mapped[str] = mapped_column(String(32))  # "tr@2": rules@version, fixed at creation
    # None for a game without a lexicon.
    lexicon: Mapped[str | None] = mapped_column(String(32), nullable=True)
    language: Mapped[str] = mapped_column(String(8))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)  # never sent to clients
    players: Mapped[int] = mapped_column(Integer)
    ranked: Mapped[bool] = mapped_column(Boolean, default=False)
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # waiting (for players) -> active -> finished; or cancelled before it starts.
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(nullable=True)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline_at: Mapped[datetime | None] = mapped_column(nullable=True, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch_of: Mapped[int | None] = mapped_column(ForeignKey("matches.id"), nullable=True)
    # Listed for spectators in the lobby while it runs (revision 0003).
    public: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # Revision 0005: every seat that may act now (``to_move`` is the first of them), and
    # the room the match was started from (``None``: an invitation or the queue).
    acting: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    room_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    # Revision 0007: seats whose people handed them to the AI while the match runs, as
    # ``{"seat": level}`` (``None``: none). The person stays the seat's player.
    handed: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    # Revision 0008 (quotas, see quotas.py): the creator's network address as a keyed hash
    # (``None``: made before it was kept, or by the server), and whether an AI plays every
    # seat (a table people only watch: from a room, or every person's seat handed).
    created_from: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    ai_only: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class MatchPlayer(Base):
    __tablename__ = "match_players"
    __table_args__ = (
        UniqueConstraint("match_id", "seat", name="uq_match_players_seat"),
        UniqueConstraint("match_id", "user_id", name="uq_match_players_user"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)


class Invite(Base):
    """An invitation to a match: by link/code (``to_user`` empty) or to one user."""

    __tablename__ = "invites"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    from_user: Mapped[int] = mapped_column(ForeignKey("users.id"))
    to_user: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    # open -> accepted | declined | expired | cancelled
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()


class MatchEvent(Base):
    """One engine event of a match, numbered from 1; the full (unprojected) form."""

    __tablename__ = "match_events"
    __table_args__ = (UniqueConstraint("match_id", "seq", name="uq_match_events_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# --- revision 0002: social, chat, ratings, matchmaking, Web Push ----------------------------


class Friendship(Base):
    """``user_id`` keeps ``friend_id`` on its friends list (one-sided, like a contact list)."""

    __tablename__ = "friendships"
    __table_args__ = (UniqueConstraint("user_id", "friend_id", name="uq_friendships_pair"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Block(Base):
    """``user_id`` blocked ``blocked_id``: no invitations, chat or pairing between them."""

    __tablename__ = "blocks"
    __table_args__ = (UniqueConstraint("user_id", "blocked_id", name="uq_blocks_pair"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    blocked_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    text: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # Who it was written to (revision 0005): ``None`` everyone in the match, ``"team:red"``
    # that team's seats only (Kelime Casusu guessers talk to their team while it runs).
    audience: Mapped[str | None] = mapped_column(String(32), nullable=True)


class PlayerRating(Base):
    """A Glicko-2 rating per (user, game, language, rules family)."""

    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("user_id", "game", "language", "rules", name="uq_ratings_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    language: Mapped[str] = mapped_column(String(8))
    rules: Mapped[str] = mapped_column(String(32))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class RatingChange(Base):
    """One ranked match's effect on one player's rating (the profile's history)."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(32))
    language: Mapped[str] = mapped_column(String(8))
    rules: Mapped[str] = mapped_column(String(32))
    rating_before: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class QueueEntry(Base):
    """A player waiting for a random opponent (one entry per user)."""

    __tablename__ = "queue_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), unique=True
    )
    # game|language|rules@version|lexicon|ranked|time control: who may be paired with whom.
    queue_key: Mapped[str] = mapped_column(String(200), index=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    ranked: Mapped[bool] = mapped_column(Boolean, default=False)
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)
    rating: Mapped[float] = mapped_column(Float)
    # waiting -> matched (match_id set) | cancelled
    status: Mapped[str] = mapped_column(String(16))
    match_id: Mapped[int | None] = mapped_column(
        ForeignKey("matches.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PushSubscription(Base):
    """A browser's Web Push subscription (``PushSubscription.toJSON()``)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ServerKey(Base):
    """Server-wide generated secrets shared by every process (the VAPID key pair)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# --- revision 0003: username keys, public matches, analyses -------------------------------


class Analysis(Base):
    """A whole-game analysis, computed once and kept (``match:<id>`` or ``gcg:<sha256>``).

    ``status``: running -> done | failed. ``progress``/``total`` count analysed turns while
    it runs; ``result`` is the analysis JSON; ``gcg`` the record analysed (an upload's text,
    or the match's record), so the replay needs nothing else.
    """

    __tablename__ = "analyses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(80), unique=True)
    match_id: Mapped[int | None] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), nullable=True, index=True
    )
    created_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    status: Mapped[str] = mapped_column(String(16))
    progress: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    gcg: Mapped[str] = mapped_column(Text)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


# --- revision 0005: rooms, word packs ------------------------------------------------------


class Room(Base):
    """A table people gather at before (and between) matches of one game.

    ``options`` are the game's creation options without the seats; the seats come from
    ``room_seats`` when the host starts. ``status``: open (gathering) -> playing (``match_id``
    runs) -> open again when it ends (rematch) | closed. ``version`` grows with every change,
    so clients can drop stale room frames.
    """

    __tablename__ = "rooms"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    quick: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), index=True)
    video_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    match_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    # Users the host removed: they cannot join again (``None``: nobody).
    kicked: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # Revision 0008: the creator's network address as a keyed hash (quotas.py).
    created_from: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class RoomSeat(Base):
    """One seat of a room (the game's slot ``slot``): a person, an AI level, or empty."""

    __tablename__ = "room_seats"
    __table_args__ = (UniqueConstraint("room_id", "slot", name="uq_room_seats_slot"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    slot: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    ai_level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    locked: Mapped[bool] = mapped_column(Boolean, default=False)


class RoomMember(Base):
    """Someone in a room: seated (see ``room_seats``) or watching."""

    __tablename__ = "room_members"
    __table_args__ = (UniqueConstraint("room_id", "user_id", name="uq_room_members_user"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)


class WordPack(Base):
    """A player's own Kelime Casusu word list (normal form, checked when saved)."""

    __tablename__ = "word_packs"
    __table_args__ = (UniqueConstraint("user_id", "name", name="uq_word_packs_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    language: Mapped[str] = mapped_column(String(8))
    words: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Revision 0008: the creator's network address as a keyed hash (quotas.py).
    created_from: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class MatchNote(Base):
    """What an AI seat meant by a move (a clue's target words), shown once the match ends.

    Never sent while the match runs: a note says what the key hides.
    """

    __tablename__ = "match_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # the event the note is about
    seat: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# --- revision 0006: Harf Takıl guess sheets ------------------------------------------------


class GuessSheet(Base):
    """One seat's Harf Takıl notes: the letter it thinks each of its stand cards has.

    ``guesses[i]`` is the note for stand position ``i`` (``None``: nothing written). Only
    the notes are stored; the sheet's clue rows are read from the seat's view of the log
    (``server/sheets.py``), so they can never disagree with the game. ``version`` grows
    with every save, so a client can drop a stale copy.
    """

    __tablename__ = "guess_sheets"
    __table_args__ = (UniqueConstraint("match_id", "seat", name="uq_guess_sheets_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    guesses: Mapped[list[str | None]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
