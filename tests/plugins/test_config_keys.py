"""The configuration keys asynchronous play adds, and the shipped config.yaml."""
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings, settings_from_dict

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_and_values():
    s = settings_from_dict({})
    assert (s.turns.vacation_days_per_month, s.replay.max_frames, s.replay.frame_ms) == (7, 40, 800)
    s = settings_from_dict({"turns": {"timer": "24h", "vacation_days_per_month": 0}, "replay": {"max_frames": 10, "frame_ms": 250}})
    assert (s.turns.timer, s.turns.vacation_days_per_month, s.replay.max_frames, s.replay.frame_ms) == (86400, 0, 10, 250)


@pytest.mark.parametrize("data, key", [
    ({"turns": {"vacation_days_per_month": 40}}, "turns.vacation_days_per_month"),
    ({"turns": {"vacation_days_per_month": True}}, "turns.vacation_days_per_month"),
    ({"replay": {"max_frames": 1}}, "replay.max_frames"),
    ({"replay": {"frame_ms": "fast"}}, "replay.frame_ms"),
    ({"replay": {"loop": True}}, "replay.loop"),
])
def test_bad_values_name_the_key(data, key):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        settings_from_dict(data)


def test_shipped_config_loads():
    s = load_settings(ROOT / "config.yaml")
    assert s.turns.vacation_days_per_month == 7 and s.replay.max_frames == 40
