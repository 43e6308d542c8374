"""Errors the server itself raises, with stable codes and Turkish and English messages.

Three kinds, three classes: what a game's rules refuse (``GameError``, from the
engines, passed through unchanged), a request the server refuses
(:class:`Refused`: not found, forbidden, busy, a bad request) and an internal
failure (:class:`InternalFailure`). All reach clients as
``{"code", "message", "details"}`` with the message in the user's language.
"""

from __future__ import annotations

from typing import Any, Final

from harfiyen.core.errors import ErrorKind, HarfiyenError, Message


class Refused(HarfiyenError):
    """A request the server refuses; ``status`` is the HTTP status for the REST API."""

    status: int = 400


class InternalFailure(HarfiyenError):
    """Something that should not happen did (a log that does not replay, a bug): the
    user is told, the details go to the log."""

    status: int = 500


def fail(kind: ErrorKind, status: int = 400, **details: Any) -> Refused:
    error = kind.error(Refused, **details)
    error.status = status
    return error


def internal(kind: ErrorKind, **details: Any) -> InternalFailure:
    return kind.error(InternalFailure, **details)


def because(kind: ErrorKind, error: HarfiyenError, status: int) -> Refused:
    """``kind`` (a message with a ``{problem}`` slot) for a game's refusal ``error``: the
    game's own words as the problem, its code as ``reason`` (a bad config, a room that
    cannot start)."""
    out = Refused(kind.code, Message(kind.tr.format(problem=error.message.tr),
                                         kind.en.format(problem=error.message.en)),
                      {"reason": error.code, **error.details})
    out.status = status
    return out


def infrastructure_error(error: BaseException) -> Refused | None:
    """The clear answer to a failure of the database, else ``None``.

    A request that waits too long for a pooled connection is ``server.busy``; a
    lost or refused database connection (a restart) is ``server.unavailable``.
    Both are 503: nothing was written, the client may try again.
    """
    from sqlalchemy import exc

    if isinstance(error, exc.TimeoutError):
        return fail(SERVER_BUSY, status=503)
    # A value the database cannot hold (an id past its integer range, a NUL in text) is the
    # caller's mistake; the edge checks catch the known ones, this any others.
    if isinstance(error, exc.DataError | OverflowError):
        return fail(INVALID_REQUEST, status=422, problem="a value is out of range")
    if isinstance(error, exc.DBAPIError) and (
        error.connection_invalidated or isinstance(error, exc.InterfaceError | exc.OperationalError)
    ):
        return fail(SERVER_UNAVAILABLE, status=503)
    if isinstance(error, ConnectionError):  # a refused connection the driver did not wrap
        return fail(SERVER_UNAVAILABLE, status=503)
    return None


def error_body(error: HarfiyenError, language: str) -> dict[str, Any]:
    """What a client receives: the stable code, the message in ``language``, the details."""
    return {
        "code": error.code,
        "message": error.message.in_language(language),
        "details": _jsonable(dict(error.details)),
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


# --- accounts -----------------------------------------------------------------------------
NOT_AUTHENTICATED: Final = ErrorKind(
    "auth.required", "Önce giriş yapmalısın.", "You need to sign in first."
)
BAD_CREDENTIALS: Final = ErrorKind(
    "auth.bad_credentials", "Kullanıcı adı ya da parola yanlış.", "Wrong username or password."
)
USERNAME_TAKEN: Final = ErrorKind(
    "auth.username_taken",
    "“{username}” kullanıcı adı alınmış.",
    "The username “{username}” is taken.",
)
CSRF_FAILED: Final = ErrorKind(
    "auth.csrf",
    "Güvenlik belirteci eksik ya da yanlış; sayfayı yenileyip tekrar dene.",
    "The security token is missing or wrong; reload the page and try again.",
)
TOO_MANY_ATTEMPTS: Final = ErrorKind(
    "auth.too_many_attempts",
    "Çok fazla deneme oldu; {seconds} saniye sonra tekrar dene.",
    "Too many attempts; try again in {seconds} seconds.",
)
NOT_A_GUEST: Final = ErrorKind(
    "auth.not_guest",
    "Bu hesap zaten kayıtlı.",
    "This account is already registered.",
)
BAD_ORIGIN: Final = ErrorKind(
    "auth.bad_origin",
    "Bu bağlantı başka bir siteden açılamaz.",
    "This connection cannot be opened from another site.",
)

# --- requests -----------------------------------------------------------------------------
INVALID_REQUEST: Final = ErrorKind(
    "request.invalid",
    "İstek geçersiz: {problem}",
    "Invalid request: {problem}",
)
FRAME_TOO_LARGE: Final = ErrorKind(
    "request.too_large",
    "Mesaj çok büyük ({size} bayt; en çok {limit}).",
    "The message is too large ({size} bytes; at most {limit}).",
)
FRAME_RATE: Final = ErrorKind(
    "request.rate_limited",
    "Çok hızlı mesaj gönderiyorsun; biraz yavaşla.",
    "You are sending messages too fast; slow down.",
)
MALFORMED_FRAME: Final = ErrorKind(
    "request.malformed",
    "Mesaj okunamadı: JSON nesnesi bekleniyordu.",
    "The message could not be read: a JSON object was expected.",
)
SERVER_BUSY: Final = ErrorKind(
    "server.busy",
    "Sunucu şu anda çok yoğun; birazdan tekrar dene.",
    "The server is very busy right now; try again in a moment.",
)
SERVER_UNAVAILABLE: Final = ErrorKind(
    "server.unavailable",
    "Veritabanına şu anda ulaşılamıyor; birazdan tekrar dene.",
    "The database cannot be reached right now; try again in a moment.",
)
INTERNAL: Final = ErrorKind(
    "server.internal",
    "Sunucuda bir hata oldu; tekrar dene.",
    "Something went wrong on the server; try again.",
)
NOT_FOUND: Final = ErrorKind(
    "request.not_found", "Bu adreste bir şey yok.", "There is nothing at this address."
)
METHOD_NOT_ALLOWED: Final = ErrorKind(
    "request.method",
    "Bu adres bu yöntemle kullanılamaz ({method}).",
    "This address cannot be used with this method ({method}).",
)
UNKNOWN_GAME: Final = ErrorKind(
    "match.unknown_game", "Böyle bir oyun yok: {game}.", "There is no game called {game}."
)
REPLAY_DIVERGED: Final = ErrorKind(
    "match.replay_diverged",
    "Bu maçın kaydı yeniden oynatılamıyor ({seq}. olayda); maç açılamaz. Sorun kaydedildi.",
    "This match's record does not replay (at event {seq}); it cannot be opened. "
    "The problem has been logged.",
)
BAD_CONFIG: Final = ErrorKind(
    "match.bad_config",
    "Bu oyun ayarları geçersiz: {problem}",
    "These game settings are invalid: {problem}",
)
UNKNOWN_PHASE: Final = ErrorKind(
    "match.unknown_phase",
    "Bu oyunda “{phase}” diye bir aşama yok; süre şu aşamalara konabilir: {phases}.",
    "This game has no phase “{phase}”; timers can be set for: {phases}.",
)
RANKED_NOT_ALLOWED: Final = ErrorKind(
    "match.ranked_not_allowed",
    "Bu oyun ve dil için dereceli maç açılamaz ({game}, {language}).",
    "Ranked matches are not available for this game and language ({game}, {language}).",
)

# --- matches ------------------------------------------------------------------------------
MATCH_NOT_FOUND: Final = ErrorKind(
    "match.not_found", "Böyle bir maç yok.", "There is no such match."
)
NOT_A_PLAYER: Final = ErrorKind(
    "match.not_a_player",
    "Bu maçta oyuncu değilsin.",
    "You are not a player in this match.",
)
MATCH_NOT_ACTIVE: Final = ErrorKind(
    "match.not_active",
    "Bu maç şu anda oynanmıyor (durum: {state}).",
    "This match is not being played right now (status: {state}).",
)
MATCH_BUSY: Final = ErrorKind(
    "match.busy",
    "Aynı anda başka bir hamle yazıldı; tekrar dene.",
    "Another move was written at the same time; try again.",
)
NOT_FINISHED: Final = ErrorKind(
    "match.not_finished",
    "Rövanş için önce maçın bitmesi gerekir.",
    "The match must be over before a rematch.",
)
INVITE_NOT_FOUND: Final = ErrorKind(
    "invite.not_found", "Böyle bir davet yok.", "There is no such invitation."
)
INVITE_CLOSED: Final = ErrorKind(
    "invite.closed",
    "Bu davet artık geçerli değil (durum: {state}).",
    "This invitation is no longer valid (status: {state}).",
)
INVITE_NOT_FOR_YOU: Final = ErrorKind(
    "invite.not_for_you",
    "Bu davet sana gönderilmemiş.",
    "This invitation was not sent to you.",
)
OWN_INVITE: Final = ErrorKind(
    "invite.own",
    "Kendi davetini kabul edemezsin.",
    "You cannot accept your own invitation.",
)
USER_NOT_FOUND: Final = ErrorKind(
    "user.not_found", "“{username}” adlı kullanıcı yok.", "There is no user “{username}”."
)

# --- social, chat, matchmaking, push ------------------------------------------------------
BLOCKED: Final = ErrorKind(
    "social.blocked",
    "Bu oyuncuyla aranızda bir engel var.",
    "There is a block between you and this player.",
)
SELF_RELATION: Final = ErrorKind(
    "social.self", "Bunu kendinle yapamazsın.", "You cannot do this with yourself."
)
CHAT_TOO_LONG: Final = ErrorKind(
    "chat.too_long",
    "Mesaj çok uzun ({length} karakter; en çok {limit}).",
    "The message is too long ({length} characters; at most {limit}).",
)
CHAT_EMPTY: Final = ErrorKind("chat.empty", "Mesaj boş.", "The message is empty.")
CHAT_RATE: Final = ErrorKind(
    "chat.rate_limited",
    "Çok hızlı yazıyorsun; {seconds} saniye bekle.",
    "You are writing too fast; wait {seconds} seconds.",
)
# The game's chat policy refuses (one code; the message says whose right it is).
CHAT_NOT_ALLOWED: Final = ErrorKind(
    "chat.not_allowed",
    "Oyun sürerken bu koltuktan sohbete yazılamaz; oyun bitince herkes yazabilir.",
    "This seat cannot write in the chat while the game runs; everyone can once it ends.",
)
CHAT_SPECTATOR: Final = ErrorKind(
    "chat.not_allowed",
    "İzleyiciler sohbeti yalnızca okuyabilir.",
    "Spectators can only read the chat.",
)
PLATFORM_MOVE: Final = ErrorKind(
    "match.platform_move",
    "Süre dolması hamlesini yalnızca sunucu yapar.",
    "Only the server makes the timeout move.",
)
SEAT_HANDED: Final = ErrorKind(
    "match.seat_handed",
    "Bu koltukta şimdi senin yerine yapay zekâ oynuyor; oynamak, kart işaretlemek ya da "
    "sohbete yazmak için önce koltuğunu geri al.",
    "The AI is playing this seat for you now; take your seat back to play, mark cards or "
    "chat.",
)
HAND_NOT_ALLOWED: Final = ErrorKind(
    "match.hand_not_allowed",
    "Bir koltuğu yapay zekâya yalnızca o koltuktaki oyuncu ya da odanın sahibi verebilir; "
    "oyuncusu masadan ayrılmış bir koltuğu masadaki herkes verebilir.",
    "Only the seat's player or the room's host can hand a seat to the AI; a seat whose "
    "player has left the table, anyone seated at it can.",
)
ABANDON_NOT_HERE: Final = ErrorKind(
    "match.abandon_not_here",
    "Oyunu kazanmış saymak yalnızca süresiz, iki kişilik bir kelime oyununda, sıra "
    "rakibindeyken istenebilir.",
    "A win can be claimed only in an untimed two-player crossword match while it is your "
    "opponent's turn.",
)
ABANDON_TOO_EARLY: Final = ErrorKind(
    "match.abandon_too_early",
    "Rakibin {hours} saattir oynamıyor; oyunu kazanmış saymak için {abandon} saat "
    "beklenir ({left} saat kaldı).",
    "Your opponent has not played for {hours} hours; a win can be claimed after {abandon} "
    "hours ({left} hours left).",
)
HAND_RANKED: Final = ErrorKind(
    "match.hand_ranked",
    "Dereceli bir oyunda koltuk yapay zekâya verilemez.",
    "A seat of a ranked match cannot be handed to the AI.",
)
HAND_AI_SEAT: Final = ErrorKind(
    "match.hand_ai_seat",
    "Bu koltukta zaten yapay zekâ oynuyor.",
    "The AI already plays this seat.",
)
HAND_NO_AI: Final = ErrorKind(
    "match.hand_no_ai",
    "Bu oyunda yapay zekâ yok (seviyeler: {levels}).",
    "This game has no such AI (levels: {levels}).",
)
NO_MARKS: Final = ErrorKind(
    "match.no_marks",
    "Bu oyunda kart işaretlenmez.",
    "This game has no card marks.",
)
QUEUE_NOT_FOUND: Final = ErrorKind(
    "matchmaking.not_queued", "Eşleşme sırasında değilsin.", "You are not waiting for a match."
)
PUSH_BAD_ENDPOINT: Final = ErrorKind(
    "push.bad_endpoint",
    "Bildirim adresi kabul edilmedi: {problem}",
    "The push endpoint was refused: {problem}",
)

# --- previews and meanings ----------------------------------------------------------------
PREVIEW_NOT_SUPPORTED: Final = ErrorKind(
    "preview.not_supported",
    "Bu oyunda hamle önizlemesi yok.",
    "This game has no move preview.",
)
BAD_LANGUAGE: Final = ErrorKind(
    "meanings.bad_language",
    "Anlamlar yalnızca Türkçe (tr) ve İngilizce (en) için var; “{lang}” bilinmiyor.",
    "Meanings exist only for Turkish (tr) and English (en); “{lang}” is unknown.",
)
WORD_TOO_LONG: Final = ErrorKind(
    "meanings.word_too_long",
    "Kelime çok uzun ({length} karakter; en çok {limit}).",
    "The word is too long ({length} characters; at most {limit}).",
)
MEANINGS_UNAVAILABLE: Final = ErrorKind(
    "meanings.unavailable",
    "Sözlük anlamları şu anda yüklenemiyor; daha sonra tekrar dene.",
    "The dictionary meanings cannot be loaded right now; try again later.",
)

# --- rooms --------------------------------------------------------------------------------
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

# --- quotas (429; ``details``: ``limit`` and ``scope``, "account" or "address") ----------
# One code per quota; the message says whose limit it is: the account's, or that of every
# account at one network address.
ROOMS_QUOTA: Final = ErrorKind(
    "room.too_many",
    "En çok {limit} açık odan olabilir; yenisini açmadan önce birinden ayrıl.",
    "You can have at most {limit} open rooms; leave one before opening another.",
)
ROOMS_QUOTA_ADDRESS: Final = ErrorKind(
    "room.too_many",
    "Bu ağ adresinden en çok {limit} açık oda olabilir; biri kapanınca tekrar dene.",
    "At most {limit} rooms can be open from this network address; try again when one closes.",
)
WAITING_QUOTA: Final = ErrorKind(
    "match.too_many_waiting",
    "Başlamayı bekleyen en çok {limit} maçın olabilir; yenisini açmadan önce birini iptal et.",
    "You can have at most {limit} matches waiting to start; cancel one before creating "
    "another.",
)
WAITING_QUOTA_ADDRESS: Final = ErrorKind(
    "match.too_many_waiting",
    "Bu ağ adresinden başlamayı bekleyen en çok {limit} maç olabilir; biri başlayınca ya da "
    "iptal edilince tekrar dene.",
    "At most {limit} matches waiting to start can come from this network address; try again "
    "when one starts or is cancelled.",
)
AI_TABLES_QUOTA: Final = ErrorKind(
    "match.too_many_ai_tables",
    "Yalnızca yapay zekânın oynadığı en çok {limit} masan aynı anda sürebilir; biri bitince "
    "tekrar dene.",
    "At most {limit} of your tables where only the AI plays can run at once; try again when "
    "one ends.",
)
AI_TABLES_QUOTA_ADDRESS: Final = ErrorKind(
    "match.too_many_ai_tables",
    "Bu ağ adresinden yalnızca yapay zekânın oynadığı en çok {limit} masa aynı anda sürebilir; "
    "biri bitince tekrar dene.",
    "At most {limit} tables where only the AI plays can run at once from this network "
    "address; try again when one ends.",
)
WS_TOO_MANY: Final = ErrorKind(
    "ws.too_many_connections",
    "Bu oturumla en çok {limit} bağlantı açık olabilir; başka bir sekmeyi kapatıp tekrar dene.",
    "At most {limit} connections can be open with this session; close another tab and try "
    "again.",
)

# --- word packs ---------------------------------------------------------------------------
PACK_NOT_FOUND: Final = ErrorKind(
    "pack.not_found", "Böyle bir kelime paketin yok.", "You have no such word pack."
)
PACK_NOT_FOR_GAME: Final = ErrorKind(
    "pack.not_for_game",
    "Bu oyunda kelime paketi seçilemez.",
    "This game does not use word packs.",
)
PACK_WRONG_LANGUAGE: Final = ErrorKind(
    "pack.wrong_language",
    "Bu paket {pack} dilinde; oyun {language} dilinde.",
    "This pack is in {pack}; the game is in {language}.",
)
PACK_NAME_TAKEN: Final = ErrorKind(
    "pack.name_taken",
    "“{name}” adlı bir paketin zaten var.",
    "You already have a pack called “{name}”.",
)
PACK_TOO_MANY: Final = ErrorKind(
    "pack.too_many",
    "En çok {limit} kelime paketin olabilir; önce birini sil.",
    "You can keep at most {limit} word packs; delete one first.",
)
PACK_TOO_MANY_ADDRESS: Final = ErrorKind(
    "pack.too_many",
    "Bu ağ adresinden en çok {limit} kelime paketi saklanabilir; önce birini sil.",
    "At most {limit} word packs can be kept from this network address; delete one first.",
)
PACK_TOO_LARGE: Final = ErrorKind(
    "pack.too_large",
    "Paket çok büyük ({count} kelime; en çok {limit}).",
    "The pack is too large ({count} words; at most {limit}).",
)
PACK_TOO_SMALL: Final = ErrorKind(
    "pack.too_small",
    "Kelime paketinde en az {needed} farklı kelime olmalı; bu pakette {count} var.",
    "A word pack needs at least {needed} distinct words; this one has {count}.",
)
PACK_BAD_LINES: Final = ErrorKind(
    "pack.bad_lines",
    "Şu satırlardaki kelimeler kullanılamaz: {where}.",
    "The words on these lines cannot be used: {where}.",
)
# Why one entry of a pack is refused (the reasons of games.codenames.words.word_problem).
PACK_LINE_EMPTY: Final = ErrorKind(
    "pack.empty_word", "boş kelime", "an empty word"
)
PACK_LINE_NOT_ONE_WORD: Final = ErrorKind(
    "pack.not_one_word",
    "tek kelime değil (boşluk, tire ya da noktalama var)",
    "not a single word (it has a space, a hyphen or punctuation)",
)
PACK_LINE_NOT_LETTERS: Final = ErrorKind(
    "pack.not_letters",
    "bu dilin alfabesinde olmayan karakterler var: {chars}",
    "it has characters outside this language's alphabet: {chars}",
)
