"""The match kernel: what the match service is made of, each part in a module of its own
(channels, frames, the checked replay of a stored log)."""
