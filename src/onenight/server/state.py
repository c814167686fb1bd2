"""What the HTTP routes share, held on the app by ``create_app``: the hub (rooms), the
deck suggestions being measured, the metrics. Routes ask for them as dependencies, so a
router module needs no app of its own and the app module only wires them."""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from onenight.session.hub import Hub

from .ops import Metrics
from .suggestions import Suggestions


def _hub(request: Request) -> Hub:
    return cast(Hub, request.app.state.hub)


def _suggestions(request: Request) -> Suggestions:
    return cast(Suggestions, request.app.state.suggestions)


def _metrics(request: Request) -> Metrics:
    return cast(Metrics, request.app.state.metrics)


TheHub = Annotated[Hub, Depends(_hub)]
TheSuggestions = Annotated[Suggestions, Depends(_suggestions)]
TheMetrics = Annotated[Metrics, Depends(_metrics)]
