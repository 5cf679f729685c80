"""Discord adapter (discord.py 2.x app commands in cogs)."""
