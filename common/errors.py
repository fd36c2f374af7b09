"""The one base class of refusals: a sentence for the person, and the HTTP status to answer with."""

from __future__ import annotations

from http import HTTPStatus

from django.utils.functional import Promise


class AppError(Exception):
    """A request the app refuses on purpose; views render ``message`` with ``status`` (a 4xx).

    Subclasses set ``status`` for their meaning (400 bad input, 404 not found,
    409 wrong state); an instance may override it.
    """

    status: int = HTTPStatus.BAD_REQUEST

    def __init__(self, message: str | Promise, status: int | None = None) -> None:
        super().__init__(message)
        self.message = str(message)
        if status is not None:
            self.status = status
