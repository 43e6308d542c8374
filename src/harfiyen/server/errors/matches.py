"""Matches: creating and finding them, invitations, commands, seats handed to the AI, claiming
an abandoned game, the matchmaking queue."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

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
