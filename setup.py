"""Build the Cython kernels in ext/ (the rest of the metadata is in pyproject.toml)."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "ext._patience",
        ["ext/_patience.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "ext._shortest",
        ["ext/_shortest.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "ext._mouche",
        ["ext/_mouche.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "ext._papillon",
        ["ext/_papillon.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "ext._ladder",
        ["ext/_ladder.pyx"],
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
