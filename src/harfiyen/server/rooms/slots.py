"""What a game offers a room (the registry's room fields) and how its seats fill: the
order a newcomer or an AI takes them in, and the rotation of a rematch."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from harfiyen.core.errors import HarfiyenError
from harfiyen.core.registry import GameSpec
from harfiyen.games import game as registered_game
from harfiyen.server.errors import fail
from harfiyen.server.errors import matches as match_errors


def room_slots(spec: GameSpec[Any, Any, Any], config: Any) -> tuple[dict[str, Any], ...]:
    """The seats a room offers for ``config``, as public descriptors, in slot order."""
    return tuple(dict(d) for d in spec.room_slots(config))


def seated_config(spec: GameSpec[Any, Any, Any], config: Any, filled: Sequence[int]) -> Any:
    """The checked config for the filled slot indices; raises the engine's refusal."""
    return spec.check_config(spec.seated_config(config, filled))


def uses_packs(spec: GameSpec[Any, Any, Any]) -> bool:
    """A game whose board comes from a word list (its config has ``words``) takes the room
    option ``pack``: a pack id of the host's, or ``None`` for the game's built-in pack."""
    return "words" in config_defaults(spec)


def config_defaults(spec: GameSpec[Any, Any, Any]) -> dict[str, Any]:
    return {f.name: f.default for f in fields(spec.config_type)}


def game_spec(game: str) -> GameSpec[Any, Any, Any]:
    try:
        return registered_game(game)
    except HarfiyenError:
        raise fail(match_errors.UNKNOWN_GAME, game=game) from None


def preference_order(slots: Sequence[dict[str, Any]]) -> list[int]:
    """The slot indices in the order a newcomer (or an AI filler) takes them: the teams in
    turn, each team's seats in slot order (red spymaster, blue spymaster, red guesser...),
    so a half-full table is a balanced one."""
    teams: list[Any] = []
    for d in slots:
        if d.get("team") not in teams:
            teams.append(d.get("team"))
    rank: dict[Any, int] = {}
    keyed = []
    for index, d in enumerate(slots):
        team = d.get("team")
        keyed.append((rank.get(team, 0), teams.index(team), index))
        rank[team] = rank.get(team, 0) + 1
    return [index for _, _, index in sorted(keyed)]


Occupant = tuple[int | None, str | None]  # (user id, AI level)


def rotated(slots: Sequence[dict[str, Any]], occupants: Sequence[Occupant | None]
            ) -> list[Occupant | None]:
    """The seating of a rematch: in each team (the whole table for a game without teams)
    everyone moves one filled seat on, so the first seat's role (the spymaster) passes to
    the next player of the team and the first player goes to the end; then, when the teams
    have the same seats, the teams swap sides (Kelime Casusu: colours, and so who starts)."""
    out = list(occupants)
    teams: dict[Any, list[int]] = {}
    for index, d in enumerate(slots):
        teams.setdefault(d.get("team"), []).append(index)
    for indices in teams.values():
        used = [i for i in indices if occupants[i] is not None]
        people = [occupants[i] for i in used]
        for i, person in zip(used, people[1:] + people[:1], strict=True):
            out[i] = person
    groups = list(teams.values())
    shapes = {tuple(tuple(sorted((k, v) for k, v in slots[i].items() if k != "team"))
                    for i in g) for g in groups}
    if len(groups) > 1 and len(shapes) == 1:
        swapped = list(out)
        for g, h in zip(groups, groups[1:] + groups[:1], strict=True):
            for i, j in zip(g, h, strict=True):
                swapped[j] = out[i]
        out = swapped
    return out
