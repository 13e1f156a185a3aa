"""Shared pytest configuration.

Hypothesis profiles: "ci" is loaded when the CI environment variable is set, "dev" otherwise;
HYPOTHESIS_PROFILE=<name> picks one explicitly ("thorough" runs 20x more examples). All are
derandomized (the same examples every run) and have no per-example deadline.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=50, database=None, print_blob=True
)
settings.register_profile("dev", derandomize=True, deadline=None, max_examples=50)
settings.register_profile("thorough", derandomize=True, deadline=None, max_examples=1000)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
