"""Build script: compiles the rules core and the reasoner's hot loop with mypyc unless
ONENIGHT_MYPYC=0.

The rules core (src/onenight/rules) is plain, strictly typed Python; mypyc turns it
into C extensions about twice as fast (``phase``, a StrEnum, stays plain Python), which
bots and simulations feel. The modules a ``reasoner`` runs through for every sampled
world (the sampler, the stories, the lies, the claim board: docs/bots.md, "Third pass")
compile as they are too. A pure-Python install (ONENIGHT_MYPYC=0, used for editable
development installs) behaves the same: the test suite runs the rules tests and the
bots' replay tests against both.
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
BOTS = Path("src/onenight/bots")
#: The reasoner's hot loop: what it runs for every sampled world and every scored story.
COMPILED_BOTS = ["worlds", "story", "lies", "board", "weigh"]


def ext_modules():
    if os.environ.get("ONENIGHT_MYPYC", "1") == "0":
        return []
    from mypyc.build import mypycify

    paths = [str(RULES / f"{name}.py") for name in COMPILED]
    paths += [str(BOTS / f"{name}.py") for name in COMPILED_BOTS]
    return mypycify(paths, opt_level="3")


setup(ext_modules=ext_modules())
