"""Pure rules engines. No I/O, no asyncio, no Discord, no Pillow."""
