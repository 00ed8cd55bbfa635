# Declarations of the ladder's policy kernel (see _ladder.pyx).

from libc.stdint cimport uint8_t, int8_t, uint64_t

# The patience kernel's limits and place codes, so a move means the same in both.
from butterfly.ext._patience cimport Move, NCARDS, MAX_ROWS, MAX_CELLS, MAX_ROW_LEN, LOC_CELL, LOC_FOUNDATION

cdef enum:
    # puzzles/reference.py's constants (a test checks them equal).
    GAME_MAX_MOVES = 400
    HASH_CELL_SLOT = 16
    W_HOME = 20
    W_CELL = 4
    W_NEXT_COVER = 2
    W_SECOND_COVER = 1
    POLICY_RANDOM = 0
    POLICY_GREEDY = 1
    POLICY_LOOKAHEAD = 2
    POLICY_ROLLOUT = 3
    # A game and its rollouts never hold more than GAME_MAX_MOVES + 1
    # positions at once, so 1024 slots keep linear probing short.
    SEEN_BITS = 10
    SEEN_CAPACITY = 1 << SEEN_BITS
    # Foundation moves, row to row, cell to row, row to cell.
    MAX_CANDIDATES = MAX_ROWS + MAX_CELLS + MAX_ROWS * MAX_ROWS + MAX_CELLS * MAX_ROWS + MAX_ROWS

# A move: the patience kernel's, so the two share one move generator (_moves.pxd).
ctypedef Move Step

ctypedef struct Layout:
    int nrows
    int max_cells
    bint cells_one_way
    bint empty_rows_take_any
    bint last_card_to_foundation_only
    # can_build[c][t]: may card c be placed on outer card t of a row
    uint8_t can_build[NCARDS][NCARDS]

ctypedef struct Board:
    uint8_t rows[MAX_ROWS][MAX_ROW_LEN]
    int length[MAX_ROWS]
    uint8_t cells[MAX_CELLS]     # sorted by card, as Position.cells
    int ncells
    int foundation[4]            # top rank per suit, 0 when empty
    # where each card is: its row (-1: a cell or home) and depth, for cover()
    int8_t row_of[NCARDS]
    uint8_t depth_of[NCARDS]
    uint64_t hash                # position_hash, kept incrementally

ctypedef struct Seen:
    # Open addressing, linear probing; 0 marks an empty slot, so the key 0
    # (possible, if unlikely) is kept in has_zero instead.
    uint64_t slots[SEEN_CAPACITY]
    bint has_zero

ctypedef struct Game:
    Board board
    Seen seen
    uint64_t rng                 # SplitMix64 state
    int nmoves
    Step moves[GAME_MAX_MOVES]
    # keys[i]: the hash after i moves, in the order they entered the seen
    # set, so the newest can leave it first (a rollout's undo)
    uint64_t keys[GAME_MAX_MOVES + 1]
    long long steps              # greedy moves of the rollouts, for the look at signals ...
    bint stopped                 # ... and whether a handler raised (butterfly/ext/_signals.pxd)
