"""The embedding cache: built once with progress, read back, unknown words on demand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from harfiyen.ai.codenames import embeddings


def _fake_encoder(calls: list[list[str]]) -> embeddings.Encoder:
    def encode(texts: list[str]) -> embeddings.Matrix:
        calls.append(list(texts))
        return np.array([[len(t), ord(t[0]), 1.0] for t in texts], dtype=np.float32)

    return encode


def test_built_once_then_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HARFIYEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(embeddings, "BATCH", 2)
    calls: list[list[str]] = []
    progress: list[tuple[int, int]] = []
    words = ["İLİK", "KEDİ", "IŞIK"]
    vectors, seconds = embeddings.load_or_build(
        "tr", words, encoder=_fake_encoder(calls), progress=lambda d, t: progress.append((d, t))
    )
    assert seconds is not None and progress == [(2, 3), (3, 3)]
    assert calls[0] == ["ilik", "kedi"]  # Turkish lower case
    assert np.allclose(np.linalg.norm(vectors.matrix, axis=1), 1.0)
    again, seconds = embeddings.load_or_build("tr", words, encoder=_fake_encoder(calls))
    assert seconds is None and len(calls) == 2
    assert np.array_equal(again.matrix, vectors.matrix)


def test_unknown_words_are_encoded_on_demand(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HARFIYEN_CACHE_DIR", str(tmp_path))
    calls: list[list[str]] = []
    vectors, _ = embeddings.load_or_build("en", ["CAT"], encoder=_fake_encoder(calls))
    out = vectors.vectors(["CAT", "ZEBRA", "ZEBRA"])
    assert out.shape == (3, 3) and calls[-1] == ["zebra"]
    assert "ZEBRA" in vectors and vectors.index("ZEBRA") is None


def test_a_reading_encoder_reads_words_through_other_texts() -> None:
    calls: list[list[str]] = []
    readings = {"gelin": ["bride", "wife"], "damat": ["groom"]}
    encode = embeddings.reading_encoder(_fake_encoder(calls), lambda w: readings.get(w, []))
    out = encode(["gelin", "damat", "masa"])
    assert calls == [["bride", "wife", "groom", "masa"]]  # each text once; no reading: itself
    unit = embeddings.normalised(_fake_encoder([])(["bride", "wife", "groom", "masa"]))
    assert np.allclose(out[0], embeddings.normalised((unit[0] + unit[1] / 2)[None])[0])
    assert np.allclose(out[1], unit[2]) and np.allclose(out[2], unit[3])


def test_the_turkish_vectors_read_english_translations() -> None:
    """GELİN (bride) is nearer DAMAT (groom) than MASA (table): read as Turkish
    words the multilingual model had it the other way round."""
    from harfiyen.ai.codenames import models

    vectors = models.use_vectors("tr").vectors
    gelin, damat, masa = vectors.vectors(["GELİN", "DAMAT", "MASA"])
    assert gelin @ damat > gelin @ masa + 0.2
