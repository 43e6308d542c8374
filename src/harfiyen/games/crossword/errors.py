"""Every way a crossword move can be wrong, with a stable code and a message in Turkish and English.

Messages say what is wrong and where: squares are named like ``H8`` (column
letter, 1-based row) and words are listed. Each kind's ``details`` carry the
same facts as data (square names, words, counts) for clients that render
their own text.
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


class CrosswordError(GameError):
    """A crossword move or request the rules refuse; the game is unchanged."""


fail = CrosswordError.of


# --- turn and game state -----------------------------------------------------------------
NOT_YOUR_TURN: Final = ErrorKind(
    "not_your_turn",
    "Sıra sende değil; sıra {player}. oyuncuda.",
    "It is not your turn; player {player} is to move.",
)
RESOLVE_CHALLENGE_FIRST: Final = ErrorKind(
    "resolve_challenge_first",
    "Son hamle oyunu bitiriyor: önce itiraz et ya da hamleyi kabul et.",
    "The last play ends the game: challenge it or accept it first.",
)

# --- setting up a game -----------------------------------------------------------------
UNKNOWN_RULES: Final = ErrorKind(
    "unknown_rules",
    "Böyle bir kural takımı yok: {rules} (var olanlar: {known}).",
    "There is no rule set {rules} (known: {known}).",
)
PLAYER_COUNT: Final = ErrorKind(
    "player_count",
    "{rules} kurallarıyla {min}–{max} kişi oynar; {players} olmaz.",
    "{rules} is played by {min} to {max} players, not {players}.",
)
NO_SUCH_CHALLENGE: Final = ErrorKind(
    "no_such_challenge",
    "{rules} kurallarında bu itiraz kuralı yok: {challenge} (olanlar: {allowed}).",
    "{rules} has no challenge rule {challenge} (it has: {allowed}).",
)
NO_SUCH_VARIANT: Final = ErrorKind(
    "no_such_variant",
    "{rules} kurallarında bu çeşit yok: {variant} (olanlar: {allowed}).",
    "{rules} has no variant {variant} (it has: {allowed}).",
)

LEXICON_LANGUAGE: Final = ErrorKind(
    "lexicon_language",
    "{lexicon} sözlüğü {rules} kurallarının dili ({language}) için değil.",
    "The lexicon {lexicon} is not in the language of the {rules} rules ({language}).",
)

# --- placing tiles ----------------------------------------------------------------------
EMPTY_MOVE: Final = ErrorKind(
    "empty_move",
    "Tahtaya hiç taş koymadın.",
    "You have not placed any tiles.",
)
OFF_BOARD: Final = ErrorKind(
    "off_board",
    "Tahtanın dışında kare var: {squares}.",
    "Off the board: {squares}.",
)
DUPLICATE_SQUARE: Final = ErrorKind(
    "duplicate_square",
    "Aynı kareye birden çok taş koydun: {squares}.",
    "More than one tile on the same square: {squares}.",
)
SQUARE_OCCUPIED: Final = ErrorKind(
    "square_occupied",
    "Bu karelerde zaten taş var: {squares}.",
    "These squares already hold a tile: {squares}.",
)
BLANK_NEEDS_LETTER: Final = ErrorKind(
    "blank_needs_letter",
    "{square} karesindeki joker için bir harf seç.",
    "Choose a letter for the blank on {square}.",
)
BAD_LETTER: Final = ErrorKind(
    "bad_letter",
    "{square} karesindeki '{letter}' bu oyunun alfabesinde bir harf değil.",
    "'{letter}' on {square} is not a letter of this game's alphabet.",
)
TILE_NOT_ON_RACK: Final = ErrorKind(
    "tile_not_on_rack",
    "Istakanda bu taşlar yok: {tiles}.",
    "These tiles are not on your rack: {tiles}.",
)
NOT_IN_LINE: Final = ErrorKind(
    "not_in_line",
    "Yeni taşlar tek bir satırda ya da sütunda olmalı: {squares}.",
    "New tiles must lie in one row or one column: {squares}.",
)
GAP_IN_WORD: Final = ErrorKind(
    "gap_in_word",
    "Kelimede boşluk var; şu kareler boş: {squares}.",
    "The word has a gap; these squares are empty: {squares}.",
)
FIRST_MOVE_OFF_CENTRE: Final = ErrorKind(
    "first_move_off_centre",
    "İlk kelime ortadaki yıldızlı kareden ({centre}) geçmeli.",
    "The first word must cover the centre star ({centre}).",
)
FIRST_WORD_TOO_SHORT: Final = ErrorKind(
    "first_word_too_short",
    "İlk kelime en az 2 harfli olmalı.",
    "The first word must have at least 2 letters.",
)
NOT_CONNECTED: Final = ErrorKind(
    "not_connected",
    "Yeni taşlar tahtadaki taşlara bağlanmalı: {squares}.",
    "New tiles must touch the tiles already on the board: {squares}.",
)
NO_WORD_FORMED: Final = ErrorKind(
    "no_word_formed",
    "Bu taşlar en az 2 harfli bir kelime oluşturmuyor: {squares}.",
    "These tiles do not form a word of at least 2 letters: {squares}.",
)
UNKNOWN_WORDS: Final = ErrorKind(
    "unknown_words",
    "Sözlükte olmayan kelime: {words}.",
    "Not in the lexicon: {words}.",
)

# --- exchanging -------------------------------------------------------------------------
EXCHANGE_BAG_TOO_SMALL: Final = ErrorKind(
    "exchange_bag_too_small",
    "Torbada {bag_count} taş var; değiştirmek için en az {needed} taş olmalı.",
    "The bag holds {bag_count} tiles; exchanging needs at least {needed}.",
)
EXCHANGE_WHOLE_RACK: Final = ErrorKind(
    "exchange_whole_rack",
    "Bu kurallarda ıstakadaki bütün taşlar birlikte değiştirilir ({rack}).",
    "These rules exchange the whole rack at once ({rack}).",
)
EXCHANGE_COUNT: Final = ErrorKind(
    "exchange_count",
    "1 ile {rack_size} arasında taş değiştirebilirsin; {count} taş seçtin.",
    "You may exchange 1 to {rack_size} tiles; you chose {count}.",
)

# --- challenges -------------------------------------------------------------------------
CHALLENGE_NOT_AVAILABLE: Final = ErrorKind(
    "challenge_not_available",
    "Bu kurallarda itiraz yok; kelimeler gönderilirken denetlenir.",
    "These rules have no challenges; words are checked when submitted.",
)
NOTHING_TO_CHALLENGE: Final = ErrorKind(
    "nothing_to_challenge",
    "İtiraz edilecek bir hamle yok.",
    "There is no play to challenge.",
)
CHALLENGE_OWN_PLAY: Final = ErrorKind(
    "challenge_own_play",
    "Kendi hamlene itiraz edemezsin.",
    "You cannot challenge your own play.",
)
NOTHING_TO_ACCEPT: Final = ErrorKind(
    "nothing_to_accept",
    "Kabul edilecek, itiraz bekleyen bir hamle yok.",
    "There is no play awaiting a challenge to accept.",
)

# --- views ----------------------------------------------------------------------------

CATALOGUE: Final[tuple[ErrorKind, ...]] = (
    GAME_OVER, UNKNOWN_SEAT, NOT_YOUR_TURN, UNKNOWN_MOVE, RESOLVE_CHALLENGE_FIRST,
    UNKNOWN_RULES, PLAYER_COUNT, NO_SUCH_CHALLENGE, NO_SUCH_VARIANT, LEXICON_LANGUAGE,
    EMPTY_MOVE, OFF_BOARD, DUPLICATE_SQUARE, SQUARE_OCCUPIED, BLANK_NEEDS_LETTER, BAD_LETTER,
    TILE_NOT_ON_RACK, NOT_IN_LINE, GAP_IN_WORD, FIRST_MOVE_OFF_CENTRE, FIRST_WORD_TOO_SHORT,
    NOT_CONNECTED, NO_WORD_FORMED, UNKNOWN_WORDS, EXCHANGE_BAG_TOO_SMALL, EXCHANGE_WHOLE_RACK,
    EXCHANGE_COUNT, CHALLENGE_NOT_AVAILABLE, NOTHING_TO_CHALLENGE, CHALLENGE_OWN_PLAY,
    NOTHING_TO_ACCEPT, OMNISCIENT_BEFORE_END,
)
"""Every crossword error kind; codes are unique and stable."""

__all__ = [
    "BAD_LETTER",
    "BLANK_NEEDS_LETTER",
    "CATALOGUE",
    "CHALLENGE_NOT_AVAILABLE",
    "CHALLENGE_OWN_PLAY",
    "DUPLICATE_SQUARE",
    "EMPTY_MOVE",
    "EXCHANGE_BAG_TOO_SMALL",
    "EXCHANGE_COUNT",
    "EXCHANGE_WHOLE_RACK",
    "FIRST_MOVE_OFF_CENTRE",
    "FIRST_WORD_TOO_SHORT",
    "GAME_OVER",
    "GAP_IN_WORD",
    "LEXICON_LANGUAGE",
    "NOTHING_TO_ACCEPT",
    "NOTHING_TO_CHALLENGE",
    "NOT_CONNECTED",
    "NOT_IN_LINE",
    "NOT_YOUR_TURN",
    "NO_SUCH_CHALLENGE",
    "NO_SUCH_VARIANT",
    "NO_WORD_FORMED",
    "OFF_BOARD",
    "OMNISCIENT_BEFORE_END",
    "PLAYER_COUNT",
    "RESOLVE_CHALLENGE_FIRST",
    "SQUARE_OCCUPIED",
    "TILE_NOT_ON_RACK",
    "UNKNOWN_MOVE",
    "UNKNOWN_RULES",
    "UNKNOWN_SEAT",
    "UNKNOWN_WORDS",
    "CrosswordError",
    "fail",
]
