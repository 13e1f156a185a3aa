"""The solvers of the removal games (Thirteens, Pyramid, King Tut: :mod:`.search`,
:mod:`.pyramid`) and the talon-feeding games (Sweet Sixteen, Trusty Twelve, Knotty Nines:
:mod:`.feeding`), exhaustive searches that prove what they do not win."""
