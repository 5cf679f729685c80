"""Alembic migrations of the store's schema, run by the store when it opens (no alembic.ini).

``env.py`` takes the connection the store hands over (``config.attributes["connection"]``);
``versions/`` holds the revisions. To write a new one, change ``bot/store/schema.py`` and add a
revision whose ``down_revision`` is the newest one; tests/store/test_schema.py checks that the
migrated schema equals ``bot/store/schema.py`` on both databases."""
