"""Compile the solver's hot modules in place with Cython and the C compiler, where there is one.

    .venv/bin/python scripts/build_kernel.py [--force | --can-compile]

Each module of ``patience.solver.kernel.compiled.COMPILED`` is translated to C
(``build/kernel/``) and compiled beside its source, unless every compiled file is newer than
every source already (the modules call each other in C through their ``.pxd`` files, so a
change to one rebuilds them all). Without a C compiler (or Cython) it says so and leaves the
sources to run as they are: every answer is the same, only slower. Exits 0 either way.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BUILD = ROOT / "build" / "kernel"


def modules(force: bool) -> tuple[str, ...]:
    """The modules to compile: all of them, unless they are all up to date."""
    sys.path.insert(0, str(SRC))
    from patience.solver.kernel.compiled import COMPILED, up_to_date

    return COMPILED if force or not up_to_date() else ()


def compiler() -> list[str] | None:
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return cc if shutil.which(cc[0]) else None


def headers() -> bool:
    """Whether Python's C headers are installed (Debian's python3-dev for Debian's Python)."""
    return (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def build(name: str, cc: list[str]) -> bool:
    source = SRC / Path(*name.split(".")).with_suffix(".py")
    target = source.with_name(source.stem + sysconfig.get_config_var("EXT_SUFFIX"))
    c_file = BUILD / (name + ".c")
    BUILD.mkdir(parents=True, exist_ok=True)
    cythonize = [sys.executable, "-m", "cython", "-3", "--module-name", name, "-I", str(SRC)]
    steps = [
        [*cythonize, "-X", "language_level=3", str(source), "-o", str(c_file)],
        [
            *cc,
            "-shared",
            "-fPIC",
            "-O3",
            "-fno-strict-aliasing",  # the table reads keys written as bytes a word at a time
            "-I",
            sysconfig.get_paths()["include"],
            str(c_file),
            "-o",
            str(target) + ".tmp",
        ],
    ]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, check=False)
        if done.returncode:
            print(f"build_kernel: {name} not compiled:\n{done.stderr[-2000:]}", file=sys.stderr)
            return False
    os.replace(str(target) + ".tmp", target)
    print(f"build_kernel: {name} compiled")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="compile even when up to date")
    parser.add_argument(
        "--can-compile",
        action="store_true",
        help="only say, by the exit status, whether a C compiler and Python's headers are here",
    )
    args = parser.parse_args()
    cc = compiler()
    if args.can_compile:
        return 0 if cc is not None and headers() else 1
    if cc is None:
        print("build_kernel: no C compiler; the solver kernel runs interpreted (slower)")
        return 0
    try:
        import cython  # noqa: F401
    except ImportError:
        print("build_kernel: Cython is missing; the solver kernel runs interpreted (slower)")
        return 0
    built = [build(name, cc) for name in modules(args.force)]
    if not all(built):
        print("build_kernel: some modules run interpreted (slower, same answers)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
