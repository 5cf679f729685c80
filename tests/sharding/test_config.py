"""discord.shard_count / discord.shard_ids and the --shard-count / --shard-ids flags."""
from __future__ import annotations

import pytest

from bot.__main__ import main, with_shard_flags
from bot.config import ConfigError, settings_from_dict
from bot.store.shards import Shards, shard_of


def test_defaults_mean_one_process_without_sharding():
    s = settings_from_dict({})
    assert (s.discord.shard_count, s.discord.shard_ids, s.scheduler.lease_seconds) == (None, None, 30.0)
    assert not s.shards.multi_process and s.shards.owns(1 << 22) and s.shards.owns(None)


def test_values():
    s = settings_from_dict({"discord": {"shard_count": 4, "shard_ids": [3, 1]}, "scheduler": {"lease_seconds": 5}})
    assert s.shards == Shards(4, (1, 3)) and s.shards.multi_process and s.scheduler.lease_seconds == 5.0
    assert s.shards.owns(3 << 22) and not s.shards.owns(2 << 22) and not s.shards.owns(None)
    assert not settings_from_dict({"discord": {"shard_count": 2, "shard_ids": [0, 1]}}).shards.multi_process
    assert settings_from_dict({"discord": {"shard_count": "auto"}}).shards.owns(12345)
    assert shard_of(None, 4) == 0 and shard_of(81384755944603648, 4) == (81384755944603648 >> 22) % 4


@pytest.mark.parametrize("data, key, hint", [
    ({"discord": {"shard_count": 0}}, "discord.shard_count", "from 1 to 65536"),
    ({"discord": {"shard_count": "many"}}, "discord.shard_count", "auto"),
    ({"discord": {"shard_ids": [0]}}, "discord.shard_ids", "null unless discord.shard_count is a number"),
    ({"discord": {"shard_count": "auto", "shard_ids": [0]}}, "discord.shard_ids", "null unless"),
    ({"discord": {"shard_count": 2, "shard_ids": []}}, "discord.shard_ids", "non-empty list"),
    ({"discord": {"shard_count": 2, "shard_ids": [2]}}, "discord.shard_ids", "from 0 to 1"),
    ({"discord": {"shard_count": 2, "shard_ids": [1, 1]}}, "discord.shard_ids", "distinct"),
    ({"scheduler": {"lease_seconds": 0}}, "scheduler.lease_seconds", "from 1 to 3600"),
])
def test_bad_values_name_the_key(data, key, hint):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")) as error:
        settings_from_dict(data)
    assert hint in str(error.value)


def test_flags_override_the_config_file():
    base = settings_from_dict({"discord": {"shard_count": 4, "shard_ids": [0]}})
    assert with_shard_flags(base, None, None) is base
    assert with_shard_flags(base, "2,3", None).shards == Shards(4, (2, 3))
    assert with_shard_flags(base, "1", "2").shards == Shards(2, (1,))
    assert with_shard_flags(settings_from_dict({}), "0,1", "3").shards == Shards(3, (0, 1))
    with pytest.raises(ConfigError, match="'--shard-ids' is \\[0, 5\\]"):
        with_shard_flags(base, "0,5", None)
    with pytest.raises(ConfigError, match="'--shard-count' is 'x'"):
        with_shard_flags(base, None, "x")


def test_a_bad_flag_stops_the_bot_with_a_message(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")            # the operator's messages in English
    config = tmp_path / "config.yaml"
    config.write_text("")                   # all defaults
    assert main(["--config", str(config), "--shard-ids", "0", "--shard-count", "auto"]) == 2
    assert "Configuration error: command line: '--shard-ids'" in capsys.readouterr().err
