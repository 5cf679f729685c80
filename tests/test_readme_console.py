"""The README's console example is a test: its block of lines runs, as written, in the real
console (``python -m bot console`` with the seed the README names) and the console says what the
README's next paragraph quotes."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def console_section() -> str:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## The console table"):]
    return section[:section.index("\n## ", 1)]


def example() -> tuple[int, list[str], list[str]]:
    """The seed the README starts the console with, the lines of its block, and the sentences the
    paragraph after the block quotes from the console."""
    section = console_section()
    started = re.search(r'make console ARGS="--seed (\d+)"', section)
    assert started is not None, "the README starts the console with a seed"
    seed = int(started[1])
    assert f"boardtable console --seed {seed}" in section
    block = re.search(r"\n```\n(.*?)\n```\n(.*?)\n\n", section, re.S)
    assert block is not None
    lines = block[1].splitlines()
    quoted = re.findall(r'"([^"]+)"', block[2])
    return seed, lines, quoted


def test_the_readme_console_example_runs_as_written(tmp_path):
    seed, lines, quoted = example()
    assert len(lines) >= 5 and len(quoted) >= 3
    config = tmp_path / "config.yaml"
    config.write_text(f"database:\n  path: {tmp_path / 'tables.sqlite3'}\nconsole:\n  images_dir: {tmp_path / 'images'}\n")
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "BOARDTABLE_CONFIG"):
        environ.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "bot", "console", "--seed", str(seed), "--config", str(config)],
                          cwd=tmp_path, env=environ, input="\n".join([*lines, "quit"]) + "\n", capture_output=True,
                          text=True, timeout=120)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert "Traceback" not in out + done.stderr
    refusals = [line for line in out.splitlines() if line.startswith("(only") and "Your choices" not in line
                and "choices:" not in line and "You chose" not in line]
    assert refusals == [], out
    for sentence in quoted:
        assert sentence in out, f"{sentence!r} not in the console's output:\n{out}"
    assert sorted(p.name for p in (tmp_path / "images").glob("*.png"))[:1] == ["0001-board.png"]
