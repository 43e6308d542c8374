"""Meanings from the WordNets shipped by nlptoolkit-wordnet."""

from __future__ import annotations

from pathlib import Path

import pytest

from harfiyen.lexicon.meanings import (
    Meaning,
    _Index,
    define,
    has_meaning,
    lookup_key,
    parse_wordnet,
    wordnet_data_dir,
)

SMALL_WORDNET = """<SYNSETS>
<SYNSET><ID>T-1</ID><SYNONYM><LITERAL>kâr<SENSE>1</SENSE></LITERAL>\
<LITERAL>kazanç<SENSE>2</SENSE></LITERAL></SYNONYM><POS>n</POS>\
<DEF>Alışverişten  elde edilen para</DEF><EXAMPLE>Kârı yüksek.|Bu iş kazançlı.</EXAMPLE></SYNSET>
<SYNSET><ID>T-2</ID><SYNONYM><LITERAL>kar<SENSE>1</SENSE></LITERAL></SYNONYM><POS>n</POS>\
<DEF>Donarak yağan su buharı</DEF></SYNSET>
<SYNSET><ID>T-3</ID><SYNONYM><LITERAL>ışık<SENSE>1</SENSE></LITERAL></SYNONYM><POS>n</POS>\
<SR>T-2<TYPE>HYPERNYM</TYPE></SR><DEF>Aydınlık</DEF></SYNSET>
<SYNSET><ID>T-4</ID><SYNONYM><LITERAL>boş<SENSE>1</SENSE></LITERAL></SYNONYM><POS>a</POS></SYNSET>
</SYNSETS>
"""


@pytest.fixture
def small_index(tmp_path: Path) -> _Index:
    path = tmp_path / "wn.xml"
    path.write_text(SMALL_WORDNET, encoding="utf-8")
    return parse_wordnet(path, "tr")


def test_parse_small_wordnet(small_index: _Index) -> None:
    meanings = small_index.lookup("kar")
    # "kar" (rank 1 of its own sense) and "kâr" (folded circumflex), in file order.
    assert [m.word for m in meanings] == ["kâr", "kar"]
    profit = meanings[0]
    assert profit == Meaning(
        word="kâr",
        pos="n",
        definition="Alışverişten elde edilen para",
        examples=("Kârı yüksek.", "Bu iş kazançlı."),
        synonyms=("kazanç",),
    )
    assert profit.pos_name("tr") == "isim" and profit.pos_name("en") == "noun"
    assert small_index.lookup("ışık")[0].definition == "Aydınlık"
    assert small_index.lookup("boş") == []  # no definition, no meaning
    assert small_index.lookup("yok") == []


def test_index_json_round_trip(small_index: _Index) -> None:
    import json

    data = json.loads(json.dumps(small_index.to_json()))
    again = _Index.from_json("tr", data)
    assert again.lookup("kar") == small_index.lookup("kar")
    with pytest.raises(ValueError):
        _Index.from_json("tr", {"format": -1})


def test_lookup_keys_fold_turkish_case_and_circumflexes() -> None:
    assert lookup_key("KALEM", "tr") == "kalem"
    assert lookup_key("IŞIK", "tr") == "ışık"
    assert lookup_key("İLİK", "tr") == "ilik"
    assert lookup_key("HÂLÂ", "tr") == "hala"
    assert lookup_key("  kalem   erbabı ", "tr") == "kalem erbabı"
    assert lookup_key("House", "en") == "house"


def test_wordnet_files_are_installed() -> None:
    data = wordnet_data_dir()
    assert (data / "turkish_wordnet.xml").is_file()
    assert (data / "english_wordnet_version_31.xml").is_file()


@pytest.mark.slow
def test_turkish_meanings() -> None:
    meanings = define("kalem", "tr")
    assert meanings and all(m.definition for m in meanings)
    assert any("Yazma" in m.definition for m in meanings)
    assert define("KALEM", "tr") == meanings  # Turkish-case-insensitive
    assert define("IŞIK", "tr") == define("ışık", "tr") != []
    assert define("İĞNE", "tr") == define("iğne", "tr") != []


@pytest.mark.slow
def test_english_meanings() -> None:
    meanings = define("house", "en")
    assert meanings and any("building" in m.definition for m in meanings)
    assert define("HOUSE", "en") == meanings
    # An inflected form falls back to its base form.
    assert define("houses", "en") == meanings
    assert define("abode", "en")  # its own entry
    assert define("mice", "en")[0].word == "mouse"  # irregular form


@pytest.mark.slow
@pytest.mark.parametrize(("word", "lang"), [("qxzqxz", "tr"), ("qxzqxz", "en"), ("", "tr")])
def test_unknown_words_have_no_meaning(word: str, lang: str) -> None:
    assert lang in ("tr", "en")
    assert define(word, "tr" if lang == "tr" else "en") == []
    assert not has_meaning(word, "tr" if lang == "tr" else "en")
