"""The code version digests exactly what a result depends on, found from the imports."""

from butterfly.solver.version import PATIENCE_SOLVER, PROJECT_PACKAGES, code_version, sources_of


def test_a_patience_verdict_depends_on_the_rules_the_searches_and_their_kernels():
    files = set(sources_of(*PATIENCE_SOLVER))
    # the rules and their data, the front-end, both engines, every kernel file they build on
    assert {"games/patience/rules.py", "games/patience/presets.json", "solver/patience/solve.py"} <= files
    assert {"solver/patience/reference.py", "solver/patience/kernel.py", "solver/patience/relaxation.py"} <= files
    assert {"ext/_patience.pyx", "ext/_shortest.pyx", "ext/_bound.pyx", "ext/_bound.pxd", "ext/_signals.pxd"} <= files
    # and nothing the verdict does not read: the command line, surveys, puzzles, other games
    elsewhere = ("cli/", "solver/survey/", "puzzles/", "games/papillon/", "ext/_mouche")
    assert not [f for f in files if f.startswith(elsewhere)]


def test_the_closure_follows_imports_inside_functions_and_cimports():
    # solve.py imports relaxation at the top, relaxation imports PySAT inside functions (not ours: left out);
    # _shortest.pyx cimports _bound, whose .pxd cimports _patience's
    files = sources_of("butterfly.ext._shortest")
    assert {"ext/_shortest.pyx", "ext/_bound.pxd", "ext/_bound.pyx", "ext/_patience.pxd"} <= set(files)
    assert files == sorted(files)


def test_versions_are_the_package_version_and_a_digest():
    version = code_version()
    assert version.split("+")[1].isalnum() and len(version.split("+")[1]) == 12
    assert code_version(PROJECT_PACKAGES) != version
    assert code_version(("butterfly.solver.patience.solve",)) == version
