"""The readers other than USE: WordNet relations and glosses, GloVe (Parquet via pyarrow)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harfiyen.ai.codenames.wordnet_relations import (
    WordNetSignal,
    mentions,
    parse_wordnet,
    profiles,
)
from harfiyen.lexicon.meanings import lookup_key


def test_glove_vocabulary_is_read_in_order() -> None:
    from harfiyen.ai.codenames.glove import glove_dir, glove_signal, read_vocabulary

    assert read_vocabulary(glove_dir() / "glove_6B_index.parquet")[:3] == ["the", ",", "."]
    signal = glove_signal("en")
    scores = signal.similarity(["SEA"], ["SHIP", "PENCIL"])[0]
    assert scores[0] > scores[1]
    assert signal.knows(["SHIP", "QZXQ"]).tolist() == [True, False]


def test_turkish_glove_reads_through_english_translations() -> None:
    from harfiyen.ai.codenames.glove import glove_signal

    signal = glove_signal("tr")
    deniz, kalem = signal.similarity(["GEMİ"], ["DENİZ", "KALEM"])[0]
    assert deniz > kalem


KENET = """<SYNSETS>
<SYNSET><ID>T-1</ID><SYNONYM><LITERAL>hayvan<SENSE>1</SENSE></LITERAL></SYNONYM><POS>n</POS>
<DEF>Canlı varlık</DEF></SYNSET>
<SYNSET><ID>T-2</ID><SYNONYM><LITERAL>köpek<SENSE>1</SENSE></LITERAL><LITERAL>it<SENSE>1</SENSE>
</LITERAL></SYNONYM><POS>n</POS><SR>T-1<TYPE>HYPERNYM</TYPE></SR><DEF>Havlayan hayvan</DEF>
</SYNSET>
<SYNSET><ID>T-3</ID><SYNONYM><LITERAL>kedi<SENSE>1</SENSE></LITERAL></SYNONYM><POS>n</POS>
<SR>T-1<TYPE>HYPERNYM</TYPE></SR><DEF>Miyavlayan bir tür</DEF></SYNSET>
<SYNSET><ID>T-4</ID><SYNONYM><LITERAL>kalem<SENSE>1</SENSE></LITERAL></SYNONYM><POS>n</POS>
<DEF>Yazı aracı</DEF></SYNSET>
</SYNSETS>"""


def test_wordnet_distance_and_gloss_scores(tmp_path: Path) -> None:
    path = tmp_path / "kenet.xml"
    path.write_text(KENET, encoding="utf-8")
    signal = WordNetSignal("tr", parse_wordnet(path, "tr"))
    köpek, kedi, kalem, it = signal.similarity(["KÖPEK"], ["KÖPEK", "KEDİ", "KALEM", "İT"])[0]
    assert köpek == it == 1.0
    assert kalem == 0.0 and 0 < kedi < 1  # köpek → hayvan → kedi: two links
    hayvan = signal.similarity(["HAYVAN"], ["KÖPEK"])[0, 0]
    assert hayvan > 0.5  # one link, and "hayvan" is in köpek's definition
    # Either direction gives the same scores (the search starts from the shorter list).
    assert signal.similarity(["KEDİ", "KALEM"], ["KÖPEK"]).T.tolist() == (
        signal.similarity(["KÖPEK"], ["KEDİ", "KALEM"]).tolist())
    assert signal.knows(["KEDİ", "MASA"]).tolist() == [True, False]


def test_gloss_mentions() -> None:
    assert mentions(["havlayan", "hayvan"], "havla")
    assert not mentions(["catalog"], "cat") and mentions(["cat", "fish"], "cat")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_real_wordnets_relate_everyday_words(lang: str) -> None:
    signal = WordNetSignal(lang)  # type: ignore[arg-type]
    clue, near, far = ("MEYVE", "ELMA", "KALEM") if lang == "tr" else ("FRUIT", "APPLE", "PENCIL")
    scores = signal.similarity([clue], [near, far])[0]
    assert scores[0] > scores[1]


@pytest.mark.parametrize(
    ("lang", "clue", "near", "far"),
    [("tr", "GELİN", "DAMAT", "MASA"), ("tr", "TRAMVAY", "OTOBÜS", "ÇİÇEK"),
     ("en", "BRIDE", "GROOM", "TABLE")],
)
def test_profiles_relate_words_that_share_defining_words(
    lang: str, clue: str, near: str, far: str
) -> None:
    """Extended glosses: words whose definitions and neighbours share words (evlen-,
    taşıt, wedding) are related; words that share none are not."""
    keys = [lookup_key(w, lang) for w in (clue, near, far)]  # type: ignore[arg-type]
    cosine = profiles(lang).cosine(keys[:1], keys[1:])[0]  # type: ignore[arg-type]
    assert cosine[0] > 0.1 and cosine[1] == 0.0
    scores = WordNetSignal(lang).similarity([clue], [near, far])[0]  # type: ignore[arg-type]
    assert scores[0] > scores[1]


def test_profiles_drop_words_common_to_many_definitions() -> None:
    found = profiles("tr")
    everywhere = {"bir", "olan", "veya"}
    assert everywhere.isdisjoint(found.weight)
    tokens, _ = found.tokens(lookup_key("DAMAT", "tr"))
    assert "evlen" in tokens and all(token in found.weight for token in tokens)
