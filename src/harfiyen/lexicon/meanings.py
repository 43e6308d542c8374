"""Meanings of words from the WordNets that ``nlptoolkit-wordnet`` ships.

Turkish meanings come from KeNet (``turkish_wordnet.xml``), English ones from the
package's English WordNet 3.1 (``english_wordnet_version_31.xml``). The XML files are
parsed here (streamed with ``iterparse``) into a compact index, built once and kept
in the cache directory as JSON, then held in memory.

A meaning is shown to players; it never decides whether a word is valid. That is the
lexicon's job alone (see ``RULES.md``, *Meanings*).
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from harfiyen.lexicon.cache import cache_dir, write_atomically
from harfiyen.lexicon.normalize import Language, fold_circumflex, tr_lower

_FILES: Final[dict[Language, str]] = {
    "tr": "turkish_wordnet.xml",
    "en": "english_wordnet_version_31.xml",
}
_EN_EXCEPTIONS: Final = "english_exception.xml"
_INDEX_FORMAT: Final = 1

#: Part-of-speech codes of the WordNet files (as nlptoolkit reads them).
POS_NAMES: Final[dict[str, tuple[str, str]]] = {
    "n": ("isim", "noun"),
    "v": ("fiil", "verb"),
    "a": ("sıfat", "adjective"),
    "b": ("zarf", "adverb"),
    "i": ("ünlem", "interjection"),
    "c": ("bağlaç", "conjunction"),
    "p": ("edat", "preposition"),
    "r": ("zamir", "pronoun"),
}

# WordNet's "morphy" detachment rules (suffix, replacement) for English inflections.
_EN_DETACH: Final[tuple[tuple[str, str], ...]] = (
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
    ("es", "e"),
    ("es", ""),
    ("s", ""),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
    ("est", "e"),
    ("est", ""),
    ("er", "e"),
    ("er", ""),
)


@dataclass(frozen=True, slots=True)
class Meaning:
    """One sense of a word.

    ``word`` is the dictionary form the sense belongs to (it may differ from the
    looked-up word in case, circumflexes, or an English inflection); ``pos`` is a
    code of :data:`POS_NAMES`; ``synonyms`` are the other words of the same sense.
    """

    word: str
    pos: str
    definition: str
    examples: tuple[str, ...] = ()
    synonyms: tuple[str, ...] = ()

    def pos_name(self, lang: Language) -> str:
        """The part of speech in Turkish (``"tr"``) or English (``"en"``)."""
        names = POS_NAMES.get(self.pos)
        if names is None:
            return self.pos
        return names[0] if lang == "tr" else names[1]


def lookup_key(word: str, lang: Language) -> str:
    """The index key of ``word``: Turkish-lower-cased without circumflexes, or lower case.

    >>> lookup_key("KÂR", "tr"), lookup_key("IŞIK", "tr"), lookup_key("House", "en")
    ('kar', 'ışık', 'house')
    """
    text = " ".join(word.split())
    if lang == "tr":
        return tr_lower(fold_circumflex(text))
    return text.lower()


def define(word: str, lang: Language) -> list[Meaning]:
    """The meanings of ``word`` in ``lang`` (any case), best-known senses first.

    Returns an empty list when the dictionary has none. For English, an inflected
    form with no entry of its own falls back to its base form (``houses`` →
    ``house``), as WordNet's morphology does.
    """
    index = _index(lang)
    key = lookup_key(word, lang)
    found = index.lookup(key)
    if found or lang != "en":
        return found
    for base in _english_bases(key):
        found = index.lookup(base)
        if found:
            return found
    return []


def warm(lang: Language) -> None:
    """Load ``lang``'s meanings now (the index, and English's irregular forms): built
    or read cold they take seconds, which the first look-up would otherwise wait."""
    _index(lang)
    if lang == "en":
        _english_exceptions()


def has_meaning(word: str, lang: Language) -> bool:
    """True when :func:`define` finds at least one meaning."""
    return bool(define(word, lang))


# -- the index -------------------------------------------------------------------------


# One sense: part of speech, definition, examples, its literals and their sense ranks.
_Sense = tuple[str, str, list[str], list[str], list[int]]


class _Index:
    """Senses in file order and a key → sense numbers map."""

    __slots__ = ("_keys", "_lang", "_senses")

    def __init__(self, lang: Language, senses: list[_Sense], keys: dict[str, list[int]]) -> None:
        self._lang: Language = lang
        self._senses = senses
        self._keys = keys

    def lookup(self, key: str) -> list[Meaning]:
        ranked: list[tuple[int, int, Meaning]] = []
        for number in self._keys.get(key, ()):
            pos, definition, examples, literals, ranks = self._senses[number]
            i = next((i for i, lit in enumerate(literals) if lookup_key(lit, self._lang) == key), 0)
            literal = literals[i]
            meaning = Meaning(
                word=literal,
                pos=pos,
                definition=definition,
                examples=tuple(examples),
                synonyms=tuple(x for x in literals if x != literal),
            )
            ranked.append((ranks[i], number, meaning))
        # Sense ranks order the senses of one literal; 0 (unranked) goes last.
        ranked.sort(key=lambda item: (item[0] == 0, item[0], item[1]))
        return [meaning for _, _, meaning in ranked]

    def to_json(self) -> dict[str, object]:
        return {"format": _INDEX_FORMAT, "senses": self._senses, "keys": self._keys}

    @classmethod
    def from_json(cls, lang: Language, data: Any) -> _Index:
        """Rebuild from :meth:`to_json` output; raises ValueError if it does not fit."""
        if not isinstance(data, dict) or data.get("format") != _INDEX_FORMAT:
            raise ValueError("not a meanings index of this format")
        senses, keys = data.get("senses"), data.get("keys")
        if not isinstance(senses, list) or not isinstance(keys, dict):
            raise ValueError("meanings index is malformed")
        return cls(lang, senses, keys)


def wordnet_data_dir() -> Path:
    """The ``data`` folder of the installed ``WordNet`` package (nlptoolkit-wordnet)."""
    spec = importlib.util.find_spec("WordNet")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("nlptoolkit-wordnet (package WordNet) is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def parse_wordnet(path: Path, lang: Language) -> _Index:
    """Stream a WordNet XML file into an index (literal key → senses)."""
    senses: list[_Sense] = []
    keys: dict[str, list[int]] = {}
    for _, elem in ET.iterparse(path, events=("end",)):
        if elem.tag != "SYNSET":
            continue
        literals: list[str] = []
        ranks: list[int] = []
        synonym = elem.find("SYNONYM")
        for lit in synonym.findall("LITERAL") if synonym is not None else ():
            text = " ".join((lit.text or "").split())
            rank_text = lit.findtext("SENSE") or "0"
            if text:
                literals.append(text)
                ranks.append(int(rank_text) if rank_text.isdigit() else 0)
        definition = " ".join((elem.findtext("DEF") or "").split())
        if literals and definition:
            examples_text = elem.findtext("EXAMPLE") or ""
            examples = [e.strip() for e in examples_text.split("|") if e.strip()]
            number = len(senses)
            senses.append((elem.findtext("POS") or "", definition, examples, literals, ranks))
            for text in literals:
                hits = keys.setdefault(lookup_key(text, lang), [])
                if not hits or hits[-1] != number:
                    hits.append(number)
        elem.clear()
    return _Index(lang, senses, keys)


def _index_cache_path(lang: Language, source: Path) -> Path:
    try:
        version = importlib.metadata.version("nlptoolkit-wordnet")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    size = source.stat().st_size
    return cache_dir() / "meanings" / f"{lang}-{version}-{size}-f{_INDEX_FORMAT}.json"


@functools.cache
def _index(lang: Language) -> _Index:
    source = wordnet_data_dir() / _FILES[lang]
    cached = _index_cache_path(lang, source)
    try:
        return _Index.from_json(lang, json.loads(cached.read_bytes()))
    except (OSError, ValueError, KeyError):
        pass
    index = parse_wordnet(source, lang)
    write_atomically(
        cached, json.dumps(index.to_json(), ensure_ascii=False, separators=(",", ":")).encode()
    )
    return index


@functools.cache
def _english_exceptions() -> dict[str, tuple[str, ...]]:
    """Irregular English forms → base forms (``abode`` → ``abide``)."""
    roots: dict[str, list[str]] = {}
    path = wordnet_data_dir() / _EN_EXCEPTIONS
    for _, elem in ET.iterparse(path, events=("end",)):
        if elem.tag == "word":
            name, root = elem.get("name"), elem.get("root")
            if name and root:
                roots.setdefault(name.lower(), []).append(root.lower())
        elem.clear()
    return {name: tuple(dict.fromkeys(bases)) for name, bases in roots.items()}


def _english_bases(key: str) -> list[str]:
    """Candidate base forms of an English word, irregular forms first."""
    bases = list(_english_exceptions().get(key, ()))
    for suffix, replacement in _EN_DETACH:
        if key.endswith(suffix) and len(key) > len(suffix):
            bases.append(key[: -len(suffix)] + replacement)
    return list(dict.fromkeys(b for b in bases if b and b != key))
