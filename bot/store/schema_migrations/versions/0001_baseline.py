"""The baseline: the schema of the hand-written migrations 1 to 4.

A new database gets every table. A database made before Alembic (its ``schema_version`` table
holds the last hand-written migration applied) gets what it lacks of migrations 2 to 4, then
its ``schema_version`` table is dropped: from here on Alembic's ``alembic_version`` keeps count.

Revision ID: 0001
Revises:
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from bot.store.schema_migrations import schema4

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _legacy_version(bind: sa.Connection) -> int | None:
    """The hand-written migrations' count, or None for a database without their bookkeeping."""
    if not sa.inspect(bind).has_table("schema_version"):
        return None
    return bind.execute(sa.text("SELECT MAX(version) FROM schema_version")).scalar() or 0


def upgrade() -> None:
    bind = op.get_bind()
    legacy = _legacy_version(bind) or 0
    for number, tables in enumerate(schema4.GROUPS, start=1):
        if number > legacy:
            schema4.metadata.create_all(bind, tables=tables)
    if 0 < legacy < 4:      # migration 4: the last announced version of each table
        op.add_column("game_tables", sa.Column("announced_version", sa.BigInteger()))
        op.execute("UPDATE game_tables SET announced_version = version WHERE status <> 'playing'")
        op.create_index("unannounced_endings", "game_tables", ["id"],
                        sqlite_where=sa.text("status = 'finished' AND announced_version < version"),
                        postgresql_where=sa.text("status = 'finished' AND announced_version < version"))
    if legacy or sa.inspect(bind).has_table("schema_version"):
        op.drop_table("schema_version")


def downgrade() -> None:
    schema4.metadata.drop_all(op.get_bind())
