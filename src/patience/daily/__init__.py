"""The daily deal: one sealed, graded deal a day for each game, the same for everyone.

:mod:`patience.daily.calendar` says which UTC day a moment belongs to and how hard that day's
deal should be (the week runs from easier to harder); :mod:`patience.daily.deals` draws each
day's deal from the server's secret and grades it with the solver, ahead of time
(``patience daily prepare``), so every worker and machine sharing the database serves the
same one and nothing about it can be looked up before its day is over.
"""
