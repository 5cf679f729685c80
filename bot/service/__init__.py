"""The table service: everything that happens at a table, free of Discord types."""
from bot.service.replies import Button, Ctx, Reply
from bot.service.tables import TableService

__all__ = ["Button", "Ctx", "Reply", "TableService"]
