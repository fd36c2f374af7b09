"""Issue 26, item 20: every page ends with an honest word about gambling, in the reader's language.

The footer says that the chips are not money, that in the long run nearly everyone who gambles
loses, and where to get help (the site's helpline for the language, or the learner's class's own);
the Indonesian pages add that gambling is illegal in Indonesia. A school class reads that gambling
is for adults only; an adults-only class (a dealer school) does not.
"""

from http import HTTPStatus

import pytest
from django.contrib.auth.models import Permission
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.views import defaults

from accounts.models import Classroom
from lessons.services import lessons_load
from tests.factories import ClassroomFactory, MembershipFactory, SeatFactory, UserFactory
from tests.support import LANGUAGES, parse

CHIPS = "Teaching chips only: they have no money value and cannot be bought, cashed out or transferred."
LOSES = "In the long run nearly everyone who gambles loses: every bet carries a house edge."
ILLEGAL = (
    "Gambling is illegal in Indonesia. This is a course in probability and procedure, "
    "not an invitation to gamble."
)
ADULTS = (
    "Gambling is for adults only: this class studies the game's probability and procedure, not how to gamble."
)
HELP = (
    "If gambling harms you or someone close to you, free and confidential help is a call away: %(helpline)s."
)
NO_NUMBER = "If gambling harms you or someone close to you, talk to a doctor or a counsellor: help is there."
DEFAULT_HELPLINES = {"en": "0808 8020 133 (UK), 1-800-GAMBLER (US)", "de": "0800 1 37 27 00", "id": ""}


def said(code, text, **figures):
    """The sentence as the page prints it: {% translate %} text as it is, a variable escaped."""
    with translation.override(code):
        out = translation.gettext(text)
    return out % {name: escape(value) for name, value in figures.items()} if figures else out


def assert_footer(html, code, *, school=False, helpline=None):
    """The footer of one page in one language: every sentence it must carry, and none it must not."""
    assert 'id="site-footer"' in html
    footer = html[html.index('id="site-footer"') :]
    assert said(code, CHIPS) in footer
    assert said(code, LOSES) in footer
    assert (said(code, ILLEGAL) in footer) is (code == "id")
    assert (said(code, ADULTS) in footer) is school
    number = DEFAULT_HELPLINES[code] if helpline is None else helpline
    if number:
        assert said(code, HELP, helpline=number) in footer
    else:
        assert said(code, NO_NUMBER) in footer
    if code != "en":
        assert said(code, LOSES) != LOSES  # translated, not left in English


@pytest.fixture
def course(db):
    lessons_load()


def page(client, code, url, status=HTTPStatus.OK):
    client.cookies["language"] = code
    response = client.get(url)
    assert response.status_code == status, url
    html = response.content.decode()
    assert parse(html).find("html").attrs["lang"] == code
    return html


# Every page kind, in every language ------------------------------------------------------------------------


PUBLIC_PAGES = {
    "lesson": ("lessons:lesson", ["hands-and-results"]),
    "log-in": ("login", []),
    "sign-up": ("signup", []),
    "admin log-in": ("admin:login", []),
}
LEARNER_PAGES = {
    "lesson": ("lessons:lesson", ["house-edge"]),
    "table": ("table:play", []),
    "results": ("table:results", []),
    "Banker-table drill": ("drill:page", []),
    "payout drill": ("drill:payout", []),
    "password change": ("password_change", []),
    "home": ("home", []),
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(PUBLIC_PAGES))
def test_a_visitor_reads_the_footer_on_every_public_page_kind(client, course, code, kind):
    name, args = PUBLIC_PAGES[kind]
    assert_footer(page(client, code, reverse(name, args=args)), code)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(LEARNER_PAGES))
def test_a_learner_in_no_class_reads_the_footer_on_every_page_kind(client, course, code, kind):
    seat = SeatFactory()
    client.force_login(seat.user)
    name, args = LEARNER_PAGES[kind]
    assert_footer(page(client, code, reverse(name, args=args)), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_instructor_reads_the_footer_in_the_admin(client, db, code):
    instructor = UserFactory(is_staff=True)
    instructor.user_permissions.add(Permission.objects.get(codename="view_classroom"))
    client.force_login(instructor)
    assert_footer(page(client, code, reverse("admin:index")), code)
    assert_footer(page(client, code, reverse("admin:accounts_classroom_changelist")), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_not_found_page_carries_the_footer(client, db, code):
    assert_footer(page(client, code, "/no-such-page/", status=HTTPStatus.NOT_FOUND), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_bad_request_page_carries_the_footer(client, db, code):
    client.cookies["language"] = code
    # A NUL character in the query is refused with the app's 400 page (config.middleware).
    response = client.get(reverse("home") + "?q=%00")
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert_footer(response.content.decode(), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_csrf_failure_page_carries_the_footer(db, code):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.cookies["language"] = code
    response = client.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert_footer(response.content.decode(), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_server_error_page_carries_the_footer_without_a_request_context(db, code):
    request = RequestFactory().get("/")
    with translation.override(code):
        response = defaults.server_error(request)
    assert response.status_code == HTTPStatus.INTERNAL_SERVER_ERROR
    assert_footer(response.content.decode(), code)


# The class's audience and helpline -------------------------------------------------------------------------


def learner_in(*classes):
    user = UserFactory()
    for classroom in classes:
        MembershipFactory(user=user, classroom=classroom)
    return user


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_school_class_reads_that_gambling_is_for_adults_only(client, course, code):
    client.force_login(learner_in(ClassroomFactory(name="Year 11 maths")))
    assert_footer(page(client, code, reverse("lessons:lesson", args=["house-edge"])), code, school=True)


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_adults_only_class_reads_the_general_wording(client, course, code):
    dealers = ClassroomFactory(name="Dealer school", audience=Classroom.Audience.ADULTS)
    client.force_login(learner_in(dealers))
    assert_footer(page(client, code, reverse("lessons:lesson", args=["house-edge"])), code, school=False)


def test_in_a_school_class_and_an_adults_only_one_the_careful_wording_wins(client, course):
    dealers = ClassroomFactory(name="Dealer school", audience=Classroom.Audience.ADULTS)
    school = ClassroomFactory(name="Year 11 maths", audience=Classroom.Audience.SCHOOL)
    client.force_login(learner_in(dealers, school))
    assert_footer(page(client, "en", reverse("home")), "en", school=True)


def test_a_new_class_is_a_school_class_until_the_instructor_says_otherwise(db):
    assert ClassroomFactory(name="New").audience == Classroom.Audience.SCHOOL


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_class_helpline_replaces_the_sites_for_its_learners_only(client, course, code):
    line = "School counsellor, room 12, ext. 240"
    client.force_login(learner_in(ClassroomFactory(name="Year 11", helpline=line)))
    assert_footer(page(client, code, reverse("home")), code, school=True, helpline=line)
    client.logout()
    assert_footer(page(client, code, reverse("home")), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_self_hoster_sets_the_helpline_per_language(client, course, settings, code):
    settings.HELPLINES = {"en": "EN-LINE 123", "de": "DE-LINE 456", "id": "ID-LINE 789"}
    html = page(client, code, reverse("home"))
    assert_footer(html, code, helpline=settings.HELPLINES[code])
    assert all(line not in html for other, line in settings.HELPLINES.items() if other != code)


def test_the_default_helplines_are_the_ones_the_issue_names(settings):
    from config import settings as project

    assert project.HELPLINES["en"] == "0808 8020 133 (UK), 1-800-GAMBLER (US)"
    assert project.HELPLINES["de"] == "0800 1 37 27 00"
    assert project.HELPLINES["id"] == ""


def test_the_helpline_settings_are_documented_for_the_self_hoster():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for name in ("HELPLINE_EN", "HELPLINE_DE", "HELPLINE_ID"):
        assert f"{name}=" in (root / ".env.example").read_text()
        assert name in (root / "README.md").read_text()


def test_a_helpline_is_text_not_markup(client, course, settings):
    settings.HELPLINES = {"en": "<script>alert(1)</script>", "de": "", "id": ""}
    html = page(client, "en", reverse("home"))
    assert "alert(1)" not in [script.text for script in parse(html).find_all("script")]
    assert "&lt;script&gt;" in html


# The admin shows and sets who a class is for ---------------------------------------------------------------


def test_the_admin_shows_and_saves_a_classes_audience_and_helpline(client, db):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    classroom = ClassroomFactory(name="Dealer school")
    url = reverse("admin:accounts_classroom_change", args=[classroom.pk])
    form = client.get(url).content.decode()
    assert 'name="audience"' in form and 'name="helpline"' in form
    listing = client.get(reverse("admin:accounts_classroom_changelist")).content.decode()
    assert "a school class" in listing

    response = client.post(
        url,
        {
            "name": "Dealer school",
            "instructors": [],
            "audience": "adults",
            "helpline": "Counsellor 0800 000",
            "join_code_expires_at_0": "2030-01-01",
            "join_code_expires_at_1": "00:00:00",
            "starting_balance": "100.00",
            "memberships-TOTAL_FORMS": "0",
            "memberships-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:2000]
    classroom.refresh_from_db()
    assert (classroom.audience, classroom.helpline) == ("adults", "Counsellor 0800 000")
