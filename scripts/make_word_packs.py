#!/usr/bin/env python
"""Build the built-in Kelime Casusu word packs (Turkish and English).

    python scripts/make_word_packs.py            # rewrite the pack files
    python scripts/make_word_packs.py --check    # fail if anything would change

Needs ``wordfreq`` (pinned below; the output depends on its data) and the
WordNets of ``nlptoolkit-wordnet`` (a runtime dependency already). Writes, into
``src/harfiyen/games/codenames/data/``: ``pack_tr.txt``, ``pack_en.txt`` (one
upper-case word per line, most common first), ``clues_tr.txt``,
``clues_en.txt`` (the AI spymaster's clue candidates, by the rules of
``harfiyen.ai.codenames.vocabulary``) and ``packs.json`` (how they were made,
with counts per category and a sha256 per file).

A pack word is:

1. a word of the language's default lexicon (TR-1 or ENABLE-1), 3–10 letters
   of the alphabet, not on the block list nor on :data:`UNSUITABLE` (a short
   hand-made list, read off the output: words a family party game should not
   deal itself, personal and place names, abstract words and inflected forms
   the rules below miss);
2. a lemma of a noun sense in the WordNet (KeNet for Turkish, WordNet 3.1 for
   English) that belongs to a concrete category (:data:`CATEGORIES`): a
   hyponym, through HYPERNYM links only (so no proper names), of animal,
   plant, person, food, body part, natural object, geological formation,
   body of water, location, substance or artifact. A Turkish synset is
   concrete when an English synset it is linked to (ILR) or its own
   hypernym chain is;
3. concrete in its main use: never a capitalised literal (a proper name) nor
   a category's own name (SOMEONE); Turkish: at least 2/3 of the word's
   synsets are concrete nouns and its best-ranked noun sense is concrete;
   English (WordNet 3.1 here has no sense ranks): no adjective or adverb
   sense, no more verb than noun senses, and at least half of the noun
   senses concrete;
4. common: wordfreq Zipf frequency between MIN_ZIPF and MAX_ZIPF;
5. not mostly another word's inflection: English plural or past forms of a
   lexicon word and WordNet's irregular forms (SAW); Turkish forms that the
   nlptoolkit morphological analyser reads as a verb in a tense or a
   participle (ÇIKTI, İSTER), words that are also question words,
   postpositions or adverbs (NEDEN, KARŞI), and case or possessive forms of a
   root at least as common (BAŞINDA);
6. then, most common first, a word that shares a root with a word already
   taken (``harfiyen.games.codenames.stems.shares_root``, so KÖPEK keeps
   KÖPEKBALIĞI out) is dropped, as is a word whose category is full
   (:data:`CATEGORY_CAP`: people and places at most 70 and 50), and the first
   PACK_SIZE words are the pack.
"""

from __future__ import annotations

import hashlib
import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import version as dist_version
from pathlib import Path
from typing import Any

from harfiyen.ai.codenames.vocabulary import build_clue_vocabulary
from harfiyen.games.codenames.stems import shares_root
from harfiyen.lexicon.meanings import lookup_key, wordnet_data_dir
from harfiyen.lexicon.normalize import ALPHABETS, Language, lower, upper
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON, is_blocked, read_words

DATA_DIR = (
    Path(__file__).resolve().parents[1] / "src" / "harfiyen" / "games" / "codenames" / "data"
)
WORDFREQ_VERSION = "3.1.1"
PACK_SIZE = 400
MIN_LENGTH, MAX_LENGTH = 3, 10
MIN_ZIPF, MAX_ZIPF = 3.0, 6.0
MANIFEST_FORMAT = 1

#: The concrete categories: WordNet 3.1 noun synsets and everything under them.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "animal": ("ENG31-00015568-n",),
    "plant": ("ENG31-00017402-n",),
    "person": ("ENG31-00007846-n",),
    "food": ("ENG31-00021445-n", "ENG31-07571428-n"),
    "body_part": ("ENG31-05227735-n",),
    "natural_object": ("ENG31-00019308-n",),
    "geological_formation": ("ENG31-09310874-n",),
    "body_of_water": ("ENG31-09248053-n",),
    "location": ("ENG31-00027365-n",),
    "substance": ("ENG31-00020270-n",),
    "artifact": ("ENG31-00022119-n",),  # last: the broadest, named only when nothing else fits
}
def _words(text: str) -> frozenset[str]:
    """The space-separated words of ``text``."""
    return frozenset(text.split())


#: At most this many words of a category, so people and places leave room for things.
CATEGORY_CAP: dict[str, int] = {"person": 70, "location": 50}
#: Words the block lists allow but a family party game should not deal itself
#: (insults, violence, drugs); a player may still use them as clues.
UNSUITABLE: dict[Language, frozenset[str]] = {
    "tr": _words(
        "SALAK APTAL TERÖRİST ÇIPLAK ŞEHİT BOMBA HIRSIZ TUTUKLU ESİR KATİL İNTİHAR SİLAH "
        "UYUŞTURUCU CESET GERİZEKALI MAHKUM ÖLÜ DÜŞMAN IRAK ABD SİGARA ŞARAP BİRA "
        "KÖLE MERMİ FÜZE TÜFEK AFYON ESRAR EROİN "
        # personal names that are also rare common nouns
        "EDİP SERDAR ARDA İLHAN TOLGA CİHAN EBRU MARTİN ADEM OZAN NİLÜFER ÇAKIR "
        # place names and inflected or clipped forms the filters miss
        "MERSİN SAMSUN EGE MUŞ BODRUM BALKAN BURASI ORASI DAHASI HARİÇ GÖNDER BUL KES ÇAL "
        "YAK ÇIKIN TANE "
        # abstract in everyday use, though WordNet files a concrete sense first
        "SAHİP ORTAK TEMEL ZARAR SEBEP ENGEL BAHANE ORTALIK LÜK İTHAL ÇEVRİMİÇİ TARAF"
    ),
    "en": _words(
        "ASS IDIOT DRUNK SUICIDE TERRORIST PRISON JAIL GUN CORPSE KILLER DRUG DRUGS NAKED "
        "ALCOHOL BEER STUPID ENEMY PRISONER BOMB WHISKEY VODKA PENIS MARIJUANA COCAINE "
        "HEROIN CANNABIS BRA UNDERWEAR LIQUOR PISTOL BULLET MISSILE SLAVE VICTIM "
        # first names and surnames that are also rare common nouns
        "TOM MIKE BEN MAX BILLY ROBIN MURPHY COLE COSTA MARC KIRK MOLLY DALE JACK "
        "KHAN MAC NOVA SUPERMAN FISHER"
        # clipped forms and abbreviations
        " SUB REP PIC COL TAB SEMI JIMMY BOB"
        # abstract in everyday use, though WordNet files a concrete sense
        " NOBODY PRIOR MAIN FACING EXISTENCE NONSENSE SAFETY MESS TREND"
    ),
}
WORDNET_FILES: dict[Language, str] = {
    "tr": "turkish_wordnet.xml",
    "en": "english_wordnet_version_31.xml",
}


@dataclass(slots=True)
class Synset:
    pos: str
    literals: list[tuple[str, int, bool]]  # (lookup key, sense rank (0 = unranked), capitalised)
    hypernyms: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)  # ILR links (Turkish synsets)


def read_wordnet(lang: Language) -> dict[str, Synset]:
    """Every synset of the language's WordNet: part of speech, literals, hypernyms."""
    synsets: dict[str, Synset] = {}
    path = wordnet_data_dir() / WORDNET_FILES[lang]
    for _, elem in ET.iterparse(path, events=("end",)):
        if elem.tag != "SYNSET":
            continue
        ident = elem.findtext("ID") or ""
        literals = []
        synonym = elem.find("SYNONYM")
        for lit in synonym.findall("LITERAL") if synonym is not None else ():
            rank = lit.findtext("SENSE") or "0"
            text = (lit.text or "").strip()
            literals.append((
                lookup_key(text, lang), int(rank) if rank.isdigit() else 0,
                text[:1].isupper(),
            ))
        synset = Synset(elem.findtext("POS") or "", literals)
        # Relations sit directly under SYNSET; the English file also nests
        # lexical relations inside LITERAL, which are not hypernyms.
        for rel in elem.findall("SR"):
            if rel.findtext("TYPE") == "HYPERNYM" and rel.text:
                synset.hypernyms.append(rel.text.strip())
        for rel in elem.findall("ILR"):
            if rel.text:
                synset.english.append(rel.text.strip())
        synsets[ident] = synset
        elem.clear()
    return synsets


def categorise(
    synsets: dict[str, Synset], english: dict[str, str] | None = None
) -> dict[str, str]:
    """Synset id → category name for every synset under a category root.

    ``english`` (for Turkish) is the English synset id → category map used
    for synsets linked to English ones.
    """
    roots = {ident: name for name, ids in CATEGORIES.items() for ident in ids}
    memo: dict[str, str | None] = {}

    def category(ident: str, depth: int = 0) -> str | None:
        if ident in memo:
            return memo[ident]
        memo[ident] = None  # cycle guard
        found: str | None = roots.get(ident)
        synset = synsets.get(ident)
        if found is None and synset is not None and depth < 40:
            if english is not None:
                found = next((english[e] for e in synset.english if e in english), None)
            if found is None:
                parents = (category(h, depth + 1) for h in synset.hypernyms)
                # Prefer a specific category over "artifact" when paths disagree.
                hits = [p for p in parents if p is not None]
                found = min(hits, key=list(CATEGORIES).index) if hits else None
        memo[ident] = found
        return found

    return {ident: name for ident in synsets if (name := category(ident)) is not None}


def concrete_words(
    lang: Language, synsets: dict[str, Synset], categories: dict[str, str]
) -> dict[str, str]:
    """Lookup key → category for words whose main use is a concrete noun (rule 3)."""
    roots = {ident for ids in CATEGORIES.values() for ident in ids}
    senses: dict[str, list[tuple[int, str, str | None]]] = {}
    excluded: set[str] = set()
    for ident, synset in synsets.items():
        for key, rank, capitalised in synset.literals:
            if capitalised or ident in roots:
                # A proper name (China, Arda) or a category's own name (someone, food).
                excluded.add(key)
            cat = categories.get(ident) if synset.pos == "n" else None
            senses.setdefault(key, []).append((rank, synset.pos, cat))
    out: dict[str, str] = {}
    for key, found in senses.items():
        if key in excluded:
            continue
        cats = [cat for _, _, cat in found if cat]
        nouns = sum(pos == "n" for _, pos, _ in found)
        if lang == "en":
            # No adjective or adverb use, verbs no more than nouns, and at least
            # half of the noun senses concrete.
            if any(pos in ("a", "b") for _, pos, _ in found) or 2 * nouns < len(found):
                continue
            if 2 * len(cats) < nouns:
                continue
        elif 3 * len(cats) < 2 * len(found):
            continue
        if lang == "tr":
            nouns = sorted((rank or 99, cat or "") for rank, pos, cat in found if pos == "n")
            if not nouns or not nouns[0][1]:
                continue
        out[key] = Counter(cats).most_common(1)[0][0]
    return out


def english_inflections() -> set[str]:
    """English forms WordNet lists as irregular inflections (``saw`` of ``see``)."""
    forms: set[str] = set()
    path = wordnet_data_dir() / "english_exception.xml"
    for _, elem in ET.iterparse(path, events=("end",)):
        if elem.tag == "word" and (name := elem.get("name")) and elem.get("root") != name:
            forms.add(name.lower())
        elem.clear()
    return forms


def is_english_inflection(word: str, words: set[str], irregular: set[str]) -> bool:
    """True for a plural or past form of another ENABLE word (GLASSES, RINGS, LED)."""
    key = word.lower()
    if key in irregular:
        return True
    for suffix, base in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e")):
        stem = key[: -len(suffix)] + base if key.endswith(suffix) else ""
        if len(stem) >= 3 and upper(stem, "en") in words:
            return True
    return False


# Turkish forms that are inflections of another word: a verb in a tense or a
# participle (ÇIKTI, İSTER, DOĞAN), or a noun with a case or possessive suffix
# (BAŞINDA) whose root is at least as common as the form itself.
_TR_VERB_TAGS = _words(
    "PAST AOR FUT PROG1 PROG2 NARR PRESPART FUTPART PASTPART INF INF2 INF3"
)
_TR_NOUN_TAGS = _words("LOC ABL DAT GEN ACC INS P1SG P2SG P3SG P1PL P2PL P3PL")
_TR_FUNCTION_POS = _words("ADV CONJ POSTP PRON QUES DET")


def turkish_inflection_check(zipf: Callable[[str, str], float]) -> Callable[[str], bool]:
    """A test for Turkish words that are mostly used as another word's inflection."""
    from MorphologicalAnalysis.FsmMorphologicalAnalyzer import FsmMorphologicalAnalyzer

    analyzer = FsmMorphologicalAnalyzer()

    def inflected(word: str) -> bool:
        key = lower(word, "tr")
        try:
            parses = analyzer.morphologicalAnalysis(key)
        except ValueError:  # the analyzer trips over a few dictionary flags
            return False
        for i in range(parses.size()):
            parts = parses.getFsmParse(i).transitionList().replace("^DB", "").split("+")
            root, tags = parts[0], set(parts[1:])
            if root == key:
                if len(parts) > 1 and parts[1] in _TR_FUNCTION_POS:
                    return True  # NEDEN, KARŞI: a question word or postposition too
                continue
            if "VERB" in tags and tags & _TR_VERB_TAGS:
                return True
            if tags & _TR_NOUN_TAGS and zipf(root, "tr") >= zipf(key, "tr"):
                return True
        return False

    return inflected


def _zipf_function() -> Callable[[str, str], float]:
    try:
        import wordfreq
    except ImportError:  # pragma: no cover - a build-time tool
        sys.exit("make_word_packs needs wordfreq: pip install wordfreq==" + WORDFREQ_VERSION)
    found = dist_version("wordfreq")
    if found != WORDFREQ_VERSION:
        sys.exit(f"wordfreq {WORDFREQ_VERSION} is pinned; found {found}")
    zipf: Callable[[str, str], float] = wordfreq.zipf_frequency
    return zipf


def build_pack(
    lang: Language, zipf: Callable[[str, str], float], english: dict[str, str] | None
) -> tuple[list[tuple[str, str, float]], dict[str, str], dict[str, int]]:
    """The pack as (word, category, zipf), the category map, and filter counts."""
    synsets = read_wordnet(lang)
    categories = categorise(synsets, english)
    concrete = concrete_words(lang, synsets, categories)
    lexicon = read_words(DEFAULT_LEXICON[lang])
    if lang == "en":
        words, irregular = set(lexicon), english_inflections()

        def inflected(word: str) -> bool:
            return is_english_inflection(word, words, irregular)
    else:
        inflected = turkish_inflection_check(zipf)
    alphabet = set(ALPHABETS[lang])
    counts: Counter[str] = Counter()
    scored: list[tuple[str, str, float]] = []
    for word in lexicon:
        counts["lexicon"] += 1
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or not set(word) <= alphabet:
            continue
        if is_blocked(word, lang) or word in UNSUITABLE[lang]:
            counts["blocked"] += 1
            continue
        cat = concrete.get(lookup_key(word, lang))
        if cat is None:
            continue
        counts["concrete_noun"] += 1
        freq = zipf(lower(word, lang), lang)
        if not MIN_ZIPF <= freq <= MAX_ZIPF:
            continue
        counts["common"] += 1
        if inflected(word):
            counts["inflection"] += 1
            continue
        scored.append((word, cat, freq))
    scored.sort(key=lambda item: (-item[2], item[0]))
    pack: list[tuple[str, str, float]] = []
    taken: Counter[str] = Counter()
    for word, cat, freq in scored:
        if any(shares_root(word, other, lang) for other, _, _ in pack):
            counts["shares_root"] += 1
            continue
        if taken[cat] >= CATEGORY_CAP.get(cat, PACK_SIZE):
            counts["category_full"] += 1
            continue
        pack.append((word, cat, freq))
        taken[cat] += 1
        if len(pack) == PACK_SIZE:
            break
    return pack, categories, dict(counts)


def build() -> dict[str, bytes]:
    """Every output file's name and bytes."""
    zipf = _zipf_function()
    packs: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    english: dict[str, str] | None = None
    for lang in ("en", "tr"):  # English first: Turkish synsets borrow its categories
        pack, categories, counts = build_pack(lang, zipf, english)
        if lang == "en":
            english = categories
        if len(pack) < PACK_SIZE:
            raise ValueError(f"only {len(pack)} {lang} words qualify")
        clues = build_clue_vocabulary(lang)
        files[f"clues_{lang}.txt"] = "".join(w + "\n" for w in clues).encode()
        text = "".join(upper(word, lang) + "\n" for word, _, _ in pack).encode()
        name = f"pack_{lang}.txt"
        files[name] = text
        packs[lang] = {
            "file": name,
            "words": len(pack),
            "sha256": hashlib.sha256(text).hexdigest(),
            "lexicon": DEFAULT_LEXICON[lang],
            "categories": dict(sorted(Counter(cat for _, cat, _ in pack).items())),
            "zipf_range": [round(pack[-1][2], 2), round(pack[0][2], 2)],
            "filter_counts": counts,
            "clue_vocabulary": {
                "file": f"clues_{lang}.txt", "words": len(clues),
                "sha256": hashlib.sha256(files[f"clues_{lang}.txt"]).hexdigest(),
            },
        }
    manifest = {
        "format": MANIFEST_FORMAT,
        "script": "scripts/make_word_packs.py",
        "wordfreq": WORDFREQ_VERSION,
        "nlptoolkit-wordnet": dist_version("nlptoolkit-wordnet"),
        "rules": {
            "length": [MIN_LENGTH, MAX_LENGTH],
            "zipf": [MIN_ZIPF, MAX_ZIPF],
            "size": PACK_SIZE,
            "category_roots": CATEGORIES,
        },
        "packs": packs,
    }
    files["packs.json"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode()
    return files


def report(files: Mapping[str, bytes]) -> None:
    """What was written, in a few lines."""
    manifest = json.loads(files["packs.json"])
    for lang, entry in manifest["packs"].items():
        print(f"{lang}: {entry['words']} words, {entry['categories']}")


def main(argv: Sequence[str] | None = None) -> int:
    # Imported here: the tests load this file by path and call only build().
    import datafiles

    return datafiles.main(
        argv, description=__doc__.splitlines()[0] if __doc__ else "", data_dir=DATA_DIR,
        build=build, report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
