"""A minimal acyclic automaton (DAWG) over integer symbols, in one flat table.

The builder follows the incremental algorithm for sorted input of Daciuk, Mihov,
Watson and Watson (2000): words arrive in ascending order, so once a word has been
added, every state below the common prefix with the next word is final and can be
merged with an equivalent registered state (same accepting flag, same outgoing
edges). The result is the minimal automaton for the word set.

The minimiser (:class:`SortedMinimiser`) lets each state carry an integer label
(here: accepts or not), so the move generator's left automaton
(:mod:`harfiyen.lexicon.gaddag`) is built by the same code with other labels.

Runtime layout: one dense table of ``stride = max_symbol + 1`` slots per node.
A node id *is* the offset of its row, so following an edge is one addition and one
index: ``table[node + symbol]`` (``-1`` when there is no edge). Slot 0 of each row
(``table[node]``) is ``1`` when the node accepts, else ``0``; that is why symbols
start at 1. The root is node 0. A dense row costs more memory than an edge list,
but Python spends far less time on one list index than on scanning edges, and the
move generator walks this table millions of times (``benchmarks/bench_lexicon.py``
measures both).

Serialised form: a small header and the table as little-endian int32, so loading is
``array.frombytes`` plus ``tolist``; no per-edge Python work.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

#: Value of a table slot with no edge.
NO_NODE: Final = -1

# The serialised table is int32; pick the array type code that has 4 bytes here.
_INT32: Final = next(code for code in ("i", "l") if array(code).itemsize == 4)

_MAGIC: Final = b"HFDAWG1\0"
# magic, stride, node count, edge count, word count, max length, table length
_HEADER: Final = struct.Struct("<8sIIIQII")


class AutomatonFormatError(ValueError):
    """Raised when bytes are not a serialised automaton of this version."""


class Automaton:
    """An immutable minimal acyclic automaton; node ids are row offsets in ``table``.

    >>> a = build([(1, 2), (1, 2, 3), (2, 3)])
    >>> a.contains((1, 2)), a.contains((1,)), len(a)
    (True, False, 3)
    >>> list(a)
    [(1, 2), (1, 2, 3), (2, 3)]
    """

    __slots__ = ("edge_count", "max_length", "node_count", "stride", "table", "word_count")

    root: Final = 0

    def __init__(
        self,
        table: list[int],
        stride: int,
        *,
        node_count: int,
        edge_count: int,
        word_count: int,
        max_length: int,
    ) -> None:
        self.table = table
        self.stride = stride
        self.node_count = node_count
        self.edge_count = edge_count
        self.word_count = word_count
        self.max_length = max_length

    # -- traversal -------------------------------------------------------------------

    def child(self, node: int, symbol: int) -> int:
        """The node reached from ``node`` by ``symbol``, or ``-1`` (:data:`NO_NODE`)."""
        if not 0 < symbol < self.stride:
            return NO_NODE
        return self.table[node + symbol]

    def is_terminal(self, node: int) -> bool:
        """True when the path to ``node`` spells an accepted sequence."""
        return self.table[node] == 1

    def children(self, node: int) -> list[tuple[int, int]]:
        """Outgoing edges of ``node`` as ``(symbol, target)``, in ascending symbol order."""
        row = self.table[node + 1 : node + self.stride]
        return [(sym, target) for sym, target in enumerate(row, 1) if target >= 0]

    def walk(self, symbols: Iterable[int]) -> int:
        """The node reached from the root by ``symbols``, or ``-1`` if the path breaks off."""
        table, stride = self.table, self.stride
        node = 0
        for sym in symbols:
            if not 0 < sym < stride:
                return NO_NODE
            node = table[node + sym]
            if node < 0:
                return NO_NODE
        return node

    def contains(self, symbols: Iterable[int]) -> bool:
        """True when ``symbols`` is an accepted sequence."""
        node = self.walk(symbols)
        return node >= 0 and self.table[node] == 1

    def __contains__(self, symbols: object) -> bool:
        if not isinstance(symbols, Sequence):
            return False
        return all(isinstance(s, int) for s in symbols) and self.contains(symbols)

    def __len__(self) -> int:
        return self.word_count

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return self.sequences()

    def sequences(self, node: int = 0, prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
        """Accepted sequences below ``node`` (prefixed by ``prefix``), in ascending order."""
        table = self.table
        path = list(prefix)
        if table[node] == 1:
            yield tuple(path)
        # Depth-first with a stack of edge iterators; ``path`` holds one symbol per
        # stack entry below the top, after the prefix.
        stack = [iter(self.children(node))]
        while stack:
            for sym, target in stack[-1]:
                path.append(sym)
                if table[target] == 1:
                    yield tuple(path)
                stack.append(iter(self.children(target)))
                break
            else:
                stack.pop()
                if stack:
                    path.pop()

    # -- serialisation ---------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """Serialise to a compact, versioned byte string (see :meth:`from_bytes`)."""
        body = array(_INT32, self.table)
        if sys.byteorder != "little":
            body.byteswap()
        header = _HEADER.pack(
            _MAGIC,
            self.stride,
            self.node_count,
            self.edge_count,
            self.word_count,
            self.max_length,
            len(body),
        )
        return header + body.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes, *, check_targets: bool = True) -> Automaton:
        """Load an automaton written by :meth:`to_bytes`.

        Raises :class:`AutomatonFormatError` when ``data`` is truncated, of another
        format or version, or structurally inconsistent. ``check_targets=False`` skips
        the scan for out-of-range edge targets (about 40 ms for a 170k-word lexicon);
        callers pass it when a checksum has already vouched for the bytes.
        """
        if len(data) < _HEADER.size:
            raise AutomatonFormatError("automaton data is truncated")
        magic, stride, nodes, edges, words, max_length, length = _HEADER.unpack_from(data)
        if magic != _MAGIC:
            raise AutomatonFormatError("not a Harfiyen automaton (or another version)")
        if stride < 1 or length != stride * nodes or len(data) != _HEADER.size + 4 * length:
            raise AutomatonFormatError("automaton data has inconsistent sizes")
        body = array(_INT32)
        body.frombytes(memoryview(data)[_HEADER.size :])
        if sys.byteorder != "little":
            body.byteswap()
        table = body.tolist()
        # A scan in C (min/max), not a per-edge Python loop.
        if check_targets and (min(table) < NO_NODE or max(table) >= length):
            raise AutomatonFormatError("automaton data has out-of-range targets")
        return cls(
            table,
            stride,
            node_count=nodes,
            edge_count=edges,
            word_count=words,
            max_length=max_length,
        )


# -- building --------------------------------------------------------------------------


class SortedMinimiser:
    """Daciuk's incremental minimisation over sorted input (repeats are skipped).

    Build-time states are small ints; ``edges[s]`` lists ``(symbol, target)`` in
    ascending symbol order (guaranteed by sorted input) and ``labels[s]`` is the
    state's output label (``default_label`` unless a word ends there). Two states
    merge when label and edges are equal. Call :meth:`close` after the last word.
    """

    def __init__(self, default_label: int = 0) -> None:
        self.edges: list[list[tuple[int, int]]] = [[]]
        self.labels: list[int] = [default_label]
        self._default = default_label
        self._register: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
        # The path of the previous word: _path[i] is the state after i symbols.
        self._path: list[int] = [0]
        self._previous: tuple[int, ...] | None = None
        self.word_count = 0
        self.max_symbol = 0
        self.max_length = 0

    def add(self, word: Sequence[int], label: int = 1) -> None:
        """Add ``word`` (after every word that sorts before it) ending in ``label``."""
        symbols = tuple(word)
        previous = self._previous
        if previous is not None and symbols <= previous:
            if symbols == previous:
                return
            raise ValueError(f"input is not sorted: {symbols!r} after {previous!r}")
        if symbols and min(symbols) < 1:
            raise ValueError(f"symbols must be positive integers, got {symbols!r}")
        common = 0
        if previous is not None:
            limit = min(len(symbols), len(previous))
            while common < limit and symbols[common] == previous[common]:
                common += 1
        self._minimise_down_to(common)
        edges, labels, path = self.edges, self.labels, self._path
        state = path[common]
        for sym in symbols[common:]:
            new = len(edges)
            edges.append([])
            labels.append(self._default)
            edges[state].append((sym, new))
            path.append(new)
            state = new
        labels[state] = label
        self._previous = symbols
        self.word_count += 1
        if symbols:
            self.max_symbol = max(self.max_symbol, max(symbols))
        self.max_length = max(self.max_length, len(symbols))

    def _minimise_down_to(self, depth: int) -> None:
        """Replace or register the states of the previous word's path below ``depth``."""
        edges, labels, register, path = self.edges, self.labels, self._register, self._path
        while len(path) - 1 > depth:
            state = path.pop()
            parent = path[-1]
            key = (labels[state], tuple(edges[state]))
            existing = register.get(key)
            if existing is None:
                register[key] = state
            else:
                # The state is the last child of its parent (sorted input), so
                # redirect that edge and forget the duplicate.
                sym, _ = edges[parent][-1]
                edges[parent][-1] = (sym, existing)
                edges[state] = []

    def close(self) -> None:
        """Minimise the last word's path; the automaton is complete afterwards."""
        self._minimise_down_to(0)
        self._register.clear()

    def preorder(self) -> list[int]:
        """The reachable states, depth-first from the root, children in symbol order."""
        edges = self.edges
        seen = {0}
        order = [0]
        stack = [0]
        while stack:
            state = stack.pop()
            for _, target in reversed(edges[state]):
                if target not in seen:
                    seen.add(target)
                    order.append(target)
                    stack.append(target)
        return order


def _dense(minimiser: SortedMinimiser, alphabet_size: int) -> Automaton:
    """Lay a closed minimiser out as the dense runtime table."""
    edges, labels = minimiser.edges, minimiser.labels
    # Rows span the whole alphabet even if the words leave its last letters unused,
    # so that ``table[node + symbol]`` never strays into the next row.
    stride = max(minimiser.max_symbol, alphabet_size) + 1
    order = minimiser.preorder()
    offset = {state: i * stride for i, state in enumerate(order)}
    table = [NO_NODE] * (len(order) * stride)
    edge_count = 0
    for state in order:
        row = offset[state]
        table[row] = labels[state]
        for sym, target in edges[state]:
            table[row + sym] = offset[target]
            edge_count += 1
    return Automaton(
        table,
        stride,
        node_count=len(order),
        edge_count=edge_count,
        word_count=minimiser.word_count,
        max_length=minimiser.max_length,
    )


def build(sorted_sequences: Iterable[Sequence[int]], alphabet_size: int = 0) -> Automaton:
    """Build the minimal automaton of sequences given in ascending order.

    Symbols are positive ints; every row has room for symbols up to
    ``max(alphabet_size, largest symbol seen)``. Repeated sequences are accepted once.
    Raises :class:`ValueError` when the input is not sorted or holds a symbol below 1.
    """
    minimiser = SortedMinimiser()
    for seq in sorted_sequences:
        minimiser.add(seq)
    minimiser.close()
    return _dense(minimiser, alphabet_size)


def build_unsorted(sequences: Iterable[Sequence[int]], alphabet_size: int = 0) -> Automaton:
    """Build the minimal automaton of sequences in any order (sorts them first)."""
    return build(sorted({tuple(s) for s in sequences}), alphabet_size)
