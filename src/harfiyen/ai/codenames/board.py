"""What the Kelime Casusu AI reads from a view: the one place that knows the view's form.

The engine's view is a typed :class:`~harfiyen.games.codenames.views.CodenamesView`
with a JSON form; :func:`read_view` turns it (or its JSON form) into a small
:class:`Board`, and the agents never look at a view themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from harfiyen.lexicon.normalize import Language


@dataclass(frozen=True, slots=True)
class SeenClue:
    """A clue of the game so far and the cards guessed under it (word, colour)."""

    team: str
    word: str
    number: int
    guesses: tuple[tuple[str, str], ...]
    guesses_left: int | None = None  # only for the current clue

    def found(self) -> int:
        """How many of the guessed cards were the clue team's own."""
        return sum(1 for _, colour in self.guesses if colour == self.team)


@dataclass(frozen=True, slots=True)
class Board:
    """A view as the AI needs it. ``colours[i]`` is ``None`` for a card whose colour
    the viewer may not see."""

    language: Language
    team: str | None
    key_visible: bool
    words: tuple[str, ...]
    colours: tuple[str | None, ...]
    revealed: tuple[bool, ...]
    clues: tuple[SeenClue, ...]
    current: SeenClue | None

    def covered(self) -> list[int]:
        """The indices of the cards not yet revealed."""
        return [i for i, shown in enumerate(self.revealed) if not shown]


def _clue(data: Mapping[str, Any]) -> SeenClue:
    return SeenClue(
        team=str(data["team"]), word=str(data["word"]), number=int(data["number"]),
        guesses=tuple((str(g["word"]), str(g["colour"])) for g in data["guesses"]),
        guesses_left=data.get("guesses_left"),
    )


def read_view(view: Any) -> Board:
    """The :class:`Board` of a Kelime Casusu view (typed, or its JSON form)."""
    data: Mapping[str, Any] = view.to_json() if hasattr(view, "to_json") else view
    cards = data["cards"]
    current = data.get("current_clue")
    lang = str(data.get("language", "tr"))
    return Board(
        language="en" if lang == "en" else "tr",
        team=data.get("viewer", {}).get("team"),
        key_visible=bool(data.get("key_visible")),
        words=tuple(str(c["word"]) for c in cards),
        colours=tuple(c.get("colour") for c in cards),
        revealed=tuple(bool(c["revealed"]) for c in cards),
        clues=tuple(_clue(c) for c in data.get("clues", ())),
        current=None if current is None else _clue(current),
    )


__all__ = ["Board", "SeenClue", "read_view"]
