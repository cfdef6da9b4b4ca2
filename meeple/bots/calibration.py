"""How ``hard``'s analysis turns a cut-off playout's lead into a win chance: the measured
win scales (:func:`meeple.bots.ismcts.win_shares`), by game and player count.

A search cuts its playouts short and judges where they stop; the rewards it ranks moves by
need only say who is ahead there. A win chance shown to a player must say more: how often a
seat that far ahead at the cut goes on to win. With no scale the leader at the cut counts
as the winner, which made the coach call a move "90% to win" in a game's first round. With
a scale ``T``, each seat's chance is ``exp(score / T)`` over the seats' sum of the scores
the plan judges the cut by. Each ``T`` below is the one under which those chances best
foretold who really won (the least log loss) in playouts cut as ``hard`` cuts them and then
played on to the end, from positions of games between ``normal`` bots:

    python benchmarks/coach_calibration.py fit buffet --players 3 --games 100

prints the figures (docs/bots.md, "The coach's win chances"). A count not listed keeps the
leader's share; a plan whose playouts always run to the end needs none.
"""

from __future__ import annotations

WIN_SCALES: dict[str, dict[int, float]] = {
    "bison": {2: 5.8, 3: 8.4, 4: 5.6},
    "buffet": {3: 6.6, 4: 5.0, 5: 3.8, 6: 3.1},
    "cafe": {2: 19.5, 3: 16.3, 4: 13.4},
    "cheese": {3: 2.1, 4: 1.9, 5: 2.0},
    "stirfry": {2: 44.7, 3: 24.0, 4: 15.0, 5: 12.5},
}
"""``{game id: {players: win scale}}`` for ``hard``'s search plans, in the units of the
scores each plan judges a cut by (Buffet's dish points, Café's chips, Stir Fry's points,
Bison's and Go da Cheese!'s projected final scores)."""
