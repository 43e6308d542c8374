"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system"), pure functions.

A rating is ``(rating, rd, volatility)`` on the familiar Glicko scale (1500
start, rating deviation 350). :func:`rate` applies one rating period: the
results a player had against opponents rated *before* the period. The server
treats each finished ranked match as one period for every seat in it, with
each other seat as an opponent (a draw scores 0.5).

>>> after = rate(Rating(1500, 200, 0.06),
...              [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(after.rating, 2), round(after.rd, 2), round(after.volatility, 5)
(1464.05, 151.52, 0.05999)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# The factor between the Glicko scale and the Glicko-2 scale (400 / ln 10).
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
# The system constant: how much the volatility may change in one period (0.3–1.2).
DEFAULT_TAU = 0.5
_EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0..1)."""
    return _expected(
        (player.rating - DEFAULT_RATING) / SCALE,
        (opponent.rating - DEFAULT_RATING) / SCALE,
        opponent.rd / SCALE,
    )


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: solve for the new volatility (the Illinois variant of regula falsi)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(
    player: Rating, results: Sequence[tuple[Rating, float]], tau: float = DEFAULT_TAU
) -> Rating:
    """``player`` after one rating period with ``results`` (opponent, score 0 / 0.5 / 1).

    Without results only the deviation grows (the player was inactive).
    """
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, DEFAULT_RD), sigma)
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = opponent.rd / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    new_sigma = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + DEFAULT_RATING, new_phi * SCALE, new_sigma)


def rate_match(
    ratings: Sequence[Rating], places: Sequence[int], tau: float = DEFAULT_TAU
) -> list[Rating]:
    """Everyone's rating after one match; ``places`` per seat (1 is best, ties share).

    Each seat scores 1 against every seat placed below it, 0.5 against a tie
    and 0 against the seats above it, all against the ratings before the match.
    """
    out = []
    for seat, own in enumerate(ratings):
        results = []
        for other, theirs in enumerate(ratings):
            if other == seat:
                continue
            if places[seat] < places[other]:
                score = 1.0
            elif places[seat] == places[other]:
                score = 0.5
            else:
                score = 0.0
            results.append((theirs, score))
        out.append(rate(own, results, tau))
    return out
