"""Shared by the data scripts: WordNet synsets and their concrete categories.

A synset is concrete when it is a hyponym, through HYPERNYM links only (so no
proper names), of one of :data:`CATEGORIES` (animal, plant, person, food, body
part, natural object, geological formation, body of water, location,
substance, artifact). A Turkish (KeNet) synset is concrete when an English
synset it is linked to (ILR) or its own hypernym chain is.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from harfiyen.lexicon.meanings import lookup_key, wordnet_data_dir
from harfiyen.lexicon.normalize import Language

#: The concrete categories, reported per pack: WordNet 3.1 noun synsets and
#: everything under them (Turkish synsets through their English links).
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




def concrete_keys(lang: Language, english: dict[str, str] | None = None) -> set[str]:
    """Lookup keys of the words with a noun sense in a concrete category (lower-case
    literals only). For Turkish, ``english`` is the English category map (computed
    here when not given)."""
    if lang == "tr" and english is None:
        english = categorise(read_wordnet("en"))
    synsets = read_wordnet(lang)
    categories = categorise(synsets, english if lang == "tr" else None)
    return {
        key for ident, synset in synsets.items() if synset.pos == "n" and ident in categories
        for key, _, capitalised in synset.literals if not capitalised
    }
