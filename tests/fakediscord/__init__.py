"""A fake Discord API (REST + gateway) for end-to-end tests of a discord.py bot.

Start it with `await FakeDiscord.start()`, run the bot with `BotProcess.start(fake, "pkg.module")`
and drive it as fake users. Full API: tests/fakediscord/README.md.
"""

from .driver import Choices, FakeTimeout, HarnessError, Reply
from .model import (ALL_PERMISSIONS, BOT_PERMISSIONS, EVERYONE_PERMISSIONS, MODERATOR_PERMISSIONS, P as PERMISSIONS,
                    Attachment, Button, Channel, Guild, Interaction, Member, Message, Role, User, Violation)
from .process import BotProcess
from .server import FakeDiscord

__all__ = [
    "FakeDiscord", "BotProcess", "Reply", "Choices", "FakeTimeout", "HarnessError", "Attachment", "Button", "Channel",
    "Guild", "Interaction", "Member", "Message", "Role", "User", "Violation", "PERMISSIONS", "ALL_PERMISSIONS",
    "BOT_PERMISSIONS", "EVERYONE_PERMISSIONS", "MODERATOR_PERMISSIONS",
]
