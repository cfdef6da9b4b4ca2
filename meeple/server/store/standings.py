"""Ratings as stored: the update when a rated game ends, profiles and leaderboards.

Only the server's own finished tables change ratings, in the transaction that stores the
game's last action, so a result is counted exactly once and no client can send one. What
leaves here is public: names, ratings, results — never a session or a password hash.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from meeple.ratings import PROVISIONAL_GAMES, Skill, places, shown, update
from meeple.server.store.rows import (
    FINISHED,
    PlayerRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    TableRow,
    utcnow,
)

BOT = "bot:"
"""Subjects ``bot:<level>`` are the bot levels; any other subject is a player's id."""
MIN_GAMES = 1
"""Rated games a player needs to appear on a leaderboard."""


def _skill(row: RatingRow | None) -> Skill:
    return Skill(row.mu, row.sigma) if row else Skill()


def rate_finished(session: Session, table_id: str, scores: list[float], winners: list[int]) -> bool:
    """Update the ratings of the people at a table whose game just ended; whether it was rated.

    A table counts when its creator chose ``rated`` and every human seat is a registered
    player; a player who left during play places last. Bots keep their ratings (they anchor
    the scale) but their strength counts in everyone else's update.
    """
    table = session.get(TableRow, table_id)
    if table is None or not table.rated:
        return False
    seats = session.scalars(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    ).all()
    subjects: list[str] = []
    for seat in seats:
        if seat.kind == "bot":
            subjects.append(BOT + (seat.level or ""))
            continue
        player = session.get(PlayerRow, seat.player_id) if seat.player_id else None
        if player is None or player.username is None:
            return False  # a guest at the table: unrated
        subjects.append(player.id)
    if not any(not s.startswith(BOT) for s in subjects):
        return False
    rows = {
        row.subject: row
        for row in session.scalars(
            select(RatingRow).where(RatingRow.game == table.game, RatingRow.subject.in_(subjects))
        )
    }
    ranks = places(scores, winners, left=[s.seat for s in seats if s.left])
    after = update([_skill(rows.get(s)) for s in subjects], ranks)
    now = utcnow()
    for i, subject in enumerate(subjects):
        if subject.startswith(BOT):
            continue
        row = rows.get(subject)
        if row is None:
            row = RatingRow(subject=subject, game=table.game, games=0, wins=0, best_score=None)
            session.add(row)
        row.mu, row.sigma = after[i].mu, after[i].sigma
        row.games += 1
        row.wins += 1 if ranks[i] == 1 else 0
        row.best_score = scores[i] if row.best_score is None else max(row.best_score, scores[i])
        row.updated = now
        session.add(
            RatingHistoryRow(
                subject=subject,
                game=table.game,
                table_id=table_id,
                rank=ranks[i],
                mu=after[i].mu,
                sigma=after[i].sigma,
                at=now,
            )
        )
    session.flush()
    return True


def set_level(
    session: Session, game: str, level: str, skill: Skill, *, games: int, wins: int
) -> None:
    """Store a bot level's rating in ``game`` (measured by ``meeple arena --rate``)."""
    row = session.get(RatingRow, (BOT + level, game))
    if row is None:
        row = RatingRow(subject=BOT + level, game=game)
        session.add(row)
    row.mu, row.sigma, row.games, row.wins = skill.mu, skill.sigma, games, wins
    row.best_score, row.updated = None, utcnow()
    session.flush()


def rating_json(row: RatingRow) -> dict[str, Any]:
    """A rating as the API shows it."""
    return {
        "game": row.game,
        "rating": shown(row.mu, row.sigma),
        "mu": round(row.mu, 3),
        "sigma": round(row.sigma, 3),
        "games": row.games,
        "wins": row.wins,
        "win_share": round(row.wins / row.games, 3) if row.games else 0.0,
        "best_score": row.best_score,
        "provisional": row.games < PROVISIONAL_GAMES and not row.subject.startswith(BOT),
    }


def rating_changes(session: Session, table_id: str) -> list[dict[str, Any] | None] | None:
    """What a finished rated table did to each seat's rating, in seat order: ``{"before",
    "after", "change", "rank"}`` (shown ratings) for a rated person, ``None`` for a bot; ``None``
    for the whole table when it changed no rating (unrated, a guest at it, or not finished).

    "Before" is the subject's rating after its previous rated game of the same game (the
    history's row before this table's), or the starting rating for a first game.
    """
    rows = session.scalars(
        select(RatingHistoryRow).where(RatingHistoryRow.table_id == table_id)
    ).all()
    if not rows:
        return None
    seats = session.scalars(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    ).all()
    by_subject = {row.subject: row for row in rows}
    changes: list[dict[str, Any] | None] = []
    for seat in seats:
        row = by_subject.get(seat.player_id or "") if seat.kind != "bot" else None
        if row is None:
            changes.append(None)
            continue
        previous = session.scalars(
            select(RatingHistoryRow)
            .where(
                RatingHistoryRow.subject == row.subject,
                RatingHistoryRow.game == row.game,
                RatingHistoryRow.id < row.id,
            )
            .order_by(RatingHistoryRow.id.desc())
            .limit(1)
        ).first()
        before = Skill(previous.mu, previous.sigma) if previous else Skill()
        after = shown(row.mu, row.sigma)
        changes.append(
            {
                "before": before.shown,
                "after": after,
                "change": after - before.shown,
                "rank": row.rank,
            }
        )
    return changes


def profile(session: Session, player_id: str, last: int = 10) -> dict[str, Any] | None:
    """A player's public profile: name, member since, per game rating, history, last games."""
    player = session.get(PlayerRow, player_id)
    if player is None:
        return None
    games = []
    for row in session.scalars(
        select(RatingRow).where(RatingRow.subject == player_id).order_by(RatingRow.game)
    ):
        history = session.scalars(
            select(RatingHistoryRow)
            .where(RatingHistoryRow.subject == player_id, RatingHistoryRow.game == row.game)
            .order_by(RatingHistoryRow.id)
        ).all()
        games.append(
            rating_json(row)
            | {
                "history": [
                    {
                        "rating": shown(h.mu, h.sigma),
                        "rank": h.rank,
                        "table": h.table_id,
                        "at": h.at.isoformat(),
                    }
                    for h in history
                ]
            }
        )
    columns = (TableRow.id, TableRow.game, TableRow.finished, TableRow.rated, SeatRow.seat)
    recent = session.execute(
        select(*columns, TableRow.winners, TableRow.scores)
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(SeatRow.player_id == player_id, TableRow.status == FINISHED)
        .order_by(TableRow.finished.desc())
        .limit(last)
    ).all()
    return {
        "id": player.id,
        "name": player.name,
        "registered": player.username is not None,
        "member_since": player.created.isoformat(),
        "ratings": games,
        "last_games": [
            {
                "table": r.id,
                "game": r.game,
                "finished": r.finished.isoformat() if r.finished else None,
                "rated": r.rated,
                "seat": r.seat,
                "won": r.seat in (r.winners or []),
                "score": (r.scores or [None] * (r.seat + 1))[r.seat],
            }
            for r in recent
        ],
    }


def leaderboard(
    session: Session, game: str, page: int = 1, per_page: int = 20, min_games: int = MIN_GAMES
) -> dict[str, Any]:
    """The best players of ``game`` by shown rating, a page at a time, with the bot levels
    placed among them for scale."""
    conservative = RatingRow.mu - 3 * RatingRow.sigma
    counted = (RatingRow.game == game) & (
        RatingRow.subject.startswith(BOT) | (RatingRow.games >= min_games)
    )
    total = session.scalar(select(func.count()).select_from(RatingRow).where(counted)) or 0
    rows = session.execute(
        select(RatingRow, PlayerRow.name)
        .outerjoin(PlayerRow, PlayerRow.id == RatingRow.subject)
        .where(counted)
        .order_by(conservative.desc(), RatingRow.subject)
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    entries = []
    for place, (row, name) in enumerate(rows, start=(page - 1) * per_page + 1):
        bot = row.subject.startswith(BOT)
        entries.append(
            rating_json(row)
            | {
                "place": place,
                "player": None if bot else row.subject,
                "name": name,
                "bot": row.subject[len(BOT) :] if bot else None,
            }
        )
    return {
        "game": game,
        "page": page,
        "per_page": per_page,
        "total": total,
        "pages": max(1, -(-total // per_page)),
        "min_games": min_games,
        "entries": entries,
    }
