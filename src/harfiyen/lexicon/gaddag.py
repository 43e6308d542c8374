"""A compact two-way automaton for crossword move generation (an equivalent of Gordon's GADDAG).

Gordon's GADDAG stores, for every word ``w`` and split ``i``, the path
``rev(w[:i]) ◇ w[i:]``: a move generator starts on an anchor square, reads letters
leftwards, crosses the separator ``◇`` and then reads rightwards. Everything after
the separator is a *suffix* ``w[i:]`` of a word with prefix ``p = w[:i]``, and the
set of such suffixes is exactly the right language of the lexicon DAWG's state
``δ(p)``. So this module keeps only the *left half* as its own automaton and lets
the separator edge jump into the lexicon's DAWG (``Lexicon.automaton``), which is
loaded anyway:

* the left automaton accepts ``rev(p)`` for every prefix ``p`` of a word and labels
  that state with ``δ(p)`` (a DAWG node offset); states reached by reversed
  infixes that are not prefixes carry ``-1``. It is minimised with the labels as
  Moore outputs (Daciuk's sorted-input construction), so it is the minimal left
  half of the GADDAG;
* the right half is the DAWG's dense table: ``table[d + s]`` follows symbol ``s``
  and ``table[d] == 1`` says the word may end.

Layout of the left automaton: one flat ``list[int]`` where a node id is the offset
of its record ``[mask, sep, child_1, ..., child_k]``. ``mask`` has bit ``s - 1`` set
for each letter symbol ``s`` with an edge; children are stored in symbol order, so
the child for ``s`` is ``nodes[n + 2 + popcount(mask & (bit - 1))]``; ``sep`` is
``δ(p)`` (``>= 0``) when the letters read so far are a word prefix ``p``, else
``-k`` where ``k >= 1`` is the fewest further letters (leftwards) that reach such a
state, which lets the generator drop a left part the rack cannot finish.
``dawg_masks`` gives the same child bitmask per DAWG node (indexed by
``offset // stride``) so the generator can intersect it with the rack and the
cross-checks in one ``&``.

The left automaton is cached on disk next to the DAWG, keyed by the word list's
sha256 and a checksum of the DAWG table it points into.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from harfiyen.lexicon.automaton import Automaton, SortedMinimiser
from harfiyen.lexicon.cache import cache_dir, write_atomically
from harfiyen.lexicon.lexicon import Lexicon

_MAGIC: Final = b"HFGDDG2\0"
# magic, sha256 of the word list (or zeros), crc32 of the DAWG table, crc32 of body,
# node count, edge count, body length (int32 items)
_HEADER: Final = struct.Struct("<8s32sIIIII")
_INT32: Final = next(code for code in ("i", "l") if array(code).itemsize == 4)

#: Builder label of a left state whose letters read so far are not a word prefix.
NO_PREFIX: Final = -1


class GaddagFormatError(ValueError):
    """Raised when cached bytes are not a left automaton for this lexicon."""


class Gaddag:
    """The left half (own flat list) and the right half (the lexicon's DAWG table).

    >>> from harfiyen.lexicon.lexicon import Lexicon
    >>> lex = Lexicon.from_words("demo", "en", ["CAT", "CATS", "AT"])
    >>> g = build_gaddag(lex)
    >>> a, c, t = lex.symbol("A"), lex.symbol("C"), lex.symbol("T")
    >>> n = g.left_child(g.left_child(0, a), c)   # anchor A, then C to its left
    >>> d = g.nodes[n + 1]                         # prefix "CA" read: jump right
    >>> g.table[g.table[d + t]] == 1               # "CAT" ends here
    True
    """

    __slots__ = (
        "alphabet_size",
        "dawg_masks",
        "edge_count",
        "node_count",
        "nodes",
        "stride",
        "table",
    )

    def __init__(self, nodes: list[int], automaton: Automaton, *, node_count: int) -> None:
        self.nodes = nodes
        self.table = automaton.table
        self.stride = automaton.stride
        self.alphabet_size = automaton.stride - 1
        self.node_count = node_count
        self.edge_count = len(nodes) - 2 * node_count
        self.dawg_masks = dawg_masks(automaton)

    def left_child(self, node: int, symbol: int) -> int:
        """The left state after reading ``symbol`` (leftwards) from ``node``, or -1."""
        nodes = self.nodes
        bit = 1 << (symbol - 1)
        mask = nodes[node]
        if not mask & bit:
            return -1
        return nodes[node + 2 + (mask & (bit - 1)).bit_count()]

    def memory_bytes(self) -> int:
        """Approximate bytes held by the left automaton and the DAWG masks.

        The DAWG table itself belongs to the lexicon; see :func:`dawg_bytes`.
        """
        return _list_bytes(self.nodes) + _list_bytes(self.dawg_masks)


def _list_bytes(values: list[int]) -> int:
    """A list's own size plus each distinct int object it points to (shared ones once)."""
    seen: set[int] = set()
    total = sys.getsizeof(values)
    for v in values:
        key = id(v)
        if key not in seen:
            seen.add(key)
            total += sys.getsizeof(v)
    return total


def dawg_bytes(automaton: Automaton) -> int:
    """Approximate bytes of a DAWG's dense table (list plus distinct int objects)."""
    return _list_bytes(automaton.table)


def dawg_masks(automaton: Automaton) -> list[int]:
    """Per DAWG node (``offset // stride``), the bitmask of its outgoing symbols."""
    table, stride = automaton.table, automaton.stride
    interned: dict[int, int] = {}
    masks: list[int] = []
    for row in range(0, len(table), stride):
        mask = 0
        for sym in range(1, stride):
            if table[row + sym] >= 0:
                mask |= 1 << (sym - 1)
        masks.append(interned.setdefault(mask, mask))
    return masks


# -- building ------------------------------------------------------------------------


def _reversed_prefixes(automaton: Automaton) -> Iterator[tuple[bytes, int]]:
    """``(rev(p), δ(p))`` for every non-empty prefix ``p`` the DAWG spells."""
    table, stride = automaton.table, automaton.stride
    path: list[int] = []

    def visit(node: int) -> Iterator[tuple[bytes, int]]:
        for sym in range(1, stride):
            target = table[node + sym]
            if target >= 0:
                path.append(sym)
                yield bytes(reversed(path)), target
                yield from visit(target)
                path.pop()

    yield from visit(0)


class _LeftBuilder(SortedMinimiser):
    """The minimiser with prefix labels, laid out as the compact record list."""

    def __init__(self) -> None:
        super().__init__(default_label=NO_PREFIX)

    def finish(self) -> tuple[list[int], int]:
        """The flat record list (see the module docstring) and the node count."""
        self.close()
        edges, labels = self.edges, self.labels
        order = self.preorder()
        offset: dict[int, int] = {}
        size = 0
        for state in order:
            offset[state] = size
            size += 2 + len(edges[state])
        nodes = [0] * size
        interned: dict[int, int] = {}
        for state in order:
            at = offset[state]
            mask = 0
            for k, (sym, target) in enumerate(edges[state]):
                mask |= 1 << (sym - 1)
                nodes[at + 2 + k] = offset[target]
            nodes[at] = interned.setdefault(mask, mask)
            nodes[at + 1] = labels[state]
        # States that are not a prefix get -(fewest letters to one that is). A child
        # is reached by one more letter, so one pass in reverse preorder is not enough
        # for a DAG; settle each state after its children (iterative post-order).
        done: dict[int, int] = {}
        for state in reversed(order):
            self._distance(state, edges, labels, done)
        for state in order:
            if labels[state] < 0:
                nodes[offset[state] + 1] = -done[state]
        return nodes, len(order)

    @staticmethod
    def _distance(
        state: int,
        edges: list[list[tuple[int, int]]],
        labels: list[int],
        done: dict[int, int],
    ) -> int:
        stack = [state]
        while stack:
            top = stack[-1]
            if top in done:
                stack.pop()
                continue
            if labels[top] >= 0:
                done[top] = 0
                stack.pop()
                continue
            pending = [t for _, t in edges[top] if t not in done]
            if pending:
                stack.extend(pending)
                continue
            done[top] = 1 + min(done[t] for _, t in edges[top])
            stack.pop()
        return done[state]


def build_gaddag(lexicon: Lexicon) -> Gaddag:
    """Build the left automaton of ``lexicon`` (no disk cache; see :func:`gaddag`)."""
    automaton = lexicon.automaton
    pairs = sorted(_reversed_prefixes(automaton))
    builder = _LeftBuilder()
    for word, label in pairs:
        builder.add(word, label)
    del pairs
    nodes, count = builder.finish()
    return Gaddag(nodes, automaton, node_count=count)


# -- disk cache ----------------------------------------------------------------------


def _table_crc(automaton: Automaton) -> int:
    return zlib.crc32(array(_INT32, automaton.table).tobytes())


def encode(g: Gaddag, sha256: str | None, table_crc: int) -> bytes:
    """Bytes of the left automaton, tied to a word list and to its DAWG table."""
    body = array(_INT32, g.nodes)
    if sys.byteorder != "little":
        body.byteswap()
    raw = body.tobytes()
    digest = bytes.fromhex(sha256) if sha256 else bytes(32)
    header = _HEADER.pack(
        _MAGIC, digest, table_crc, zlib.crc32(raw), g.node_count, g.edge_count, len(body)
    )
    return header + raw


def decode(data: bytes, automaton: Automaton, sha256: str | None, table_crc: int) -> Gaddag:
    """The automaton written by :func:`encode`; raises :class:`GaddagFormatError`."""
    if len(data) < _HEADER.size:
        raise GaddagFormatError("gaddag cache is truncated")
    magic, digest, crc_table, crc_body, nodes, _edges, length = _HEADER.unpack_from(data)
    expected = bytes.fromhex(sha256) if sha256 else bytes(32)
    if magic != _MAGIC or digest != expected or crc_table != table_crc:
        raise GaddagFormatError("gaddag cache belongs to another lexicon or format")
    raw = memoryview(data)[_HEADER.size :]
    if len(raw) != 4 * length or zlib.crc32(raw) != crc_body:
        raise GaddagFormatError("gaddag cache is damaged")
    body = array(_INT32)
    body.frombytes(raw)
    if sys.byteorder != "little":
        body.byteswap()
    # One int object per distinct value, as the builder had: a node reached from
    # several parents, or a mask many nodes share, is stored once in memory.
    interned: dict[int, int] = {}
    values = [interned.setdefault(v, v) for v in body.tolist()]
    return Gaddag(values, automaton, node_count=nodes)


def cache_path(lexicon: Lexicon) -> Path | None:
    """Where the left automaton of a shipped lexicon is cached (None for ad-hoc ones)."""
    if lexicon.sha256 is None:
        return None
    return cache_dir() / "lexicon" / f"{lexicon.id}-{lexicon.sha256[:16]}.gaddag"


_LOADED: dict[tuple[str, str | None], Gaddag] = {}


def gaddag(lexicon: Lexicon) -> Gaddag:
    """The move-generation automaton of ``lexicon``: built once per process.

    Shipped lexicons (with a sha256) are read from / written to the disk cache; a
    missing, stale or damaged cache file is rebuilt.
    """
    key = (lexicon.id, lexicon.sha256)
    found = _LOADED.get(key)
    if found is not None and found.table is lexicon.automaton.table:
        return found
    path = cache_path(lexicon)
    result: Gaddag | None = None
    if path is not None:
        crc = _table_crc(lexicon.automaton)
        try:
            result = decode(path.read_bytes(), lexicon.automaton, lexicon.sha256, crc)
        except (OSError, GaddagFormatError):
            result = None
        if result is None:
            result = build_gaddag(lexicon)
            write_atomically(path, encode(result, lexicon.sha256, crc))
    else:
        result = build_gaddag(lexicon)
    _LOADED[key] = result
    return result


__all__ = [
    "NO_PREFIX",
    "Gaddag",
    "GaddagFormatError",
    "build_gaddag",
    "cache_path",
    "dawg_bytes",
    "dawg_masks",
    "decode",
    "encode",
    "gaddag",
]
