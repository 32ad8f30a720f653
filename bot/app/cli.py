"""The ``killbutton`` command line: ``killbutton play`` (the console table),
``killbutton run discord|slack`` (the chat bots), ``killbutton replay PATH... [--json]``,
``killbutton db copy SOURCE TARGET`` (a whole database moved to another) and ``killbutton db
backup PATH`` (a consistent copy of a live SQLite database)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence

from bot.phh.replay import STATUSES, exit_status, replay_paths
from bot.words.counts import counted


def _replay(args: argparse.Namespace) -> int:
    results = []
    for result in replay_paths(args.paths, args.jobs):
        results.append(result)
        if args.json:
            print(json.dumps(result.as_json()), flush=False)
        elif result.status not in ("match", "unchecked") or args.verbose:
            where = f" [{result.hand}]" if result.hand is not None else ""
            detail = f": {result.error}" if result.error else ""
            at = f" (action {result.action_index})" if result.action_index is not None else ""
            print(f"{result.path}{where}: {result.status}{at}{detail}")
    if not args.json:
        counts = Counter(r.status for r in results)
        summary = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts[s])
        print(f"{counted(len(results), 'hand')}: {summary or 'none'}")
    return exit_status(results)


def _version() -> str:
    """The installed version (the checkout's own when run from it uninstalled)."""
    from importlib import metadata  # here: no other command needs it, a replay pays for it

    try:
        return metadata.version("killbutton")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` (to ``high``), else refused with the
    range (argparse names the option and exits with status 2)."""
    span = f"from {low}" + ("" if high is None else f" to {high}")

    def read(text: str) -> int:
        from bot.words.commands import whole_number  # a replay never reads a number

        number = whole_number(text.strip(), 10**6)
        if number is None or number < low or (high is not None and number > high):
            raise argparse.ArgumentTypeError(f"{text} is not a whole number {span}")
        return number

    return read


NAME_MOST = 64  # characters: a chat name is shorter, and every database indexes it whole


def _name(text: str) -> str:
    """An argument type: a name of at most :data:`NAME_MOST` characters, else refused
    with the limit (argparse names the option and exits with status 2)."""
    if len(text) > NAME_MOST:
        raise argparse.ArgumentTypeError(
            f"a name is at most {NAME_MOST} characters, this one has {len(text)}"
        )
    return text


class _Version(argparse.Action):
    """``--version``: the version is looked up only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(f"killbutton {_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``killbutton`` command."""
    parser = argparse.ArgumentParser(
        prog="killbutton",
        description="A poker bot for home games, played by a real cardroom rulebook.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser(
        "replay",
        help="replay PHH hand histories strictly through the rules engine",
        description="Replay .phh/.phhs hand histories (files, or folders walked in sorted "
        "order). Exit status: 2 if any hand is illegal or unreadable, 1 if any is a "
        "mismatch or unsupported, else 0.",
    )
    replay.add_argument("paths", nargs="+", metavar="PATH")
    replay.add_argument("--json", action="store_true", help="one JSON object per hand")
    replay.add_argument(
        "--jobs",
        type=_whole(1, 64),
        default=1,
        metavar="N",
        help="processes replaying files side by side, output in input order (1)",
    )
    replay.add_argument("-v", "--verbose", action="store_true", help="list matching hands too")
    replay.set_defaults(func=_replay)
    play = sub.add_parser(
        "play",
        help="play at a table in this terminal (you and computer players)",
        description="Play in the terminal with the same rules, commands and messages as in "
        "chat. The table is kept in the SQLite file (killbutton.db, or --db PATH, or "
        "$KILLBUTTON_DB): run it again to carry on.",
    )
    play.add_argument(
        "--db",
        help=(
            "the SQLite file, or a postgresql://user@host:port/dbname URL"
            " (default killbutton.db or $KILLBUTTON_DB)"
        ),
    )
    play.add_argument(
        "--table", type=_name, default="table", help="the table's name in the file (64 at most)"
    )
    play.add_argument("--game", default="", help="holdem, omaha, omaha_hilo, stud, ...")
    play.add_argument("--structure", default="", help="no_limit, pot_limit, fixed_limit, ...")
    play.add_argument(
        "--blinds", default="", help="stakes: the blinds, or the bets in limit, e.g. 1/2"
    )
    play.add_argument(
        "--buy-in",
        type=int,
        default=0,
        dest="buy_in",
        help="your buy-in in chips (default: the most the table allows)",
    )
    play.add_argument(
        "--setup",
        default="",
        help="the table in chat's words, e.g. 'omaha pl 1/2 kill straddle' (overrides "
        "--game, --structure and --blinds; see 'new help' in chat)",
    )
    play.add_argument(
        "--tournament",
        default="",
        metavar="WORDS",
        help="play a sit & go with the computer players, set up in chat's words, e.g. "
        "'turbo buyin 20 seats 4' (see 'tournament help' in chat)",
    )
    play.add_argument(
        "--autoplay",
        action="store_true",
        help="the computer plays your seat too, until the tournament ends or --hands N "
        "(a demo, or a whole-process benchmark)",
    )
    play.add_argument(
        "--bots",
        type=_whole(1, 99),
        default=3,
        metavar="N",
        help="computer players (1-8 at a table; up to 99 in a tournament of several tables)",
    )
    play.add_argument("--name", type=_name, default="", help="your name at the table (64 at most)")
    play.add_argument("--script", help="read 'name: command' and 'deck: cards' lines")
    play.add_argument("--json", action="store_true", help="end with the table's state as JSON")
    play.add_argument(
        "--strict",
        action="store_true",
        help="with --script: stop at the first refused line, naming it (exit status 1)",
    )
    play.add_argument("--seed", type=int, help="seed the shuffle (tests and demos)")
    play.add_argument(
        "--hands", type=_whole(0), default=0, metavar="N", help="stop after N hands (0: never)"
    )
    play.set_defaults(func=_play)
    run = sub.add_parser(
        "run",
        help="run the bot in Discord or Slack",
        description="Run the chat bot. discord needs DISCORD_TOKEN; slack needs "
        "SLACK_BOT_TOKEN and either SLACK_SIGNING_SECRET (HTTP mode, --port) or "
        "SLACK_APP_TOKEN (Socket Mode). SLACK_API_URL points the web client elsewhere.",
    )
    run.add_argument("platform", choices=("discord", "slack"))
    run.add_argument(
        "--db",
        help=(
            "the SQLite file, or a postgresql://user@host:port/dbname URL"
            " (default killbutton.db or $KILLBUTTON_DB)"
        ),
    )
    run.add_argument("--port", type=int, default=3000, help="slack HTTP mode: the port")
    run.add_argument(
        "--shards",
        type=_shards,
        help="discord: the gateway shards this process runs, e.g. 0-3 or 0,2 (needs "
        "--shard-count; default: every shard, as many as Discord recommends)",
    )
    run.add_argument(
        "--shard-count",
        type=_whole(1, 10**5),
        help="discord: the bot's shards in all its processes together",
    )
    run.add_argument("--host", default="0.0.0.0", help="slack HTTP mode: the address")
    run.add_argument(
        "--metrics-port",
        type=_whole(0, 65535),
        help="serve a health check (/healthz) and Prometheus metrics (/metrics) on this port",
    )
    run.add_argument(
        "--log-json", action="store_true", help="write every log line as a JSON object"
    )
    run.set_defaults(func=_run)
    db = sub.add_parser("db", help="look after the database")
    actions = db.add_subparsers(dest="action", required=True)
    copy = actions.add_parser(
        "copy",
        help="copy a whole database into an empty one (say, SQLite to PostgreSQL)",
        description="Copy every table, hand in progress, ledger, hand history and shuffle "
        "proof of SOURCE into TARGET, all or nothing, then check the copy row by row. Each "
        "is a SQLite file or a postgresql://user@host:port/dbname URL; TARGET must hold no "
        "table yet (a new file, or a database made with createdb). Stop the bots using "
        "SOURCE first.",
    )
    copy.add_argument("source", help="the database copied")
    copy.add_argument("target", help="the empty database written")
    copy.set_defaults(func=_db_copy)
    backup = actions.add_parser(
        "backup",
        help="a consistent copy of a live SQLite database",
        description="Copy the SQLite database to the new file PATH while bots play on it "
        "(SQLite's online backup: the database as it stood at one moment), and check the "
        "copy before keeping it. 'killbutton db copy PATH killbutton.db' puts it back into a "
        "new file. For PostgreSQL use its own pg_dump (see the README).",
    )
    backup.add_argument("path", help="the backup's file, which must not exist yet")
    backup.add_argument(
        "--db",
        default=None,
        help="the SQLite file backed up (default: $KILLBUTTON_DB, else killbutton.db)",
    )
    backup.set_defaults(func=_db_backup)
    return parser


def _db_copy(args: argparse.Namespace) -> int:
    import asyncio

    from storage import Database, StorageError
    from storage.copy import copy_database

    async def copy() -> dict[str, int]:
        source = await Database.open(args.source)
        try:
            target = await Database.open(args.target)
            try:
                return await copy_database(source, target)
            finally:
                await target.close()
        finally:
            await source.close()

    try:
        counts = asyncio.run(copy())
    except StorageError as exc:
        print(f"killbutton db copy: {exc}", file=sys.stderr)
        return 1
    what = [
        counted(counts["poker_tables"], "table"),
        counted(counts["sessions"], "session"),
        counted(counts["hands"], "hand"),
        counted(counts["actions"], "action"),
        counted(counts["events"], "event"),
        counted(counts["ledger"], "ledger line"),
    ]
    print(f"copied {', '.join(what)}; checked row by row: the copy is the same")
    return 0


def _db_backup(args: argparse.Namespace) -> int:
    from storage import StorageError
    from storage.backup import backup_sqlite
    from storage.db import default_path
    from storage.postgres import is_url

    source = args.db or default_path()
    if is_url(source):
        print(
            "killbutton db backup: a PostgreSQL database is backed up with its own pg_dump:"
            " pg_dump --format=custom --file=PATH URL (see the README)",
            file=sys.stderr,
        )
        return 2
    try:
        counts = backup_sqlite(source, args.path)
    except StorageError as exc:
        print(f"killbutton db backup: {exc}", file=sys.stderr)
        return 1
    what = [
        counted(counts["poker_tables"], "table"),
        counted(counts["hands"], "hand"),
        counted(counts["actions"], "action"),
        counted(counts["ledger"], "ledger line"),
        counted(counts["tournaments"], "tournament"),
    ]
    print(f"backed up {source} to {args.path}: {', '.join(what)}; the copy passed its check")
    return 0


def _shards(text: str) -> list[int]:
    """An argument type: shard numbers as ``0-3``, ``5`` or ``0,2,4-6``, else refused with
    the forms (argparse names the option and exits with status 2)."""
    from bot.words.commands import whole_number

    shards: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        first, last = whole_number(low, 10**5), whole_number(high if dash else low, 10**5)
        if first is None or last is None or first > last:
            raise argparse.ArgumentTypeError(
                f"{text} is not shard numbers: give them as 0-3, 5 or 0,2,4-6"
            )
        shards += range(first, last + 1)
    return sorted(set(shards))


def _run(args: argparse.Namespace) -> int:
    from adapters.runtime import MissingConfig

    if args.platform == "slack" and (args.shards is not None or args.shard_count is not None):
        print("killbutton run slack: --shards and --shard-count are for discord", file=sys.stderr)
        return 2
    if args.shards is not None:
        beyond = [n for n in args.shards if args.shard_count is None or n >= args.shard_count]
        if args.shard_count is None or beyond:
            print(
                "killbutton run discord: --shards needs --shard-count, the bot's shards in "
                "all its processes, each shard below it (e.g. --shards 0-3 --shard-count 8)",
                file=sys.stderr,
            )
            return 2
    try:
        if args.platform == "discord":
            from adapters.discord.run import run_discord

            return run_discord(
                args.db, args.shards, args.shard_count, args.metrics_port, args.log_json
            )
        from adapters.slack.run import run_slack

        return run_slack(args.db, args.host, args.port, args.metrics_port, args.log_json)
    except MissingConfig as exc:
        print(f"killbutton run {args.platform}: {exc}", file=sys.stderr)
        return 2


def _play(args: argparse.Namespace) -> int:
    from adapters.console.play import Options
    from adapters.console.run import run

    options = Options(
        db=args.db,
        table=args.table,
        game=args.game,
        structure=args.structure,
        blinds=args.blinds,
        buy_in=args.buy_in,
        bots=args.bots,
        name=args.name,
        script=args.script,
        json=args.json,
        strict=args.strict,
        seed=args.seed,
        hands=args.hands,
        setup=args.setup,
        tournament=args.tournament,
        autoplay=args.autoplay,
    )
    return run(options)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
