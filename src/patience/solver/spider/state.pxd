# What spider/state.py calls in C: libc's memcpy, and a new bytes object it fills before
# anything else sees it (a packed state after a move, written in one allocation).
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.string cimport memcpy
