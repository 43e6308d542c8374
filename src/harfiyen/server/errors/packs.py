"""Word packs: a host's own word lists for Kelime Casusu boards."""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import ErrorKind

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
