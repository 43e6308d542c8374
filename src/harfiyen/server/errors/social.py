"""Between players: blocks, and the chat of matches and rooms."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

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
