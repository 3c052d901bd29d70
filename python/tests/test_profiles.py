# SPDX-License-Identifier: GPL-2.0-only
"""`hybridnet profiles`: the bundled host profiles and every value of one with its source."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from hybridnet import profiles


def test_every_bundled_profile_is_listed_with_its_description():
    names = {p.stem for p in profiles.directory().glob("*.json")}
    listed = dict(profiles.bundled())
    assert set(listed) == names and "accelerator-xeon" in names
    assert all(listed.values())
    proc = run_cli("profiles")
    assert proc.returncode == 0, proc.stderr
    assert {line.split()[0] for line in proc.stdout.splitlines()[:-1]} == names


@pytest.mark.parametrize("name", sorted(p.stem for p in profiles.directory().glob("*.json")))
def test_a_profile_shows_its_parts_and_its_own_values_each_with_a_source(name):
    doc = json.loads((profiles.directory() / f"{name}.json").read_text())
    _, found = profiles.values(name)
    own = {(s, a) for s, attrs in doc.items() if isinstance(attrs, dict) for a in attrs}
    assert {(v.section, v.attribute) for v in found if v.origin == name} == own
    for part in doc.get("include", []):
        assert any(v.origin == f"part {part}" for v in found), part
    assert all(v.source for v in found), "every value names its source"
    keys = [(v.section, v.attribute) for v in found]
    assert len(keys) == len(set(keys)), "no attribute is set twice"


def test_values_read_with_their_units():
    _, found = profiles.values("accelerator-xeon")
    by_name = {v.attribute: v.value for v in found}
    assert by_name["Frequency"] == "2400000000 Hz"
    assert by_name["RxAbsIntDelay"] == "128 x 1.024 us"  # the unit is itself a quantity
    assert by_name["Kind"] == "Pci"


def test_a_users_file_is_read_like_a_bundled_profile(tmp_path):
    path = tmp_path / "my-host.json"
    path.write_text(
        json.dumps(
            {
                "description": "mine",
                "include": ["e1000-5x-driver"],
                "cpu": {"Frequency": {"value": 3e9, "unit": "Hz", "source": "my datasheet"}},
            }
        )
    )
    proc = run_cli("profiles", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "Frequency = 3000000000.0 Hz   [my-host] my datasheet" in proc.stdout
    assert "[part e1000-5x-driver]" in proc.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot be read"),
        (b"\xff", "not a host profile (not UTF-8 text"),
        (b"{", "not a host profile (not JSON"),
        (b"[1]", "not a host profile (not a JSON object)"),
        (b'{"cpu": [1]}', "'cpu' must be an object"),
        (b'{"cpu": {"Frequency": 1}}', 'cpu.Frequency has no "value"'),
        (b'{"include": ["no-such-part"]}', "no part 'no-such-part'"),
    ],
)
def test_a_bad_file_is_one_line_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    proc = run_cli("profiles", str(path))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and message in proc.stderr and str(path) in proc.stderr


def test_an_unknown_name_lists_the_bundled_ones():
    proc = run_cli("profiles", "opteron")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "unknown host profile 'opteron'" in proc.stderr and "accelerator-xeon" in proc.stderr
