"""Word lists, Turkish text handling, the lookup automaton and meanings."""
