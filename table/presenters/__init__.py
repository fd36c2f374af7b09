"""What the table shows, built from a seat and its round (modules: panel, felt, banker_table, scoreboards).

Markup is made by templates only; this package gathers what they need.
"""

from table.presenters.banker_table import banker_table_html, banker_table_rows
from table.presenters.felt import (
    TABLE_URLS,
    CardView,
    ChipView,
    SpotView,
    card_view,
    chip_stack,
    chip_view,
    spot_pays,
    table_urls,
)
from table.presenters.odds import EdgeRow, edge_rows
from table.presenters.panel import TableView, table_view
from table.presenters.regions import REGIONS, changed_regions
from table.presenters.scoreboards import Roads, roads_view

__all__ = [
    "REGIONS",
    "TABLE_URLS",
    "CardView",
    "ChipView",
    "EdgeRow",
    "Roads",
    "SpotView",
    "TableView",
    "banker_table_html",
    "banker_table_rows",
    "card_view",
    "chip_stack",
    "changed_regions",
    "chip_view",
    "edge_rows",
    "roads_view",
    "spot_pays",
    "table_urls",
    "table_view",
]
