"""A draw game's Draw… button opens a modal for the cards; the chart image hook posts a
file."""

from __future__ import annotations

from discord_harness import TABLE, USERS, Bot, OpenBot

from bot.words.render import cards_text

NAMES = {f"discord:{uid}": name for name, uid in USERS.items()}


async def test_draw_opens_a_modal_and_the_drawn_cards_come_by_dm(open_bot: OpenBot) -> None:
    """At the draw, the player to act clicks Draw…, names one of his cards and gets his new
    hand by DM; the channel only learns how many he drew."""
    bot = await open_bot(seed=5)
    await bot.slash("Ann", "new", game="27", structure="nl", stakes="1/2")
    for name in ("Ann", "Bob"):
        await bot.slash(name, "sit", amount="200")
    await bot.slash("Ann", "host start")
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None
    while hand.phase.value == "betting":
        view = bot.client.runtime.presenter.view(TABLE)  # type: ignore[union-attr]
        buttons = bot.buttons(bot.table_message())
        label = next(b for b in buttons if b.startswith(("Check", "Call")))
        await bot.click(NAMES[view.to_act or ""], bot.table_message(), buttons[label])
    await bot.client.transport.edits.drain()
    message = bot.table_message()
    assert {"Stand pat", "Draw…"} <= set(bot.buttons(message))
    actor = NAMES[hand.names[hand.to_act or 0]]
    mine = hand.hole[hand.to_act or 0]
    await bot.click(actor, message, bot.buttons(message)["Draw…"])
    modal = bot.recorder.responses()[-1]
    assert modal["type"] == 9
    label = "Cards to throw (empty: stand pat)"
    before = len(bot.recorder.dms()[USERS[actor]])
    await bot.submit(actor, modal["data"], {label: mine[0]})
    await bot.client.transport.edits.drain()
    dms = bot.recorder.dms()[USERS[actor]]
    assert len(dms) == before + 1 and cards_text([mine[0]]) not in dms[-1]
    public = " ".join(str(s.body) for s in bot.recorder.public())
    assert f"{actor} draws 1" in public


async def test_post_image_sends_the_png_with_its_caption(bot: Bot) -> None:
    """The chart hook posts a file to the table's channel."""
    await bot.client.transport.post_image(TABLE, b"\x89PNG...", "Stacks tonight")
    post = bot.recorder.channel_posts()[-1]
    assert post.body["content"] == "Stacks tonight"
    assert post.body["attachments"][0]["filename"] == "chart.png"


async def test_post_file_sends_the_file_with_its_name_and_caption(bot: Bot) -> None:
    """A file for the channel (the ledger as CSV) goes with its own name and caption."""
    await bot.client.transport.post_file(TABLE, b"time_utc,player\n", "ledger.csv", "The ledger")
    post = bot.recorder.channel_posts()[-1]
    assert post.body["content"] == "The ledger"
    assert post.body["attachments"][0]["filename"] == "ledger.csv"
