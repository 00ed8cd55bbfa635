# The admissible lower bound on the moves left (see _bound.pyx; its twin is
# butterfly/solver/patience/bound.py): what the A* search (_shortest.pyx) calls. The
# quick bound's two small helpers, called at every position expanded and at
# every child, are inline here so that the A* compiles them into its own
# loop; the rest is called across the modules (the strong bound's searches
# take far longer than a call).

from libc.stdint cimport uint8_t, uint64_t

from butterfly.ext._patience cimport State, Rules, Move, LOC_CELL, LOC_FOUNDATION

cdef enum:
    NO_WAY = 1000           # butterfly.solver.patience.bound.NO_WAY


cdef int row_extra(const uint8_t *row, int n, bint innermost_stays, uint64_t stays) noexcept nogil
cdef int moves_twice(State *s, Rules *r, int effort, int floor, int ceiling, int moved, int below,
                     int *parked) noexcept nogil
cdef uint64_t keeping_the_count(State *s, Rules *r, uint64_t cards, int count, int effort) noexcept nogil
cdef uint64_t cycle_cards(State *s) noexcept nogil


cdef inline int bound_of(State *s, Rules *r, int *extra) noexcept nogil:
    """butterfly.solver.patience.bound.lower_bound, keeping each row's part in ``extra``."""
    cdef int i, h = s.in_play
    for i in range(r.nrows):
        extra[i] = row_extra(s.rows[i], s.length[i], r.last_card_to_foundation_only, 0)
        h += extra[i]
    return h


cdef inline int bound_after(State *s, Rules *r, const int *extra, int h, Move m) noexcept nogil:
    """The bound of ``s`` (already moved by ``m``) from its parent's: only
    the rows ``m`` left and reached have changed."""
    if m.target == LOC_FOUNDATION:
        h -= 1
    if m.source < LOC_CELL:
        h += row_extra(s.rows[m.source], s.length[m.source], r.last_card_to_foundation_only, 0) - extra[m.source]
    if m.target < LOC_CELL:
        h += row_extra(s.rows[m.target], s.length[m.target], r.last_card_to_foundation_only, 0) - extra[m.target]
    return h
