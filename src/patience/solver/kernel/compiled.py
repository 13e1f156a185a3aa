"""Which modules Cython compiles, and which copy of them Python loads.

The hot modules are written in Cython's pure-Python mode: ``make`` compiles each in place
beside its source (``scripts/build_kernel.py``), and Python then loads the compiled ones.
They call each other in C (through the declarations of their ``.pxd`` files), so they load
together or not at all: the compiled copies are ignored when one is missing or older than
any source (a source has changed since), and with ``PATIENCE_KERNEL=python`` in the
environment every source is loaded as it is: the answers are the same either way, only
slower (tests/solver/kernel/test_compiled.py holds them to it).

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
    "patience.solver.kernel.states",
    "patience.solver.kernel.moves",
    "patience.solver.kernel.search",
    "patience.solver.kernel.positions",
    "patience.solver.freecell.hooks",
    "patience.solver.freecell.macros",
    "patience.solver.spider.state",
    "patience.solver.spider.search",
    "patience.solver.removal.bits",
    "patience.solver.removal.pyramid",
    "patience.solver.removal.pyramid_bag",
    "patience.solver.removal.pyramid_reach",
    "patience.solver.removal.feeding_relaxed",
    "patience.solver.removal.feeding_levels",
    "patience.solver.nationale.keys",
    "patience.solver.nationale.score",
    "patience.solver.nationale.walk",
)
"""The modules ``make`` compiles."""
SWITCH = "PATIENCE_KERNEL"
"""The environment variable that, set to ``python``, keeps every compiled module unloaded."""


def wants_source() -> bool:
    """Does the environment ask for the sources (``PATIENCE_KERNEL=python``)?"""
    return os.environ.get(SWITCH) == "python"


_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
"""The directory that holds the ``patience`` package."""


def compiled_file(fullname: str) -> str | None:
    """The compiled copy of module ``fullname``, if there is one."""
    stem = os.path.join(_ROOT, *fullname.split("."))
    return next((stem + s for s in EXTENSION_SUFFIXES if os.path.exists(stem + s)), None)


def source_files(fullname: str) -> list[str]:
    """What module ``fullname`` is compiled from: its ``.py`` and, where there is one, its
    ``.pxd`` (the C declarations the other compiled modules use)."""
    stem = os.path.join(_ROOT, *fullname.split("."))
    return [path for path in (stem + ".py", stem + ".pxd") if os.path.exists(path)]


def up_to_date() -> bool:
    """Is every module of :data:`COMPILED` compiled, and newer than every source of them
    all? They call each other in C, so one stale or missing copy makes them all load from
    their sources."""
    built = [compiled_file(name) for name in COMPILED]
    if None in built:
        return False
    oldest = min(os.path.getmtime(path) for path in built if path is not None)
    return all(
        os.path.getmtime(source) <= oldest for name in COMPILED for source in source_files(name)
    )


class SourceWhenAsked(MetaPathFinder):
    """Finds the compiled modules' sources instead when asked to, or when the compiled
    copies are not all up to date (:func:`up_to_date`)."""

    def __init__(self) -> None:
        self.compiled: bool | None = None
        """Whether the compiled copies load, decided when the first of them is imported."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        if self.compiled is None:
            self.compiled = not wants_source() and up_to_date()
        spec = PathFinder.find_spec(fullname, path)
        origin = spec.origin if spec is not None else None
        if self.compiled or origin is None or not origin.endswith(tuple(EXTENSION_SUFFIXES)):
            return spec
        return spec_from_file_location(fullname, source_files(fullname)[0])


def install() -> None:
    """Put :class:`SourceWhenAsked` first on the import path (once)."""
    if not any(isinstance(finder, SourceWhenAsked) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceWhenAsked())


def is_compiled(module: ModuleType) -> bool:
    """Was ``module`` loaded from a compiled file?"""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
