"""Which modules Cython compiles, and which copy of them Python loads.

The hot modules are written in Cython's pure-Python mode: ``make`` compiles each in place
beside its source (``scripts/build_kernel.py``), and Python then loads the compiled one. A
compiled module older than its source is ignored (its source has changed since), and with
``PATIENCE_KERNEL=python`` in the environment every source is loaded as it is: the answers
are the same either way, only slower (tests/solver/kernel/test_compiled.py holds them to it).

>>> "patience.solver.kernel.moves" in COMPILED
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from types import ModuleType

COMPILED = (
    "patience.solver.kernel.state",
    "patience.solver.kernel.moves",
    "patience.solver.kernel.search",
    "patience.solver.freecell.hooks",
)
"""The modules ``make`` compiles."""
SWITCH = "PATIENCE_KERNEL"
"""The environment variable that, set to ``python``, keeps every compiled module unloaded."""


def wants_source() -> bool:
    """Does the environment ask for the sources (``PATIENCE_KERNEL=python``)?"""
    return os.environ.get(SWITCH) == "python"


class SourceWhenAsked(MetaPathFinder):
    """Finds a compiled module's source instead when asked to or when the source is newer."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        spec = PathFinder.find_spec(fullname, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(EXTENSION_SUFFIXES)):
            return spec
        source = os.path.join(os.path.dirname(origin), fullname.rpartition(".")[2] + ".py")
        if os.path.exists(source) and (
            wants_source() or os.path.getmtime(origin) < os.path.getmtime(source)
        ):
            return spec_from_file_location(fullname, source)
        return spec


def install() -> None:
    """Put :class:`SourceWhenAsked` first on the import path (once)."""
    if not any(isinstance(finder, SourceWhenAsked) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceWhenAsked())


def is_compiled(module: ModuleType) -> bool:
    """Was ``module`` loaded from a compiled file?"""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
