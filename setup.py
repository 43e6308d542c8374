"""The compiled move-generation core: an optional C extension.

Everything else is configured in pyproject.toml. When the extension cannot be built
(no C compiler, no Python headers), the install still succeeds and the crossword
move generator runs its pure-Python search instead.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "harfiyen.ai.crossword._movegen",
            sources=["src/harfiyen/ai/crossword/_movegen.c"],
            optional=True,
        )
    ]
)
