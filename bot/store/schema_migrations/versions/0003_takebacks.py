"""Each table's count of moves taken back (``game_tables.takebacks``), so that a turn's buttons
carry a number no later turn reuses: an undo lowers the version, and the moves after it would
reach the same version again.

A table made before this revision counts the rows it already keeps in ``undone_actions``.

Revision ID: 0003
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("takebacks", sa.BigInteger(), nullable=False, server_default=sa.text("0")))
    op.execute("UPDATE game_tables SET takebacks = (SELECT COUNT(*) FROM undone_actions"
               " WHERE undone_actions.table_id = game_tables.id)")


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("takebacks")
