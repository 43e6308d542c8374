"""Rooms: finding, joining and watching them, seats, the host's controls, starting."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

ROOM_NOT_FOUND: Final = ErrorKind(
    "room.not_found", "Böyle bir oda yok.", "There is no such room."
)
ROOM_CLOSED: Final = ErrorKind(
    "room.closed", "Bu oda kapandı.", "This room has closed."
)
ROOM_NOT_HOST: Final = ErrorKind(
    "room.not_host",
    "Bunu yalnızca odanın sahibi yapabilir.",
    "Only the room's host can do this.",
)
ROOM_NOT_MEMBER: Final = ErrorKind(
    "room.not_member",
    "Önce odaya katılmalısın.",
    "Join the room first.",
)
ROOM_MEMBER_NOT_FOUND: Final = ErrorKind(
    "room.member_not_found",
    "Bu kişi odada değil.",
    "This person is not in the room.",
)
ROOM_KICKED: Final = ErrorKind(
    "room.kicked",
    "Oda sahibi seni bu odadan çıkardı; odayı artık göremezsin ve yeniden katılamazsın.",
    "The host removed you from this room; you can no longer see it or join it again.",
)
ROOM_NO_SLOT: Final = ErrorKind(
    "room.no_slot",
    "Bu odada {slot} numaralı koltuk yok (koltuklar 0 ile {last} arası).",
    "This room has no seat {slot} (seats are 0 to {last}).",
)
ROOM_SEAT_TAKEN: Final = ErrorKind(
    "room.seat_taken",
    "Bu koltuk dolu; boş bir koltuk seç.",
    "This seat is taken; choose a free one.",
)
ROOM_SEAT_LOCKED: Final = ErrorKind(
    "room.seat_locked",
    "Oda sahibi bu koltuğu kilitledi.",
    "The host has locked this seat.",
)
ROOM_FULL: Final = ErrorKind(
    "room.full",
    "Oda dolu: boş koltuk kalmadı.",
    "The room is full: no seat is free.",
)
ROOM_MEMBERS_FULL: Final = ErrorKind(
    "room.crowded",
    "Odada yer kalmadı (en çok {limit} kişi).",
    "The room has no space left (at most {limit} people).",
)
ROOM_ALREADY_SEATED: Final = ErrorKind(
    "room.already_seated",
    "Zaten bu koltuktasın.",
    "You are already in this seat.",
)
ROOM_STARTED: Final = ErrorKind(
    "room.started",
    "Oyun başladı; koltuklar ve ayarlar oyun bitince değişebilir.",
    "The game has started; seats and settings can change once it is over.",
)
ROOM_CANNOT_START: Final = ErrorKind(
    "room.cannot_start",
    "Oyun bu oturma düzeniyle başlayamaz: {problem}",
    "The game cannot start with these seats: {problem}",
)
ROOM_NO_MATCH_YET: Final = ErrorKind(
    "room.no_match",
    "Bu odada henüz bir oyun oynanmadı; rövanş için önce oyunu başlatın.",
    "No game has been played in this room yet; start one before a rematch.",
)
ROOM_BAD_AI_LEVEL: Final = ErrorKind(
    "room.bad_ai_level",
    "Bu oyunda “{level}” diye bir yapay zekâ seviyesi yok (olanlar: {levels}).",
    "This game has no AI level “{level}” (there are: {levels}).",
)
ROOM_BAD_VIDEO_URL: Final = ErrorKind(
    "room.bad_video_url",
    "Görüntülü sohbet bağlantısı http:// ya da https:// ile başlayan bir adres olmalı.",
    "The video call link must be an address starting with http:// or https://.",
)
ROOM_NO_QUICK_PLAY: Final = ErrorKind(
    "room.no_quick_play",
    "Bu oyun için hızlı oyun yok.",
    "There is no quick play for this game.",
)
ROOM_LOOKUPS: Final = ErrorKind(
    "room.too_many_lookups",
    "Çok fazla yanlış oda kodu denendi; {seconds} saniye sonra tekrar dene.",
    "Too many wrong room codes were tried; try again in {seconds} seconds.",
)
