"""The people's vocabulary: dictionary forms of common words, no names, no archaic words."""

from __future__ import annotations

import hashlib
from importlib import resources

import pytest

from harfiyen.lexicon.normalize import lower
from harfiyen.lexicon.vocabulary import MIN_ZIPF_CONCRETE, entries, in_vocabulary, manifest
from harfiyen.lexicon.wordlists import is_blocked, read_words


@pytest.mark.parametrize("word", [
    # names and places the issue found among AI words
    "YILMAZ", "KEMAL", "CEMİL", "MERAL", "ERKAN", "ÇAYKARA", "KARAGÖZ",
    # inflected forms
    "VERDİ", "OLMUŞ", "ONDAN", "ADAMI", "KELEBEKLER",
    # English written the English way
    "STAR", "SERVER", "MOUSE",
    # archaic or too rare
    "NAS", "MÜBAYAA", "VÜKELA", "TIMTIKIZ", "HAHNYUM",
])
def test_turkish_words_left_out(word: str) -> None:
    assert not in_vocabulary(word, "tr")


@pytest.mark.parametrize("word", ["MAKING", "TAKEN", "BEGAN", "HEARD", "PROVIDING", "CITIES",
                                  "DOGS", "JUMPED", "BIGGER"])
def test_english_inflections_left_out(word: str) -> None:
    assert not in_vocabulary(word, "en")


def test_everyday_words_are_in() -> None:
    for word in ("DENİZ", "GÜL", "KELEBEK", "ELMA", "YENGEÇ", "KAĞIT", "SİLGİ", "GÜLMEK"):
        assert in_vocabulary(word, "tr"), word
    for word in ("SEA", "BUTTERFLY", "BUILDING", "GLASSES", "ERASER", "SWIM"):
        assert in_vocabulary(word, "en"), word


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_lists_are_ordered_lexicon_words(lang: str) -> None:
    found = entries(lang)  # type: ignore[arg-type]
    lexicon = frozenset(read_words("TR-1" if lang == "tr" else "ENABLE-1"))
    assert len(found) > 8000
    assert all(e.word in lexicon and not is_blocked(e.word, lang) for e in found)  # type: ignore[arg-type]
    assert all(e.zipf >= MIN_ZIPF_CONCRETE[lang] for e in found)  # type: ignore[index]
    zipfs = [e.zipf for e in found]
    assert zipfs == sorted(zipfs, reverse=True)


def test_manifest_matches_the_files() -> None:
    data = resources.files("harfiyen.lexicon").joinpath("vocabulary_data")
    for lang, entry in manifest()["languages"].items():
        text = data.joinpath(entry["file"]).read_bytes()
        assert hashlib.sha256(text).hexdigest() == entry["sha256"], lang
        assert entry["words"] == len(text.splitlines())


def test_frequencies_come_from_wordfreq() -> None:
    from wordfreq import zipf_frequency

    for e in entries("tr")[:50:7]:
        assert round(zipf_frequency(lower(e.word, "tr"), "tr"), 2) == e.zipf
