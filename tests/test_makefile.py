"""The build frame: what `make venv` installs is compiled to bytecode at install time, so no
command pays for compiling the web stack on its first start."""

from __future__ import annotations

import re
from pathlib import Path

MAKEFILE = Path(__file__).resolve().parents[1] / "Makefile"


def test_every_package_install_compiles_bytecode() -> None:
    installs = [
        line
        for line in MAKEFILE.read_text(encoding="utf-8").splitlines()
        if re.search(r"\$\(UV\) pip install\b", line)
    ]
    assert len(installs) == 2  # the locked requirements, then the project itself
    assert all("--compile-bytecode" in line for line in installs), installs
