"""Every way a Kelime Casusu move or setup can be wrong: a stable code and Turkish + English text.

Details keep the facts as JSON-ready data (team and role names as their
English codes); the messages name teams and roles in each message's language.
"""

from __future__ import annotations

from typing import Final

from harfiyen.core.errors import (
    GAME_OVER,
    OMNISCIENT_BEFORE_END,
    UNKNOWN_MOVE,
    UNKNOWN_SEAT,
    ErrorKind,
    GameError,
)


class CodenamesError(GameError):
    """A Kelime Casusu move or request the rules refuse; the game is unchanged."""


# Teams and roles are named in each message's language (their ``tr_name`` in Turkish).
fail = CodenamesError.of


# --- turn and game state -----------------------------------------------------------------
NOT_YOUR_TURN: Final = ErrorKind(
    "not_your_turn",
    "Sıra sizde değil; sıra {team} takımda.",
    "It is not your turn; the {team} team is to act.",
)
NOT_YOUR_ROLE: Final = ErrorKind(
    "not_your_role",
    "Bu hamleyi yalnızca {role} yapabilir.",
    "Only a {role} can make this move.",
)
CLUE_ALREADY_GIVEN: Final = ErrorKind(
    "clue_already_given",
    "Bu turun ipucu verildi; şimdi tahminciler tahmin ediyor.",
    "This turn's clue has been given; the guessers are guessing now.",
)
NO_CLUE_YET: Final = ErrorKind(
    "no_clue_yet",
    "Henüz ipucu verilmedi; önce anlatıcı ipucu vermeli.",
    "No clue has been given yet; the spymaster gives one first.",
)
PASS_BEFORE_GUESS: Final = ErrorKind(
    "pass_before_guess",
    "Pas demeden önce en az bir tahmin yapmalısınız.",
    "Make at least one guess before passing.",
)

# --- clues ------------------------------------------------------------------------------
CLUE_EMPTY: Final = ErrorKind(
    "clue_empty",
    "İpucu boş olamaz; bir kelime yazın.",
    "The clue is empty; write a word.",
)
CLUE_NOT_ONE_WORD: Final = ErrorKind(
    "clue_not_one_word",
    "İpucu tek bir kelime olmalı; boşluk, tire ya da noktalama olamaz: {word}.",
    "The clue must be a single word, without spaces, hyphens or punctuation: {word}.",
)
CLUE_NOT_LETTERS: Final = ErrorKind(
    "clue_not_letters",
    "İpucu yalnızca bu oyunun alfabesindeki harflerden oluşmalı; şunlar olmaz: {chars}.",
    "The clue may use only letters of this game's alphabet; not these: {chars}.",
)
CLUE_IS_BOARD_WORD: Final = ErrorKind(
    "clue_is_board_word",
    "İpucu, tahtada henüz açılmamış bir kelimeyle aynı olamaz: {word}.",
    "The clue may not be a board word that is still covered: {word}.",
)
CLUE_SHARES_ROOT: Final = ErrorKind(
    "clue_shares_root",
    "Sıkı ipucu kuralı: {word} ipucu, tahtadaki {board_word} kelimesiyle aynı kökten.",
    "Strict clue rule: the clue {word} shares a root with the board word {board_word}.",
)
NUMBER_OUT_OF_RANGE: Final = ErrorKind(
    "number_out_of_range",
    "İpucunun sayısı {low} ile {high} arasında olmalı; {number} olmaz.",
    "The clue's number must be from {low} to {high}, not {number}.",
)

# --- guesses ----------------------------------------------------------------------------
INDEX_OUT_OF_RANGE: Final = ErrorKind(
    "index_out_of_range",
    "Tahtada {index} numaralı kart yok (kartlar 0 ile {last} arası).",
    "There is no card {index} on the board (cards are 0 to {last}).",
)
ALREADY_REVEALED: Final = ErrorKind(
    "already_revealed",
    "{word} kartı zaten açıldı.",
    "The card {word} is already revealed.",
)

# --- setup: seats, language, word packs -------------------------------------------------
UNKNOWN_LANGUAGE: Final = ErrorKind(
    "unknown_language",
    "Bilinmeyen dil: {language} (tr ya da en olmalı).",
    "Unknown language: {language} (must be tr or en).",
)
TEAM_NEEDS_ONE_SPYMASTER: Final = ErrorKind(
    "team_needs_one_spymaster",
    "Her takımın tam olarak bir anlatıcısı olmalı; {team} takımda {count} var.",
    "The {team} team needs exactly one spymaster; it has {count}.",
)
TEAM_NEEDS_A_GUESSER: Final = ErrorKind(
    "team_needs_a_guesser",
    "Her takımın en az bir tahmincisi olmalı; {team} takımda hiç yok.",
    "The {team} team needs at least one guesser.",
)
SOLO_SEATS_RED_ONLY: Final = ErrorKind(
    "solo_seats_red_only",
    "Tek takımlı oyunda yalnız kırmızı takımın koltukları olur.",
    "A solo game seats only the red team.",
)
PACK_TOO_SMALL: Final = ErrorKind(
    "pack_too_small",
    "Kelime paketinde en az {needed} farklı kelime olmalı; {count} var.",
    "A word pack needs at least {needed} distinct words; this one has {count}.",
)
PACK_BAD_WORDS: Final = ErrorKind(
    "pack_bad_words",
    "Pakette yalnızca harflerden oluşan tek kelimeler olabilir; uymayanlar: {words}.",
    "A pack may hold only single words made of letters; these are not: {words}.",
)

# --- views ------------------------------------------------------------------------------

CATALOGUE: Final[tuple[ErrorKind, ...]] = (
    GAME_OVER, UNKNOWN_SEAT, UNKNOWN_MOVE, NOT_YOUR_TURN, NOT_YOUR_ROLE, CLUE_ALREADY_GIVEN,
    NO_CLUE_YET, PASS_BEFORE_GUESS, CLUE_EMPTY, CLUE_NOT_ONE_WORD, CLUE_NOT_LETTERS,
    CLUE_IS_BOARD_WORD, CLUE_SHARES_ROOT, NUMBER_OUT_OF_RANGE, INDEX_OUT_OF_RANGE,
    ALREADY_REVEALED, UNKNOWN_LANGUAGE, TEAM_NEEDS_ONE_SPYMASTER, TEAM_NEEDS_A_GUESSER,
    SOLO_SEATS_RED_ONLY, PACK_TOO_SMALL, PACK_BAD_WORDS, OMNISCIENT_BEFORE_END,
)
"""Every Kelime Casusu error kind; codes are unique and stable."""

__all__ = [
    "ALREADY_REVEALED",
    "CATALOGUE",
    "CLUE_ALREADY_GIVEN",
    "CLUE_EMPTY",
    "CLUE_IS_BOARD_WORD",
    "CLUE_NOT_LETTERS",
    "CLUE_NOT_ONE_WORD",
    "CLUE_SHARES_ROOT",
    "GAME_OVER",
    "INDEX_OUT_OF_RANGE",
    "NOT_YOUR_ROLE",
    "NOT_YOUR_TURN",
    "NO_CLUE_YET",
    "NUMBER_OUT_OF_RANGE",
    "OMNISCIENT_BEFORE_END",
    "PACK_BAD_WORDS",
    "PACK_TOO_SMALL",
    "PASS_BEFORE_GUESS",
    "SOLO_SEATS_RED_ONLY",
    "TEAM_NEEDS_A_GUESSER",
    "TEAM_NEEDS_ONE_SPYMASTER",
    "UNKNOWN_LANGUAGE",
    "UNKNOWN_MOVE",
    "UNKNOWN_SEAT",
    "CodenamesError",
    "fail",
]
