"""Reference answers: move previews and dictionary meanings."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

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
