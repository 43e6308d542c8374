"""A small async client of the Harfiyen server (httpx for the REST API, websockets for play).

Used by the tests, the load generator and bots that play over the network.
"""

from harfiyen.client.client import ApiError, GameSocket, HarfiyenClient

__all__ = ["ApiError", "GameSocket", "HarfiyenClient"]
