"""Errors carry a stable code, details and a message in both languages."""

from __future__ import annotations

from harfiyen.core.errors import ErrorKind, GameError, Message


def test_error_kind_fills_both_languages() -> None:
    kind = ErrorKind("square_occupied", "{square} karesi dolu.", "Square {square} is taken.")
    error = kind.error(square="H8")
    assert isinstance(error, GameError)
    assert error.code == "square_occupied"
    assert error.message == Message("H8 karesi dolu.", "Square H8 is taken.")
    assert error.details == {"square": "H8"}
    assert error.to_dict()["message"]["tr"] == "H8 karesi dolu."


def test_lists_are_joined_in_messages() -> None:
    kind = ErrorKind("unknown_words", "Sözlükte yok: {words}", "Not in the lexicon: {words}")
    assert kind.error(words=["XY", "QZ"]).message.en == "Not in the lexicon: XY, QZ"


def test_message_language_falls_back_to_turkish() -> None:
    message = Message("merhaba", "hello")
    assert message.in_language("en") == "hello"
    assert message.in_language("de") == "merhaba"
