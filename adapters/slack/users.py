"""Who clicked: a user's display name and whether he administers the workspace, from
``users.info``, kept for a while so a hand does not cost a lookup per click; and the
request ids this process has seen, so a quick repeat is dropped without asking the
database (whose claim is the one that counts: :meth:`storage.requests.Requests.claim`)."""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from slack_sdk.web.async_client import AsyncWebClient

from .transport import FAILURES, failure

log = logging.getLogger(__name__)

KEEP_SECONDS = 600.0  # a renamed or promoted user shows up within ten minutes


@dataclass(frozen=True)
class User:
    """A Slack user as the table names him; ``admin`` for workspace admins and owners."""

    name: str
    admin: bool


class Directory:
    """Users by id, from ``users.info`` (needs the ``users:read`` scope).

    Args:
        client: the Web API client.
        clock: seconds (monotonic), for tests.
    """

    def __init__(self, client: AsyncWebClient, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.clock = clock
        self.known: dict[str, tuple[User, float]] = {}

    async def user(self, user_id: str, fallback: str) -> User:
        """The user's display name and admin flag; ``fallback`` (the payload's user name)
        and not admin when Slack will not say (missing scope, a refusal, the network)."""
        kept = self.known.get(user_id)
        if kept is not None and self.clock() - kept[1] < KEEP_SECONDS:
            return kept[0]
        try:
            response = await self.client.users_info(user=user_id)
        except FAILURES as exc:
            log.info("users.info %s: %s", user_id, failure(exc))
            return User(fallback or user_id, False)
        data = response["user"]
        profile = data.get("profile") or {}
        name = (
            profile.get("display_name")
            or profile.get("real_name")
            or data.get("real_name")
            or data.get("name")
            or fallback
            or user_id
        )
        user = User(str(name), bool(data.get("is_admin") or data.get("is_owner")))
        self.known[user_id] = (user, self.clock())
        return user


class SeenRequests:
    """The last ``size`` request ids, oldest forgotten first.

    Args:
        size: how many ids to remember (Slack retries within minutes, not hours).
    """

    def __init__(self, size: int = 2000) -> None:
        self.size = size
        self.ids: OrderedDict[str, None] = OrderedDict()

    def first_time(self, request_id: str) -> bool:
        """True the first time ``request_id`` is seen, False for a repeat."""
        if request_id in self.ids:
            return False
        self.ids[request_id] = None
        if len(self.ids) > self.size:
            self.ids.popitem(last=False)
        return True

    def forget(self, request_id: str) -> None:
        """Forget ``request_id`` (it was not taken after all), so a retry of it is new."""
        self.ids.pop(request_id, None)
