# What spider/state.py calls in C: libc's memcpy, and a new bytes object it fills before
# anything else sees it (a packed state after a move, written in one allocation); and what
# spider/search.py calls in C: the table's and the share's methods, and the state check; the
# kernel's FNV-1a constants.
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.string cimport memcpy

from patience.solver.kernel cimport state as kernel_state

cdef int check_packed(bytes st, Py_ssize_t n) except -1

cdef class SpiderTable:
    cdef readonly object engine
    cdef readonly tuple piles
    cdef readonly Py_ssize_t n
    cdef readonly Py_ssize_t head
    cdef readonly bytes fits
    cdef readonly bytes chain
    cdef readonly bint mixed
    cdef readonly tuple unders
    cdef readonly bytes lowers
    cdef readonly int suits
    cdef readonly int deal_rounds
    cdef readonly bint blocked_by_gap
    cdef readonly bytes aces
    cdef object _segments_of

    cpdef check(self, bytes st)
    cpdef bytes key(self, bytes st)
    cdef bytes _key(self, bytes st)
    cpdef unsigned long long key_hash(self, bytes st)
    cdef unsigned long long _key_hash(self, bytes st) noexcept
    cpdef bint may_deal(self, bytes st)
    cdef bint _may_deal(self, bytes st)
    cpdef bytes after(self, bytes st, object step)
    cdef bytes _after(self, bytes st, Py_ssize_t src, Py_ssize_t dst, Py_ssize_t count)
    cpdef bint is_won(self, bytes st)

cdef class Share:
    cdef bytes chain
    cdef bytes fits
    cdef int suit
    cdef int follows
    cdef int brk
    cdef int home
    cdef int down
    cdef int covered
    cdef int empty
    cdef readonly Py_ssize_t n

    cdef int _of(self, const unsigned char *q, Py_ssize_t at, Py_ssize_t size, Py_ssize_t hidden) noexcept
    cpdef int total(self, bytes st)
    cpdef int change(self, bytes old, bytes new, Py_ssize_t src, Py_ssize_t dst)
    cdef int _change(self, bytes old, bytes new, Py_ssize_t src, Py_ssize_t dst) noexcept
