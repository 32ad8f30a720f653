"""The Web API client of the bot process: slack-sdk's :class:`AsyncWebClient`, whose calls
under way can all be dropped at once when the bot stops, so that a slow or unreachable
Slack never holds a stopping process for the client's 30 s timeout and its retries.

A 429 (``ratelimited``) is waited out for ``Retry-After`` seconds and the call sent again,
by slack-sdk's own retry loop (:class:`RateLimitWait`, one of the client's
``retry_handlers``); the bot's stop cuts the wait short.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Coroutine, Mapping
from typing import Any, TypeVar

from slack_sdk.errors import SlackClientError
from slack_sdk.http_retry.builtin_async_handlers import AsyncRateLimitErrorRetryHandler
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

_T = TypeVar("_T")
log = logging.getLogger(__name__)

ATTEMPTS = 3  # a call that is rate limited this many times in a row gives up
# Methods whose 429 goes straight back to the caller, which does better than wait: the
# coalescer waits out an edit of the table message and then sends its latest content; a
# name lookup falls back at once to the name the payload carries.
LEFT_TO_CALLER = ("/chat.update", "/users.info")


class Stopping(SlackClientError):
    """A Web API call made, or still under way, after the bot began to stop."""


def seconds_to_wait(headers: Mapping[str, str | list[str]]) -> float:
    """Seconds a 429's ``Retry-After`` header asks to wait (any case of the name; a list
    of values, as slack-sdk keeps them, gives its first): 1 when it is missing or not a
    number, never less than 0."""
    value: str | list[str] = "1"
    for name, given in headers.items():
        if name.lower() == "retry-after":
            value = given
            break
    if isinstance(value, list):
        value = value[0] if value else "1"
    try:
        return max(0.0, float(value))
    except ValueError:
        return 1.0


class RateLimitWait(AsyncRateLimitErrorRetryHandler):
    """slack-sdk's handler of 429s, after whose wait its client sends the same call again,
    but waiting exactly the ``Retry-After`` seconds (:func:`seconds_to_wait`: fractions
    read, no random second added), cut short when ``stopped`` is set (the call then raises
    :class:`Stopping`, and is not sent again), and leaving the methods of
    :data:`LEFT_TO_CALLER` to their callers.

    Args:
        stopped: set when the bot stops.
        attempts: calls in all, the first included, before a 429 is handed back.
    """

    def __init__(self, stopped: asyncio.Event, attempts: int = ATTEMPTS) -> None:
        super().__init__(max_retry_count=attempts - 1)
        self.stopped = stopped

    async def _can_retry_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        if self.stopped.is_set() or request.url.endswith(LEFT_TO_CALLER):
            return False
        return await super()._can_retry_async(
            state=state, request=request, response=response, error=error
        )

    async def prepare_for_next_attempt_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> None:
        """Wait the response's ``Retry-After``, then ask for the next attempt.

        Raises:
            Stopping: the bot began to stop before the wait was over.
        """
        seconds = seconds_to_wait(response.headers if response is not None else {})
        log.warning("rate limited: waiting %.2f s", seconds)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopped.wait(), seconds)
        if self.stopped.is_set():
            # slack-sdk's loop offers this error to each handler in turn: all decline it
            # (this one because the bot is stopping), so it reaches the caller
            raise Stopping(f"{request.url.rsplit('/', 1)[-1]}: the bot is stopping")
        state.next_attempt_requested = True
        state.increment_current_attempt()


class StoppableClient(AsyncWebClient):
    """An :class:`AsyncWebClient` that :meth:`stop` cuts short, whose calls wait out rate
    limits (:class:`RateLimitWait`, after the ``retry_handlers`` it is given).

    Takes the arguments of :class:`AsyncWebClient`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.calls: set[asyncio.Future[Any]] = set()
        self.stopped = asyncio.Event()
        self.retry_handlers = [*self.retry_handlers, RateLimitWait(self.stopped)]

    async def api_call(self, api_method: str, **kwargs: Any) -> AsyncSlackResponse:
        """Slack-sdk's call of ``api_method``, as a task :meth:`stop` can cancel.

        Raises:
            Stopping: the bot stopped before or during the call.
            SlackApiError, aiohttp.ClientError, OSError: as :class:`AsyncWebClient`.
        """
        return await self._stoppable(api_method, super().api_call(api_method, **kwargs))

    async def _upload_file(self, **kwargs: Any) -> Any:
        """Slack-sdk's upload of a file's bytes to the URL ``files_upload_v2`` was given
        (not a Web API method, so not through :meth:`api_call`), stoppable the same way."""
        return await self._stoppable("file upload", super()._upload_file(**kwargs))

    async def _stoppable(self, what: str, work: Coroutine[Any, Any, _T]) -> _T:
        if self.stopped.is_set():
            work.close()
            raise Stopping(f"{what}: the bot is stopping")
        call = asyncio.ensure_future(work)
        self.calls.add(call)
        try:
            return await call
        except asyncio.CancelledError:
            this = asyncio.current_task()
            if self.stopped.is_set() and call.cancelled() and not (this and this.cancelling()):
                raise Stopping(f"{what}: the bot is stopping") from None
            raise
        finally:
            self.calls.discard(call)

    def stop(self) -> None:
        """Cancel every call under way (each raises :class:`Stopping` to its caller), and
        make every later call raise it at once."""
        self.stopped.set()
        for call in list(self.calls):
            call.cancel()


def web_client(token: str) -> StoppableClient:
    """The client for ``token``; ``SLACK_API_URL`` (when set) replaces Slack's base URL,
    e.g. with a test server's."""
    base = os.environ.get("SLACK_API_URL", "").strip()
    if not base:
        return StoppableClient(token=token)
    return StoppableClient(token=token, base_url=base.rstrip("/") + "/")
