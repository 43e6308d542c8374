"""The match service: the kernel's parts (``server/match/``: store, access, fan-out,
commands) and a match's life before its first move: creating it, invitations, and the
start."""

from __future__ import annotations

import random
import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from harfiyen.server import quotas
from harfiyen.server.bot_users import bot_users
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors
from harfiyen.server.games import adapter
from harfiyen.server.match.after_commit import AfterCommit
from harfiyen.server.match.commands import MatchCommands
from harfiyen.server.match.store import Written
from harfiyen.server.models import Invite, Match, MatchPlayer, User, utcnow
from harfiyen.server.social import refuse_if_blocked


class MatchService(MatchCommands):
    """The one service every server module drives matches through."""

    async def create(
        self,
        creator: User,
        game_name: str,
        options: dict[str, Any],
        ranked: bool,
        time_control: dict[str, Any],
        opponents: list[User] | None = None,
        rematch_of: int | None = None,
        *,
        bots: list[str] | None = None,
        public: bool = True,
        quiet: bool = False,
        address: str | None = None,
        counted: bool = True,
    ) -> tuple[Match, Invite]:
        """A waiting match with the creator seated, ``bots`` seated, an invitation per named
        ``opponent`` and a link invitation for the seats left (the one returned; the first
        named one when no seat is left for a link). Starts at once when the bots fill it.

        ``address``: the keyed hash of the creator's address (``quotas.address_key``). A
        match that waits for people counts against the creator's and the address's quota of
        waiting matches (``match.too_many_waiting``, 429, nothing written); ``counted``
        False: not (the matchmaker's, which it starts at once)."""

        game = adapter(game_name)
        setup = game.setup(options)
        game.check_time_control(time_control)
        opponents = list(opponents or [])
        bots = list(bots or [])
        if ranked and not self.settings.ranked_allowed(game_name, setup.language, setup.rules):
            raise fail(match_errors.RANKED_NOT_ALLOWED, game=game_name, language=setup.language)
        if len(opponents) + len(bots) > setup.players - 1:
            raise fail(match_errors.BAD_CONFIG, problem=f"{setup.players} seats: too many players")
        if len({o.id for o in opponents} | {creator.id}) != len(opponents) + 1:
            raise fail(match_errors.BAD_CONFIG, problem="a player is named twice")
        expires = utcnow() + timedelta(hours=self.settings.invite_hours)
        counted = counted and 1 + len(bots) < setup.players  # else it starts at once
        async with self.sessions() as db, db.begin():
            if counted:
                await quotas.check(db, self.settings, quotas.WAITING_MATCHES, creator.id,
                                   address)
            if opponents:
                await refuse_if_blocked(db, creator.id, [o.id for o in opponents])
            match = Match(
                game=game_name, rules=setup.rules, lexicon=setup.lexicon,
                language=setup.language, config=setup.config,
                seed=secrets.randbits(62), players=setup.players, ranked=ranked and not bots,
                time_control=time_control, status="waiting", created_by=creator.id,
                last_seq=0, rematch_of=rematch_of, public=public, created_from=address,
            )
            db.add(match)
            await db.flush()
            db.add(MatchPlayer(match_id=match.id, seat=0, user_id=creator.id))
            db.add_all(MatchPlayer(match_id=match.id, seat=seat, user_id=bot.id)
                       for seat, bot in enumerate(await bot_users(db, bots), start=1))
            invites = [Invite(
                code=secrets.token_urlsafe(9), match_id=match.id, from_user=creator.id,
                to_user=o.id, status="open", expires_at=expires,
            ) for o in opponents]
            if 1 + len(bots) + len(opponents) < setup.players or not invites:
                invites.insert(0, Invite(
                    code=secrets.token_urlsafe(9), match_id=match.id, from_user=creator.id,
                    to_user=None, status="open", expires_at=expires,
                ))
            db.add_all(invites)
            if counted:
                await quotas.enforce(db, self.settings, quotas.WAITING_MATCHES, creator.id,
                                     address)
        named = invites[-len(opponents):] if opponents and not quiet else []
        for opponent, invite in zip(opponents if named else [], named, strict=True):
            await self.notify(opponent.id, {
                "type": "notice", "kind": "invited", "match": match.id, "code": invite.code,
                "from": creator.username, "rematch_of": rematch_of,
            })
        if 1 + len(bots) == setup.players:
            match = await self._start_full(match.id, invites[0].code)
        return match, invites[0]

    async def _start_full(self, match_id: int, code: str) -> Match:
        """Start a match whose seats are all taken (a solo match against bots)."""
        async with self.writing(match_id) as db:
            match = await db.get(Match, match_id)
            assert match is not None
            for invite in (await db.execute(
                select(Invite).where(Invite.match_id == match_id, Invite.status == "open")
            )).scalars().all():
                invite.status = "accepted" if invite.code == code else "cancelled"
            await db.flush()
            started = await self._start(db, match)
        await self.run_after_commit(AfterCommit(match, started))
        return match

    async def invite_by_code(self, db: AsyncSession, code: str) -> Invite:
        invite = (await db.execute(select(Invite).where(Invite.code == code))).scalar_one_or_none()
        if invite is None:
            raise fail(match_errors.INVITE_NOT_FOUND, status=404)
        if invite.status == "open" and invite.expires_at < utcnow():
            invite.status = "expired"
        return invite

    async def accept(self, user: User, code: str) -> Match:
        """Seat ``user`` through an invitation; the match starts once every seat is taken.

        A link invitation seats anyone until only the seats of named invitees are left.
        """
        async with self.sessions() as db:
            invite = await self.invite_by_code(db, code)
            match_id = invite.match_id
        async with self.writing(match_id) as db:
            invite = await self.invite_by_code(db, code)
            if invite.status != "open":
                raise fail(match_errors.INVITE_CLOSED, status=409, state=invite.status)
            if invite.from_user == user.id:
                raise fail(match_errors.OWN_INVITE, status=409)
            if invite.to_user is not None and invite.to_user != user.id:
                raise fail(match_errors.INVITE_NOT_FOR_YOU, status=403)
            match = await db.get(Match, match_id)
            assert match is not None
            if match.status != "waiting":
                raise fail(match_errors.MATCH_NOT_ACTIVE, status=409, state=match.status)
            seated = await self.players(db, match.id)
            if any(p.user_id == user.id for p in seated):
                raise fail(match_errors.OWN_INVITE, status=409)
            await refuse_if_blocked(db, user.id, [p.user_id for p in seated])
            others = (await db.execute(
                select(Invite).where(Invite.match_id == match.id, Invite.status == "open",
                                     Invite.id != invite.id)
            )).scalars().all()
            named = [i for i in others if i.to_user is not None]
            if invite.to_user is None:
                mine = next((i for i in named if i.to_user == user.id), None)
                if mine is not None:  # invited by name too: that seat is this one
                    mine.status = "accepted"
                    named.remove(mine)
                elif len(seated) + len(named) >= match.players:
                    raise fail(match_errors.INVITE_CLOSED, status=409, state="full")
            db.add(MatchPlayer(match_id=match.id, seat=len(seated), user_id=user.id))
            if invite.to_user is not None:
                invite.status = "accepted"
            if len(seated) + 1 >= match.players:
                for other in [invite, *others]:
                    if other.status == "open":
                        other.status = "accepted" if other is invite else "cancelled"
                await db.flush()
                started = await self._start(db, match)
            else:
                started = None
        if started is not None:
            await self.run_after_commit(AfterCommit(match, started))
        return match

    async def decline(self, user: User, code: str) -> Invite:
        """Decline an invitation. A two-player match is then cancelled; a bigger one offers
        the declined seat on its link instead (one is made if there was none)."""
        async with self.sessions() as db:
            invite = await self.invite_by_code(db, code)
            match_id = invite.match_id
        async with self.writing(match_id) as db:
            invite = await self.invite_by_code(db, code)
            if invite.status != "open":
                raise fail(match_errors.INVITE_CLOSED, status=409, state=invite.status)
            if invite.to_user is not None and invite.to_user != user.id:
                raise fail(match_errors.INVITE_NOT_FOR_YOU, status=403)
            if invite.from_user == user.id:
                raise fail(match_errors.OWN_INVITE, status=409)
            if invite.to_user is None:
                # A link is for whoever has it: one of them saying no cancels nothing (else
                # any stranger with the link could end the match). It stays open.
                return invite
            invite.status = "declined"
            match = await db.get(Match, match_id)
            assert match is not None
            if match.status == "waiting" and match.players == 2:
                match.status = "cancelled"
                match.finished_at = utcnow()
            elif match.status == "waiting" and invite.to_user is not None:
                link = (await db.execute(
                    select(Invite).where(Invite.match_id == match_id, Invite.status == "open",
                                         Invite.to_user.is_(None))
                )).scalars().first()
                if link is None:
                    db.add(Invite(
                        code=secrets.token_urlsafe(9), match_id=match_id,
                        from_user=invite.from_user, to_user=None, status="open",
                        expires_at=invite.expires_at,
                    ))
        await self.notify(invite.from_user, {
            "type": "notice", "kind": "declined", "match": match_id, "by": user.username,
        })
        return invite

    async def _start(self, db: AsyncSession, match: Match) -> Written:
        """Deal seats at random, start the game and store its opening events."""
        seated = await self.players(db, match.id)
        users = [p.user_id for p in seated]
        random.SystemRandom().shuffle(users)
        await db.execute(delete(MatchPlayer).where(MatchPlayer.match_id == match.id))
        await db.flush()
        for seat, user_id in enumerate(users):
            db.add(MatchPlayer(match_id=match.id, seat=seat, user_id=user_id))
        game = adapter(match.game)
        state = game.new_game(match.config, match.seed, self.lexicons)
        match.status = "active"
        match.started_at = utcnow()
        return await self._append(db, match, state, game.events(state), first_seq=1)

    async def start_seated(
        self, db: AsyncSession, match: Match, seating: list[tuple[int, int]]
    ) -> Written:
        """Start the waiting ``match`` with the given ``(seat, user id)`` pairs, as given: a
        room's players chose their seats (teams, roles), so nothing is shuffled.

        Runs in the caller's transaction (a room's); once it commits, the caller runs the
        step that follows it: :meth:`run_after_commit` of ``AfterCommit(match, written)``.
        """
        await db.execute(delete(MatchPlayer).where(MatchPlayer.match_id == match.id))
        await db.flush()
        db.add_all(MatchPlayer(match_id=match.id, seat=seat, user_id=user_id)
                   for seat, user_id in seating)
        await db.flush()
        game = adapter(match.game)
        state = game.new_game(match.config, match.seed, self.lexicons)
        match.status = "active"
        match.started_at = utcnow()
        return await self._append(db, match, state, game.events(state), first_seq=1)
