"""Placeholder: filled in by its owner."""
def score(move: str) -> None:
    """Score a move."""
