"""The room service: its parts (``rooms/``: store, membership, seating, lifecycle,
listing) as the one object the API, the websocket and the sweepers drive rooms through."""

from __future__ import annotations

from harfiyen.server.rooms.lifecycle import RoomLifecycle
from harfiyen.server.rooms.listing import RoomListing


class RoomService(RoomLifecycle, RoomListing):
    """Every room operation: members and seats, the host's controls, starting matches,
    quick play and the public list."""


__all__ = ["RoomService"]
