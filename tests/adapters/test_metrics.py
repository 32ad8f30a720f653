"""What whoever runs a big bot watches (README, "Running at scale"): ``--metrics-port``
serves a health check and Prometheus metrics, read here by prometheus-client's own
parser; ``--log-json`` writes each log line as one JSON object."""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from adapters.runtime import start
from bot.app.cli import main
from bot.chat.core import Request
from bot.process import logsetup, metrics
from tests.chat.fakes import RecordingTransport


def _get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def _samples(text: str) -> dict[str, float]:
    """Every sample by its name and labels, as Prometheus's parser reads the page."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def _say(text: str, user: str = "u1") -> Request:
    return Request("console", "srv", "chan", user, user.upper(), text)


async def test_a_bot_with_a_metrics_port_serves_its_answers_tables_and_health(
    tmp_path: Path,
) -> None:
    runtime = await start(RecordingTransport(), str(tmp_path / "k.db"), metrics_port=0)
    try:
        assert runtime.metrics_server is not None
        port = runtime.metrics_server.server_port
        core = runtime.core
        assert (await core.handle(_say("new holdem nl 1/2"))).ok
        assert (await core.handle(_say("sit 200"))).ok
        assert not (await core.handle(_say("sit abc", "u2"))).ok  # a refusal is counted
        await asyncio.sleep(metrics.REFRESH_SECONDS * 1.5)  # the loop refreshes the gauges
        status, page = await asyncio.to_thread(_get, port, "/metrics")
        assert status == 200
        samples = _samples(page)
        assert samples["killbutton_answers_total{outcome=ok}"] == 2
        assert samples["killbutton_answers_total{outcome=refused}"] == 1
        assert samples["killbutton_answer_seconds_count"] == 3
        assert samples["killbutton_tables_in_memory"] == 1
        assert samples["killbutton_timers_due"] == 0  # nobody dealt: no clock runs
        assert samples["killbutton_platform_refusals"] == 0
        assert samples["killbutton_database_retries"] == 0
        assert await asyncio.to_thread(_get, port, "/healthz") == (200, "ok\n")
    finally:
        await runtime.close()


async def test_the_health_check_fails_when_the_event_loop_stops_refreshing() -> None:
    watched = metrics.Metrics()
    server = metrics.serve(watched, 0, "127.0.0.1")
    try:
        port = server.server_port
        assert await asyncio.to_thread(_get, port, "/healthz") == (200, "ok\n")
        watched.refreshed_at -= metrics.STALE_SECONDS + 1  # the loop is stuck
        assert await asyncio.to_thread(_get, port, "/healthz") == (503, "stalled\n")
    finally:
        server.shutdown()
        server.server_close()


async def test_a_platform_refusal_is_counted(tmp_path: Path) -> None:
    transport = RecordingTransport()
    transport.failing["show_table"] = RuntimeError("403 Forbidden")
    runtime = await start(transport, str(tmp_path / "k.db"), metrics_port=0)
    try:
        await runtime.core.handle(_say("new holdem nl 1/2"))
        watched = metrics.Metrics()
        figures = metrics.Figures(
            tables=lambda: len(runtime.service.tables),
            timers=runtime.service.timers_running,
            refusals=lambda: runtime.presenter.failed,
            retries=lambda: runtime.service.retries,
        )
        watched.refresh(figures)
        refused = watched.registry.get_sample_value("killbutton_platform_refusals")
        assert refused == runtime.presenter.failed >= 1
    finally:
        await runtime.close()


def test_log_json_writes_each_line_as_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    kept, level = list(root.handlers), root.level
    try:
        logsetup.configure(json_lines=True)
        logging.getLogger("bot.service").warning("table %s could not be read", "srv/chan")
        line = capsys.readouterr().err.strip().splitlines()[-1]
        record = json.loads(line)
        assert record["level"] == "WARNING" and record["logger"] == "bot.service"
        assert record["message"] == "table srv/chan could not be read" and "time" in record
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in kept:
            root.addHandler(handler)
        root.setLevel(level)


@pytest.mark.parametrize("port", ["abc", "-5", "70000", "1e9"])
def test_a_metrics_port_that_is_no_port_is_refused_with_the_range(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["run", "slack", "--metrics-port", port])
    assert stopped.value.code == 2
    assert "from 0 to 65535" in capsys.readouterr().err
