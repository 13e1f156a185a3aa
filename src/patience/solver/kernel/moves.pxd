# The generator's C entry, for the scans (kernel/search.py) to call without a Python call.
cdef int write_moves(
    const unsigned char *starts,
    const unsigned char *chain,
    const unsigned char *uppers,
    const unsigned char *lowers,
    const unsigned char *limits,
    int later,
    const unsigned char *q,
    bint every,
    unsigned char *out,
    unsigned char *mark,
) noexcept
