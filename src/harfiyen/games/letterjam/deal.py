"""Setup: the shuffled card table, the secret words dealt from the deck, the piles.

Cards are numbered by their place in the shuffled deck, so a card number
carries no information about its letter. Each seat in turn gets a word from
the candidate list (shuffled by the game's RNG) that the remaining deck can
spell; the word's cards are taken from the deck and shuffled onto the stand.
The nonplayer piles come next off the deck, and the rest is the draw deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass

from harfiyen.core.rng import Rng
from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.decks import deck_letters
from harfiyen.games.letterjam.rules import Setup
from harfiyen.lexicon.normalize import Language, in_alphabet
from harfiyen.lexicon.wordlists import is_blocked


@dataclass(frozen=True, slots=True)
class Deal:
    cards: tuple[str, ...]
    words: tuple[tuple[int, ...], ...]
    stands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    rng: Rng


def candidate_words(
    words: Iterable[str], lang: Language, length: int, lexicon: Container[str]
) -> tuple[str, ...]:
    """Words a game may deal: ``length`` letters of the alphabet, in the lexicon,
    not on the block list; duplicates dropped, order kept."""
    out = [
        w for w in words
        if len(w) == length and in_alphabet(w, lang) and not is_blocked(w, lang)
        and w in lexicon
    ]
    return tuple(dict.fromkeys(out))


def take_word(word: str, deck: Sequence[int], cards: Sequence[str]) -> list[int] | None:
    """The deck's cards spelling ``word`` (the first free card of each letter), or
    ``None`` when the deck cannot spell it."""
    needed = Counter(word)
    have = Counter(cards[c] for c in deck)
    if any(have[letter] < n for letter, n in needed.items()):
        return None
    taken: list[int] = []
    for letter in word:
        card = next(c for c in deck if cards[c] == letter and c not in taken)
        taken.append(card)
    return taken


def deal(
    lang: Language,
    setup: Setup,
    length: int,
    candidates: Sequence[str],
    chosen: Sequence[str] | None,
    rng: Rng,
) -> Deal:
    """Deal a game. ``chosen``: words picked by the players' neighbours (one per
    seat) instead of drawing from ``candidates``.

    Raises ``cannot_spell`` when the deck cannot spell a chosen word, or
    ``no_secret_word`` when no candidate fits (an empty or tiny candidate list).
    """
    cards, rng = rng.shuffled(deck_letters(lang))
    deck = list(range(len(cards)))
    words: list[tuple[int, ...]] = []
    stands: list[tuple[int, ...]] = []
    for seat in range(setup.players):
        taken: list[int] | None = None
        if chosen is not None:
            taken = take_word(chosen[seat], deck, cards)
            if taken is None:
                raise letterjam_errors.fail(letterjam_errors.CANNOT_SPELL, word=chosen[seat],
                                            seat=seat + 1)
        else:
            order, rng = rng.shuffled(candidates)
            for word in order:
                taken = take_word(word, deck, cards)
                if taken is not None:
                    break
            if taken is None:
                raise letterjam_errors.fail(letterjam_errors.NO_SECRET_WORD, length=length,
                                            seat=seat + 1)
        deck = [c for c in deck if c not in taken]
        stand, rng = rng.shuffled(taken)
        words.append(tuple(taken))
        stands.append(stand)
    piles: list[tuple[int, ...]] = []
    for size in setup.piles:
        piles.append(tuple(deck[:size]))
        deck = deck[size:]
    return Deal(tuple(cards), tuple(words), tuple(stands), tuple(piles), tuple(deck), rng)


__all__ = ["Deal", "candidate_words", "deal", "take_word"]
