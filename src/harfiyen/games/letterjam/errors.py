"""Every way a Harf Takıl move can be wrong: a stable code and Turkish + English text."""

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


class LetterJamError(GameError):
    """A Harf Takıl move or request the rules refuse; the game is unchanged."""


fail = LetterJamError.of


# --- setting up a game -----------------------------------------------------------------
PLAYER_COUNT: Final = ErrorKind(
    "player_count", "Harf Takıl {min}–{max} kişiyle oynanır; {players} olmaz.",
    "Harf Takıl is played by {min} to {max} players, not {players}.",
)
NONPLAYER_STANDS: Final = ErrorKind(
    "nonplayer_stands",
    "{players} oyuncuyla 0–{max} oyuncu olmayan sehpa kullanılır; {stands} olmaz.",
    "{players} players use 0 to {max} nonplayer stands, not {stands}.",
)
UNKNOWN_LANGUAGE: Final = ErrorKind(
    "unknown_language", "Bu dilde Harf Takıl yok: {language} (olanlar: tr, en).",
    "Harf Takıl has no language {language} (it has: tr, en).",
)
UNKNOWN_VERSION: Final = ErrorKind(
    "unknown_version", "Harf Takıl kurallarının böyle bir sürümü yok: {version}.",
    "There is no version {version} of the Harf Takıl rules.",
)
WORD_LENGTH: Final = ErrorKind(
    "word_length", "Gizli kelimeler {min}–{max} harfli olur; {length} olmaz.",
    "Secret words have {min} to {max} letters, not {length}.",
)
SECRET_WORD_COUNT: Final = ErrorKind(
    "secret_word_count", "{players} oyuncu için {count} gizli kelime verildi.",
    "{count} secret words were given for {players} players.",
)
BAD_SECRET_WORDS: Final = ErrorKind(
    "bad_secret_words",
    "Bu kelimeler gizli kelime olamaz (uzunluk, sözlük ya da yasak listesi): {words}.",
    "These words cannot be secret words (length, lexicon or block list): {words}.",
)
CANNOT_SPELL: Final = ErrorKind(
    "cannot_spell", "Destedeki kartlar {word} kelimesini yazmaya yetmiyor ({seat}. yer).",
    "The deck cannot spell {word} (seat {seat}).",
)
NO_SECRET_WORD: Final = ErrorKind(
    "no_secret_word", "{seat}. yer için {length} harfli bir gizli kelime dağıtılamıyor.",
    "No {length}-letter secret word can be dealt for seat {seat}.",
)

# --- game and seats ----------------------------------------------------------------------
WRONG_PHASE: Final = ErrorKind(
    "wrong_phase", "Bu hamle şu anda yapılamaz (oyun aşaması: {phase_tr}).",
    "This move cannot be made now (game phase: {phase}).",
)

# --- offers and votes --------------------------------------------------------------------
NO_TOKEN: Final = ErrorKind(
    "no_token", "Alabileceğin bir ipucu jetonu yok; ipucu veremezsin.",
    "There is no clue token you could take, so you cannot give a clue.",
)
BAD_OFFER: Final = ErrorKind(
    "bad_offer",
    "Bu teklif olamaz: {length} harf, {players} oyuncu, {nonplayers} oyuncu olmayan sehpa "
    "(en çok {max_players} oyuncu ve {max_nonplayers} sehpa).",
    "This offer is impossible: {length} letters, {players} players, {nonplayers} nonplayer "
    "stands (at most {max_players} players and {max_nonplayers} stands).",
)
NO_OFFER: Final = ErrorKind(
    "no_offer", "{player}. oyuncunun bu turda bir ipucu teklifi yok.",
    "Player {player} has no clue offer this round.",
)
NOTHING_TO_WITHDRAW: Final = ErrorKind(
    "nothing_to_withdraw", "Geri çekilecek bir teklifin ya da ipucu sıran yok.",
    "You have no offer or clue turn to withdraw.",
)

# --- giving a clue -----------------------------------------------------------------------
NOT_CLUEGIVER: Final = ErrorKind(
    "not_cluegiver", "İpucunu {player}. oyuncu verecek; sen seçilmedin.",
    "Player {player} gives the clue; you were not chosen.",
)
BONUS_NAMING_PENDING: Final = ErrorKind(
    "bonus_naming_pending",
    "Önce şu oyuncular ipucunda kullanılan bonus harflerini söylemeli: {players}.",
    "First these players must name their bonus letters used in the last clue: {players}.",
)
EMPTY_CLUE: Final = ErrorKind(
    "empty_clue", "İpucu en az bir karttan oluşmalı.", "A clue needs at least one card.",
)
OWN_CARD_NOT_VISIBLE: Final = ErrorKind(
    "own_card_not_visible",
    "Kendi kartını göremezsin; ipucunda kullanamazsın ({card}).",
    "You cannot see your own card, so you cannot use it in a clue ({card}).",
)
NO_SUCH_CARD: Final = ErrorKind(
    "no_such_card", "Masada böyle görünür bir kart yok: {card}.",
    "There is no such visible card on the table: {card}.",
)
WILDCARD_NEEDS_LETTER: Final = ErrorKind(
    "wildcard_needs_letter", "Joker kullanıyorsun: yerine geçtiği harfi seç.",
    "You use the wildcard: choose the letter it stands for.",
)
WILDCARD_NOT_USED: Final = ErrorKind(
    "wildcard_not_used", "Joker ipucunda yok; ona harf verilemez.",
    "The wildcard is not in the clue, so it cannot stand for a letter.",
)
BAD_LETTER: Final = ErrorKind(
    "bad_letter", "'{letter}' bu oyunun alfabesinde tek bir harf değil.",
    "'{letter}' is not a single letter of this game's alphabet.",
)
OFFER_MISMATCH: Final = ErrorKind(
    "offer_mismatch",
    "İpucu teklifine uymuyor (farklı olan: {parts}): teklif {offer}, ipucu {clue} "
    "(harf, oyuncu, sehpa).",
    "The clue does not match your offer (what differs: {parts}): offered {offer}, "
    "clue {clue} (letters, players, stands).",
)
NOT_A_WORD: Final = ErrorKind(
    "not_a_word", "'{word}' sözlükte yok; ipucu gerçek bir kelime olmalı.",
    "'{word}' is not in the lexicon; a clue must be a real word.",
)

# --- moving on, bonus letters ------------------------------------------------------------
CLUE_IN_PROGRESS: Final = ErrorKind(
    "clue_in_progress", "İpucu verilirken kartlar değiştirilemez; ipucunu bekle.",
    "Cards cannot change while a clue is being given; wait for the clue.",
)
NO_CARD_TO_MOVE_ON: Final = ErrorKind(
    "no_card_to_move_on", "Sehpanda geçilecek bir harf kalmadı.",
    "There is no letter left on your stand to move on from.",
)
NO_BONUS_TO_NAME: Final = ErrorKind(
    "no_bonus_to_name", "Söylenecek bir bonus harfin yok (son ipucunda kullanılmadı).",
    "You have no bonus letter to name (none was used in the last clue).",
)

# --- the end -----------------------------------------------------------------------------
BAD_ARRANGEMENT: Final = ErrorKind(
    "bad_arrangement",
    "Dizilişte kendi kartlarının her biri bir kez olmalı; joker ve her ortak harf en çok bir "
    "kez ({problem}).",
    "The arrangement must use each of your own cards once, the wildcard and each shared "
    "letter at most once ({problem}).",
)

# --- views -------------------------------------------------------------------------------

CATALOGUE: Final[tuple[ErrorKind, ...]] = (
    PLAYER_COUNT, NONPLAYER_STANDS, UNKNOWN_LANGUAGE, UNKNOWN_VERSION, WORD_LENGTH,
    SECRET_WORD_COUNT, BAD_SECRET_WORDS, CANNOT_SPELL, NO_SECRET_WORD,
    GAME_OVER, UNKNOWN_SEAT, UNKNOWN_MOVE, WRONG_PHASE, NO_TOKEN, BAD_OFFER, NO_OFFER,
    NOTHING_TO_WITHDRAW, NOT_CLUEGIVER, BONUS_NAMING_PENDING, EMPTY_CLUE, OWN_CARD_NOT_VISIBLE,
    NO_SUCH_CARD, WILDCARD_NEEDS_LETTER, WILDCARD_NOT_USED, BAD_LETTER, OFFER_MISMATCH,
    NOT_A_WORD, CLUE_IN_PROGRESS, NO_CARD_TO_MOVE_ON, NO_BONUS_TO_NAME, BAD_ARRANGEMENT,
    OMNISCIENT_BEFORE_END,
)
"""Every Harf Takıl error kind; codes are unique and stable."""

__all__ = [
    "BAD_ARRANGEMENT", "BAD_LETTER", "BAD_OFFER", "BONUS_NAMING_PENDING", "CATALOGUE",
    "CLUE_IN_PROGRESS", "EMPTY_CLUE", "GAME_OVER", "NOTHING_TO_WITHDRAW", "NOT_A_WORD",
    "NOT_CLUEGIVER", "NO_BONUS_TO_NAME", "NO_CARD_TO_MOVE_ON", "NO_OFFER", "NO_SUCH_CARD",
    "NO_TOKEN", "OFFER_MISMATCH", "OMNISCIENT_BEFORE_END", "OWN_CARD_NOT_VISIBLE",
    "UNKNOWN_MOVE", "UNKNOWN_SEAT", "WILDCARD_NEEDS_LETTER", "WILDCARD_NOT_USED", "WRONG_PHASE",
    "LetterJamError", "fail",
]
