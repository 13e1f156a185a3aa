# The FreeCell macro scan (freecell/macros.py): its boards are built with the kernel's C
# step and keyed with its C key and table.
cimport cython
from libc.string cimport memcpy
from patience.solver.kernel cimport state
from patience.solver.kernel.state cimport Met

cdef const unsigned char *_SUIT
cdef const unsigned char *_RANK0

cdef void _copy(unsigned char *to, const unsigned char *src, int count) noexcept

@cython.final
cdef class Level:
    cdef bytearray records
    cdef int count
    cdef int next
    cdef int item
    cdef int stage
    cdef bytearray board
    cdef unsigned long long hash

@cython.final
cdef class MacroScan:
    cdef readonly bint proves
    cdef readonly bint exhausted
    cdef readonly bint stopped
    cdef bytes won
    cdef tuple kept
    cdef const unsigned char *fits
    cdef const unsigned char *chain
    cdef const unsigned char *lowers
    cdef const unsigned char *limits
    cdef const unsigned char *horne
    cdef const unsigned char *plan
    cdef const unsigned char *stage_at
    cdef int last
    cdef int done
    cdef unsigned int rng
    cdef int n
    cdef int c
    cdef int size
    cdef int made_at
    cdef int record
    cdef Met met
    cdef list spare_levels
    cdef list levels
    cdef int depth
    cdef bytearray sorting
    cdef tuple buffers
    cdef unsigned char *a
    cdef unsigned char *steps
    cdef int made
    cdef unsigned long long hash
    cdef unsigned long long base
    cdef bint indexed
    cdef int free
    cdef int gaps
    cdef unsigned char *offsets
    cdef unsigned char *where
    cdef unsigned char *column_at
    cdef unsigned char *found
    cdef unsigned char *run_first
    cdef unsigned char *run_last

    cpdef int run(self, int nodes, object late, long long before)
    cdef int _push(self, const unsigned char *q, unsigned long long h) except -1
    cdef bint _make(self, Level level) except -1
    cdef int _kind(self, Level level, int kind) except -1
    cdef void _begin(self, const unsigned char *q) noexcept
    cdef void _step(self, int src, int dst, int count) noexcept
    cdef int _emit(self, Level level) except -1
    cdef void _aside(self, int column, int count) noexcept
    cdef int _free_cell(self, const unsigned char *q) noexcept
    cdef int _gap(self, const unsigned char *q, int other_than) noexcept
    cdef void _count_places(self, const unsigned char *q) noexcept
    cdef int _limit_after(self, int free, int gaps, int aside, bint into_gap) noexcept
    cdef void _index(self, const unsigned char *q) noexcept
    cdef bint _fits(self, int lower, int upper) noexcept
    cdef bint _goes_home(self, const unsigned char *q, int card) noexcept
    cdef int _first_run(self, int at, int size, int room) noexcept
    cdef int _run_end(self, int at, int start) noexcept
    cdef int _horne(self, Level level) except -1
    cdef int _horne_source(self, const unsigned char *q) noexcept
    cdef bint _safe(self, const unsigned char *q, int card) noexcept
    cdef int _column_home(self, Level level, const unsigned char *q) except -1
    cdef int _cell_home(self, Level level, const unsigned char *q) except -1
    cdef int _cell_onto_parent(self, Level level, const unsigned char *q) except -1
    cdef int _buried_home(self, Level level, const unsigned char *q) except -1
    cdef int _run_onto_parent(self, Level level, const unsigned char *q, bint within) except -1
    cdef int _column_to_cells(self, Level level, const unsigned char *q) except -1
    cdef int _run_to_gap(self, Level level, const unsigned char *q) except -1
    cdef int _cell_to_gap_and_on(self, Level level, const unsigned char *q) except -1
    cdef int _sort(self, Level level) except -1
    cdef void _shuffle(self, Level level) noexcept
