# SPDX-License-Identifier: GPL-2.0-only
"""Load ns-3 and hybridnet into Python through cppyy.

The ns-3 wheel's own loader (``from ns import ns``) globs the current directory
recursively for libraries (slow in a large tree, and it stops with "multiple build
profiles" when it meets a second ns-3 build), and loads every ns-3 module (about 6-8 s
and 650 MB).  This loader reads the build manifest instead: it loads only the
ns-3 modules hybridnet needs plus those asked for, then each hybridnet library and its
header (library first, then header).  It never looks at the working directory.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import paths

#: ns-3 modules loaded besides those hybridnet's libraries need: enough to build topologies.
DEFAULT_EXTRA_NS3_MODULES = ("point-to-point", "internet-apps", "csma")

_loaded_ns3: set[str] = set()
_ns = None


def _define_macros(cppyy, definitions: Iterable[str]) -> None:
    lines = []
    for definition in definitions:
        name, _, value = definition.partition("=")
        lines.append(f"#ifndef {name}\n#define {name} {value or 1}\n#endif")
    cppyy.cppdef("\n".join(lines))


def _install_python_helpers(cppyy) -> None:
    """What the wheel's loader adds for Python users, kept compatible with it."""
    ns3 = cppyy.gbl.ns3
    # Nodes are owned by the NodeList; Python must not delete them.
    ns3.__nodes_pending_deletion = []

    def node_del(self):
        ns3.__nodes_pending_deletion.append(self)

    ns3.Node.__del__ = node_del
    cppyy.cppdef(
        """
        namespace hybridnet_python {
        inline std::tuple<bool, ns3::TypeId> LookupByNameFailSafe(std::string name)
        {
            ns3::TypeId id;
            bool ok = ns3::TypeId::LookupByNameFailSafe(name, &id);
            return std::make_tuple(ok, id);
        }
        }
        """
    )
    ns3.LookupByNameFailSafe = cppyy.gbl.hybridnet_python.LookupByNameFailSafe


def load(extra_ns3_modules: Iterable[str] = DEFAULT_EXTRA_NS3_MODULES):
    """Load ns-3 and hybridnet; return the ``ns3`` C++ namespace.

    Our classes are in ``ns3.hybridnet`` (for example ``ns.hybridnet.IperfServer``).
    Calling again with more modules loads only the new ones.
    """
    global _ns
    import cppyy  # noqa: PLC0415 - importing cppyy starts Cling: do it only on demand
    import libcppyy  # noqa: PLC0415

    m = paths.manifest()
    version = m["ns3_version"]
    prefix = m["ns3_prefix"]
    first = _ns is None
    if first:
        libcppyy.AddSmartPtrType("Ptr")
        cppyy.add_include_path(f"{prefix}/include")
        cppyy.add_library_path(f"{prefix}/lib64")
        for include in m["include_dirs"]:
            cppyy.add_include_path(include)
        _define_macros(cppyy, m["compile_definitions"])
    wanted = [mod for mod in [*m["ns3_modules"], *extra_ns3_modules] if mod not in _loaded_ns3]
    for module in wanted:
        cppyy.load_library(f"{prefix}/lib64/libns{version}-{module}.so")
    for module in wanted:
        cppyy.include(f"ns3/{module}-module.h")
    _loaded_ns3.update(wanted)
    if first:
        for module in m["modules"]:
            cppyy.load_library(module["library"])
            cppyy.include(module["header"])
        _install_python_helpers(cppyy)
        _ns = cppyy.gbl.ns3
    return _ns
