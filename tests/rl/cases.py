"""The games at their smallest and largest player counts: what the external suites run on."""

import meeple

GAMES = ["buffet", "stirfry", "cheese", "cafe", "bison"]

CASES = [
    (game_id, players)
    for game_id in GAMES
    for players in sorted({meeple.load(game_id).min_players, meeple.load(game_id).max_players})
]
