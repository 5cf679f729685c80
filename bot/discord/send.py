"""Turn service Replies into Discord messages (content, PNG attachment, buttons, mentions)."""
from __future__ import annotations

import io
import logging

import discord

from bot.i18n import I18n, UserRef
from bot.presenters.replies import Reply

log = logging.getLogger(__name__)
MAX_CONTENT = 2000
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


#: the client's default for every message and edit: a mention in the text may ping a user, never
#: @everyone, @here or a role (names, options and tournament names are user text)
USERS_ONLY = discord.AllowedMentions(everyone=False, users=True, roles=False, replied_user=False)
#: for edits that must ping nobody (the text was sent, and pinged, already)
NO_PINGS = discord.AllowedMentions.none()


#: set in ``interaction.extras`` while a "thinking..." everyone sees waits to be filled: the next
#: message fills it, publicly, so a private answer must not be that message
PUBLIC_THINKING = "boardtable.public_thinking"


def mention(user: UserRef) -> str:
    return f"<@{user.user_id}>"


def escape_name(text: str) -> str:
    """What a person wrote (a name), shown as written: "**x**" in bold markers, not bold."""
    return discord.utils.escape_markdown(text)


def content_of(i18n: I18n, reply: Reply, locale: str | None) -> str:
    text = i18n.lines(reply.lines, locale, reply.names, mention, escape_name)
    if len(text) > MAX_CONTENT:
        text = text[: MAX_CONTENT - 1] + "…"
    return text or "\u200b"


def view_of(reply: Reply, locale: str | None, i18n: I18n) -> discord.ui.View | None:
    """Select menus first (one row each), then the buttons (five to a row); Discord allows five rows."""
    from bot.discord.buttons import TableComponent

    if not reply.buttons and not reply.selects:
        return None
    view = discord.ui.View(timeout=None)
    for select in reply.selects[:4]:
        options = [discord.SelectOption(label=option.label[:100], value=option.value) for option in select.options[:25]]
        menu = discord.ui.Select(custom_id=select.custom_id, placeholder=i18n.render(select.placeholder, locale)[:150],
                                 options=options, min_values=1, max_values=1)
        view.add_item(TableComponent(menu))
    room = 25 - 5 * len(view.children)
    for button in reply.buttons[:room]:
        label = (button.label if button.notation else i18n.template(button.label, locale))[:80]
        view.add_item(TableComponent(discord.ui.Button(label=label, custom_id=button.custom_id,
                                                       style=STYLES.get(button.style, discord.ButtonStyle.secondary))))
    return view


def file_of(reply: Reply) -> discord.File | None:
    if reply.image is None:
        return None
    return discord.File(io.BytesIO(reply.image), filename=reply.image_name)


def reply_locale(reply: Reply, locale: str | None) -> str | None:
    """A public reply is in its own language (its table's or server's, see
    BoardBot.in_public_language); a private one, or one without a language, in ``locale`` (the reader's)."""
    return reply.locale if reply.locale and not reply.private else locale


def kwargs_of(i18n: I18n, reply: Reply, locale: str | None) -> dict:
    locale = reply_locale(reply, locale)
    kwargs: dict = {"content": content_of(i18n, reply, locale),
                    "allowed_mentions": discord.AllowedMentions(users=[discord.Object(u) for u in reply.mentions],
                                                                everyone=False, roles=False, replied_user=False)}
    view = view_of(reply, locale, i18n)
    if view is not None:
        kwargs["view"] = view
    file = file_of(reply)
    if file is not None:
        kwargs["file"] = file
    return kwargs


async def send_replies(interaction: discord.Interaction, replies: list[Reply], i18n: I18n) -> list[int | None]:
    """Answer an interaction: the first reply as the response (or follow-up if deferred). For each
    reply, the id of its message where it is a lobby message (the lobby's buttons edit it), else None."""
    locale = str(interaction.locale) if interaction.locale else None
    sent: list[int | None] = []
    for reply in replies:
        kwargs = kwargs_of(i18n, reply, locale)
        if reply.private:
            kwargs["ephemeral"] = True
        if not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
            message = await interaction.original_response() if reply.lobby else None
        else:
            message = await interaction.followup.send(wait=True, **kwargs)
            interaction.extras.pop(PUBLIC_THINKING, None)
        sent.append(message.id if reply.lobby and message is not None else None)
    return sent
