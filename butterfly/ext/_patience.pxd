# Declarations of the patience search kernel (see _patience.pyx).

from libc.stdint cimport uint8_t, int8_t, uint64_t, int64_t

cdef enum:
    NCARDS = 52
    MAX_ROWS = 16
    MAX_CELLS = 8
    MAX_ROW_LEN = 64
    # Location codes of a move's source and target: rows are 0..MAX_ROWS-1.
    LOC_CELL = 16
    LOC_FOUNDATION = 17
    # What lies under a card: another card (0..51), or one of these.
    UNDER_BOTTOM = 52
    UNDER_CELL = 53
    UNDER_FOUNDATION = 54
    KEY_WORDS = 5       # 52 fields of 6 bits in 320 bits
    MAX_BUILDERS = 8
    # Most moves one position can have: foundation moves, row to row, cell to row, row to cell.
    MAX_MOVES_PER_NODE = MAX_ROWS + MAX_CELLS + MAX_ROWS * MAX_ROWS + MAX_CELLS * MAX_ROWS + MAX_ROWS

cdef enum Outcome:
    OUT_WON = 0
    OUT_UNWINNABLE = 1
    OUT_UNRESOLVED_NODES = 2
    OUT_UNRESOLVED_TIME = 3
    OUT_UNRESOLVED_MEMORY = 4
    OUT_SIGNALLED = 5           # a signal handler raised: no answer (butterfly/ext/_signals.pxd)

ctypedef struct Move:
    uint8_t card
    uint8_t source
    uint8_t target

ctypedef struct Frame:
    int64_t first      # index of the frame's first move in the move arena
    int nmoves
    int next           # index of the next move to try

ctypedef struct Table:
    # Open addressing, linear probing. Each slot has a one-byte tag from the
    # hash (0: empty) in a dense array scanned first, and a full state key
    # compared whenever the tag matches: a hash match alone never prunes.
    uint8_t *tags
    uint64_t *slots
    uint64_t capacity
    uint64_t used
    uint64_t max_used       # grow (or give up) beyond this load
    uint64_t memory_bytes   # the cap: old and new tables together never exceed it
    uint64_t peak_bytes

ctypedef struct Rules:
    int nrows
    int max_cells
    bint cells_one_way
    bint empty_rows_take_any
    bint last_card_to_foundation_only
    bint safe_autoplay
    bint next_home_builders     # rule 1b (pruning.is_safe_foundation_move), with safe_autoplay
    bint dead_ends
    # can_build[c][t]: may card c be placed on outer card t of a row
    uint8_t can_build[NCARDS][NCARDS]
    # builders[c]: the cards that could ever be placed on c
    uint8_t builders[NCARDS][MAX_BUILDERS]
    int nbuilders[NCARDS]
    # hosts[c]: the cards c could ever be placed on
    uint8_t hosts[NCARDS][MAX_BUILDERS]
    int nhosts[NCARDS]
    uint64_t host_mask[NCARDS]  # the same hosts, a bit per card

ctypedef struct State:
    uint8_t rows[MAX_ROWS][MAX_ROW_LEN]
    int length[MAX_ROWS]
    uint8_t cells[MAX_CELLS]     # sorted by card
    int ncells
    int foundation[4]            # top rank per suit, 0 when empty
    int in_play
    uint8_t under[NCARDS]
    # hosts_gone[x]: how many of x's hosts are home or in a cell (kept up to
    # date on foundation and cell moves; a filter for the dead-end test)
    uint8_t hosts_gone[NCARDS]
    # where each card is: its row (-1: a cell or the foundation) and depth
    int8_t row_of[NCARDS]
    uint8_t depth_of[NCARDS]
    uint64_t outer      # the rows' outer cards, a bit per card
    uint64_t key[KEY_WORDS]
    uint64_t hash
