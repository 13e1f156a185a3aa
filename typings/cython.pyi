# The part of Cython's pure-Python mode (the `cython` shadow module) that the solver kernel
# uses, typed for mypy: the shadow module itself ships no types.
import builtins
from collections.abc import Callable
from typing import Any, TypeAlias, TypeVar, overload

_F = TypeVar("_F", bound=Callable[..., Any])
_C = TypeVar("_C", bound=type)
_T = TypeVar("_T")

compiled: bool

int: TypeAlias = builtins.int
uchar: TypeAlias = builtins.int
longlong: TypeAlias = builtins.int
uint: TypeAlias = builtins.int
ulonglong: TypeAlias = builtins.int
bint: TypeAlias = builtins.bool
Py_ssize_t: TypeAlias = builtins.int
void: TypeAlias = None
p_uchar: TypeAlias = builtins.bytearray
"""A C pointer to bytes; interpreted, the ``bytearray`` it points into."""
p_const_uchar: TypeAlias = builtins.bytes | builtins.bytearray
"""A C pointer to bytes read only; interpreted, the ``bytes`` or ``bytearray``."""
p_uint: TypeAlias = Any
"""A C pointer to unsigned ints (compiled code only)."""
p_int: TypeAlias = Any
"""A C pointer to signed ints (compiled code only)."""
p_longlong: TypeAlias = Any
"""A C pointer to signed 64-bit ints (compiled code only)."""
p_ulonglong: TypeAlias = Any
"""A C pointer to unsigned 64-bit ints (compiled code only)."""

def cast(t: type[_T], value: object) -> _T: ...
def address(value: object) -> Any: ...

@overload
def declare(t: type[_T], *, visibility: str) -> _T: ...
@overload
def declare(t: object, value: _T) -> _T: ...
def locals(**kwargs: object) -> Callable[[_F], _F]: ...
def cfunc(f: _F) -> _F: ...
def ccall(f: _F) -> _F: ...
def inline(f: _F) -> _F: ...
def exceptval(value: object = ..., *, check: bool = ...) -> Callable[[_F], _F]: ...
def final(f: _F) -> _F: ...
def cclass(c: _C) -> _C: ...
