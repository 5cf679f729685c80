"""A small discord.py bot that uses what the real bot uses; it proves the fake Discord harness.

Run: DISCORD_API_BASE=http://127.0.0.1:PORT DISCORD_TOKEN=... python -m tests.fakediscord.samplebot
"""
