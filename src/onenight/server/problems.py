"""The error answers of the HTTP API, as documented in its OpenAPI schema."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Problem(BaseModel):
    code: str = Field(examples=["no_room"])
    message: str


class ProblemBody(BaseModel):
    detail: Problem


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents (its ``detail``: a code and a message)."""
    return {status: {"model": ProblemBody} for status in statuses}
