"""Server settings from the environment (prefix ``HARFIYEN_``), via pydantic-settings."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# A fixed development key: fine on a laptop, refused when HARFIYEN_ENV=production.
INSECURE_DEV_KEY = "harfiyen-development-key-not-secret"


def default_database_url() -> str:
    """A SQLite file in the user's data folder (created on demand)."""
    folder = Path(platformdirs.user_data_dir("harfiyen"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'harfiyen.sqlite3'}"


class Settings(BaseSettings):
    """Everything the server reads from its environment.

    Lists (``HARFIYEN_RANKED_APPROVED``, ``HARFIYEN_TRUSTED_PROXIES``) are given as JSON,
    e.g. ``'["crossword:tr"]'``.
    """

    # A refused value is never echoed back (it may be the secret key).
    model_config = SettingsConfigDict(env_prefix="HARFIYEN_", extra="ignore",
                                      hide_input_in_errors=True)

    env: Literal["development", "test", "production"] = "development"
    database_url: str = Field(default_factory=default_database_url)
    # A PostgreSQL schema to use instead of ``public`` (tests use a fresh one per session).
    database_schema: str | None = None
    # Database connections per process: kept open, extra under load, and how long a request
    # waits for one before it is answered 503 "server busy".
    db_pool_size: int = Field(default=10, ge=1, le=200)
    db_max_overflow: int = Field(default=10, ge=0, le=200)
    db_pool_timeout: float = Field(default=5.0, gt=0, le=60)
    redis_url: str | None = None
    # Prefix of this deployment's Redis channels. Unset: "harfiyen:<deployment id>:", the id
    # being random and kept in the database, so every process of one deployment shares it
    # and two deployments on one Redis server never hear each other.
    redis_prefix: str | None = Field(default=None, min_length=1, max_length=100)
    secret_key: SecretStr = SecretStr(INSECURE_DEV_KEY)
    # Pairs whose matches may be ranked: "game:language" (every rule version) or
    # "game:language@version" (that version only), e.g. ["crossword:tr@2"]. Empty by
    # default: the seed makes ranked play a decision of the operator, never of the code.
    ranked_approved: list[str] = []
    # Throttling (see harfiyen.server.throttle), as "N per M minutes|hours|…": failed logins
    # per account and per address, and new accounts (registrations, guests) per address.
    login_failures_per_account: str = "10 per 15 minutes"
    login_failures_per_address: str = "50 per 15 minutes"
    accounts_per_address: str = "30 per hour"
    # Failed room-code lookups (a code that names no room), per account and per address:
    # beyond them, looking a code up is refused with 429 and the seconds to wait (a code
    # is the invitation to its room: it must not be guessed).
    room_lookups_per_account: str = "20 per 10 minutes"
    room_lookups_per_address: str = "60 per 10 minutes"
    # Quotas: what one account, and all the accounts of one address, may hold at once.
    # Counted in the database (they hold across processes); beyond them a creation is
    # refused with 429 and changes nothing. Open rooms: the rooms one hosts that are public,
    # still gathering for their first match, or playing one (a private room whose match is
    # over, a finished solo table, does not count).
    rooms_per_account: int = Field(default=5, ge=1)
    rooms_per_address: int = Field(default=20, ge=1)
    # Matches created and not started yet (waiting for the people invited).
    waiting_matches_per_account: int = Field(default=10, ge=1)
    waiting_matches_per_address: int = Field(default=40, ge=1)
    # Running matches whose every seat an AI plays (tables that people only watch).
    ai_tables_per_account: int = Field(default=2, ge=1)
    ai_tables_per_address: int = Field(default=6, ge=1)
    # Kelime Casusu word packs kept.
    packs_per_account: int = Field(default=20, ge=1)
    packs_per_address: int = Field(default=80, ge=1)
    # Expiry: a room with no change for room_idle_hours closes (unless its match runs); a
    # match never started is cancelled once its invitations expire (invite_hours). The
    # sweep runs every expiry_sweep_seconds.
    room_idle_hours: float = Field(default=24.0, gt=0)
    expiry_sweep_seconds: float = Field(default=300.0, gt=0)
    # AI computations at once per process (threads); tables of AIs alone get at most all
    # but one of them, and only when no table with people waits (see ai_queue.AiQueue).
    ai_workers: int = Field(default=2, ge=1, le=64)
    # Websocket connections one login session may hold open at once (per process).
    ws_per_session: int = Field(default=8, ge=1)
    session_days: int = 30
    invite_hours: int = 72
    # Cookies only over HTTPS (and HSTS sent). Unset: on in production, off elsewhere;
    # production refuses it off.
    cookie_secure: bool | None = None
    # The interactive API pages (/api/docs) and schema. Unset: off in production.
    api_docs: bool | None = None
    # Browser origins allowed to open websockets and send writes besides the server's own.
    allowed_origins: list[str] = []
    # Reverse proxies (addresses or networks, e.g. ["127.0.0.1", "10.0.0.0/8"]) whose
    # X-Forwarded-For and X-Forwarded-Proto are believed. Empty: nobody's, loopback's
    # neither (uvicorn's own default trusts it), so a client cannot pick the address the
    # per-address limits count by sending the header itself.
    trusted_proxies: list[str] = []
    max_frame_bytes: int = 16_384
    # Largest HTTP request body (bytes); a GCG upload to analyse may be larger.
    max_body_bytes: int = Field(default=65_536, ge=1024)
    # Messages waiting for one websocket connection before it is told to resync; with as
    # many unread answers its frames are no longer read, and after ws_stall_seconds so it
    # is closed.
    connection_queue: int = Field(default=256, ge=2)
    ws_stall_seconds: float = Field(default=30.0, gt=0)
    # Frames a connection may send: per second on average, and in one burst.
    ws_frames_per_second: float = Field(default=20.0, gt=0)
    ws_frame_burst: int = Field(default=40, ge=1)
    # How often bot turns left waiting (a bot that gave up during an outage) are resumed.
    bot_sweep_seconds: float = Field(default=30.0, gt=0)
    # How long an AI seat that acts beside people (an AI guesser beside a person, a Harf
    # Takıl vote) lets them act first, counted from when the table began to wait on the
    # seat; their moves never restart it, so an AI teammate keeps the table's pace.
    ai_pace_seconds: float = Field(default=1.5, ge=0, le=2)
    # Resume bot turns of active matches at start-up and in the sweep. Off only for a
    # server that shares its database with matches it must leave alone (the test suite's
    # servers share one database: each would otherwise play every earlier test's bots).
    resume_bots: bool = True
    # Presence (harfiyen.server.presence): a connection's entry lives presence_seconds
    # unless its process refreshes it (a crashed process's people go away after it); a
    # person without one for presence_grace_seconds is away (a page reload is not).
    presence_seconds: float = Field(default=30.0, gt=0)
    presence_grace_seconds: float = Field(default=15.0, ge=0)
    # Someone leaves (harfiyen.server.leaving): a seat whose person has been away this long
    # while the table waits on it is played by the AI until they come back; an untimed
    # two-player crossword match may be claimed as a win after abandon_hours away.
    absent_seconds: float = Field(default=90.0, ge=0)
    abandon_hours: float = Field(default=72.0, gt=0)
    # Game states kept in memory per process (the most recently used matches).
    state_cache_size: int = Field(default=5000, ge=10)
    # How often overdue moves are looked for (seconds).
    deadline_sweep_seconds: float = 5.0
    # Chat per match: longest message, and at most chat_burst messages per chat_window seconds.
    chat_max_chars: int = 500
    chat_burst: int = 5
    chat_window_seconds: float = 10.0
    # Matchmaking: the rating gap accepted at once, and how fast it widens while waiting.
    match_window: float = 100.0
    match_widen_per_second: float = 10.0
    # How often waiting players are paired again with their widened windows (seconds).
    matchmaking_sweep_seconds: float = 2.0
    # A bot to move after another seat's play waits this long before moving, so that the
    # people at the table can still challenge the play (the window closes with its move).
    bot_challenge_wait_seconds: float = 6.0
    # Load the WordNets' meanings in the background at start, so the first word a player
    # taps shows its meaning at once (off: the first look-up loads them, for seconds).
    warm_meanings: bool = True
    # At a table with no person seated (AIs that people watch) each AI move waits this
    # long: played at the AI's speed, the game is over before a watcher sees it.
    ai_table_pace_seconds: float = Field(default=2.0, ge=0)
    # Whole-game analyses: worker processes (off the event loop), and the largest GCG upload.
    analysis_workers: int = 1
    analysis_max_gcg_bytes: int = 200_000
    # Web Push: the VAPID "sub" claim; plain-http push endpoints only for local tests.
    vapid_subject: str = "mailto:admin@harfiyen.invalid"
    push_allow_http: bool = False
    # Push endpoints on loopback or private addresses: only for local tests (never in
    # production: the server would connect wherever a browser said).
    push_allow_private: bool = False
    # Browser push subscriptions kept per user (the oldest go first).
    push_subscriptions_per_user: int = Field(default=10, ge=1, le=100)
    push_timeout_seconds: float = 10.0
    # Fault tests: the process kills itself (SIGKILL) right after this many commits of moves,
    # before publishing the last one. 0: never. Refused unless HARFIYEN_ENV=test.
    test_kill_after_commits: int = Field(default=0, ge=0)
    static_dir: Path = Path(__file__).resolve().parent.parent / "web"

    @field_validator("login_failures_per_account", "login_failures_per_address",
                     "accounts_per_address", "room_lookups_per_account",
                     "room_lookups_per_address")
    @classmethod
    def _rate_limit(cls, value: str) -> str:
        from limits import parse

        try:
            parse(value)
        except ValueError:
            raise ValueError(f"not a rate limit such as '10 per 15 minutes': {value!r}") from None
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies(cls, value: list[str]) -> list[str]:
        for proxy in value:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise ValueError(f"not an address or network such as '10.0.0.0/8': "
                                 f"{proxy!r}") from None
        return value

    @model_validator(mode="after")
    def _refuse_insecure_production(self) -> Settings:
        if self.test_kill_after_commits and self.env != "test":
            raise ValueError("HARFIYEN_TEST_KILL_AFTER_COMMITS is for fault tests only")
        if self.env != "production":
            return self
        problems = []
        key = self.secret_key.get_secret_value()
        if key == INSECURE_DEV_KEY or len(key) < 32 or len(set(key)) < 12:
            problems.append(
                "HARFIYEN_SECRET_KEY must be a random value of at least 32 characters "
                "(e.g. python3 -c 'import secrets; print(secrets.token_urlsafe(48))')"
            )
        if self.cookie_secure is False:
            problems.append("HARFIYEN_COOKIE_SECURE cannot be off: production serves HTTPS")
        if self.push_allow_http or self.push_allow_private:
            problems.append("HARFIYEN_PUSH_ALLOW_HTTP/_PRIVATE are for local tests only")
        if problems:
            raise ValueError("when HARFIYEN_ENV=production: " + "; ".join(problems))
        return self

    def proxy_options(self) -> dict[str, Any]:
        """uvicorn's options for forwarded headers: believed from ``trusted_proxies`` only
        (``harfiyen serve`` and the in-process server, harfiyen.server.local)."""
        return {"proxy_headers": bool(self.trusted_proxies),
                "forwarded_allow_ips": list(self.trusted_proxies)}

    @property
    def secure_cookies(self) -> bool:
        return self.env == "production" if self.cookie_secure is None else self.cookie_secure

    @property
    def docs_enabled(self) -> bool:
        return self.env != "production" if self.api_docs is None else self.api_docs

    def channel_prefix(self, deployment_id: str) -> str:
        """The Redis channel prefix: the configured one, else one from the deployment id."""
        return self.redis_prefix or f"harfiyen:{deployment_id}:"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    def ranked_allowed(self, game: str, language: str, rules: str | None = None) -> bool:
        """Whether ranked matches of ``game`` in ``language`` (``rules``: "tr@2") are approved."""
        if f"{game}:{language}" in self.ranked_approved:
            return True
        version = rules.partition("@")[2] if rules else ""
        return bool(version) and f"{game}:{language}@{version}" in self.ranked_approved
