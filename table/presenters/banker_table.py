"""The Banker table, rendered from its template once per highlight, language and process."""

from __future__ import annotations

from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.translation import get_language

from baccarat import (
    BANKER_TABLE,
)


def banker_table_rows() -> list[dict]:
    """The Banker table for display: for each total, the third-card values on which Banker draws."""
    return [
        {"total": total, "draws": [value in BANKER_TABLE[total] for value in range(10)]} for total in range(8)
    ]


def banker_table_html(row: int | None, column: int | None, *, row_ids: bool = False) -> str:
    """The rendered Banker table with one cell highlighted (or none), in the active language.

    ``row_ids``: the rows carry ids, so a deal can swap the decided row alone (the table's page).
    """
    return _banker_table_html(row, column, get_language(), row_ids)


@lru_cache(maxsize=512)
def _banker_table_html(row: int | None, column: int | None, language: str | None, row_ids: bool) -> str:
    """The table is the same on every card but for the highlight and the language, so each of its
    81 variants is rendered once per process and language instead of on every deal.
    """
    view = {"banker_row": row, "banker_column": column}
    return render_to_string(
        "table/partials/_banker_table.html",
        {"view": view, "banker_rows": banker_table_rows(), "row_ids": row_ids},
    )
