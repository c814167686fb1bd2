"""Strict JSON for the HTTP API: bodies read by orjson, numbers that are numbers.

The published OpenAPI schema is JSON Schema, and a client written from it sends what it
allows; the server takes exactly that. ``NaN``, ``Infinity``, ``1e400`` and lone
surrogates are not JSON (orjson refuses them, FastAPI answers 422). Numbers in the bodies
are JSON numbers, never ``true`` or ``"3"``, by the protocol's one rule
(:func:`onenight.session.protocol.json_number`, the WebSocket's too)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute


class StrictJSONRequest(Request):
    """A request whose body is read as strict JSON (orjson)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    """A route that reads its body as strict JSON (the API's routers use it)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict
