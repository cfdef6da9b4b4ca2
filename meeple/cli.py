"""The ``meeple`` command: play, simulate, replay, analyse, and list the games."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table

import meeple
from meeple.bots.arena import ArenaResult, append_record, read_records, run_arena
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import LEVELS, make
from meeple.bots.levels import check as check_level
from meeple.core.errors import BadOptions, UnknownGame
from meeple.core.game import Game, State
from meeple.core.replay import Replay
from meeple.simulate import simulate
from meeple.terminal import browse_replay, play_game

if TYPE_CHECKING:
    from meeple.server.settings import Settings


def _games_help() -> str:
    lines = [
        f"{g.id}: {g.name} ({g.min_players}–{g.max_players} players)" for g in meeple.GAMES.values()
    ]
    return "Games: " + "; ".join(lines) + "."


app = typer.Typer(
    help="meeple — tabletop games in the terminal and from code.\n\n" + _games_help(),
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def _load(game_id: str) -> Game[Any]:
    try:
        return meeple.load(game_id)
    except UnknownGame as err:
        raise typer.BadParameter(str(err), param_hint="GAME") from None


def _options(pairs: list[str] | None) -> dict[str, object]:
    """``--option name=value`` pairs; values are read as JSON when they parse, else as text."""
    options: dict[str, object] = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"{pair!r}: write name=value", param_hint="--option")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


GameArg = Annotated[str, typer.Argument(help="Game id, e.g. buffet.", show_default=False)]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option as name=value.")
]


@app.command()
def games() -> None:
    """List the games with their player counts and options."""
    table = Table("id", "name", "players", "options")
    for game in meeple.GAMES.values():
        opts = ", ".join(
            f"{name}={o.default!r} of {o.choices!r}" for name, o in game.options.items()
        )
        table.add_row(game.id, game.name, f"{game.min_players}–{game.max_players}", opts or "-")
    console.print(table)


@app.command(name="simulate")
def simulate_command(
    game_id: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the first game.")] = 0,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Play many random games and print throughput, mean scores and win shares per seat."""
    game = _load(game_id)
    try:
        game.new(players, seed=seed, options=_options(option))
    except BadOptions as err:
        raise typer.BadParameter(str(err)) from None
    if as_json:
        result = simulate(game, players, games, seed=seed, options=_options(option))
        typer.echo(json.dumps(result.to_json()))
        return
    columns = (
        *Progress.get_default_columns()[:1],
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{game.id}, {players} players", total=games)
        result = simulate(
            game,
            players,
            games,
            seed=seed,
            options=_options(option),
            progress=lambda n: progress.advance(task, n),
        )
    data = result.to_json()
    console.print(
        f"[bold]{game.name}[/], {players} players: {data['games']} games, "
        f"{data['decisions']} decisions in {data['seconds']:.2f} s — "
        f"{data['games_per_second']:.1f} games/s, {data['decisions_per_second']:,.0f} decisions/s"
    )
    table = Table("seat", "mean score", "win share")
    for seat in range(players):
        table.add_row(
            str(seat), f"{data['mean_score'][seat]:.2f}", f"{100 * data['win_share'][seat]:.1f}%"
        )
    console.print(table)


def _levels(text: str, param: str, game: Game[Any], players: int) -> list[str]:
    """The comma-separated levels of ``text``, each one that can play ``game`` at ``players``
    (``expert`` only where its network ships)."""
    levels = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if not levels or unknown:
        raise typer.BadParameter(
            f"{', '.join(unknown) or 'nothing'}: levels are {', '.join(LEVELS)}", param_hint=param
        )
    for level in levels:
        try:
            check_level(level, game.id, players)
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint=param) from None
    return levels


@app.command()
def arena(
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            help=f"Comma-separated levels, seats turned and reordered: {', '.join(LEVELS)}."
        ),
    ] = "normal,easy,random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 3,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the first game.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Save a win-share chart (PNG, SVG…).")] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            help="Keep every game in this file (JSON lines): games already in it are not "
            "played again, and the table covers them all, so runs add up and resume."
        ),
    ] = None,
    rate: Annotated[
        bool,
        typer.Option(
            "--rate",
            help="Rate the bot levels from these games (OpenSkill) and store their ratings in "
            "the server's database (--db), where they anchor the players' ratings.",
        ),
    ] = False,
    db: Annotated[
        str | None,
        typer.Option(help="The database for --rate (default: the server's, as meeple serve)."),
    ] = None,
) -> None:
    """Bot tournament: win share with 95% interval, mean score and mean rank per bot."""
    game = _load(game_id)
    try:
        game.new(players, seed=seed)
    except BadOptions as err:
        raise typer.BadParameter(str(err), param_hint="--players") from None
    levels = _levels(bots, "--bots", game, players)
    kept = []
    if records is not None:
        try:
            kept = read_records(records, game.id, players)
        except (OSError, ValueError) as err:
            raise typer.BadParameter(str(err), param_hint="--records") from None
        strangers = {level for record in kept for level in record.levels} - set(levels)
        if strangers:
            raise typer.BadParameter(
                f"{records} holds games of other bots ({', '.join(sorted(strangers))})",
                param_hint="--records",
            )
    keep = None if records is None else partial(append_record, records, game.id, players)
    if as_json:
        result = run_arena(
            game.id, players, levels, games, seed=seed, workers=workers, done=kept, on_record=keep
        )
        typer.echo(json.dumps(result.to_json()))
    else:
        columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("arena", total=games)
            result = run_arena(
                game.id,
                players,
                levels,
                games,
                seed=seed,
                workers=workers,
                progress=lambda n: progress.advance(task, n),
                done=kept,
                on_record=keep,
            )
        _print_standings(result)
    if plot is not None:
        _plot_standings(result, plot)
    if rate:
        rated = _rate_levels(result, db)
        if not as_json:
            for level, shown_rating in rated.items():
                console.print(f"{level}: rating {shown_rating}")


def _rate_levels(result: ArenaResult, db: str | None) -> dict[str, int]:
    """Rate the levels from every game of ``result`` (from the prior, in seed order) and
    store them; returns each level's shown rating."""
    from meeple.ratings import places, rate_levels  # noqa: PLC0415
    from meeple.server.settings import default_db_url  # noqa: PLC0415
    from meeple.server.store import Store, standings  # noqa: PLC0415

    games = [(r.levels, places(r.scores, r.winners)) for r in result.records]
    skills = rate_levels(games)
    store = Store(db or default_db_url())
    try:
        with store.session() as session:
            for row in result.standings():
                standings.set_level(
                    session,
                    result.game,
                    row.level,
                    skills[row.level],
                    games=row.seats,
                    wins=round(row.wins),
                )
    finally:
        store.close()
    return {level: skill.shown for level, skill in sorted(skills.items())}


def _print_standings(result: ArenaResult) -> None:
    data = result.to_json()
    console.print(
        f"[bold]{result.game}[/], {result.players} players, {data['games']} games; "
        f"fair share {100 * result.fair_share:.1f}%"
    )
    table = Table(
        "bot", "seat-games", "win share", "95% interval", "mean score", "mean rank", "s/choice"
    )
    thinking = {row.level: row.think_time for row in result.standings()}
    for row in data["bots"]:
        low, high = row["ci95"]
        think = thinking[row["level"]]
        table.add_row(
            row["level"],
            str(row["seat_games"]),
            f"{100 * row['win_share']:.1f}%",
            f"{100 * low:.1f}–{100 * high:.1f}%",
            f"{row['mean_score']:.2f}",
            f"{row['mean_rank']:.2f}",
            "–" if think is None else f"{think:.3f}",
        )
    console.print(table)


def _plot_standings(result: ArenaResult, path: Path) -> None:
    try:
        import matplotlib  # noqa: PLC0415 - optional: pip install "meeple[plot]"

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        raise typer.BadParameter("--plot needs matplotlib: pip install 'meeple[plot]'") from None
    rows = result.standings()
    shares = [r.win_share for r in rows]
    errors = [
        [r.win_share - r.interval()[0] for r in rows],
        [r.interval()[1] - r.win_share for r in rows],
    ]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar([r.level for r in rows], shares, yerr=errors, capsize=6, color="#4c78a8")
    ax.axhline(result.fair_share, color="grey", linestyle="--", label="fair share")
    ax.set_ylabel("win share (95% interval)")
    ax.set_title(f"{result.game}, {result.players} players, {len(result.records)} games")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    console.print(f"Chart saved to {path}")


@app.command()
def train(
    game_id: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 2,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Self-play games in all (resumed runs too).")
    ] = 2000,
    hours: Annotated[
        float | None, typer.Option(min=0.0, help="Stop after this many hours in all.")
    ] = None,
    out: Annotated[
        Path, typer.Option(help="The run's folder: checkpoint, network, learning curve.")
    ] = Path("training"),
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with the run kept in --out.")
    ] = False,
    level: Annotated[str, typer.Option(help="The bots that play the self-play games.")] = "normal",
    hidden: Annotated[
        str, typer.Option(help="Hidden layer widths, comma-separated (a new run only).")
    ] = "64,32",
    round_games: Annotated[
        int, typer.Option(min=1, help="Self-play games between two checkpoints.")
    ] = 64,
    samples: Annotated[
        int, typer.Option(min=1, help="Decisions kept per game (a new run only).")
    ] = 24,
    alpha: Annotated[float, typer.Option(min=0.0, help="The L2 penalty (a new run only).")] = 1e-3,
    workers: Annotated[
        int | None, typer.Option(min=1, help="Self-play processes (default: every core).")
    ] = None,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the self-play games.")] = 0,
) -> None:
    """Train the expert level's network for a game from self-play (needs meeple\\[train]).

    A value network, or for Go da Cheese! a belief of the rivals' face-down cards. Writes
    --out/<game>-<players>.npz (the network, for numpy), --out/curve.png (the validation
    loss) and a checkpoint after every round: --resume goes on from it."""
    game = _load(game_id)
    try:
        game.new(players, seed=0)
    except BadOptions as err:
        raise typer.BadParameter(str(err), param_hint="--players") from None
    _levels(level, "--level", game, players)
    try:
        widths = tuple(int(w) for w in hidden.split(","))
    except ValueError:
        raise typer.BadParameter(
            f"{hidden!r}: write widths such as 64,32", param_hint="--hidden"
        ) from None
    try:
        from meeple.bots.training import TrainConfig, Trainer, summary  # noqa: PLC0415

        config = TrainConfig(
            game.id,
            players,
            games=games,
            hours=hours,
            level=level,
            hidden=widths,
            round_games=round_games,
            samples=samples,
            alpha=alpha,
            seed=seed,
            **({} if workers is None else {"workers": workers}),
        )
        trainer = Trainer(config, out, resume=resume)
    except ImportError as err:
        raise typer.BadParameter(f"{err.name} is missing: pip install 'meeple[train]'") from None
    except (FileExistsError, ValueError) as err:
        raise typer.BadParameter(str(err), param_hint="--out") from None
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("self-play", total=trainer.config.games)

        def advance(count: int, status: str) -> None:
            progress.update(task, advance=count, description=status)

        path = trainer.run(advance)
    done = trainer.checkpoint
    console.print(f"{done.games_done} games in {done.seconds / 60:.1f} min, {summary(done.curve)}")
    console.print(f"Network: {path}; learning curve: {out / 'curve.png'}")


@app.command()
def play(
    game_id: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    seat: Annotated[int, typer.Option(help="Your seat (0 starts).")] = 0,
    seed: Annotated[int | None, typer.Option(help="Seed; a random one if omitted.")] = None,
    save: Annotated[Path | None, typer.Option(help="Save the replay to this file.")] = None,
    bots: Annotated[
        str, typer.Option(help=f"The bots' level, or one per other seat: {', '.join(LEVELS)}.")
    ] = "normal",
    option: OptionOpt = None,
) -> None:
    """Play in the terminal against bots: your hand and the board are drawn each turn."""
    game = _load(game_id)
    options = _options(option)
    try:
        game.new(players, seed=0, options=options)
    except BadOptions as err:
        raise typer.BadParameter(str(err), param_hint="--players") from None
    if not 0 <= seat < players:
        raise typer.BadParameter(f"seats are 0–{players - 1}", param_hint="--seat")
    levels = _levels(bots, "--bots", game, players)
    others = [s for s in range(players) if s != seat]
    if len(levels) not in (1, len(others)):
        raise typer.BadParameter(f"give one level or {len(others)}", param_hint="--bots")
    chosen = levels * len(others) if len(levels) == 1 else levels
    opponents = {
        s: make(level, game, seed=None if seed is None else seed * 16 + s)
        for s, level in zip(others, chosen, strict=True)
    }
    play_game(
        game,
        players,
        seat,
        seed=seed,
        ask=console.input,
        console=console,
        save=save,
        bots=opponents,
        options=options,
    )


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A replay file saved by `meeple play --save`.")],
    seat: Annotated[
        int | None,
        typer.Option(
            help="See the game as this seat saw it: its hand, its own moves whole, the "
            "others' as everyone saw them. Without it: as a spectator."
        ),
    ] = None,
) -> None:
    """Step through a saved game, forwards and backwards, as one seat (or a spectator) saw it."""
    try:
        record = Replay.load(path)
        meeple.load(record.game)
    except (OSError, ValueError, KeyError) as err:
        raise typer.BadParameter(f"cannot read {path}: {err}", param_hint="PATH") from None
    if seat is not None and not 0 <= seat < record.players:
        raise typer.BadParameter(f"seats are 0–{record.players - 1}", param_hint="--seat")
    browse_replay(record, seat, ask=console.input, console=console)


def _position(
    source: str, move: int | None, players: int | None, seed: int
) -> tuple[Game[Any], State]:
    """The position to analyse: after ``move`` decisions of a replay file or of a new game
    played by ``normal`` bots (default: the replay's end, the new game's start)."""
    if Path(source).is_file():
        try:
            record = Replay.load(Path(source))
            game = meeple.load(record.game)
        except (OSError, ValueError, KeyError) as err:
            raise typer.BadParameter(f"cannot read {source}: {err}", param_hint="SOURCE") from None
        if move is not None and not 0 <= move <= len(record.actions):
            raise typer.BadParameter(f"the replay has {len(record.actions)}", param_hint="--move")
        state = record.initial_state()
        for mover, action in record.actions[:move]:
            state.apply(mover, action)
        return game, state
    game = _load(source)
    try:
        state = game.new(players or game.min_players, seed=seed)
    except BadOptions as err:
        raise typer.BadParameter(str(err), param_hint="--players") from None
    bots = [make("normal", game, seed=seed * 16 + s) for s in range(len(state.scores))]
    for _ in range(move or 0):
        if state.is_over:
            break
        mover = state.to_move[0]
        state.apply(mover, bots[mover].choose(state, mover))
    return game, state


@app.command()
def analyse(
    source: Annotated[
        str,
        typer.Argument(
            help="A game id (a new game) or a replay file saved by `meeple play --save`.",
            show_default=False,
        ),
    ],
    move: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="The position after this many decisions: a replay's own, or in a new game "
            "made by `normal` bots. Default: a replay's end, a new game's start.",
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats of a new game (default: fewest).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of a new game.")] = 1,
    seat: Annotated[
        int | None, typer.Option(help="The seat whose decision it is (default: first to move).")
    ] = None,
    search_seed: Annotated[int, typer.Option(help="Seed of the search.")] = 0,
    lang: Annotated[Literal["en", "ja"], typer.Option(help="Language of the reasons.")] = "en",
) -> None:
    """Show how the `hard` bot weighs a decision: the moves it searched, best first, with
    their win chance, expected score and, where the game's heuristic has one, a reason."""
    game, state = _position(source, move, players, seed)
    mover = seat if seat is not None else (state.to_move or (0,))[0]
    if mover not in state.to_move:
        raise typer.BadParameter(
            f"seat {mover} has no decision here (to move: {list(state.to_move)})",
            param_hint="--seat",
        )
    bot = make("hard", game, seed=search_seed)
    assert isinstance(bot, ISMCTSBot)  # every game's hard level is the search
    # A Japanese reason has no spaces to wrap at: folded, not cut short with an ellipsis.
    table = Table(
        "move", "visits", "win chance", "expected score", Column("reason", overflow="fold")
    )
    for candidate in bot.analyse(state, mover):
        reason = candidate.reason
        table.add_row(
            game.describe_action(candidate.action),
            str(candidate.visits),
            f"{candidate.win_chance:.0%}",
            f"{candidate.expected_score:.1f}",
            "" if reason is None else getattr(reason, lang),
        )
    console.print(f"{game.name}, seat {mover} to move:")
    console.print(table)


TrustedProxies = Annotated[
    str | None,
    typer.Option(
        help="Addresses or networks (CIDR) of the proxies whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8); "
        "default: none, every request is from the address it came from.",
    ),
]
SecureCookies = Annotated[
    bool,
    typer.Option(
        help="Mark the session cookie Secure (HTTPS only). A request that came over HTTPS "
        "(through a trusted proxy) gets a Secure cookie either way.",
    ),
]
SessionDays = Annotated[
    float,
    typer.Option(
        min=0.001, help="Days a session lasts unused (each use starts it again); then it is over."
    ),
]
LoginTries = Annotated[
    int, typer.Option(min=1, help="Logins and registrations one address may try a minute.")
]
LoginFailures = Annotated[
    int, typer.Option(min=1, help="Failed logins one account may take a minute from one address.")
]
LoginFailuresEverywhere = Annotated[
    int,
    typer.Option(
        min=1,
        help="Failed logins an account may take a minute from all addresses before each "
        "address that failed waits a minute (docs/security.md).",
    ),
]
"""``meeple serve``'s options on accounts and sessions (docs/security.md)."""

MaxBody = Annotated[
    int, typer.Option(min=1024, help="The largest request body in bytes (larger: 413).")
]
BodySeconds = Annotated[
    float, typer.Option(min=0.1, help="Seconds a request body may take to arrive (then 408).")
]
GuestsPerHour = Annotated[int, typer.Option(min=1, help="New guests one address may make an hour.")]
OpenTables = Annotated[
    int, typer.Option(min=1, help="Open tables one player may have made or sit at.")
]
OpenTableMinutes = Annotated[
    float, typer.Option(min=0.01, help="Minutes an open table waits for players, then expires.")
]
OpenTurnBasedDays = Annotated[
    float,
    typer.Option(min=0.0001, help="Days an open turn-based table waits for players, then expires."),
]
BotTables = Annotated[
    int, typer.Option(min=1, help="Unfinished tables with bots one player may have made.")
]
SocketsPerPlayer = Annotated[
    int, typer.Option(min=1, help="Websockets one player may have open at once.")
]
SocketsPerAddress = Annotated[
    int,
    typer.Option(min=1, help="Websockets one address may have open at once without a session."),
]
"""``meeple serve``'s limits on what one client may take (docs/security.md, "Limits")."""


def _smtp_url(value: str | None) -> str | None:
    if value is None:
        return None
    from meeple.server.site.mail.smtp import SmtpServer  # noqa: PLC0415

    try:
        SmtpServer.parse(value)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--smtp") from None
    return value


Smtp = Annotated[
    str | None,
    typer.Option(
        help="The SMTP server that sends mail: smtp://user:password@host:port (STARTTLS when "
        "offered) or smtps://…; without it the server sends no email (docs/deploy.md, Mail).",
        callback=_smtp_url,
    ),
]
PublicUrl = Annotated[
    str | None,
    typer.Option(
        help="The site's address as people reach it, for the links in mails "
        "(default: http://host:port).",
    ),
]
MailFrom = Annotated[
    str | None,
    typer.Option(help="The mails' From (default: meeple <noreply@the public URL's host>)."),
]
"""``meeple serve``'s mail (docs/deploy.md, "Mail")."""


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL (default: SQLite in the user's data folder), e.g. "
            "postgresql+psycopg://user:pass@host/meeple."
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds a bot waits before it plays (on average).")
    ] = 0.6,
    bot_jitter: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=1.0,
            help="How much a bot's wait varies: drawn evenly from bot-delay × (1 ± this); "
            "0: always exactly bot-delay.",
        ),
    ] = 0.5,
    grace: Annotated[
        float, typer.Option(min=0.0, help="Seconds without a connection before a bot stands in.")
    ] = 30.0,
    bot_workers: Annotated[
        int, typer.Option(min=0, help="Processes for the bots' searches (0: threads).")
    ] = 2,
    ws_compression: Annotated[
        bool,
        typer.Option(help="Compress websocket messages (for slow links; costs server time)."),
    ] = False,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin allowed to call the API (repeatable)."),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0) shared by several meeple serve processes on "
            "one PostgreSQL: fan-out, leases, login limits (needs meeple\\[redis]).",
        ),
    ] = None,
    sqlite_sync: Annotated[
        Literal["normal", "full"],
        typer.Option(
            help="SQLite only. normal: a move survives the server being killed; full: it "
            "survives a power cut too, and each move waits for the disk (docs/deploy.md).",
        ),
    ] = "normal",
    sqlite_commits: Annotated[
        Literal["loop", "thread"],
        typer.Option(
            help="SQLite with --sqlite-sync normal only: commit the moves on the event loop "
            "(a person's at once) or in a writer thread (docs/deploy.md).",
        ),
    ] = "loop",
    trusted_proxies: TrustedProxies = None,
    secure_cookies: SecureCookies = False,
    session_days: SessionDays = 30.0,
    login_tries_per_address: LoginTries = 20,
    login_failures_per_account: LoginFailures = 10,
    login_failures_everywhere: LoginFailuresEverywhere = 100,
    max_body: MaxBody = 64 * 1024,
    body_seconds: BodySeconds = 10.0,
    guests_per_hour: GuestsPerHour = 30,
    open_tables: OpenTables = 5,
    open_table_minutes: OpenTableMinutes = 30.0,
    open_turn_based_days: OpenTurnBasedDays = 7.0,
    bot_tables: BotTables = 10,
    sockets_per_player: SocketsPerPlayer = 16,
    sockets_per_address: SocketsPerAddress = 64,
    smtp: Smtp = None,
    public_url: PublicUrl = None,
    mail_from: MailFrom = None,
    turn_sweep_seconds: Annotated[
        float,
        typer.Option(min=0.05, help="Seconds between looks for turn-based clocks that ran out."),
    ] = 10.0,
    turn_idle_seconds: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds an idle turn-based table stays in memory."),
    ] = 300.0,
) -> None:
    """Start the game server: lobby, tables and live play in the browser."""
    from meeple.server.settings import Settings, default_db_url  # noqa: PLC0415

    settings = Settings(
        db_url=db or default_db_url(),
        bot_delay=bot_delay,
        bot_jitter=bot_jitter,
        grace=grace,
        bot_workers=bot_workers,
        allow_origins=tuple(allow_origin or ()),
        redis_url=redis,
        sqlite_sync=sqlite_sync,
        sqlite_commits=sqlite_commits,
        trusted_proxies=proxies(trusted_proxies),
        secure_cookies=secure_cookies,
        session_seconds=session_days * 24 * 3600,
        login_tries_per_address=login_tries_per_address,
        login_failures_per_account=login_failures_per_account,
        login_failures_everywhere=login_failures_everywhere,
        max_body=max_body,
        body_seconds=body_seconds,
        guests_per_hour=guests_per_hour,
        open_tables=open_tables,
        open_table_minutes=open_table_minutes,
        open_turn_based_days=open_turn_based_days,
        bot_tables=bot_tables,
        sockets_per_player=sockets_per_player,
        sockets_per_address=sockets_per_address,
        smtp_url=smtp,
        public_url=public_url
        or f"http://{'localhost' if host in {'127.0.0.1', '0.0.0.0'} else host}:{port}",
        mail_from=mail_from,
        turn_sweep_seconds=turn_sweep_seconds,
        turn_idle_seconds=turn_idle_seconds,
    )
    if redis is not None and settings.db_url.startswith("sqlite"):
        raise typer.BadParameter(
            "several processes need one database server: give --db postgresql://…",
            param_hint="--redis",
        )
    _run(settings, host, port, ws_compression)


def _run(settings: Settings, host: str, port: int, ws_compression: bool) -> None:
    """Serve the app of ``settings`` with uvicorn until stopped."""
    import uvicorn  # noqa: PLC0415 - only this command needs the server's dependencies

    from meeple.server.app import create_app  # noqa: PLC0415

    ws: Any = "auto"
    try:
        # uvicorn's own websocket protocol, noting when each frame is read (the first stage
        # of a person's move in /metrics: meeple/server/trace.py); uvicorn's choice otherwise.
        from meeple.server.site.stamping import StampingProtocol  # noqa: PLC0415

        ws = StampingProtocol
    except ImportError:
        pass
    shown = "localhost" if host in {"127.0.0.1", "0.0.0.0"} else host
    console.print(
        f"[bold]meeple[/] serving on [link]http://{shown}:{port}/[/] (database {settings.db_url})"
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=64 * 1024,
        ws=ws,
        # Compressing every state (uvicorn's permessage-deflate, a 4 KB window) took a fifth
        # of the server's time under load: off unless asked for (docs/deploy.md).
        ws_per_message_deflate=ws_compression,
        log_level="warning",
        **forwarding(settings.trusted_proxies),
    )


def proxies(value: str | None) -> tuple[str, ...]:
    """``--trusted-proxies``: addresses and networks, comma-separated, each checked."""
    import ipaddress  # noqa: PLC0415

    found = tuple(part.strip() for part in (value or "").split(",") if part.strip())
    for part in found:
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise typer.BadParameter(
                f"{part!r} is neither an address nor a network (CIDR)",
                param_hint="--trusted-proxies",
            ) from None
    return found


def forwarding(trusted: tuple[str, ...]) -> dict[str, Any]:
    """uvicorn's options for ``X-Forwarded-*``: believed from ``trusted`` only. uvicorn's own
    default believes any client on 127.0.0.1 (or ``FORWARDED_ALLOW_IPS``), so that a person on
    the server's machine could say they were anyone, and walk around the login limits."""
    if not trusted:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": list(trusted)}


if __name__ == "__main__":  # pragma: no cover
    app()
