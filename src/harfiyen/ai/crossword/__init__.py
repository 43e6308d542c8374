"""Crossword AI: move generation (``movegen``) and what builds on it."""
