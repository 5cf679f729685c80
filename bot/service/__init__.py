"""The table service: everything that happens at a table, free of Discord types."""
from bot.presenters.replies import Button, Reply
from bot.table.context import Ctx
from bot.service.tables import TableService

__all__ = ["Button", "Ctx", "Reply", "TableService"]
