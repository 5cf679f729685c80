"""Alembic's environment: migrate over the connection the store passes in."""
from __future__ import annotations

from alembic import context

from bot.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite", transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
