"""The certificate: only for a passed, signed-off attempt; checked by anyone with its code; nothing more."""

from datetime import timedelta
from http import HTTPStatus

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from auditions import services
from auditions.models import AuditionAttempt
from tests.auditions.support import AuditionFactory, answer_all, start
from tests.test_get_writes_nothing import WRITE

pytestmark = pytest.mark.django_db


@pytest.fixture
def passed(learner, classroom):
    audition = AuditionFactory(
        classroom=classroom, title="Friday audition", preset="ez", written_weight=100, practical_weight=0
    )
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=5))
    answer_all(attempt, [True, True, True, True, False])  # 80 %
    return services.attempt_finish(user=learner, attempt=attempt)


def url(code):
    return reverse("auditions:certificate", args=[code])


def test_a_passed_attempt_has_no_certificate_until_it_is_signed_off(passed):
    assert passed.passed and passed.certificate_code is None


def test_anyone_with_the_code_sees_name_table_score_date_and_instructor_and_nothing_else(
    client, passed, instructor, learner
):
    signed = services.attempt_sign_off(actor=instructor, attempt=passed)
    response = client.get(url(signed.certificate_code))  # no log-in
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    for shown in ("Ada Lovelace", "EZ Baccarat", "80 %", "Rita Teacher"):
        assert shown in main
    assert timezone.localtime(signed.signed_off_at).strftime("%Y") in main
    for hidden in (
        learner.username,
        learner.email,
        "Dealer school",  # the class
        "Friday audition",
        f"attempt {signed.number}",
        "Log out",
    ):
        assert hidden not in body
    assert 'name="robots" content="noindex"' in body
    assert 'id="site-footer"' in body  # the honest footer, as on every page


def test_a_wrong_code_is_a_404(client, passed, instructor):
    signed = services.attempt_sign_off(actor=instructor, attempt=passed)
    for code in (
        "nope",
        signed.certificate_code[:-1] + "x",
        str(signed.pk),
        "x" * 65,
        signed.certificate_code.upper(),
    ):
        if code != signed.certificate_code:
            assert client.get(url(code)).status_code == HTTPStatus.NOT_FOUND


def test_the_code_is_random_and_not_the_attempt_id(passed, instructor, learner, classroom):
    signed = services.attempt_sign_off(actor=instructor, attempt=passed)
    assert signed.certificate_code != str(signed.pk) and len(signed.certificate_code) >= 32
    other = AuditionFactory(classroom=classroom, written_weight=100, practical_weight=0)
    second = start(learner, other, at=timezone.now() - timedelta(minutes=5))
    answer_all(second, [True] * 5)
    second = services.attempt_sign_off(
        actor=instructor, attempt=services.attempt_finish(user=learner, attempt=second)
    )
    assert second.certificate_code != signed.certificate_code


def test_a_certificate_whose_attempt_lost_its_pass_is_not_shown(client, passed, instructor):
    """A certificate is checked against the record each time: a row changed by hand shows nothing."""
    signed = services.attempt_sign_off(actor=instructor, attempt=passed)
    AuditionAttempt.objects.filter(pk=signed.pk).update(
        signed_off_at=None, passed=True, certificate_code=None
    )
    assert client.get(url(signed.certificate_code)).status_code == HTTPStatus.NOT_FOUND


def test_the_certificate_page_writes_nothing(client, passed, instructor):
    signed = services.attempt_sign_off(actor=instructor, attempt=passed)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url(signed.certificate_code)).status_code == HTTPStatus.OK
    assert [q["sql"] for q in captured if WRITE.match(q["sql"])] == []


def test_the_certificate_prints_without_the_sites_chrome(client, passed, instructor):
    signed = services.attempt_sign_off(actor=instructor, attempt=passed)
    body = client.get(url(signed.certificate_code)).content.decode()
    assert "css/certificate.css" in body
    css = (settings.BASE_DIR / "static" / "css" / "certificate.css").read_text()
    assert "@page" in css and "@media print" in css and ".site-header" in css
