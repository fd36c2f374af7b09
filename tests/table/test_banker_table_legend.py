"""The Banker table's legend explains exactly the marks in its cells, in every language.

Issue 17: Indonesian marked a stand "B", the letter of Bankir on the same page, and German "S",
the letter of Spieler. Each mark must be named in the caption, and collide with no initial the
page gives a hand or a result (the bead plate's P, B and T, and the names' first letters).
"""

import html
import re

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

from baccarat import banker_draws
from table.presenters import banker_table_html
from tests.support import LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_legend_names_the_marks_the_cells_use_and_no_mark_collides_with_a_hand(language):
    with translation.override(language):
        markup = banker_table_html(None, None)
        names = [pgettext("hand", "Player"), pgettext("hand", "Banker"), gettext("Tie")]
    caption = html.unescape(re.search(r"<caption>(.*?)</caption>", markup, re.S).group(1))
    rows = re.findall(
        r"<tr[^>]*>\s*<th scope=\"row\">(\d)[^<]*(?:<span[^>]*>[^<]*</span>)?</th>(.*?)</tr>", markup, re.S
    )
    cells = {
        int(total): [html.unescape(cell) for cell in re.findall(r"<td[^>]*>([^<]*)</td>", row)]
        for total, row in rows
    }
    assert sorted(cells) == list(range(8))
    marks = {mark for row in cells.values() for mark in row}
    assert len(marks) == 2
    draw_mark = cells[0][0]  # Banker on 0 always draws
    stand_mark = cells[7][0]  # Banker on 7 always stands
    for total, row in cells.items():
        assert row == [draw_mark if banker_draws(total, third) else stand_mark for third in range(10)]

    legend = dict(re.findall(r"(\S) = ([^,;]+)", caption))
    assert set(legend) == {draw_mark, stand_mark}
    initials = {"P", "B", "T"} | {name[0].upper() for name in names}
    assert not {draw_mark.upper(), stand_mark.upper()} & initials, (language, legend)
