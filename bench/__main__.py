"""Run every benchmark script: ``python -m bench [--quick]`` (``make bench``)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    extra = [a for a in sys.argv[1:] if a == "--quick"]
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name.startswith("_") or script.name.endswith("_common.py"):
            continue
        print(f"== {script.stem}", flush=True)
        failed |= subprocess.call([sys.executable, str(script), *extra], cwd=HERE.parent)
    return failed


if __name__ == "__main__":
    sys.exit(main())
