# Stopping a long kernel call on a signal (issue 28; docs/solver.md, "The
# kernel"), shared by every kernel.
#
# Python runs its signal handlers between bytecodes only, so not while a
# kernel runs without the GIL: a search of a minute would ignore Ctrl-C or a
# survey's SIGTERM for a minute. So each long loop asks signalled() every
# so many steps, which takes the GIL a moment to run the handlers. When one
# raises (KeyboardInterrupt, or the survey's exception for SIGTERM), its
# exception stays set: the search unwinds as it does at a node limit, frees
# what it holds, and its Python caller calls raise_pending() instead of
# building an answer.

cdef extern from "Python.h":
    # No except clause: Cython must neither raise here nor clear the handler's exception.
    int PyErr_CheckSignals()

cdef enum:
    # Steps between two looks: nodes of the depth-first and card-game
    # searches, slots of a table being rehashed, moves of the ladder's
    # rollouts (each from tens of nanoseconds to a few microseconds): a look
    # every 30 ms at most, and a GIL round trip (a fraction of a
    # microsecond) every half a millisecond at least, which no timing sees.
    SIGNAL_INTERVAL = 1 << 14


cdef inline bint signalled() noexcept nogil:
    """Run Python's signal handlers (in the main thread; elsewhere there is
    nothing to run); True when one raised."""
    with gil:
        return PyErr_CheckSignals() != 0


cdef inline bint stopping(long long steps, bint *stopped) noexcept nogil:
    """For a search unwinding by its own returns: ``stopped`` is set at the
    first look (every SIGNAL_INTERVAL ``steps``) at which a handler raised,
    and stays set."""
    if not stopped[0] and (steps & (SIGNAL_INTERVAL - 1)) == 0:
        stopped[0] = signalled()
    return stopped[0]


cdef inline int raise_pending() except -1:
    """Raise the exception a handler raised in signalled(): it is still set."""
    return -1
