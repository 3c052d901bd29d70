# SPDX-License-Identifier: GPL-2.0-only
"""The Python loader: ns-3 plus our classes, from any working directory, modules on demand."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def python(code: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_import_is_cheap(tmp_path):
    proc = python(
        """
        import sys, hybridnet
        assert "cppyy" not in sys.modules, "import hybridnet started cppyy"
        print("ok")
    """,
        tmp_path,
    )
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr


def test_loads_our_classes_next_to_a_decoy_ns3(tmp_path):
    # The wheel's own loader scans the working directory recursively and aborts next to
    # another ns-3 copy; ours never looks there.
    decoy = tmp_path / "other-ns3" / "lib"
    decoy.mkdir(parents=True)
    (decoy / "libns3.40-core.so").write_bytes(b"not a library")
    proc = python(
        """
        import hybridnet
        ns = hybridnet.ns
        tid = ns.TypeId.LookupByName("ns3::hybridnet::IperfServer")
        server = ns.CreateObject[ns.hybridnet.IperfServer]()
        print(tid.GetName(), server.GetInstanceTypeId().GetName())
        maps = open("/proc/self/maps").read()
        print("wifi-loaded" if "libns3.44-wifi" in maps else "wifi-not-loaded")
    """,
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "ns3::hybridnet::IperfServer ns3::hybridnet::IperfServer" in proc.stdout
    assert "wifi-not-loaded" in proc.stdout, "the loader loaded every ns-3 module"


def test_more_ns3_modules_on_demand(tmp_path):
    proc = python(
        """
        import hybridnet
        ns = hybridnet.load(["wifi"])
        print(ns.TypeId.LookupByName("ns3::WifiNetDevice").GetName())
    """,
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "ns3::WifiNetDevice" in proc.stdout
