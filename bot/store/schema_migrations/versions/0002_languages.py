"""Each user's and each server's language kept in the store (table ``languages``), so that turn
DMs and tables opened without an interaction speak it after a restart, in every shard process.

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "languages",
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("subject_id", sa.BigInteger(), nullable=False),
        sa.Column("locale", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.CheckConstraint("kind IN ('user', 'server')"),
        sa.PrimaryKeyConstraint("kind", "subject_id"),
    )


def downgrade() -> None:
    op.drop_table("languages")
