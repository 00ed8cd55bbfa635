# The plain move generator of the patiences: the moves in
# butterfly.games.patience.Position.legal_moves order. The ladder's players
# (_ladder.pyx) use all of it; the search kernels (butterfly/ext/_position.pxd) its
# moves home, and find the other moves from each card's hosts and the
# mask of the rows' outer cards, which the ladder's board does not keep
# (the same moves in the same order, 35 % of the search's time before on
# Beleaguered Castle; the tests hold both to the rules engine's order).
# Each kernel passes its own state's fields (rows as one flat array of
# MAX_ROW_LEN cards a row).

from libc.stdint cimport uint8_t

from butterfly.ext._patience cimport Move, NCARDS, MAX_ROW_LEN, LOC_CELL, LOC_FOUNDATION


cdef inline void add(Move *out, int *n, int card, int source, int target) noexcept nogil:
    out[n[0]].card = card
    out[n[0]].source = source
    out[n[0]].target = target
    n[0] += 1


cdef inline bint can_place(const uint8_t *rows, const int *length, const uint8_t *can_build,
                           bint empty_rows_take_any, int card, int row) noexcept nogil:
    """May ``card`` go onto row ``row`` (built on its outer card, or into it empty)?"""
    if length[row]:
        return can_build[card * NCARDS + rows[row * MAX_ROW_LEN + length[row] - 1]]
    return empty_rows_take_any


cdef inline int foundation_moves(const uint8_t *rows, const int *length, int nrows, const uint8_t *cells,
                                 int ncells, const int *foundation, Move *out) noexcept nogil:
    """The moves home: rows in order, then cells in card order; how many."""
    cdef int n = 0, i, k, c
    for i in range(nrows):
        if length[i]:
            c = rows[i * MAX_ROW_LEN + length[i] - 1]
            if foundation[c // 13] == c % 13:
                add(out, &n, c, i, LOC_FOUNDATION)
    for k in range(ncells):
        if foundation[cells[k] // 13] == cells[k] % 13:
            add(out, &n, cells[k], LOC_CELL, LOC_FOUNDATION)
    return n


cdef inline int other_moves(const uint8_t *rows, const int *length, int nrows, const uint8_t *cells, int ncells,
                            const uint8_t *can_build, bint empty_rows_take_any, bint last_card_to_foundation_only,
                            bint cells_one_way, int max_cells, Move *out, int n) noexcept nogil:
    """After the ``n`` moves already in ``out``: row to row, cell to row (free
    cells only), row to cell; the new total."""
    cdef int i, j, k, c, size
    for i in range(nrows):
        size = length[i]
        if size == 0 or (last_card_to_foundation_only and size == 1):
            continue
        c = rows[i * MAX_ROW_LEN + size - 1]
        for j in range(nrows):
            if j != i and can_place(rows, length, can_build, empty_rows_take_any, c, j):
                add(out, &n, c, i, j)
    if not cells_one_way:
        for k in range(ncells):
            for j in range(nrows):
                if can_place(rows, length, can_build, empty_rows_take_any, cells[k], j):
                    add(out, &n, cells[k], LOC_CELL, j)
    if ncells < max_cells:
        for i in range(nrows):
            size = length[i]
            if size and not (last_card_to_foundation_only and size == 1):
                add(out, &n, rows[i * MAX_ROW_LEN + size - 1], i, LOC_CELL)
    return n
