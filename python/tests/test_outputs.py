# SPDX-License-Identifier: GPL-2.0-only
"""Outputs that cannot be written stop a command before it simulates or computes: one
line naming the flag, exit 2, nothing left behind (issue: hostile input)."""

from __future__ import annotations

from conftest import run_cli

from hybridnet import outputs
from hybridnet.store import Store

# A run that would simulate for an hour: if the check came after the simulation, the
# subprocess timeout (60 s) would end the test as a failure, not as a hang.
LONG_RUN = ("--duration=1h", "--pingCount=0")


def unwritable(tmp_path):
    """(output text, what the message says) pairs, each a way a path cannot be written."""
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    (tmp_path / "a-folder").mkdir()
    return [
        ("/proc/x.json", "cannot write in '/proc'"),
        ("/sys/x.json", "cannot write in '/sys'"),
        (str(tmp_path / ("n" * 10000)), "longer than a path may be"),
        (str(tmp_path / ("n" * 300) / "x.json"), "longer than 255 bytes"),
        (f"{a_file}/x.json", "is a file, not a folder"),
        (str(tmp_path / "a-folder"), "is a folder"),
        (".", "is a folder"),
        ("", "empty"),
        (f"{tmp_path}/new/", "is a folder"),
    ]


def assert_one_line_exit_2(proc, *expected):
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    for text in expected:
        assert text in proc.stderr, proc.stderr


def test_unwritable_outputs_stop_a_run_before_it_simulates(tmp_path):
    before = sorted(p.name for p in tmp_path.iterdir())
    for output, message in unwritable(tmp_path):
        proc = run_cli(
            "run", "gige-iperf", *LONG_RUN, f"--output={output}", cwd=tmp_path, timeout=60
        )
        assert_one_line_exit_2(proc, "--output", message)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({*before, "a-file", "a-folder"})
    assert not list(tmp_path.rglob(".hybridnet-probe-*")) and not list(tmp_path.rglob("*.tmp*"))


def test_check_catches_an_unwritable_output():
    proc = run_cli("run", "gige-iperf", "--check=true", "--output=/proc/x.json")
    assert_one_line_exit_2(proc, "--output", "/proc")


def test_output_given_twice_or_without_value_is_refused(tmp_path):
    proc = run_cli(
        "run", "gige-iperf", *LONG_RUN, "--output=a.json", "--output=b.json", cwd=tmp_path
    )
    assert_one_line_exit_2(proc, "--output: given more than once")
    proc = run_cli("run", "gige-iperf", *LONG_RUN, "--output", cwd=tmp_path)
    assert_one_line_exit_2(proc, "--output: needs a value")
    assert list(tmp_path.iterdir()) == []


def test_a_new_folder_is_fine_and_made_only_by_the_run(tmp_path):
    target = tmp_path / "new" / "deeper" / "r.json"
    assert outputs.check(target, "--output") == target
    assert list(tmp_path.iterdir()) == [], "checking creates nothing"


def test_export_and_plot_check_their_outputs_first(tmp_path):
    Store(tmp_path / "sweep").close()  # an empty sweep store
    for output, message in unwritable(tmp_path):
        if output in ("", "."):
            continue  # argparse-level values; covered for runs above
        proc = run_cli("export", str(tmp_path / "sweep"), "--output", output)
        assert_one_line_exit_2(proc, "--output", message)
    proc = run_cli(
        "plot", str(tmp_path / "sweep"), "--x", "a", "--y", "b", "--output", "/proc/figure"
    )
    assert_one_line_exit_2(proc, "--output", "/proc")


def test_messages_quote_escape_and_cut_values():
    assert outputs.show("a\nb") == "'a\\nb'"
    shown = outputs.show("x" * 500)
    assert len(shown) == outputs.SHOWN_CHARACTERS + 2 and shown.endswith("...'")
