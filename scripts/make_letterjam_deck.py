#!/usr/bin/env python
"""Derive the Turkish Harf Takıl deck and the secret-word lists of both languages.

    python scripts/make_letterjam_deck.py            # rewrite the data files
    python scripts/make_letterjam_deck.py --check    # fail if anything would change

Needs ``wordfreq`` (word frequencies; pinned below, since the output depends on
its data). Writes, into ``src/harfiyen/games/letterjam/data/``:

``deck_tr.json`` — the 64 Turkish letter cards, derived as follows:

1. The sample: the 2,000 most common 5-letter words of the Turkish people's
   vocabulary (``harfiyen.lexicon.vocabulary``: TR-1 words in dictionary form,
   common, no proper nouns, archaic or offensive words), by wordfreq's Zipf
   frequency (ties in Turkish alphabet order).
2. Letter weights: how often each letter occurs in the sample (each word
   counts once, every occurrence of a letter counts). İ/I, Ö/O, Ü/U, Ş/S, Ç/C
   and Ğ/G are different letters and are counted apart.
3. A floor per letter: the smallest number of cards k such that at most 0.5%
   of the sample (10 words) needs more than k copies of that letter. This
   keeps rare letters (J, Ğ, F, ...) and doubled letters spellable.
4. The remaining cards up to 64 go one at a time to the letter with the
   largest weight / (cards + 0.5) (Sainte-Laguë), so the deck follows the
   letter frequencies beyond the floor.
5. The report: the share of the sample that the 64 cards can spell without
   the wildcard (each letter of a word needs its own card).

``secret_words_tr.tsv``, ``secret_words_en.tsv`` — the words secret words are
dealt from (the current rules version; older versions' lists are kept as
``secret_words_<lang>@<version>.tsv``): for each length 3–7, the words of the
*deal* context of ``harfiyen.lexicon.fitness`` (the people's vocabulary without
slurs and without the reviewed unfit words: SEKS, SAPIK, KÜRTAJ) spellable from
the deck without the wildcard, only the most common word of each set of letters
(ASLAN but not SANAL, GENEL but not GELEN: a player who has read their letters
knows their word), the 1,000 most common of them (fewer where fewer qualify).
The deck's sample (step 1) is the vocabulary as before, so the deck itself does
not change with the unfit list. One ``WORD<TAB>zipf`` per line, grouped by
length, most common first. The English deck is RULES.md's.

The output is deterministic: the same lexicons and wordfreq version give the
same bytes.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import version as dist_version
from pathlib import Path
from typing import Any

from harfiyen.games.letterjam.rules import DECK_SIZE, EN_DECK, MAX_WORD_LENGTH, MIN_WORD_LENGTH
from harfiyen.lexicon.fitness import fit
from harfiyen.lexicon.normalize import ALPHABETS, Language, tr_sort_key
from harfiyen.lexicon.vocabulary import entries
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON

DATA_DIR = Path(__file__).resolve().parents[1] / "src" / "harfiyen" / "games" / "letterjam" / "data"
WORDFREQ_VERSION = "3.1.1"
SAMPLE_SIZE = 2000
SAMPLE_LENGTH = 5
FLOOR_SHARE = 0.005
POOL_SIZE = 1000
POOL_MIN_ZIPF = 3.0
#: Five-letter words the reviewed block list took out of the vocabulary after the deck
#: was made (inflected forms, participles, verbal nouns and places found reading the AI's
#: clue words and the secret words, 2026-12-05), with their Zipf
#: frequency as the vocabulary had it: they stay in the deck's sample so the deck, which
#: every rules version shares, does not change. They are not dealt.
DECK_SAMPLE_KEPT: dict[str, float] = {
    "ADINA": 5.24, "GÜNDE": 5.10, "BİLME": 3.55, "KILMA": 3.35, "SUNMA": 3.34,
    "BENCE": 5.60, "ÇIKAN": 5.46, "BENDE": 5.41, "KALAN": 5.41, "İSTER": 5.39, "YETER": 5.36,
    "GİREN": 5.05, "BAŞTA": 5.04, "GEÇER": 4.94, "VERME": 4.93, "ADAMA": 4.86, "GİTME": 4.74,
    "BAKMA": 4.72, "SİZCE": 4.72, "OKUMA": 4.68, "ÇIKMA": 4.63, "KALBİ": 4.63, "BURCU": 4.54,
    "ELDEN": 4.51, "GELME": 4.50, "ORASI": 4.49, "ÇEKER": 4.48, "GÖRME": 4.47, "KONUŞ": 4.47,
    "TOPLA": 4.38, "DEVRİ": 4.34, "SENCE": 4.32, "KURMA": 4.29, "SORMA": 4.29, "BULMA": 4.28,
    "DURMA": 4.28, "KATAR": 4.27, "GEÇME": 4.26, "GÜCÜN": 4.26, "DÜZCE": 4.24, "GİRME": 4.24,
    "DÜŞME": 4.20, "KOYAR": 4.17, "DÜNKÜ": 4.14, "KOYMA": 4.14, "TUTMA": 4.14, "VARAN": 4.14,
    "CİNSİ": 4.10, "KAÇTA": 4.06, "ONSUZ": 4.06, "BOZMA": 3.99, "KIRMA": 3.97, "TOKYO": 3.95,
    "ÇALMA": 3.91, "ÇORLU": 3.88, "ADEDİ": 3.46,
}


def _zipf_function() -> tuple[Callable[[str, str], float], str]:
    try:
        import wordfreq
    except ImportError:  # pragma: no cover - a build-time tool
        sys.exit("make_letterjam_deck needs wordfreq: pip install wordfreq==" + WORDFREQ_VERSION)
    version = dist_version("wordfreq")
    if version != WORDFREQ_VERSION:
        sys.exit(f"wordfreq {WORDFREQ_VERSION} is pinned; found {version}")
    return wordfreq.zipf_frequency, version


def _sort_key(lang: Language) -> Callable[[str], Any]:
    return tr_sort_key if lang == "tr" else (lambda w: w)


def ranked_words(
    lang: Language, length: int, zipf: Callable[[str, str], float]
) -> list[tuple[str, float]]:
    """The people's vocabulary's words of ``length`` letters, most common first.

    ``zipf`` is unused (the vocabulary records each word's frequency); it stays in
    the signature so the version check of wordfreq still guards the output.
    """
    key = _sort_key(lang)
    alphabet = set(ALPHABETS[lang])
    scored = [(e.word, e.zipf) for e in entries(lang)
              if len(e.word) == length and set(e.word) <= alphabet]
    scored.sort(key=lambda item: (-item[1], key(item[0])))
    return scored


def deck_sample(zipf: Callable[[str, str], float]) -> list[str]:
    """Step 1: the most common 5-letter words of the vocabulary (with the words kept in
    the sample since, :data:`DECK_SAMPLE_KEPT`)."""
    ranked = ranked_words("tr", SAMPLE_LENGTH, zipf) + list(DECK_SAMPLE_KEPT.items())
    ranked.sort(key=lambda item: (-item[1], tr_sort_key(item[0])))
    return [w for w, _ in ranked][:SAMPLE_SIZE]


def spellable(word: str, deck: Mapping[str, int]) -> bool:
    """True when the deck has a card for every letter of ``word`` (no wildcard)."""
    return all(deck.get(letter, 0) >= n for letter, n in Counter(word).items())


def derive_deck(sample: Sequence[str], alphabet: str, size: int = DECK_SIZE) -> dict[str, int]:
    """The deck by steps 2–4 of the module docstring, in alphabet order."""
    weights = Counter(letter for word in sample for letter in word)
    limit = FLOOR_SHARE * len(sample)
    cards: dict[str, int] = {}
    for letter in alphabet:
        needs = Counter(word.count(letter) for word in sample)
        floor = 0
        while sum(n for copies, n in needs.items() if copies > floor) > limit:
            floor += 1
        cards[letter] = floor
    if sum(cards.values()) > size:
        raise ValueError("the floors alone exceed the deck size")
    while sum(cards.values()) < size:
        # Sainte-Laguë: the next card goes where weight per (cards + 1/2) is largest;
        # ties go to the letter first in the alphabet.
        best = max(alphabet, key=lambda letter: (weights[letter] / (cards[letter] + 0.5),
                                                 -alphabet.index(letter)))
        cards[best] += 1
    return {letter: n for letter, n in cards.items() if n}


def secret_pool(
    lang: Language, deck: Mapping[str, int], zipf: Callable[[str, str], float]
) -> list[tuple[str, float]]:
    """The secret-word list of ``lang`` (module docstring), grouped by length."""
    out: list[tuple[str, float]] = []
    for length in range(MIN_WORD_LENGTH, MAX_WORD_LENGTH + 1):
        ranked: list[tuple[str, float]] = []
        letter_sets: set[str] = set()
        for word, freq in ranked_words(lang, length, zipf):
            letters = "".join(sorted(word))
            if (freq >= POOL_MIN_ZIPF and spellable(word, deck) and fit(word, lang, "deal")
                    and letters not in letter_sets):
                letter_sets.add(letters)
                ranked.append((word, freq))
        out.extend(ranked[:POOL_SIZE])
    return out


def build() -> dict[str, bytes]:
    """Every output file's name and bytes."""
    zipf, version = _zipf_function()
    sample = deck_sample(zipf)
    if len(sample) < SAMPLE_SIZE:
        raise ValueError(f"only {len(sample)} common {SAMPLE_LENGTH}-letter words")
    deck = derive_deck(sample, ALPHABETS["tr"])
    covered = sum(spellable(word, deck) for word in sample)
    deck_json = {
        "language": "tr",
        "lexicon": DEFAULT_LEXICON["tr"],
        "wordfreq": version,
        "cards": deck,
        "wildcards": 1,
        "method": (
            f"{SAMPLE_SIZE} most common {SAMPLE_LENGTH}-letter words of the Turkish people's "
            f"vocabulary (wordfreq Zipf); "
            f"letter occurrence weights; per-letter floor so at most {FLOOR_SHARE:.1%} of the "
            f"sample needs more copies; the rest by Sainte-Laguë on the weights. "
            f"See scripts/make_letterjam_deck.py."
        ),
        "coverage": {
            "sample": len(sample),
            "spellable_without_wildcard": covered,
            "share": round(covered / len(sample), 4),
        },
    }
    files = {
        "deck_tr.json": (json.dumps(deck_json, ensure_ascii=False, indent=2) + "\n").encode(),
    }
    for lang, lang_deck in (("tr", deck), ("en", EN_DECK)):
        pool = secret_pool(lang, lang_deck, zipf)
        files[f"secret_words_{lang}.tsv"] = "".join(
            f"{word}\t{freq:.2f}\n" for word, freq in pool
        ).encode()
    return files


def report(files: Mapping[str, bytes]) -> None:
    """What was written, in a few lines."""
    deck = json.loads(files["deck_tr.json"])
    cov = deck["coverage"]
    print("tr deck:", " ".join(f"{k}{v}" for k, v in deck["cards"].items()))
    print(f"spells {cov['spellable_without_wildcard']}/{cov['sample']} = {cov['share']:.1%} "
          f"of the most common {SAMPLE_LENGTH}-letter vocabulary words without the wildcard")
    for lang in ("tr", "en"):
        lines = files[f"secret_words_{lang}.tsv"].decode().splitlines()
        by_length = Counter(len(line.split("\t")[0]) for line in lines)
        print(f"secret words {lang}:", dict(sorted(by_length.items())))


def main(argv: Sequence[str] | None = None) -> int:
    # Imported here: the tests load this file by path and call only build().
    import datafiles

    return datafiles.main(
        argv, description=__doc__.splitlines()[0] if __doc__ else "", data_dir=DATA_DIR,
        build=build, report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
