"""Many deals solved at once: on every core or a Dask cluster (:mod:`.stats`,
:mod:`.cluster`), logged as they come (:mod:`.deal_log`), charted (:mod:`.chart`), and the
measured win rates and grades the lobby shows (:mod:`.measured`)."""
