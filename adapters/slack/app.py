"""The Bolt app: ``/poker``, the table message's buttons and the raise and draw modals, all
turned into :class:`bot.chat.core.Request` for the chat core.

Every listener acknowledges at once (Slack wants an answer within 3 s) and leaves the work
to a task. A request (the payload's ``trigger_id``) is taken once, whatever came of it:
Slack delivers a request again when it did not hear back in time (``X-Slack-Retry-Num``),
and a signed request copied and sent again verifies for five minutes. Before any work the
adapter asks the chat core whether the id is new (:meth:`bot.chat.core.ChatCore.first_time`,
one read); a move's own commit claims it, and the chat core claims the id of anything
else it answers, so a repeat is dropped even when the first was refused (nothing of it
committed), after a restart and in another process too.
Malformed requests never reach the listeners (:mod:`adapters.slack.gate`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from aiohttp import web
from slack_bolt.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_sdk.web.async_client import AsyncWebClient

from adapters.pieces import pieces
from bot.chat.core import AmountForm, Answer, ChatCore, DrawForm, Reply, Request
from bot.process.logsafe import described, frames
from bot.words.commands import ParseError, parse_amount
from bot.words.commandset import Cards, words_of

from . import blocks as kb
from .gate import HttpGate, WellFormed
from .transport import FAILURES, SlackTransport, failure
from .users import Directory, SeenRequests

log = logging.getLogger(__name__)

COMMAND = "/poker"
TEXT_MAX = 4000  # characters of text Slack takes whole in one message (it cuts longer ones)
ACK_WITHIN = 2.0  # seconds a request may take before it is acknowledged anyway (Slack: 3)
# the words that ask for one's own cards (bot.chat.core answers them); the My cards button sends
# the first. Asking is also when a player whose DMs failed gets them tried once more.
CARDS_WORDS = words_of(Cards)
Respond = Callable[..., Awaitable[Any]]
Ack = Callable[..., Awaitable[None]]
Body = dict[str, Any]


class SlackBot:
    """The Slack side of one bot process.

    Args:
        core: the chat core (its service's publisher is the presenter over ``transport``).
        transport: the presenter's Slack transport.
        client: the Web API client for replies, modals and user lookups.
        signing_secret: verifies every HTTP request (a bad or expired signature gets 401
            and changes nothing); None in Socket Mode, where Slack signs nothing.
    """

    def __init__(
        self,
        core: ChatCore,
        transport: SlackTransport,
        client: AsyncWebClient,
        signing_secret: str | None,
    ) -> None:
        self.core = core
        self.transport = transport
        self.client = client
        self.signing_secret = signing_secret
        self.directory = Directory(client)
        self.seen = SeenRequests()
        self.tasks: set[asyncio.Task[None]] = set()
        self.answers: set[asyncio.Task[tuple[Request, Answer]]] = set()
        self.lanes: dict[str, asyncio.Lock] = {}  # table id -> its requests, in order
        self.app = AsyncApp(
            client=client,
            signing_secret=signing_secret or "",
            request_verification_enabled=signing_secret is not None,
            # the listeners only acknowledge and start a task, so answering after them
            # is still at once, and a test's dispatch returns with the task started
            process_before_response=True,
        )
        self.app.middleware(WellFormed())
        self.app.command(COMMAND)(self._on_command)
        self.app.action(re.compile(f"^({kb.PLAY}|{kb.CONFIRM}$|{kb.CARDS}$)"))(self._on_button)
        self.app.action(re.compile(f"^({kb.RAISE}|{kb.DRAW})$"))(self._on_modal_button)
        self.app.view(re.compile(f"^({kb.RAISE_MODAL}|{kb.DRAW_MODAL})$"))(self._on_submit)

    # ------------------------------------------------------------------ plumbing

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``work`` in the background (kept for :meth:`settle`); its failure is
        logged."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    async def committed_then_ack(self, ack: Ack, work: Coroutine[Any, Any, None]) -> None:
        """Apply a request, then acknowledge it: Slack never hears "received" for a move
        that a crash could still lose. A commit takes milliseconds; should this one still
        be waiting (behind a slow lookup) when Slack's three seconds run short, the
        acknowledgement goes first and the work goes on."""
        task = self.spawn(work)
        await asyncio.wait({task}, timeout=ACK_WITHIN)
        await ack()

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            # by type and place only: the reply it carried may have held the player's cards
            log.error("a Slack request failed: %s\n%s", described(error), frames(error))

    async def settle(self) -> None:
        """Wait until every started request, what it caused (shown after its answer, and a
        next deal) and every queued edit is done (tests, shutdown)."""
        while True:
            await asyncio.gather(*self.tasks, *self.answers, return_exceptions=True)
            await self.core.idle()
            await self.transport.drain()
            pending = any(not t.done() for t in self.transport.coalescer.tasks.values())
            busy = self.tasks or self.answers or self.core.busy()
            if not busy and not pending:
                return

    def web_app(self, path: str) -> web.Application:
        """The HTTP endpoint (``POST path``): signed, well-formed requests go to the Bolt
        app, anything else gets 401 or 400 (:class:`adapters.slack.gate.HttpGate`).

        Raises:
            ValueError: the bot has no signing secret (Socket Mode).
        """
        if self.signing_secret is None:
            raise ValueError("HTTP mode needs the signing secret")
        return HttpGate(self.app, self.signing_secret).web_app(path)

    async def _first_time(
        self, body: dict[str, Any], request: AsyncBoltRequest, respond: Respond | None = None
    ) -> str | None:
        """The request's id (``slack:`` and the trigger id, "" for a request without one)
        when it is new, or None when the request must not be taken: seen before, here or
        in the database, or the database could not be asked.

        The memory of this process answers a quick repeat; the database is the one that
        counts, across restarts and processes. The id is claimed there only once the
        request is done, by the move's own commit or, for anything else, when the chat
        core answers it (:meth:`bot.chat.core.ChatCore.first_time`): a process that dies
        before committing a move leaves Slack's resend free to apply it.
        """
        trigger = body.get("trigger_id") or ""
        if not trigger:
            return ""
        request_id = f"slack:{trigger}"
        if self.seen.first_time(request_id):
            new = await self.core.first_time(request_id)
            if new:
                return request_id
            if new is None:
                # unread, it could be a replay: not taken, and not remembered either, so
                # Slack's own retry gets its chance
                self.seen.forget(request_id)
                log.error("request %s not taken: the database could not be read", trigger)
                if respond is not None:
                    sorry = "the bot could not take that just now (a storage error): try again"
                    self.spawn(self._sorry(respond, sorry))
                return None
        retry = request.headers.get("x-slack-retry-num", ["none"])[0]
        log.info("request %s delivered again (retry %s): already taken", trigger, retry)
        return None

    async def _sorry(self, respond: Respond, text: str) -> None:
        """Tell the sender alone that his request was not taken."""
        try:
            await respond(text=text, response_type="ephemeral")
        except Exception as exc:  # noqa: BLE001 - nothing more can be told
            log.warning("cannot answer a request not taken: %s", type(exc).__name__)

    async def _answered(  # noqa: PLR0913 - a request's parts, as Slack gives them
        self,
        body: dict[str, Any],
        team: str,
        channel: str,
        text: str,
        request_id: str,
        confirmed: bool = False,
        hand: int | None = None,
        step: int | None = None,
        form: bool = False,
    ) -> tuple[Request, Answer]:
        """The request for ``text`` from the body's user, and the chat core's answer to it
        (:meth:`bot.chat.core.ChatCore.answer`, which takes its id once)."""
        # one channel's requests apply in the order they came: the user lookup before
        # the service's own lock would otherwise let a later command overtake
        async with self.lanes.setdefault(f"{team}/{channel}", asyncio.Lock()):
            user_id = body["user"]["id"] if "user" in body else body["user_id"]
            fallback = (body.get("user") or {}).get("name") or body.get("user_name") or ""
            user = await self.directory.user(user_id, fallback)
            request = Request(
                "slack",
                team,
                channel,
                user_id,
                user.name,
                text,
                request_id or None,
                user.admin,
                confirmed,
                hand,
                step,
                form,
            )
            answer = await self.core.answer(request)
        return request, answer

    async def _apply(
        self,
        body: dict[str, Any],
        team: str,
        channel: str,
        text: str,
        request_id: str,
        respond: Respond | None,
        confirmed: bool = False,
        hand: int | None = None,
        step: int | None = None,
    ) -> None:
        request, reply = await self._answered(
            body, team, channel, text, request_id, confirmed, hand, step
        )
        assert isinstance(reply, Reply)  # a request without ``form`` is applied or refused
        # answered and published after the commit, outside the channel's lane
        self.spawn(self._answer_then(request, reply, respond, text))

    async def _answer_then(
        self, request: Request, reply: Reply, respond: Respond | None, text: str
    ) -> None:
        """The reply to its sender, then, when he asked for his cards, his DMs tried
        again."""
        await self.answer(request, reply, respond)
        if asks_cards(text) and reply.ok:  # a table there, and his cards told
            table_id = f"{request.server_id}/{request.channel_id}"
            await self.transport.dm_again(table_id, f"slack:{request.user_id}")

    async def answer(self, request: Request, reply: Reply, respond: Respond | None) -> None:
        """Show a reply to its sender only: an ephemeral message (with a Confirm button when
        it asks for one), else through the request's ``response_url``."""
        await self._tell(request.server_id, request.channel_id, request.user_id, reply, respond)

    async def _tell(
        self, team: str, channel: str, user: str, reply: Reply, respond: Respond | None
    ) -> None:
        if not reply.text and reply.confirm is None:
            return  # the table message shows what happened
        table_id = f"{team}/{channel}"
        # a Confirm button carries the decision its question was asked at
        hand, step = reply.hand or 0, reply.step
        blocks = kb.reply_blocks(reply.text, reply.confirm, table_id, hand, step)
        text = kb.escape(reply.text)
        try:
            # Slack cuts a long text: a long answer (a session's hands) goes in pieces
            parts = [text] if blocks else pieces(text, TEXT_MAX)
            for part in parts:
                await self.client.chat_postEphemeral(
                    channel=channel, user=user, text=part, blocks=blocks or None
                )
            return
        except FAILURES as exc:
            if respond is None:
                log.warning("cannot answer %s in %s: %s", user, channel, failure(exc))
                return
        # a channel the bot is not in: the slash command's response_url still works
        try:
            await respond(text=text, blocks=blocks, response_type="ephemeral")
        except FAILURES as exc:
            log.warning("cannot answer %s in %s: %s", user, channel, failure(exc))

    # ------------------------------------------------------------------ listeners

    async def _on_command(
        self, ack: Ack, body: Body, request: AsyncBoltRequest, respond: Respond
    ) -> None:
        request_id = await self._first_time(body, request, respond)
        if request_id is None:
            await ack()
            return
        team, channel = body["team_id"], body["channel_id"]
        text = (body.get("text") or "").strip() or "help"
        await self.committed_then_ack(
            ack, self._apply(body, team, channel, text, request_id, respond)
        )

    async def _click(
        self, ack: Ack, body: Body, request: AsyncBoltRequest, respond: Respond
    ) -> tuple[kb.ButtonValue, str, str, str] | None:
        """A click's button value, team, channel and request id, or None for a repeat or
        another channel's button (acknowledged, its sender told why); one that is taken is
        acknowledged by its caller once applied (whether the button is current is the chat
        core's to say)."""
        team = (body.get("team") or {}).get("id") or body["user"].get("team_id", "")
        channel = (body.get("channel") or {}).get("id", "")
        value = kb.parse_value(body["actions"][0]["value"])
        if value.table_id != f"{team}/{channel}":
            await ack()
            refusal = Reply("That button belongs to another table.", ok=False)
            self.spawn(self._tell(team, channel, body["user"]["id"], refusal, respond))
            return None
        request_id = await self._first_time(body, request, respond)
        if request_id is None:
            await ack()
            return None
        return value, team, channel, request_id

    async def _on_button(
        self, ack: Ack, body: Body, request: AsyncBoltRequest, respond: Respond
    ) -> None:
        """A move, My cards, or a reply's Confirm: the button's command for its sender."""
        click = await self._click(ack, body, request, respond)
        if click is None:
            return
        value, team, channel, request_id = click
        # a Confirm click, or a button whose dialog (all-in) Slack already confirmed
        confirmed = value.confirmed or body["actions"][0]["action_id"] == kb.CONFIRM
        await self.committed_then_ack(
            ack,
            self._apply(
                body,
                team,
                channel,
                value.command,
                request_id,
                respond,
                confirmed,
                value.hand,
                value.step,
            ),
        )

    async def _on_modal_button(
        self, ack: Ack, body: Body, request: AsyncBoltRequest, respond: Respond
    ) -> None:
        """Raise… or Draw…: the chat core's form (the legal range, the clicker's own
        cards) opened as the modal that asks how much or which cards, or its refusal told
        to the clicker alone."""
        click = await self._click(ack, body, request, respond)
        if click is None:
            return
        await ack()  # opening a form changes nothing
        value, team, channel, request_id = click
        kind = "raise" if body["actions"][0]["action_id"] == kb.RAISE else "draw"
        self.spawn(self._open_form(body, value, team, channel, kind, request_id, respond))

    async def _open_form(  # noqa: PLR0913 - a click's parts
        self,
        body: Body,
        value: kb.ButtonValue,
        team: str,
        channel: str,
        kind: str,
        request_id: str,
        respond: Respond,
    ) -> None:
        request, answer = await self._answered(
            body, team, channel, kind, request_id, hand=value.hand, step=value.step, form=True
        )
        if isinstance(answer, AmountForm):
            view = kb.raise_modal(value, answer.minimum, answer.maximum)
        elif isinstance(answer, DrawForm):
            view = kb.draw_modal(value, answer.cards)
        else:
            await self.answer(request, answer, respond)
            return
        trigger_id = body["trigger_id"]
        try:
            await self.client.views_open(trigger_id=trigger_id, view=view)
        except FAILURES as exc:  # e.g. the trigger expired: the player clicks again
            log.warning("cannot open the form of request %s: %s", trigger_id, failure(exc))

    async def _on_submit(self, ack: Ack, body: Body, request: AsyncBoltRequest) -> None:
        """A modal sent: its command from the fields, as a click of the button that opened
        it. Refused inline when the fields are wrong or the chat core refuses it (the hand
        moved on, an amount outside the legal range): the modal stays open with the
        reason."""
        view = body["view"]
        value = kb.parse_value(view["private_metadata"])
        team = (body.get("team") or {}).get("id") or body["user"].get("team_id", "")
        raising = view["callback_id"] == kb.RAISE_MODAL
        block = kb.AMOUNT_BLOCK if raising else kb.DISCARD_BLOCK
        why = None
        if not value.table_id.startswith(f"{team}/"):
            why = "That form belongs to another workspace."
        try:
            values = view["state"]["values"]
            text = _raise_command(values) if raising else _draw_command(values)
        except ParseError as exc:
            why = why or str(exc)
        if why is not None:
            await ack(response_action="errors", errors={block: why[:150]})
            return
        request_id = await self._first_time(body, request)
        if request_id is None:
            await ack()
            return
        channel = value.table_id.split("/", 1)[1]
        work = self.spawn_answer(
            self._answered(body, team, channel, text, request_id, hand=value.hand, step=value.step)
        )
        await asyncio.wait({work}, timeout=ACK_WITHIN)
        if not work.done():  # late: acknowledged now, the answer told when it comes
            await ack()
            self.spawn(self._told_later(work, text))
            return
        if work.exception() is not None:
            await ack()
            self.spawn(self._told_later(work, text))  # its failure logged
            return
        asked, reply = work.result()
        assert isinstance(reply, Reply)
        if not reply.ok:
            await ack(response_action="errors", errors={block: reply.text[:150]})
            return
        await ack()
        self.spawn(self._answer_then(asked, reply, None, text))

    def spawn_answer(
        self, work: Coroutine[Any, Any, tuple[Request, Answer]]
    ) -> asyncio.Task[tuple[Request, Answer]]:
        """Run ``work`` (a request answered) in the background, kept for :meth:`settle`."""
        task = asyncio.get_running_loop().create_task(work)
        self.answers.add(task)
        task.add_done_callback(self.answers.discard)
        return task

    async def _told_later(self, work: asyncio.Task[tuple[Request, Answer]], text: str) -> None:
        request, reply = await work
        assert isinstance(reply, Reply)
        await self._answer_then(request, reply, None, text)


def asks_cards(text: str) -> bool:
    """Whether a command's words ask for the sender's own cards (``cards``, ``mycards``,
    ``hand``, in any case, with or without a leading ``/``)."""
    words = text.strip().split()
    return bool(words) and words[0].lower().lstrip("/") in CARDS_WORDS


def _raise_command(state: dict[str, Any]) -> str:
    """``raise N`` from the raise modal (whether N is legal now is the chat core's to say).

    Raises:
        ParseError: the field holds no amount.
    """
    return f"raise {parse_amount(kb.submitted_amount(state) or '0')}"


def _draw_command(state: dict[str, Any]) -> str:
    """``draw CARDS`` from the draw modal, or ``pat`` when nothing was ticked."""
    cards = kb.submitted_discards(state)
    return f"draw {' '.join(cards)}" if cards else "pat"
