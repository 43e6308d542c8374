#!/usr/bin/env python
"""Build the built-in Kelime Casusu word packs (Turkish and English).

    python scripts/make_word_packs.py            # rewrite the pack files
    python scripts/make_word_packs.py --check    # fail if anything would change

The packs are chosen by hand on top of this script: ``scripts/packs/pack_tr.txt``
and ``pack_en.txt`` list concrete, common, varied words by theme, many of two
everyday meanings (the game lives on them: YÜZ is a face, a hundred and
"swim"; BAT an animal and a club), and no news, politics or religion words,
names, brands or (in Turkish) English loans. The script checks every listed
word and fails the build when one breaks a rule; then it picks the pack and
finds the pairs a board must not hold together.

A pack word must be:

1. in the language's people's vocabulary (``harfiyen.lexicon.vocabulary``:
   a dictionary form, common, no proper noun, no archaic or offensive word),
   and not on :data:`UNSUITABLE` (words a family party game should not deal
   itself: violence, drugs);
2. Turkish: not an English loan (trnlp's etymology);
3. listed once.

The pack: each theme (a ``#`` heading of the list) keeps its share of the
:data:`PACK_SIZE` words, its words with two or more senses in WordNet first
(KeNet for Turkish, WordNet 3.1 for English), then the most common (wordfreq).

Near-synonyms (TANIK/ŞAHİT, KENT/ŞEHİR, PHONE/TELEPHONE, THEATRE/THEATER) are
never dealt onto one board, nor are two words of one root (ROCK/ROCKET by
``harfiyen.games.codenames.stems.shares_root``): two pack words are a pair
when they are two of the first three literals of a WordNet noun synset
(KeNet: in one of their first three senses), share a root, or when the list declares
them with a line ``= A B``. The
pairs are written to ``packs.json`` and the engine's dealing keeps them
apart.

Writes, into ``src/harfiyen/games/codenames/data/``: ``pack_tr.txt``,
``pack_en.txt`` (one upper-case word per line, most common first) and
``packs.json`` (how they were made: counts per theme and WordNet category,
senses, pairs, Zipf spread, sha256 per file).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import version as dist_version
from pathlib import Path
from typing import Any

from harfiyen.games.codenames.stems import shares_root
from harfiyen.lexicon.meanings import lookup_key
from harfiyen.lexicon.normalize import Language, upper
from harfiyen.lexicon.vocabulary import entries, in_vocabulary

DATA_DIR = (
    Path(__file__).resolve().parents[1] / "src" / "harfiyen" / "games" / "codenames" / "data"
)
LISTS_DIR = Path(__file__).resolve().parent / "packs"
sys.path.insert(0, str(LISTS_DIR.parent))  # the sibling modules, also when loaded by path

from wordnet_categories import CATEGORIES, Synset, categorise, read_wordnet  # noqa: E402

PACK_SIZE = 400
#: Two words are near-synonyms when both are among the first NEAR_LITERALS literals
#: of a noun synset, each in one of its first NEAR_RANK senses (0: unranked).
NEAR_LITERALS = 3
NEAR_RANK = 3
MANIFEST_FORMAT = 2

#: Words a family party game should not deal itself (a player may still use them as clues).
UNSUITABLE: dict[Language, frozenset[str]] = {
    "tr": frozenset([
        "SALAK", "APTAL", "TERÖRİST", "ÇIPLAK", "ŞEHİT", "BOMBA", "HIRSIZ", "TUTUKLU", "ESİR",
        "KATİL", "İNTİHAR", "SİLAH", "UYUŞTURUCU", "CESET", "MAHKUM", "ÖLÜ", "DÜŞMAN", "SİGARA",
        "ŞARAP", "BİRA", "KÖLE", "MERMİ", "FÜZE", "TÜFEK", "AFYON", "ESRAR", "EROİN"
    ]),
    "en": frozenset([
        "ASS", "IDIOT", "DRUNK", "SUICIDE", "TERRORIST", "PRISON", "JAIL", "GUN", "CORPSE",
        "KILLER", "DRUG", "NAKED", "ALCOHOL", "BEER", "STUPID", "ENEMY", "PRISONER", "BOMB",
        "WHISKEY", "VODKA", "MARIJUANA", "COCAINE", "HEROIN", "CANNABIS", "LIQUOR", "PISTOL",
        "BULLET", "MISSILE", "SLAVE", "VICTIM"
    ]),
}


@dataclass(frozen=True, slots=True)
class Listed:
    """A word of a hand-made list and its theme (the ``#`` heading above it)."""

    word: str
    theme: str


def read_list(lang: Language) -> tuple[list[Listed], list[tuple[str, str]]]:
    """The listed words in order, and the declared pairs (``= A B`` lines)."""
    words: list[Listed] = []
    pairs: list[tuple[str, str]] = []
    theme = ""
    for line in (LISTS_DIR / f"pack_{lang}.txt").read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("#"):
            theme = text.lstrip("#").strip()
            continue
        if text.startswith("="):
            a, b = text[1:].split()
            pairs.append((upper(a, lang), upper(b, lang)))
            continue
        words.extend(Listed(upper(w, lang), theme) for w in text.split())
    return words, pairs


def english_loans() -> frozenset[str]:
    """Turkish headwords whose etymology in trnlp's dictionary is English."""
    import trnlp

    path = Path(trnlp.__file__).parent / "data" / "ana_sozluk.txt"
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) > 4 and parts[4].startswith("İngilizce"):
            out.add(upper(parts[0], "tr"))
    return frozenset(out)


def check_list(lang: Language, listed: Sequence[Listed]) -> list[str]:
    """Every rule a listed word breaks, as messages (empty when the list is good)."""
    problems = []
    seen: set[str] = set()
    loans = english_loans() if lang == "tr" else frozenset()
    for item in listed:
        w = item.word
        if w in seen:
            problems.append(f"{w}: listed twice")
        seen.add(w)
        if not in_vocabulary(w, lang):
            problems.append(f"{w}: not in the {lang} vocabulary")
        if w in UNSUITABLE[lang]:
            problems.append(f"{w}: unsuitable")
        if w in loans:
            problems.append(f"{w}: an English loan")
    return problems


def senses_and_pairs(
    lang: Language, words: Sequence[str], synsets: Mapping[str, Synset],
    categories: Mapping[str, str],
) -> tuple[dict[str, int], dict[str, list[str]], list[tuple[str, str]]]:
    """Per word: WordNet senses (synsets) and concrete categories; the pairs of words
    sharing a synset (near-synonyms and spelling variants)."""
    keys = {lookup_key(w, lang): w for w in words}
    senses: Counter[str] = Counter()
    cats: dict[str, set[str]] = defaultdict(set)
    pairs: set[tuple[str, str]] = set()
    for ident, synset in synsets.items():
        found = sorted({keys[k] for k, _, cap in synset.literals if k in keys and not cap})
        for w in found:
            senses[w] += 1
            if synset.pos == "n" and (cat := categories.get(ident)):
                cats[w].add(cat)
        # Near-synonyms: two of the first literals of a noun synset, in one of their
        # main senses (KeNet ranks senses; WordNet 3.1 here does not).
        lead = sorted({keys[k] for k, rank, cap in synset.literals[:NEAR_LITERALS]
                       if k in keys and not cap and rank <= NEAR_RANK})
        if synset.pos == "n":
            pairs.update((a, b) for i, a in enumerate(lead) for b in lead[i + 1:])
    return dict(senses), {w: sorted(c) for w, c in cats.items()}, sorted(pairs)


def choose(
    listed: Sequence[Listed], senses: Mapping[str, int], zipf: Mapping[str, float]
) -> list[str]:
    """The pack: each theme's share of PACK_SIZE, words of two or more senses first."""
    themes: dict[str, list[str]] = defaultdict(list)
    for item in listed:
        themes[item.theme].append(item.word)
    total = len(listed)
    quotas = {t: PACK_SIZE * len(ws) // total for t, ws in themes.items()}
    # Hand out what rounding left, to the largest remainders (then the list order).
    left = PACK_SIZE - sum(quotas.values())
    order = sorted(themes, key=lambda t: -(PACK_SIZE * len(themes[t]) % total))
    for t in order[:left]:
        quotas[t] += 1
    chosen: list[str] = []
    for theme, ws in themes.items():
        ranked = sorted(ws, key=lambda w: (-(senses.get(w, 0) >= 2), -zipf.get(w, 0.0), w))
        chosen.extend(ranked[: quotas[theme]])
    return sorted(chosen, key=lambda w: (-zipf.get(w, 0.0), w))


def build() -> dict[str, bytes]:
    """Every output file's name and bytes."""
    packs: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    english: dict[str, str] | None = None
    for lang in ("en", "tr"):  # English first: Turkish synsets borrow its categories
        listed, declared = read_list(lang)
        problems = check_list(lang, listed)
        if problems:
            raise ValueError(f"pack_{lang}.txt: " + "; ".join(problems))
        synsets = read_wordnet(lang)
        categories = categorise(synsets, english)
        if lang == "en":
            english = categories
        zipf = {e.word: e.zipf for e in entries(lang)}
        all_words = [i.word for i in listed]
        senses, cats, _ = senses_and_pairs(lang, all_words, synsets, categories)
        pack = choose(listed, senses, zipf)
        _, _, pairs = senses_and_pairs(lang, pack, synsets, categories)
        in_pack = set(pack)
        roots = {tuple(sorted((a, b))) for i, a in enumerate(pack) for b in pack[i + 1:]
                 if shares_root(a, b, lang)}
        pairs = sorted(set(pairs) | roots | {tuple(sorted(p)) for p in declared  # type: ignore[misc]
                                             if p[0] in in_pack and p[1] in in_pack})
        text = "".join(w + "\n" for w in pack).encode()
        name = f"pack_{lang}.txt"
        files[name] = text
        freqs = sorted(zipf[w] for w in pack)
        packs[lang] = {
            "file": name,
            "words": len(pack),
            "sha256": hashlib.sha256(text).hexdigest(),
            "listed": len(listed),
            "themes": dict(Counter(i.theme for i in listed if i.word in in_pack)),
            "categories": dict(sorted(Counter(
                cats[w][0] if w in cats else "none" for w in pack).items())),
            "two_or_more_senses": sum(senses.get(w, 0) >= 2 for w in pack),
            "two_or_more_categories": sum(len(cats.get(w, ())) >= 2 for w in pack),
            "zipf": {"min": freqs[0], "median": freqs[len(freqs) // 2], "max": freqs[-1]},
            "apart": [list(p) for p in pairs],
        }
    manifest = {
        "format": MANIFEST_FORMAT,
        "script": "scripts/make_word_packs.py",
        "nlptoolkit-wordnet": dist_version("nlptoolkit-wordnet"),
        "size": PACK_SIZE,
        "category_roots": CATEGORIES,
        "packs": packs,
    }
    files["packs.json"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode()
    return files


def report(files: Mapping[str, bytes]) -> None:
    """What was written, in a few lines."""
    manifest = json.loads(files["packs.json"])
    for lang, entry in manifest["packs"].items():
        print(f"{lang}: {entry['words']} of {entry['listed']} listed words, "
              f"{entry['two_or_more_senses']} with 2+ senses, {len(entry['apart'])} pairs kept "
              f"apart: {entry['apart']}")


def main(argv: Sequence[str] | None = None) -> int:
    # Imported here: the tests load this file by path and call only build().
    import datafiles

    return datafiles.main(
        argv, description=__doc__.splitlines()[0] if __doc__ else "", data_dir=DATA_DIR,
        build=build, report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
