# SPDX-License-Identifier: GPL-2.0-only
"""hybridnet: ns-3 modules for high-performance research networks and their hosts.

``import hybridnet`` is cheap.  The simulator is loaded on first use::

    import hybridnet
    ns = hybridnet.ns                 # ns-3 plus hybridnet's classes, via cppyy
    server = ns.hybridnet.IperfServerHelper(5001)

or explicitly, with more ns-3 modules: ``ns = hybridnet.load(["wifi"])``.
Scenarios, validation and reports are in :mod:`hybridnet.scenarios`,
:mod:`hybridnet.validation` and the ``hybridnet`` command.
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["load", "ns"]


def load(extra_ns3_modules=None):
    """Load ns-3 and hybridnet through cppyy; return the ``ns3`` namespace."""
    from . import loader  # noqa: PLC0415 - loading cppyy and ns-3 is slow: only on use

    if extra_ns3_modules is None:
        return loader.load()
    return loader.load([*loader.DEFAULT_EXTRA_NS3_MODULES, *extra_ns3_modules])


def __getattr__(name: str):
    if name == "ns":
        return load()
    raise AttributeError(f"module 'hybridnet' has no attribute {name!r}")
