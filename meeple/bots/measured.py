"""The measured strength of the bot levels: records of arena games, added up into tables.

Every measuring run keeps its games in a records folder (``benchmarks/records/``), one JSON
line a game (:func:`meeple.bots.arena.append_record`), one file a tournament. This module
reads such a folder and writes the tables of ``docs/bots.md``: for each game and player count,
one level against the others (``hard`` against ``normal``, ``expert`` against ``hard``,
``hard`` against OpenSpiel's ISMCTS), with the win share's 95% interval against the fair
share, and the share of its rivals it finished ahead of.

>>> match_of(("normal", "hard", "normal"))
('hard', 'normal')
>>> match_of(("hard", "normal", "easy")) is None
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.bots.arena import GameRecord, wilson
from meeple.ratings import places

ISMCTS_LEVEL = "openspiel-ismcts"
"""The level name of OpenSpiel's ISMCTS (random rollouts) in the records."""

MATCHES: tuple[tuple[str, str], ...] = (
    ("hard", "normal"),
    ("expert", "hard"),
    ("hard", ISMCTS_LEVEL),
)
"""The measured matches, in table order: one ``focal`` level against ``rival`` at every
other seat."""

AHEAD_TARGET: dict[tuple[str, str], float] = {("hard", ISMCTS_LEVEL): 0.6}
"""Matches whose bar is a share of rivals finished ahead of, rather than the win share
(issue #38: ``hard`` finishes ahead of OpenSpiel's ISMCTS in ≥ 60% of games), besides the
interval above :data:`PARITY`."""

PARITY = 0.5
"""The finished-ahead share of a level no better than its rivals, at any player count."""

HEAD_TO_HEAD_TARGET: dict[tuple[str, str], float] = {("expert", "hard"): 0.6}
"""Matches whose bar at two players is a win share of at least this (issue #38: ``expert``
wins ≥ 0.60 head to head against ``hard``), besides the interval above the fair share."""

BEGIN = "<!-- measured tables: begin (python benchmarks/bots.py tables) -->"
END = "<!-- measured tables: end -->"


def match_of(levels: Sequence[str]) -> tuple[str, str] | None:
    """``(focal, rival)`` when one seat holds a level and every other seat another one
    (the shape of every measured match), else ``None``."""
    kinds = set(levels)
    if len(kinds) != 2:
        return None
    for focal in kinds:
        if list(levels).count(focal) == 1:
            (rival,) = kinds - {focal}
            if len(levels) == 2 and (rival, focal) in MATCHES:
                return (rival, focal)
            return (focal, rival)
    return None


@dataclass
class Tally:
    """One match at one game and player count, added up over its games."""

    game: str
    players: int
    focal: str
    rival: str
    games: int = 0
    wins: float = 0.0
    rival_wins: float = 0.0
    ahead: float = 0.0
    pairs: int = 0
    focal_score: float = 0.0
    rival_score: float = 0.0
    dates: set[str] = field(default_factory=set)
    machines: set[str] = field(default_factory=set)

    def add(self, record: GameRecord, date: str | None = None, machine: str | None = None) -> None:
        """Count one game (its focal seat is the one seat holding ``focal``)."""
        seat = record.levels.index(self.focal)
        place = places(record.scores, record.winners)
        self.games += 1
        if seat in record.winners:
            self.wins += 1 / len(record.winners)
        for other in range(len(record.levels)):
            if other == seat:
                continue
            self.pairs += 1
            if place[seat] < place[other]:
                self.ahead += 1
            elif place[seat] == place[other]:
                self.ahead += 0.5  # a shared place counts half
            if other in record.winners:
                self.rival_wins += 1 / len(record.winners)
            self.rival_score += record.scores[other]
        self.focal_score += record.scores[seat]
        if date:
            self.dates.add(date)
        if machine:
            self.machines.add(machine)

    @property
    def fair_share(self) -> float:
        """The win share of a level no better than its rivals."""
        return 1 / self.players

    @property
    def win_share(self) -> float:
        """The focal level's wins per game (a win shared by k counts 1/k)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def rival_share(self) -> float:
        """A rival seat's win share, per seat."""
        return self.rival_wins / self.pairs if self.pairs else 0.0

    @property
    def ahead_share(self) -> float:
        """The share of (game, rival seat) pairs the focal level finished ahead of."""
        return self.ahead / self.pairs if self.pairs else 0.0

    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win share."""
        return wilson(self.wins, self.games)

    def ahead_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the finished-ahead share, taking the games (not the
        pairs, which are not independent) as the trials."""
        return wilson(self.ahead_share * self.games, self.games)

    @property
    def head_to_head_target(self) -> float | None:
        """The win share a two-player match must reach (:data:`HEAD_TO_HEAD_TARGET`), or
        ``None`` where its bar is the fair share alone."""
        return HEAD_TO_HEAD_TARGET.get((self.focal, self.rival)) if self.players == 2 else None

    def bar(self) -> str:
        """The bar in words, for the tables."""
        target = AHEAD_TARGET.get((self.focal, self.rival))
        if target is not None:
            return f"ahead ≥ {target:.2f}"
        head = self.head_to_head_target
        return f"win ≥ {head:.2f}" if head is not None else f"win > {self.fair_share:.3f}"

    def verdict(self) -> str:
        """Whether the match meets its bar: ``met`` when the win share's interval lies above
        the fair share, ``not met`` when it lies below, else ``open`` (more games).

        A bar of a target share (a two-player win share, :data:`HEAD_TO_HEAD_TARGET`, or a
        finished-ahead share, :data:`AHEAD_TARGET`) is met when the share reaches the target
        and its interval's low end lies above what a level no better than its rivals gets
        (the fair share, :data:`PARITY`), so that a few lucky games do not pass; not met
        when the interval's high end lies below the target; else open."""
        if not self.games:
            return "—"
        head = self.head_to_head_target
        if head is not None:
            return _target_verdict(self.win_share, self.win_interval(), head, self.fair_share)
        target = AHEAD_TARGET.get((self.focal, self.rival))
        if target is not None:
            return _target_verdict(self.ahead_share, self.ahead_interval(), target, PARITY)
        low, high = self.win_interval()
        if low > self.fair_share:
            return "met"
        return "not met" if high < self.fair_share else "open"


def _target_verdict(
    share: float, interval: tuple[float, float], target: float, parity: float
) -> str:
    """A target bar's verdict (:meth:`Tally.verdict`)."""
    low, high = interval
    if share >= target and low > parity:
        return "met"
    return "not met" if high < target else "open"


Key = tuple[str, int, str, str]


def read_folder(folder: Path) -> dict[Key, Tally]:
    """Every measured match in a records folder's ``*.jsonl`` files, added up by game,
    player count and match (lines of other shapes, such as three different levels, are
    left out)."""
    tallies: dict[Key, Tally] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                record = GameRecord.from_json(data)
                game, players = str(data["game"]), int(data["players"])
            except (ValueError, KeyError, TypeError) as err:
                raise ValueError(f"{path}, line {number}: not a game record") from err
            add_record(tallies, game, players, record, data)
    return tallies


def add_record(
    tallies: dict[Key, Tally], game: str, players: int, record: GameRecord, data: dict[str, Any]
) -> None:
    """Count one game in its match's tally (a game of no measured match is left out)."""
    match = match_of(record.levels)
    if match is None or match not in MATCHES or len(record.levels) != players:
        return
    key = (game, players, *match)
    tally = tallies.setdefault(key, Tally(game, players, *match))
    tally.add(record, data.get("date"), data.get("machine"))


def _share(value: float, interval: tuple[float, float]) -> str:
    low, high = interval
    return f"{value:.2f} [{low:.2f}, {high:.2f}]"


def _dates(dates: Iterable[str]) -> str:
    known = sorted(dates)
    if not known:
        return "—"
    return known[0] if known[0] == known[-1] else f"{known[0]} – {known[-1]}"


MATCH_NAMES = {
    ("hard", "normal"): "`hard` vs `normal`",
    ("expert", "hard"): "`expert` vs `hard`",
    ("hard", ISMCTS_LEVEL): "`hard` vs OpenSpiel ISMCTS, equal time",
}


Think = dict[tuple[str, int, str], dict[str, Any]]
"""Kept thinking times by game, player count and level: ``mean``, ``max`` (CPU seconds per
decision with a choice), ``decisions``, ``date``."""


def think_line(game: str, players: int, think: Think) -> list[str]:
    """The sentence under a table saying how long each kept level thinks there."""
    parts = []
    for level in ("hard", "expert"):
        row = think.get((game, players, level))
        if row is not None:
            parts.append(
                f"`{level}` thinks {row['mean']:.2f} s a decision on average, {row['max']:.2f} s"
                f" at the longest ({row['decisions']} decisions, CPU time, {row['date']})"
            )
    return ["; ".join(parts) + ".", ""] if parts else []


Networks = dict[str, list[int]]
"""The player counts of each game whose ``expert`` network ships
(:func:`meeple.bots.nets.shipped_counts`)."""


def table(
    game: str,
    players: int,
    tallies: dict[Key, Tally],
    think: Think | None = None,
    networks: Networks | None = None,
) -> list[str]:
    """The markdown table of one game at one player count: a row per match, then the
    thinking time where it was measured. Given ``networks``, an ``expert`` row with no games
    where no network ships says so (``expert`` is not offered there)."""
    fair = 1 / players
    lines = [
        f"#### {game}, {players} players (fair share {fair:.3f})",
        "",
        "| match | games | win share | rival's (per seat) | finished ahead | mean score | bar "
        "| dates | machine |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for match in MATCHES:
        tally = tallies.get((game, players, *match))
        name = MATCH_NAMES[match]
        if (tally is None or not tally.games) and match in AHEAD_TARGET:
            continue  # against OpenSpiel: a row only where it was measured
        if tally is None or not tally.games:
            shipped = None if networks is None else networks.get(game, [])
            if match[0] == "expert" and shipped is not None and players not in shipped:
                lines.append(f"| {name} | 0 | | | | | no network ships | | |")
            else:
                lines.append(f"| {name} | 0 | | | | | not measured yet | | |")
            continue
        bar = tally.bar()
        lines.append(
            f"| {name} | {tally.games} | {_share(tally.win_share, tally.win_interval())}"
            f" | {tally.rival_share:.2f} | {_share(tally.ahead_share, tally.ahead_interval())}"
            f" | {tally.focal_score / tally.games:.1f} / {tally.rival_score / tally.pairs:.1f}"
            f" | {bar}: **{tally.verdict()}** | {_dates(tally.dates)}"
            f" | {', '.join(sorted(tally.machines)) or '—'} |"
        )
    lines.append("")
    lines.extend(think_line(game, players, think or {}))
    return lines


def tables(
    counts: dict[str, tuple[int, int]],
    tallies: dict[Key, Tally],
    think: Think | None = None,
    networks: Networks | None = None,
) -> str:
    """Every game's tables, a table per player count it allows (``counts``: game id →
    ``(least, most)`` players), as markdown (``networks``: :func:`table`)."""
    lines: list[str] = []
    for game in sorted(counts):
        least, most = counts[game]
        lines.append(f"### {game}")
        lines.append("")
        for players in range(least, most + 1):
            lines.extend(table(game, players, tallies, think, networks))
    return "\n".join(lines).rstrip() + "\n"


def replace_between(text: str, body: str) -> str:
    """``text`` with what lies between :data:`BEGIN` and :data:`END` replaced by ``body``;
    ``ValueError`` if the markers are missing."""
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < start:
        raise ValueError("the document has no measured-tables markers")
    return text[: start + len(BEGIN)] + "\n\n" + body + "\n" + text[end:]
