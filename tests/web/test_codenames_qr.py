"""The room page's QR code (web/js/codenames/qr.js, the project's own encoder) gives the
same matrix as segno, a maintained encoder, for every mask and the versions a join link
needs (1-10, byte mode, error correction M)."""

from __future__ import annotations

from typing import Any

import segno
import segno.encoder

from .conftest import DESKTOP

TEXTS = [
    "x",
    "http://127.0.0.1:8000/#/room/ABC123",
    "https://harfiyen.example/#/room/K7Q2MZ?" + "a" * 60,
    "a" * 120,  # version 7: the first with version information
    "https://x.y/" + "z" * 130,
    "q" * 200,
]


def reference(text: str, mask: int) -> list[str]:
    """segno's matrix for ``text``; segno pads a stream that already ends on a byte
    boundary with one more zero byte (ISO/IEC 18004 7.4.10 asks for none), so its padding
    step is replaced by the standard's for the comparison."""
    original = segno.encoder.write_padding_bits
    segno.encoder.write_padding_bits = lambda buff, version, length: buff.extend(
        [0] * (-length % 8))
    try:
        code = segno.make(text, error="m", mode="byte", mask=mask, boost_error=False,
                          micro=False)
    finally:
        segno.encoder.write_padding_bits = original
    return ["".join(str(bit) for bit in row) for row in code.matrix]


def test_the_join_link_qr_code_matches_a_maintained_encoder(open_page: Any) -> None:
    page = open_page(DESKTOP).page
    page.goto("/")
    page.wait_for_selector("body[data-ready]")
    ours = page.evaluate("""async (texts) => {
        const { qrMatrix } = await import('/js/codenames/qr.js');
        return texts.map((text) => [0, 1, 2, 3, 4, 5, 6, 7].map((mask) =>
            qrMatrix(text, { mask }).map((row) => row.map((d) => (d ? '1' : '0')).join(''))));
    }""", TEXTS)
    versions = set()
    for text, by_mask in zip(TEXTS, ours, strict=True):
        for mask, matrix in enumerate(by_mask):
            assert matrix == reference(text, mask), (text, mask)
        versions.add((len(by_mask[0]) - 17) // 4)
    assert {1, 3, 7, 10} <= versions
    # Without a forced mask the page picks one; what it draws is one of the valid eight.
    chosen = page.evaluate("""async (text) => {
        const { qrMatrix } = await import('/js/codenames/qr.js');
        return qrMatrix(text).map((row) => row.map((d) => (d ? '1' : '0')).join(''));
    }""", TEXTS[1])
    assert chosen in [reference(TEXTS[1], mask) for mask in range(8)]
    # Too long for version 10: no code rather than a wrong one.
    too_long = "async () => (await import('/js/codenames/qr.js')).qrMatrix('w'.repeat(400))"
    assert page.evaluate(too_long) is None
