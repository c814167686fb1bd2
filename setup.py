"""Build script: compiles the rules core with mypyc unless ONENIGHT_MYPYC=0.

The rules core (src/onenight/rules) is plain, strictly typed Python; mypyc turns it
into C extensions about twice as fast (``phase``, a StrEnum, stays plain Python), which
bots and simulations feel. A pure-Python install (ONENIGHT_MYPYC=0, used for editable
development installs) behaves the same: the test suite runs the rules tests against both.
"""

import os
from pathlib import Path

from setuptools import setup

RULES = Path("src/onenight/rules")
COMPILED = [
    "actions",
    "choices",
    "editions",
    "errors",
    "facts",
    "game",
    "night",
    "outcome",
    "play",
    "result",
    "roles",
    "setup",
    "state",
    "steps",
    "views",
    "scenario",
    "turns",
]


def ext_modules():
    if os.environ.get("ONENIGHT_MYPYC", "1") == "0":
        return []
    from mypyc.build import mypycify

    paths = [str(RULES / f"{name}.py") for name in COMPILED]
    return mypycify(paths, opt_level="3")


setup(ext_modules=ext_modules())
