# SPDX-License-Identifier: GPL-2.0-only
"""Generated documentation is true to the code."""

from __future__ import annotations

from hybridnet import architecture, attributes


def test_attribute_tables_match_the_code():
    assert attributes.path().read_text() == attributes.markdown(), (
        "docs/attributes.md is stale: run `hybridnet docs`"
    )


def test_layers_match_the_cmake_files():
    assert architecture.current() == architecture.section(), (
        "docs/architecture.md's layers are stale: run `hybridnet docs`"
    )
