# The pyramid search's C side (removal/pyramid.py): its tables and the methods the walk calls
# without a Python call; the bits of a word, the bag game and the talon cards that may leave,
# called in C.

cimport cython

from patience.solver.removal cimport bits
from patience.solver.removal cimport pyramid_reach as reach
from patience.solver.removal.pyramid_bag cimport Bag

@cython.final
cdef class PyramidSearch:
    cdef readonly object engine
    cdef readonly tuple start
    cdef readonly tuple row  # the talon as one row: the waste bottom up, then the stock top down
    cdef readonly tuple rank_of_row
    cdef readonly tuple pile_of_place
    cdef readonly tuple rank_of_place  # the rank of each place's card at the start (0: none)
    cdef readonly Bag bag
    cdef readonly int redeals  # -1 without limit, 0 none
    cdef readonly long long nodes
    cdef int target
    cdef int n_places
    cdef int n_row
    cdef int draw
    cdef int passes  # passes through the talon that count apart
    cdef int width  # bits of one talon point's mark (_marked)
    cdef int stock_pile
    cdef int waste_pile
    cdef bint top_playable
    cdef bint all_home
    cdef bint matching
    cdef bint single_draws
    cdef bint buried
    cdef long long limit
    cdef object meter
    cdef int pile_at[64]
    cdef int rank_at[64]
    cdef int rank_in_row[64]
    cdef unsigned long long cover[64]
    cdef unsigned long long cone[64]
    cdef unsigned long long place_mask[16]
    cdef unsigned long long row_mask[16]
    cdef unsigned char first_at[1040]  # first_at[rank * 65 + index]
    cdef dict covered
    cdef dict matchable
    cdef dict removable
    cdef bytes row_ranks
    cdef list kids

    cdef void _children(
        self, unsigned long long places, unsigned long long talon, int cut, int used
    )
    cdef bint _pairs(
        self,
        unsigned long long places,
        unsigned long long talon,
        int cut,
        int used,
        unsigned long long free,
        unsigned long long blocked,
        bint forced,
    )
    cdef bint _talon(
        self,
        unsigned long long places,
        unsigned long long talon,
        int cut,
        int used,
        unsigned long long free,
        int draws,
    )
    cdef void _add(
        self,
        unsigned long long places,
        unsigned long long talon,
        int cut,
        int used,
        unsigned long long talon_bits,
        unsigned long long spoiled,
        int move,
        int draws,
    )
    cdef void _add_pair(
        self,
        unsigned long long places,
        unsigned long long talon,
        int cut,
        int used,
        int i,
        int j,
    )
    cdef bint _unique(self, unsigned long long places, unsigned long long talon, int r)
    cdef unsigned long long _advance(self, unsigned long long talon, int cut, int used)
    cdef unsigned long long _state_key(
        self, unsigned long long places, unsigned long long talon
    )
    cdef unsigned long long _marked(self, unsigned long long marks, int cut, int used)
    cdef bint _entered(self, unsigned long long marks, int cut, int used)
    cdef bint _lost(
        self,
        unsigned long long places,
        unsigned long long talon,
        int cut,
        int used,
        unsigned long long spoiled,
    )
    cdef bint _matchable(
        self,
        unsigned long long places,
        unsigned long long talon,
        unsigned long long waste,
        int a,
        int b,
    )
    cdef object _walk(self)
    cpdef tick(self)
    cpdef bint clearable(self, unsigned long long places, unsigned long long talon, int cut)
