"""How a bot process writes its log: lines of text, or with ``--log-json`` one JSON object
a line (``python-json-logger``), for a log collector to read by field."""

from __future__ import annotations

import logging
import sys

TEXT_FORMAT = "%(asctime)s %(name)s %(message)s"
# the fields of a JSON line, renamed to what log collectors expect
JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s"
JSON_NAMES = {"asctime": "time", "levelname": "level", "name": "logger"}


def log_handler(json_lines: bool) -> logging.Handler:
    """A handler writing to standard error: text lines, or JSON objects a line (time,
    level, logger, message, and an exception's text under ``exc_info``)."""
    handler = logging.StreamHandler(sys.stderr)
    if json_lines:
        from pythonjsonlogger.json import JsonFormatter

        handler.setFormatter(JsonFormatter(JSON_FIELDS, rename_fields=JSON_NAMES))
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    return handler


def configure(json_lines: bool, level: int = logging.INFO) -> logging.Handler:
    """Send every logger's records at ``level`` and above through :func:`log_handler`
    (replacing handlers set before on the root logger); the handler."""
    handler = log_handler(json_lines)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler
