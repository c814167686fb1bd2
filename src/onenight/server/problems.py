"""The error answers of the HTTP API, as documented in its OpenAPI schema."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException
from pydantic import BaseModel, Field

from onenight.session.errors import ErrorCode


class Problem(BaseModel):
    code: ErrorCode = Field(examples=["no_room"])
    message: str


class ProblemBody(BaseModel):
    detail: Problem


#: The header of an answer that says when to ask again.
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before asking again",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}


def problems(*statuses: int, retry: tuple[int, ...] = ()) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents (its ``detail``: a code and a message); those
    in ``retry`` also carry ``Retry-After``."""
    return {
        status: {"model": ProblemBody, **({"headers": RETRY_AFTER} if status in retry else {})}
        for status in statuses
    }


def problem(code: ErrorCode, message: str, headers: dict[str, str] | None = None) -> HTTPException:
    """The HTTP answer to a refusal: the code's own status (:class:`ErrorCode`), its code
    and the message."""
    return HTTPException(code.status, detail={"code": code, "message": message}, headers=headers)
