"""The solvers of the removal games (Thirteens, Pyramid, King Tut: :mod:`.spots`,
:mod:`.pyramid`, :mod:`.search`) and the talon-feeding games (Sweet Sixteen, Trusty Twelve,
Knotty Nines: :mod:`.feeding`), exhaustive searches that prove what they do not win."""
