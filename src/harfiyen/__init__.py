"""Harfiyen: a Turkish-first platform for word games."""

__version__ = "0.1.0"
