"""Request bodies of the REST API (unknown fields refused) and the JSON forms of rows."""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from harfiyen.core.ai_seat import LEVEL_KEY, LEVEL_KEY_MAX
from harfiyen.games import games
from harfiyen.server import usernames
from harfiyen.server.models import Invite, Match, MatchPlayer, User

DEFAULT_PREFERENCES: dict[str, Any] = {
    "language": "tr",
    "default_rules": "tr",
    "default_lexicon": None,
    "notifications": False,
    "board_theme": "classic",
}


# Characters a display name may not hold: controls (NUL, BEL…), invisible format marks
# (U+202E turns text around, U+200B hides), private-use and unassigned code points, and line
# or paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})


def clean_display_name(value: str) -> str:
    """NFC, runs of spaces as one, trimmed; refuse invisible and control characters, and
    (harfiyen.server.usernames: 422 with its own code) combining marks that render nothing
    meaningful and names that read as the server's AI players'."""
    value = " ".join(unicodedata.normalize("NFC", value).split())
    if any(unicodedata.category(c) in _HIDDEN_CATEGORIES for c in value):
        raise ValueError("invisible or control characters are not allowed")
    if not value:
        raise ValueError("the name is empty")
    return usernames.check_display_name(value)


DisplayName = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(clean_display_name)]


# Row ids in requests fit the database's 32-bit integers (PostgreSQL's INTEGER): a larger
# one is refused here (422) instead of failing in the driver.
DB_INT_MAX = 2**31 - 1
MatchId = Annotated[int, Path(ge=1, le=DB_INT_MAX)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RegisterRequest(Strict):
    # Checked by harfiyen.server.usernames, whose refusal explains the rule.
    username: str = Field(max_length=200)
    password: str = Field(min_length=8, max_length=256)
    display_name: DisplayName | None = None
    language: Literal["tr", "en"] = "tr"


class LoginRequest(Strict):
    username: str = Field(max_length=200)
    password: str = Field(max_length=256)


class ClaimRequest(Strict):
    username: str = Field(max_length=200)
    password: str = Field(min_length=8, max_length=256)
    display_name: DisplayName | None = None


class ProfilePatch(Strict):
    display_name: DisplayName | None = None
    language: Literal["tr", "en"] | None = None
    default_rules: Literal["tr", "en"] | None = None
    default_lexicon: str | None = Field(default=None, max_length=32)
    notifications: bool | None = None
    board_theme: Literal["classic", "dark", "contrast", "wood"] | None = None


PhaseName = Annotated[str, Field(pattern=r"^[a-z_]{1,32}$")]


class TimeControl(Strict):
    """No clock, live (minutes per move, or seconds per phase of the game: Kelime Casusu's
    ``{"clue": 120, "guess": 90}``) or correspondence (hours per move)."""

    kind: Literal["none", "live", "correspondence"] = "none"
    minutes_per_move: int | None = Field(default=None, ge=1, le=60)
    hours_per_move: int | None = Field(default=None, ge=1, le=24 * 14)
    seconds: dict[PhaseName, Annotated[int, Field(ge=10, le=24 * 3600)]] | None = Field(
        default=None, max_length=8)

    @model_validator(mode="after")
    def _matches_kind(self) -> TimeControl:
        if self.seconds is not None:
            if self.kind != "live" or self.minutes_per_move or self.hours_per_move:
                raise ValueError("seconds per phase are a live clock of their own")
            return self
        if self.kind == "live" and self.minutes_per_move is None:
            raise ValueError("live matches need minutes_per_move")
        if self.kind == "correspondence" and self.hours_per_move is None:
            raise ValueError("correspondence matches need hours_per_move")
        return self

    def stored(self) -> dict[str, Any]:
        if self.seconds is not None:
            return {"kind": self.kind, "seconds": dict(self.seconds), "seconds_per_move": None}
        seconds = None
        if self.kind == "live" and self.minutes_per_move:
            seconds = self.minutes_per_move * 60
        elif self.kind == "correspondence" and self.hours_per_move:
            seconds = self.hours_per_move * 3600
        return {"kind": self.kind, "seconds_per_move": seconds}


# A bot level's key (``orta``, ``ai``...): the levels themselves are the game's
# (``GameSpec.ai``, checked where the match is created), so a newly registered game
# seats its AI under any level key it registers. The form keeps ``bot_<level>`` a username.
BotLevel = Annotated[str, Field(min_length=1, max_length=LEVEL_KEY_MAX, pattern=LEVEL_KEY)]


def default_game() -> str:
    """The game a request without one means: the first registered (the oldest)."""
    return next(games()).name


class CreateMatchRequest(Strict):
    # A registered game (``GET /api/config`` lists them); the first registered one by default.
    game: str = Field(default_factory=default_game, min_length=1, max_length=32)
    # The game's options, e.g. {"rules": "tr"}, {"rules": "en", "challenge": "double"} or
    # {"language": "tr", "strict_clues": true}.
    options: dict[str, Any] = Field(default_factory=dict)
    ranked: bool = False
    time_control: TimeControl = Field(default_factory=TimeControl)
    # Invite users by name (``opponent``: one, ``opponents``: several); seats left over
    # are offered by a link/code anyone may use.
    opponent: str | None = Field(default=None, max_length=64)
    opponents: list[Annotated[str, Field(max_length=64)]] = Field(default_factory=list,
                                                                   max_length=3)
    # Bots for seats: ``bot`` one, ``bots`` several (any empty seat). When bots fill every
    # other seat the match is solo and starts at once, without a time limit.
    # A level is one the game registers (the crossword: caylak/orta/usta/sampiyon, and
    # its simple stand-ins greedy/random; Kelime Casusu and Harf Takıl: ai), else the
    # request is refused (``match.bad_config``). At most five: one person and five AIs.
    bot: BotLevel | None = None
    bots: list[BotLevel] = Field(default_factory=list, max_length=5)
    # Listed in the lobby for spectators while it runs.
    public: bool = True


class MoveRequest(Strict):
    move: dict[str, Any]


class HandRequest(Strict):
    """``level``: the AI level that plays the seat from now on; ``None``: its person again."""

    level: Annotated[str, Field(max_length=32)] | None


def iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"


def user_json(user: User, private: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": user.id, "username": user.username, "display_name": user.display_name,
        "guest": user.is_guest,
    }
    if private:
        out["preferences"] = {**DEFAULT_PREFERENCES, **(user.preferences or {})}
    return out


def invite_json(invite: Invite) -> dict[str, Any]:
    return {
        "code": invite.code, "match": invite.match_id, "status": invite.status,
        "from_user": invite.from_user, "to_user": invite.to_user,
        "expires_at": iso(invite.expires_at), "link": f"/invite/{invite.code}",
    }


def acting_seats(match: Match) -> list[int]:
    """The seats that may act, as stored (a match stored before ``acting`` existed: its
    ``to_move``; the bot runner then asks the engine)."""
    if match.acting is not None:
        return [int(s) for s in match.acting]
    return [] if match.to_move is None else [match.to_move]


def match_json(
    match: Match, players: list[tuple[MatchPlayer, User]], invites: list[Invite] | None = None,
    room: str | None = None,
) -> dict[str, Any]:
    """A match as clients see it: never the seed. ``room``: the code of the room it was
    started in."""
    out: dict[str, Any] = {
        "id": match.id, "game": match.game, "rules": match.rules, "lexicon": match.lexicon,
        "language": match.language, "config": match.config, "ranked": match.ranked,
        "time_control": match.time_control, "status": match.status,
        "players": [
            # ``handed``: the AI level playing the seat for its person (None: they play).
            {"seat": p.seat, **user_json(u), "handed": (match.handed or {}).get(str(p.seat))}
            for p, u in sorted(players, key=lambda x: x[0].seat)
        ],
        "seats": match.players, "created_by": match.created_by,
        "created_at": iso(match.created_at), "started_at": iso(match.started_at),
        "finished_at": iso(match.finished_at), "last_seq": match.last_seq,
        "to_move": match.to_move, "acting": acting_seats(match),
        "deadline_at": iso(match.deadline_at),
        "result": match.result, "rematch_of": match.rematch_of, "public": match.public,
        "room": room,
    }
    if invites is not None:
        out["invites"] = [invite_json(i) for i in invites]
    return out
