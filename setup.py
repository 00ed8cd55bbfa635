"""Build the Cython kernels in ext/ (the rest of the metadata is in pyproject.toml)."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "butterfly.ext._patience",
        ["butterfly/ext/_patience.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "butterfly.ext._bound",
        ["butterfly/ext/_bound.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "butterfly.ext._shortest",
        ["butterfly/ext/_shortest.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "butterfly.ext._mouche",
        ["butterfly/ext/_mouche.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "butterfly.ext._papillon",
        ["butterfly/ext/_papillon.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "butterfly.ext._ladder",
        ["butterfly/ext/_ladder.pyx"],
        extra_compile_args=["-O3"],
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)
