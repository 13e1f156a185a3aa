"""The two-way solver of Nationale, Caprice and Tournament (:mod:`.search`) and its moves
(:mod:`.moves`)."""
