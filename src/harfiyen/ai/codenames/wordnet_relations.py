"""Association from Turkish WordNet (KeNet) relations: the Turkish alternative guesser.

The score of a board word for a clue is ``1 / (1 + d)``, where ``d`` is the
fewest relation links between a synset of the clue and a synset of the word
(0 when they share a synset), searched up to :data:`MAX_DEPTH` links;
unrelated words score 0. A link is any semantic relation KeNet records
between synsets: hypernym and hyponym, part, member and substance
meronyms/holonyms, topic domain, derivation and antonym. A word that occurs
in a definition of the other word adds :data:`GLOSS_BONUS`.

KeNet is the file ``harfiyen.lexicon.meanings`` reads (``turkish_wordnet.xml``
of ``nlptoolkit-wordnet``); the graph built from it is cached as JSON in
``cache_dir()/codenames/``.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

import numpy as np

from harfiyen.ai.codenames.association import Scores
from harfiyen.lexicon.cache import cache_dir, write_atomically
from harfiyen.lexicon.meanings import lookup_key, wordnet_data_dir
from harfiyen.lexicon.normalize import Language

MAX_DEPTH: Final = 3
GLOSS_BONUS: Final = 0.1
#: A synset with more links than this (a hub like "nesne") is not expanded further.
MAX_FANOUT: Final = 60
_FORMAT: Final = 2


class WordNetGraph:
    """KeNet as words → synsets, synset → linked synsets, synset → definition words."""

    def __init__(
        self, senses: dict[str, list[int]], links: list[list[int]], glosses: list[list[str]]
    ) -> None:
        self.senses = senses
        self.links = links
        self.glosses = glosses

    def distances(self, key: str) -> dict[int, int]:
        """Synset → fewest links from a synset of the word ``key`` (up to MAX_DEPTH)."""
        start = self.senses.get(key, [])
        seen = dict.fromkeys(start, 0)
        frontier = list(start)
        for depth in range(1, MAX_DEPTH + 1):
            following: list[int] = []
            for node in frontier:
                neighbours = self.links[node]
                if len(neighbours) > MAX_FANOUT and depth > 1:
                    continue
                for other in neighbours:
                    if other not in seen:
                        seen[other] = depth
                        following.append(other)
            frontier = following
        return seen

    def gloss_words(self, key: str) -> set[str]:
        return {w for s in self.senses.get(key, []) for w in self.glosses[s]}

    def to_json(self) -> dict[str, Any]:
        return {"format": _FORMAT, "senses": self.senses, "links": self.links,
                "glosses": self.glosses}


def parse_kenet(path: Path) -> WordNetGraph:
    """Read the KeNet XML file into a :class:`WordNetGraph` (single-word literals only)."""
    ids: dict[str, int] = {}
    raw_links: list[list[str]] = []
    senses: dict[str, list[int]] = {}
    glosses: list[list[str]] = []
    for _, elem in ET.iterparse(path, events=("end",)):
        if elem.tag != "SYNSET":
            continue
        number = len(raw_links)
        ids[elem.findtext("ID") or ""] = number
        raw_links.append([
            (rel.text or "").strip() for rel in elem.findall("SR")
            if rel.findtext("TYPE") != "DOMAIN_USAGE"
        ])
        synonym = elem.find("SYNONYM")
        for lit in synonym.findall("LITERAL") if synonym is not None else ():
            key = lookup_key(lit.text or "", "tr")
            if key and " " not in key:
                senses.setdefault(key, []).append(number)
        definition = lookup_key(elem.findtext("DEF") or "", "tr")
        glosses.append(sorted({w.strip(".,;:()'\"") for w in definition.split() if len(w) > 2}))
        elem.clear()
    # Links are followed both ways: KeNet records most relations in both
    # directions (hypernym / hyponym), but not all.
    linked: list[set[int]] = [set() for _ in raw_links]
    for number, targets in enumerate(raw_links):
        for target in targets:
            if (other := ids.get(target)) is not None and other != number:
                linked[number].add(other)
                linked[other].add(number)
    links = [sorted(s) for s in linked]
    return WordNetGraph(senses, links, glosses)


@cache
def kenet_graph() -> WordNetGraph:
    """The KeNet graph, from the disk cache or parsed now (some seconds)."""
    source = wordnet_data_dir() / "turkish_wordnet.xml"
    cached = cache_dir() / "codenames" / f"kenet-{source.stat().st_size}-f{_FORMAT}.json"
    try:
        data = json.loads(cached.read_bytes())
        if data.get("format") == _FORMAT:
            return WordNetGraph(data["senses"], data["links"], data["glosses"])
    except (OSError, ValueError, KeyError):
        pass
    graph = parse_kenet(source)
    write_atomically(cached, json.dumps(graph.to_json(), ensure_ascii=False).encode())
    return graph


class WordNetAssociation:
    """Clue-to-word association by distance in the Turkish WordNet."""

    def __init__(self, graph: WordNetGraph | None = None) -> None:
        self.graph = graph or kenet_graph()
        self.lang: Language = "tr"
        self.name = "wordnet"
        self._distances: dict[str, dict[int, int]] = {}

    def scores(self, clue: str, words: Sequence[str]) -> Scores:
        key = lookup_key(clue, "tr")
        found = self._distances.get(key)
        if found is None:
            found = self._distances[key] = self.graph.distances(key)
        clue_gloss = self.graph.gloss_words(key)
        out = np.zeros(len(words), dtype=np.float32)
        for i, word in enumerate(words):
            wkey = lookup_key(word, "tr")
            near = [found[s] for s in self.graph.senses.get(wkey, []) if s in found]
            score = 1.0 / (1 + min(near)) if near else 0.0
            if wkey in clue_gloss or key in self.graph.gloss_words(wkey):
                score += GLOSS_BONUS
            out[i] = score
        return out


__all__ = ["GLOSS_BONUS", "MAX_DEPTH", "WordNetAssociation", "WordNetGraph", "kenet_graph",
           "parse_kenet"]
