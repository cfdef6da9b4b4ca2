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


def rate_levels(
    games: Sequence[tuple[Sequence[str], Sequence[int]]], start: dict[str, Skill] | None = None
) -> dict[str, Skill]:
    """The bot levels' skills after ``games`` in order, each ``(level at each seat, places)``.

    A level that sits at several seats of one game plays as that many copies; its skill after
    the game is the mean of the copies' (each copy started from the same estimate).

    >>> skills = rate_levels([(["hard", "random"], [1, 2])] * 20)
    >>> skills["hard"].mu > 25 > skills["random"].mu
    True
    """
    skills = dict(start or {})
    for levels, ranks in games:
        after = update([skills.get(level, Skill()) for level in levels], ranks)
        for level in set(levels):
            copies = [after[i] for i, lv in enumerate(levels) if lv == level]
            skills[level] = Skill(
                sum(c.mu for c in copies) / len(copies), sum(c.sigma for c in copies) / len(copies)
            )
    return skills
