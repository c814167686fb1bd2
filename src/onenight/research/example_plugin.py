"""A server plugin that seats a research agent at live tables: ``onenight serve
--plugins onenight.research.example_plugin`` makes ``honest`` a bot level the host may
add (``{"type": "add_bot", "level": "honest"}``), played by :func:`.agents.honest_agent`
through the same adapter as in ``onenight simulate`` and tournaments (docs/research.md).

A plugin is any module that registers levels when it is imported; write your own on
this model, with your policy in place of the example's."""

from __future__ import annotations

from .agents import honest_agent, register_level

register_level("honest", honest_agent)
