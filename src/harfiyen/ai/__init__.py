"""Computer players and the search code they share (imports games and lexicon, never server)."""
