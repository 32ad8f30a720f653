"""Several bot processes on one PostgreSQL database: committed actions per second, latency
from the moment an action is sent, and CPU per action, with 1, 2 and 4 worker processes,
beside one process on SQLite.

What it does, for each configuration in one run:

setup
    A new database (a PostgreSQL database created for the run and dropped after it, or a
    SQLite file in a temporary folder). ``--tables`` (1,000) six-seat no-limit hold'em
    tables, each with ``--players`` (3) computer players seated (``Sit(500)``) and a hand
    dealt (``Start()``), through one :class:`bot.service.tables.TableService`; the turn
    timer is the longest a host may set, so no time-out falls in the run.
workers
    ``W`` worker processes (started with ``spawn``), each opening the database
    (``Database.open``: a pool of connections of its own) and a service that restores
    every table and runs its timers (``run_timers``: on PostgreSQL, the query for the
    tables due, once a second). Table ``i`` is played by worker ``i mod W``, as a load
    balancer that keeps a channel on one process would send it (any process may serve
    any table; one that is sent another's table reads it again first). Once every worker
    has restored (a barrier), each plays its tables for ``--seconds`` (15): one asyncio
    task per table, its computer players choosing random legal moves
    (``bench_service.choose``), each sent through ``TableService.handle`` and committed
    before it returns. Closed loop: a table's next move is sent when the previous one is
    answered (and its next deal, a step of the table's own, is dealt).
figures
    committed actions a second (all workers; each answered once committed; a move refused
    is counted apart), latency p50/p99 from the moment a move is sent to its commit's answer, and
    CPU per action: each worker process's user+system time over the run (its event loop,
    and for SQLite its database thread) divided by its actions. PostgreSQL's own server
    processes are not in the CPU figure; their CPU over the run is shown apart when the
    server runs on this machine (``/proc``).

It is not a test: it prints figures and exits 0. ``--postgres URL`` names a server the run
may create databases on (``postgresql://user@127.0.0.1:5432/postgres``); without it only
the SQLite configuration runs.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_service import Driver  # noqa: E402

from bot.engine.config import Game, GameConfig, Stakes, Structure  # noqa: E402
from bot.engine.table import TableSettings  # noqa: E402
from bot.service.tables import Player, ServiceError, TableService  # noqa: E402
from bot.words.commands import Sit, Start  # noqa: E402
from storage import Database  # noqa: E402
from storage.postgres import database_url  # noqa: E402

SETTINGS = TableSettings(
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2)),
    seats=6,
    min_buy_in=100,
    max_buy_in=1000,
    turn_seconds=600,
)


def players_of(table: int, count: int) -> list[Player]:
    """The computer players of table ``table``."""
    return [Player(f"bench:{table}:{k}", f"P{table}-{k}") for k in range(count)]


async def set_up(target: str, tables: int, players: int) -> list[str]:
    """Create the tables with their players seated and a hand dealt; their ids."""
    db = await Database.open(target)
    service = TableService(db, shuffle=None)
    ids = []
    try:
        for n in range(tables):
            seated = players_of(n, players)
            table_id = await service.create_table("bench", f"c{n}", seated[0], SETTINGS)
            for player in seated:
                await service.handle(table_id, player, Sit(500))
            await service.handle(table_id, seated[0], Start())
            ids.append(table_id)
        await service.idle()
    finally:
        await db.close()
    return ids


async def work(
    target: str, mine: list[tuple[int, str]], players: int, seconds: float, barrier: Any
) -> dict[str, Any]:
    """One worker process: restore, wait for the others, play its tables."""
    db = await Database.open(target)
    service = TableService(db)
    await service.restore()
    reads = 0
    rows = db.backend.rows

    async def counted(sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        nonlocal reads
        reads += 1
        return await rows(sql, params)

    db.backend.rows = counted  # type: ignore[method-assign]
    writes: Any = db.writes
    timers = asyncio.get_running_loop().create_task(service.run_timers())
    latencies: list[float] = []
    refused = 0
    await asyncio.to_thread(barrier.wait)
    cpu0, start = time.process_time(), time.perf_counter()
    end = start + seconds
    reads0 = reads
    statements0, trips0 = writes.statements, getattr(writes, "round_trips", 0)

    async def play(number: int, table_id: str) -> None:
        nonlocal refused
        rng = random.Random(number)
        driver = Driver(service, table_id, players_of(number, players), rng)
        while time.perf_counter() < end:
            move = driver.next_command()
            if move is None:
                await service.idle(table_id)
                await asyncio.sleep(0.001)
                continue
            player, command = move
            sent = time.perf_counter()
            try:
                await service.handle(table_id, player, command, confirmed=True)
            except ServiceError:
                refused += 1
                continue
            latencies.append(time.perf_counter() - sent)

    await asyncio.gather(*(play(n, t) for n, t in mine))
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    counts = {
        "reads": reads - reads0,
        "statements": writes.statements - statements0,
        "round_trips": getattr(writes, "round_trips", 0) - trips0,
    }
    timers.cancel()
    await service.idle()
    await db.close()
    return {"latencies": latencies, "cpu": cpu, "wall": wall, "refused": refused, **counts}


def worker_main(
    target: str, mine: list[tuple[int, str]], players: int, seconds: float, barrier: Any, out: Any
) -> None:
    """The entry point of a worker process."""
    out.put(asyncio.run(work(target, mine, players, seconds, barrier)))


def postgres_cpu() -> float:
    """Seconds of CPU used so far by this machine's PostgreSQL server processes, the
    backends that ended included (the server process counts its reaped children's time);
    0 when none can be read."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)
            name = fields[0].split("(", 1)[1]
            if name not in ("postgres", "postmaster"):
                continue
            values = fields[1].split()
            total += sum(int(v) for v in values[11:15]) / tick
        except (OSError, IndexError, ValueError):
            continue
    return total


def run_config(label: str, target: str, workers: int, args: argparse.Namespace) -> dict[str, float]:
    """Set up a database, play it with ``workers`` processes, return the figures."""
    ids = asyncio.run(set_up(target, args.tables, args.players))
    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(workers + 1)
    out = spawn.Queue()
    shares = [[(n, t) for n, t in enumerate(ids) if n % workers == w] for w in range(workers)]
    procs = [
        spawn.Process(
            target=worker_main,
            args=(target, shares[w], args.players, args.seconds, barrier, out),
        )
        for w in range(workers)
    ]
    for proc in procs:
        proc.start()
    barrier.wait()
    server0 = postgres_cpu()
    results = [out.get() for _ in procs]
    server = postgres_cpu() - server0
    for proc in procs:
        proc.join()
    latencies = sorted(x for r in results for x in r["latencies"])
    actions = len(latencies)
    wall = max(r["wall"] for r in results)
    cpu = sum(r["cpu"] for r in results)
    figures = {
        "workers": workers,
        "actions": actions,
        "per_second": actions / wall,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        "cpu_ms": 1000 * cpu / actions,
        "server_cpu_ms": 1000 * server / actions,
        "refused": sum(r["refused"] for r in results),
        "reads": sum(r["reads"] for r in results) / actions,
        "statements": sum(r["statements"] for r in results) / actions,
        "trips": sum(r["round_trips"] + r["reads"] for r in results) / actions,
    }
    print(
        f"{label:>10} {workers} worker(s): {figures['per_second']:8.0f} actions/s"
        f"  p50 {figures['p50_ms']:6.1f} ms  p99 {figures['p99_ms']:7.1f} ms"
        f"  CPU {figures['cpu_ms']:5.2f} ms/action (workers)"
        + (f", {figures['server_cpu_ms']:5.2f} (server)" if label == "postgresql" else "")
        + f"  [{actions} actions, {figures['refused']} refused]"
        + f"  per action: {figures['reads']:.2f} reads, {figures['statements']:.2f} statements"
        + (f", {figures['trips']:.2f} round trips" if label == "postgresql" else ""),
        flush=True,
    )
    return figures


async def _admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", help="a server's URL the run may create databases on")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", default="1,2,4", help="PostgreSQL worker counts")
    parser.add_argument("--no-sqlite", action="store_true", help="skip the SQLite run")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every configuration; figures on stdout."""
    args = parse_args(argv)
    print(
        f"{args.tables} tables of {args.players} computer players, {args.seconds:.0f} s of"
        f" play each, {os.cpu_count()} cores, Python {sys.version.split()[0]}",
        flush=True,
    )
    if not args.no_sqlite:
        with tempfile.TemporaryDirectory() as folder:
            run_config("sqlite", str(Path(folder) / "scale.db"), 1, args)
    if args.postgres:
        for workers in (int(w) for w in args.workers.split(",")):
            name = f"killbutton_scale_{secrets.token_hex(4)}"
            asyncio.run(_admin(args.postgres, f"CREATE DATABASE {name}"))
            try:
                run_config("postgresql", database_url(args.postgres, name), workers, args)
            finally:
                asyncio.run(_admin(args.postgres, f"DROP DATABASE {name} WITH (FORCE)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
