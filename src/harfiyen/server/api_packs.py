"""The REST API of word packs: ``POST/GET /api/packs``, ``DELETE /api/packs/{id}``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Request
from pydantic import Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from harfiyen.server.api import CurrentUser, Db, address_of, settings_of
from harfiyen.server.errors import fail
from harfiyen.server.errors import packs as pack_errors
from harfiyen.server.models import WordPack
from harfiyen.server.packs import create_pack, own_pack, pack_json
from harfiyen.server.schemas import DB_INT_MAX, DisplayName, Strict

router = APIRouter(prefix="/api")

PackId = Annotated[int, Path(ge=1, le=DB_INT_MAX)]


class CreatePackRequest(Strict):
    name: DisplayName
    language: Literal["tr", "en"] = "tr"
    # One word per line, or comma separated.
    text: str = Field(max_length=100_000)


@router.post("/packs", status_code=201)
async def post_pack(body: CreatePackRequest, request: Request, user: CurrentUser, db: Db
                    ) -> Any:
    pack = await create_pack(db, settings_of(request), user.id, body.name, body.language,
                             body.text, address_of(request))
    try:
        await db.commit()
    except IntegrityError:  # the same name saved at the same moment
        raise fail(pack_errors.PACK_NAME_TAKEN, status=409, name=body.name) from None
    return pack_json(pack)


@router.get("/packs")
async def my_packs(user: CurrentUser, db: Db) -> Any:
    packs = (await db.execute(
        select(WordPack).where(WordPack.user_id == user.id).order_by(WordPack.id)
    )).scalars().all()
    return {"packs": [pack_json(p) for p in packs]}


@router.delete("/packs/{pack_id}")
async def delete_pack(pack_id: PackId, user: CurrentUser, db: Db) -> Any:
    pack = await own_pack(db, user.id, pack_id)
    await db.delete(pack)
    await db.commit()
    return {"deleted": pack_id}
