"""Why the café heuristic (:mod:`meeple.games.cafe.heuristic`) would make a move, in words: a
seated guest's points, a table of its own country filled, a joker spent, the second guest it
still needs, the points it opens to the next players; a bar seat; a swap. Judged from the
seat's view alone, with the heuristic's own board.
"""

from __future__ import annotations

from meeple.core.bot import Reason
from meeple.core.game import JSON, Action
from meeple.games.cafe.board import BAR_POINTS
from meeple.games.cafe.data import JOKER, guest_kind
from meeple.games.cafe.heuristic import MORE, Turn


def explain(view: JSON, seat: int, action: Action) -> Reason | None:
    """What this heuristic weighs in ``action``, judged from ``view`` alone: a seated guest's
    points, a table of its own country filled, a joker spent, the second guest it still
    needs, and the points it opens to the next players; a bar seat's points; a swap's joker
    back in hand. ``None`` for the others (ending the turn, refilling).

    >>> import meeple
    >>> state = meeple.load("cafe").new(players=2, seed=1)
    >>> seat = state.to_move[0]
    >>> explain(state.view(seat), seat, state.legal_actions(seat)[0]).en
    'scores nothing at once'
    """
    turn = Turn.read(view, seat)
    if action["type"] == "bar":
        points = BAR_POINTS[turn.bar]
        return Reason(f"the bar's next seat gives {points}", f"バーの次の席は{points}点")
    if action["type"] == "swap":
        return Reason("brings the joker back to hand", "ジョーカーを手札に戻す")
    if action["type"] != "seat":
        return None
    kind, chair = guest_kind(action["guest"]), action["chair"]
    board = turn.board
    board.put(chair, kind)
    points, filled = board.seat_points(chair), board.completed(chair)
    verdict = board.verdict([*turn.placed, chair], turn.exempt)
    board.take(chair)
    opened = -turn.weigh(0.0, [(chair, kind)], [])  # the openings it adds, nothing else
    en = [f"scores {points} at once" if points else "scores nothing at once"]
    ja = [f"すぐに{points}点" if points else "すぐには得点なし"]
    if filled:
        en.append("fills a table with its own country")
        ja.append("自国の客だけでテーブルを満席にする")
    if kind >> 1 == JOKER:
        en.append("spends a joker")
        ja.append("ジョーカーを使う")
    if verdict == MORE:
        en.append("needs a second guest this turn")
        ja.append("この手番でもう1人座らせる必要がある")
    if opened >= 1:
        en.append(f"opens about {opened:.0f} to the next players")
        ja.append(f"次の人たちに約{opened:.0f}点のチャンスを与える")
    return Reason("; ".join(en), "、".join(ja))
