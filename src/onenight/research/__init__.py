"""The research interface (the ``[research]`` extra): PettingZoo environments, presets,
agents that sit anywhere a bot does, tournaments with ratings. See docs/research.md.

    >>> from onenight.research import env, parallel_env
    >>> e = parallel_env("neurips2024", seed=1)
"""

from __future__ import annotations

from typing import Any

from .config import PRESETS, Config, make_config


def env(config: Any = None, **kw: Any) -> Any:
    """A PettingZoo AEC environment (:mod:`.environment`; needs pettingzoo)."""
    from .environment import env as _env

    return _env(config, **kw)


def parallel_env(config: Any = None, **kw: Any) -> Any:
    """A PettingZoo ParallelEnv (:mod:`.environment`; needs pettingzoo)."""
    from .environment import parallel_env as _parallel_env

    return _parallel_env(config, **kw)


__all__ = ["PRESETS", "Config", "env", "make_config", "parallel_env"]
