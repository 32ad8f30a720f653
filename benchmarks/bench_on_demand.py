"""Tables on demand: a process that holds only the tables it serves, beside one that holds
every table stored (the anchor), on one database in one run.

What it does:

setup
    A new database (a SQLite file in a temporary folder, or with ``--postgres URL`` a
    PostgreSQL database created for the run and dropped after it): ``--idle`` (20,000)
    tables opened and left (a host seated, no hand: a server's table between nights),
    and ``--playing`` (100) six-seat no-limit hold'em tables with three computer players
    and a hand dealt, the turn timer the longest a host may set.
runs
    Each configuration in a process of its own (``spawn``), the two alternated
    ``--rounds`` (2) times: ``on demand`` (the service's bound,
    :data:`bot.service.commits.TABLES_HELD`, or ``--held``) and ``all held`` (a bound
    past every table: what every process did before it let tables go). Each opens the database and a
    service, and is timed restoring; then one command at an idle table it did not restore
    (a player sits down: the table read and committed); then it plays the tables in play
    for ``--seconds`` (10), one task per table, random legal moves
    (``bench_service.Driver``), each committed before the next is sent.
figures
    start-up (``restore``), tables in memory after it, the first answer at a table not
    held, moves a second, and the process's peak resident memory (``ru_maxrss``).

It is not a test: it prints figures and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import resource
import secrets
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import SETTINGS, _admin, players_of  # noqa: E402
from bench_service import Driver  # noqa: E402

from bot.service.commits import TABLES_HELD  # noqa: E402
from bot.service.tables import Player, ServiceError, TableService  # noqa: E402
from bot.words.commands import Sit, Start  # noqa: E402
from storage import Database  # noqa: E402
from storage.postgres import database_url  # noqa: E402

HOST = Player("bench:host", "Host")


async def set_up(target: str, idle: int, playing: int) -> tuple[list[str], list[str]]:
    """The idle tables and the tables in play; their ids."""
    db = await Database.open(target)
    service = TableService(db, held=10**9)
    idle_ids, playing_ids = [], []
    try:
        for n in range(idle):
            table_id = await service.create_table("bench", f"idle{n}", HOST, SETTINGS)
            idle_ids.append(table_id)
            if n % 5000 == 4999:
                print(f"  {n + 1} idle tables stored", flush=True)
        for n in range(playing):
            seated = players_of(n, 3)
            table_id = await service.create_table("bench", f"play{n}", seated[0], SETTINGS)
            for player in seated:
                await service.handle(table_id, player, Sit(500))
            await service.handle(table_id, seated[0], Start())
            playing_ids.append(table_id)
        await service.idle()
    finally:
        await db.close()
    return idle_ids, playing_ids


async def run(
    target: str, held: int, idle_id: str, playing: list[str], seconds: float, sitter: str
) -> dict[str, Any]:
    """One configuration in this process: restore, one answer at a table not held, play."""
    db = await Database.open(target)
    service = TableService(db, held=held)
    began = time.perf_counter()
    await service.restore()
    start_s = time.perf_counter() - began
    in_memory = len(service.tables)
    sent = time.perf_counter()
    await service.handle(idle_id, Player(sitter, sitter), Sit(200))
    first_ms = 1000 * (time.perf_counter() - sent)
    moves = refused = 0
    end = time.perf_counter() + seconds

    async def play(number: int, table_id: str) -> None:
        nonlocal moves, refused
        driver = Driver(service, table_id, players_of(number, 3), random.Random(number))
        while time.perf_counter() < end:
            move = driver.next_command()
            if move is None:
                await service.idle(table_id)
                await asyncio.sleep(0.001)
                continue
            try:
                await service.handle(table_id, *move, confirmed=True)
            except ServiceError:
                refused += 1
                continue
            moves += 1

    played = time.perf_counter()
    await asyncio.gather(*(play(n, t) for n, t in enumerate(playing)))
    wall = time.perf_counter() - played
    await service.idle()
    await db.close()
    return {
        "start_s": start_s,
        "in_memory": in_memory,
        "first_ms": first_ms,
        "per_second": moves / wall,
        "refused": refused,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def child(args: tuple[Any, ...], out: Any) -> None:
    """The entry point of one configuration's process."""
    out.put(asyncio.run(run(*args)))


def compare(label: str, target: str, args: argparse.Namespace) -> None:
    """Set up ``target``, then run both configurations alternately, printing each."""
    began = time.perf_counter()
    idle_ids, playing_ids = asyncio.run(set_up(target, args.idle, args.playing))
    print(f"{label}: set up in {time.perf_counter() - began:.0f} s", flush=True)
    spawn = multiprocessing.get_context("spawn")
    for round_ in range(args.rounds):
        for name, held in (("on demand", args.held), ("all held", 10**9)):
            out = spawn.Queue()
            idle_id = idle_ids[(2 * round_ + (held > args.held)) * 7 % len(idle_ids)]
            sitter = f"bench:sitter{round_}{name}"
            proc = spawn.Process(
                target=child,
                args=((target, held, idle_id, playing_ids, args.seconds, sitter), out),
            )
            proc.start()
            r = out.get()
            proc.join()
            print(
                f"{label:>10} {name:>9}: start {r['start_s']:6.2f} s, {r['in_memory']:6d}"
                f" tables held, first answer at a table not held {r['first_ms']:6.1f} ms,"
                f" {r['per_second']:6.0f} moves/s ({r['refused']} refused),"
                f" peak {r['peak_mib']:5.0f} MiB",
                flush=True,
            )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", help="a server's URL the run may create databases on")
    parser.add_argument("--idle", type=int, default=20000)
    parser.add_argument("--playing", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--held", type=int, default=TABLES_HELD, help="the bound on demand")
    parser.add_argument("--no-sqlite", action="store_true", help="skip the SQLite run")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Both configurations on each backend; figures on stdout."""
    args = parse_args(argv)
    print(
        f"{args.idle} idle tables and {args.playing} in play, bound {args.held},"
        f" {args.seconds:.0f} s of play a run, Python {sys.version.split()[0]}",
        flush=True,
    )
    if not args.no_sqlite:
        with tempfile.TemporaryDirectory() as folder:
            compare("sqlite", str(Path(folder) / "demand.db"), args)
    if args.postgres:
        name = f"killbutton_demand_{secrets.token_hex(4)}"
        asyncio.run(_admin(args.postgres, f"CREATE DATABASE {name}"))
        try:
            compare("postgresql", database_url(args.postgres, name), args)
        finally:
            asyncio.run(_admin(args.postgres, f"DROP DATABASE {name} WITH (FORCE)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
