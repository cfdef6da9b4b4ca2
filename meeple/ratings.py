"""Ratings for free-for-all games of 2 to 6 players: OpenSkill's Plackett–Luce model.

A rating is a skill estimate ``mu`` with its uncertainty ``sigma``; a game updates every rated
seat from the places of all seats (ties are ties). What people see is a conservative figure,
``mu − 3σ`` scaled to a familiar range (:func:`shown`): a new player starts at 1000 and climbs
as the server becomes sure of them, and is *provisional* for their first games.

The bot levels anchor the scale: their ratings come from games between the levels
(``meeple arena --rate``), and games against people never move them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""OpenSkill's Plackett–Luce model with its default prior (mu 25, sigma 25/3)."""
BASE, SCALE = 1000, 25
"""The shown rating is ``BASE + SCALE * (mu − 3σ)``: 1000 for a newcomer."""
PROVISIONAL_GAMES = 10
"""A rating is marked provisional until this many rated games."""


@dataclass(frozen=True)
class Skill:
    """A skill estimate: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The conservative rating people see (:func:`shown`)."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    """The rating shown for a skill estimate: conservative, on a familiar scale.

    >>> shown(25.0, 25.0 / 3)
    1000
    >>> shown(30.0, 2.0)
    1600
    """
    return round(BASE + SCALE * (mu - 3 * sigma))


def places(scores: Sequence[float], winners: Sequence[int], left: Sequence[int] = ()) -> list[int]:
    """Each seat's place, 1 for the best: the winners first (the rulebook's tie-breaks already
    decided them), then the others by score; equal scores share a place; a seat whose player
    left the game in play comes last, whatever it scored (several leavers share that place).

    >>> places([10, 12, 12], winners=[1])
    [3, 1, 2]
    >>> places([10, 12, 12], winners=[1, 2])
    [3, 1, 1]
    >>> places([30, 12, 8], winners=[0], left=[0])
    [3, 1, 2]
    >>> places([5, 5, 9], winners=[2])
    [2, 2, 1]
    """
    gone = set(left)
    top = set(winners) - gone

    def key(seat: int) -> tuple[bool, bool, float]:
        if seat in gone:
            return (True, True, 0.0)  # every leaver shares the last place
        return (False, seat not in top, -scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def update(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Every seat's skill after a game in which seat ``i`` placed ``ranks[i]`` (1 = first)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    after = MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in after]


def rate_levels(games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, Skill]:
    """The bot levels' skills fitted to all of ``games`` at once, each ``(level at each seat,
    places)``: the most likely skills under the model's Plackett–Luce likelihood and prior
    (:func:`fitted`), so the order of the games does not matter.

    A game updates a person's rating as it comes (:func:`update`), which is right for a skill
    that changes. A level's skill does not, and over a few hundred games between the same
    levels the one-game-at-a-time updates move each level only part of the way its results
    call for, and differently with the games' order: in a 192-game Go da Cheese! field, `hard`
    finished ahead of `normal` in 114 games and behind it in 73, yet in seed order the updates
    left them level (mu 34.3 and 34.2). A level that sits at several seats of a game plays them
    all with one skill.

    >>> skills = rate_levels([(["hard", "random"], [1, 2])] * 20)
    >>> skills["hard"].mu > 25 > skills["random"].mu
    True
    """
    levels = sorted({level for seats, _ in games for level in seats})
    index = {level: i for i, level in enumerate(levels)}
    seated = [([index[level] for level in seats], list(ranks)) for seats, ranks in games]
    mu, sigma = fitted(seated, len(levels))
    return {level: Skill(float(mu[i]), float(sigma[i])) for level, i in index.items()}


def fitted(
    games: Sequence[tuple[Sequence[int], Sequence[int]]], count: int, rounds: int = 4
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The most likely skills ``mu`` of ``count`` players given ``games``, each ``(player at
    each seat, places)``, under :data:`MODEL`'s Plackett–Luce likelihood and its prior, with
    their uncertainty ``sigma`` about their places in the field (from the curvature there,
    :func:`_spread`).

    As in OpenSkill's update, a seat's strength in a game is ``exp(mu / c)`` with
    ``c = sqrt(Σ (σ² + β²))`` over the game's seats, and seats that share a place share each
    factor of the likelihood (its power ``1 / A``, ``A`` the seats in that place). ``c``
    depends on the uncertainties, which depend on the fit: a few rounds settle both. The
    log-posterior is concave, so Newton's method finds its one maximum.
    """
    prior_mu, prior_var, beta2 = MODEL.mu, MODEL.sigma**2, MODEL.beta**2
    # Each factor of a game's likelihood: the seat's player, the players still in the running
    # (the seats placed no better) and the factor's power. They depend on the places alone.
    factors = []
    for seats, ranks in games:
        who, place = np.asarray(seats), np.asarray(ranks)
        stages = [
            (int(who[seat]), who[place >= place[seat]], 1.0 / int(np.sum(place == place[seat])))
            for seat in range(len(who))
        ]
        factors.append((who, stages))
    mu = np.full(count, prior_mu)
    sigma = np.full(count, MODEL.sigma)
    for _ in range(rounds):
        scales = [float(np.sqrt(np.sum(sigma[who] ** 2 + beta2))) for who, _ in factors]
        for _ in range(50):
            grad = -(mu - prior_mu) / prior_var
            hess = -np.eye(count) / prior_var
            for (_, stages), c in zip(factors, scales, strict=True):
                for player, running, weight in stages:
                    strength = np.exp((mu[running] - mu[running].max()) / c)
                    share = np.bincount(running, strength / strength.sum(), count)
                    grad -= weight / c * share
                    grad[player] += weight / c
                    hess -= weight / c**2 * (np.diag(share) - np.outer(share, share))
            step = np.linalg.solve(hess, grad)
            mu = mu - step
            if np.max(np.abs(step)) < 1e-9:
                break
        sigma = _spread(np.linalg.inv(-hess)) if count > 1 else sigma
    return mu, sigma


def _spread(covariance: npt.NDArray[np.floating[Any]]) -> npt.NDArray[np.float64]:
    """Each skill's uncertainty about its place in the field, its distance from the players'
    mean skill: the games say nothing of where the whole field stands (only the prior puts its
    mean at the model's 25), and the levels anchor the scale, so that shared uncertainty is
    left out."""
    count = len(covariance)
    centre = np.eye(count) - np.full((count, count), 1.0 / count)
    return np.asarray(np.sqrt(np.diag(centre @ covariance @ centre)), dtype=np.float64)
