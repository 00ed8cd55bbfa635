"""What Python and the compiled kernel (butterfly/ext/_patience.pyx) must agree on
without one importing it from the other: limits, place codes, when the
dead-end test applies, and the names of the kernel's inputs."""

import inspect
import itertools

import pytest

import butterfly.ext._patience as _patience
from butterfly.games.errors import InputError
from butterfly.games.patience.rules import MAX_CELLS, PRESETS, VARIANTS, Position, make_rules
from butterfly.solver.patience import kernel, pruning, reference
from butterfly.solver.patience.result import Limits


def every_rules():
    for game, variant, cells in itertools.product(PRESETS, (None, *VARIANTS), (None, *range(MAX_CELLS + 1))):
        yield make_rules(game, variant, cells)


def test_the_rules_allow_no_more_cells_and_rows_than_the_kernel_holds():
    assert MAX_CELLS == _patience.CELLS_LIMIT  # butterfly/games/ may not import the kernel: checked here
    assert all(len(rules.row_sizes) <= _patience.ROWS_LIMIT for rules in PRESETS.values())
    with pytest.raises(InputError, match="number of cells"):
        make_rules("butterfly", None, MAX_CELLS + 1)


def test_place_codes_are_the_kernels_and_no_row_uses_them():
    assert {_patience.PLACE_CELL, _patience.PLACE_FOUNDATION}.isdisjoint(range(_patience.ROWS_LIMIT))
    position = Position.deal(1, make_rules("butterfly", None, 1))
    cell_move = next(m for m in kernel.kernel_moves(position, safe_autoplay=False) if m.target == "B")
    foundation_move = next(m for m in kernel.kernel_moves(position, safe_autoplay=False) if m.target == "F")
    assert cell_move in position.legal_moves() and foundation_move in position.legal_moves()


def test_the_kernel_applies_the_dead_end_test_exactly_when_the_pruning_module_does():
    checked = 0
    for rules in every_rules():
        fields = kernel.kernel_fields(Position.deal(0, rules), safe_autoplay=True, dead_ends=True)
        in_kernel = _patience.dead_end_applies(
            fields["empty_rows_take_any"], fields["max_cells"], fields["cells_one_way"]
        )
        assert in_kernel == pruning.dead_end_applies(rules), rules.name
        checked += 1
    assert checked == len(PRESETS) * (1 + len(VARIANTS)) * (MAX_CELLS + 2)


def test_the_kernel_inputs_are_its_parameters():
    """``moves`` takes exactly the fields; ``Search`` (whose signature Python
    cannot read) takes every one of them by name and no other name."""
    fields = kernel.kernel_fields(Position.deal(0), safe_autoplay=True, dead_ends=True)
    assert set(fields) == set(inspect.signature(_patience.moves).parameters)
    assert _patience.Search(**fields).run(max_nodes=1)[3] == 1
    with pytest.raises(TypeError):
        _patience.Search(**fields, safe_autplay=True)


def test_the_reference_counts_memory_in_the_kernels_units():
    assert (reference.ENTRY_BYTES, reference.INITIAL_CAPACITY) == (
        _patience.TABLE_ENTRY_BYTES,
        _patience.TABLE_INITIAL_CAPACITY,
    )


@pytest.mark.parametrize("memory_mib", [0, 2, pytest.param(4, marks=pytest.mark.slow)])
def test_a_memory_cap_stops_both_engines_at_the_same_node(memory_mib):
    """Butterfly deal 7 is hard: the cap stops it. 2 MiB: the first table (32,768 entries) fills and
    cannot double within the cap; 4 MiB: it doubles once, then stops."""
    position = Position.deal(7)
    limits = Limits(max_nodes=None, memory_mib=memory_mib)
    k, r = kernel.solve(position, limits), reference.solve(position, limits)
    assert (k.result, k.stopped_by) == ("unresolved", "memory")
    assert (k.result, k.nodes, k.stopped_by) == (r.result, r.nodes, r.stopped_by)
