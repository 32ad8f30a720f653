"""The Web API client of the bot process: slack-sdk's :class:`AsyncWebClient`, whose calls
under way can all be dropped at once when the bot stops, so that a slow or unreachable
Slack never holds a stopping process for the client's 30 s timeout and its retries."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Coroutine
from typing import Any, TypeVar

from slack_sdk.errors import SlackClientError
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

_T = TypeVar("_T")


class Stopping(SlackClientError):
    """A Web API call made, or still under way, after the bot began to stop."""


class StoppableClient(AsyncWebClient):
    """An :class:`AsyncWebClient` that :meth:`stop` cuts short.

    Takes the arguments of :class:`AsyncWebClient`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.calls: set[asyncio.Future[Any]] = set()
        self.stopped = asyncio.Event()

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

    async def pause(self, seconds: float) -> None:
        """Sleep ``seconds`` (a rate limit's wait), or less when the bot stops meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopped.wait(), seconds)


def web_client(token: str) -> StoppableClient:
    """The client for ``token``; ``SLACK_API_URL`` (when set) replaces Slack's base URL,
    e.g. with a test server's."""
    base = os.environ.get("SLACK_API_URL", "").strip()
    if not base:
        return StoppableClient(token=token)
    return StoppableClient(token=token, base_url=base.rstrip("/") + "/")
