"""The minimal acyclic automaton: membership, order, minimality, serialisation, GADDAG."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harfiyen.lexicon.automaton import (
    NO_NODE,
    Automaton,
    AutomatonFormatError,
    build,
    build_unsorted,
)

Word = tuple[int, ...]

words_strategy = st.sets(
    st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=6).map(tuple),
    max_size=40,
)


def minimal_state_count(words: set[Word]) -> int:
    """Reference: one state per distinct non-empty right language (Myhill–Nerode).

    Computed by brute force from the definition, independently of the builder.
    """
    if not words:
        return 1
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    languages = {frozenset(w[len(p) :] for w in words if w[: len(p)] == p) for p in prefixes}
    return len(languages)


def all_sequences(max_symbol: int, max_length: int) -> list[Word]:
    out: list[Word] = []
    for n in range(max_length + 1):
        out.extend(itertools.product(range(1, max_symbol + 1), repeat=n))
    return out


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_membership_equals_set_membership(words: set[Word]) -> None:
    automaton = build(sorted(words))
    for probe in all_sequences(5, 4):
        assert automaton.contains(probe) == (probe in words)
    for word in words:
        assert automaton.contains(word)
        assert word in automaton
    assert len(automaton) == len(words)


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_iteration_returns_the_sorted_set(words: set[Word]) -> None:
    automaton = build(sorted(words))
    assert list(automaton) == sorted(words)


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_automaton_is_minimal(words: set[Word]) -> None:
    automaton = build(sorted(words))
    assert automaton.node_count == minimal_state_count(words)


@settings(max_examples=100, deadline=None)
@given(words_strategy)
def test_serialisation_round_trips(words: set[Word]) -> None:
    automaton = build(sorted(words))
    loaded = Automaton.from_bytes(automaton.to_bytes())
    assert loaded.table == automaton.table
    assert (loaded.stride, loaded.node_count, loaded.edge_count, len(loaded)) == (
        automaton.stride,
        automaton.node_count,
        automaton.edge_count,
        len(automaton),
    )
    assert list(loaded) == sorted(words)


@settings(max_examples=100, deadline=None)
@given(words_strategy)
def test_children_child_and_walk_agree(words: set[Word]) -> None:
    automaton = build(sorted(words))
    edges = 0
    for node in range(0, len(automaton.table), automaton.stride):
        kids = automaton.children(node)
        edges += len(kids)
        assert [s for s, _ in kids] == sorted(s for s, _ in kids)
        for symbol in range(1, automaton.stride):
            expected = dict(kids).get(symbol, NO_NODE)
            assert automaton.child(node, symbol) == expected
    assert edges == automaton.edge_count
    for word in words:
        node = automaton.walk(word)
        assert node >= 0 and automaton.is_terminal(node)


def test_small_example_shares_suffixes() -> None:
    # TAP, TOP, TOPS, TAPS (T=1, A=2, O=3, P=4, S=5): one shared "P(S)" tail.
    words = [(1, 2, 4), (1, 2, 4, 5), (1, 3, 4), (1, 3, 4, 5)]
    automaton = build(words)
    assert automaton.node_count == 5  # root, T, {A,O}→·, P (terminal), S (terminal)
    assert automaton.walk((1, 2)) == automaton.walk((1, 3))


def test_child_outside_the_alphabet_is_no_node() -> None:
    automaton = build([(1, 2)], alphabet_size=3)
    assert automaton.stride == 4
    assert automaton.child(0, 0) == NO_NODE
    assert automaton.child(0, 4) == NO_NODE
    assert automaton.child(0, 3) == NO_NODE
    assert automaton.walk((9,)) == NO_NODE
    assert not automaton.contains((1, 2, 3))


def test_rows_span_the_whole_alphabet() -> None:
    # Without alphabet_size, a row would stop at the largest symbol used.
    assert build([(1,)], alphabet_size=29).stride == 30
    assert build([(1,)]).stride == 2


def test_unsorted_input_is_refused() -> None:
    with pytest.raises(ValueError, match="not sorted"):
        build([(2,), (1,)])


def test_symbols_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        build([(0, 1)])


def test_repeats_are_accepted_once() -> None:
    automaton = build([(1,), (1,), (1, 2)])
    assert len(automaton) == 2


def test_build_unsorted_sorts_and_deduplicates() -> None:
    automaton = build_unsorted([(3, 1), (1,), (3, 1), (2, 2)])
    assert list(automaton) == [(1,), (2, 2), (3, 1)]


def test_empty_set_and_empty_word() -> None:
    empty = build([])
    assert len(empty) == 0 and list(empty) == [] and not empty.contains(())
    with_empty = build([(), (1,)])
    assert with_empty.contains(()) and list(with_empty) == [(), (1,)]


def test_sequences_below_a_node() -> None:
    automaton = build([(1, 2), (1, 2, 3), (1, 3), (2,)])
    node = automaton.walk((1,))
    assert list(automaton.sequences(node, (1,))) == [(1, 2), (1, 2, 3), (1, 3)]


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: b[:10],
        lambda b: b"X" + b[1:],
        lambda b: b[:-4],
        lambda b: b[:-4] + (10**6).to_bytes(4, "little"),
    ],
    ids=["truncated-header", "bad-magic", "truncated-body", "target-out-of-range"],
)
def test_damaged_bytes_are_refused(mutate: object) -> None:
    data = build([(1, 2), (2, 1)]).to_bytes()
    assert callable(mutate)
    with pytest.raises(AutomatonFormatError):
        Automaton.from_bytes(mutate(data))
