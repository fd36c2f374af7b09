"""The instructor's admin: set up an audition for an own class (weights that sum to 100), and sign off."""

from datetime import timedelta
from http import HTTPStatus

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from auditions import errors, services
from auditions.errors import AuditionError
from auditions.models import Audition, AuditionAttempt
from instructors.roles import INSTRUCTORS
from tests.auditions.support import AuditionFactory, answer_all, start
from tests.factories import ClassroomFactory, UserFactory

pytestmark = pytest.mark.django_db

ADD = reverse("admin:auditions_audition_add")


def form(classroom, **changes):
    data = {
        "classroom": classroom.pk,
        "title": "Final audition",
        "preset": "standard",
        "seats": 5,
        "rounds": 10,
        "questions": 10,
        "time_limit": 30,
        "pass_mark": 80,
        "written_weight": 30,
        "practical_weight": 70,
        "is_open": "on",
    }
    return data | changes


def other_instructor():
    teacher = UserFactory(instructor=True, username="teacher-b")
    teacher.groups.add(Group.objects.get(name=INSTRUCTORS))
    return teacher


def test_an_instructor_sets_up_an_audition_for_their_class(staff_client, classroom, instructor):
    response = staff_client.post(ADD, form(classroom))
    assert response.status_code == HTTPStatus.FOUND
    audition = Audition.objects.get()
    assert (audition.classroom, audition.created_by, audition.pass_mark) == (classroom, instructor, 80)
    assert (audition.written_weight, audition.practical_weight, audition.is_open) == (30, 70, True)


def test_the_defaults_are_the_schools_80_and_30_70(staff_client, classroom):
    page = staff_client.get(ADD)
    fields = page.context["adminform"].form.fields
    assert (
        fields["pass_mark"].initial,
        fields["written_weight"].initial,
        fields["practical_weight"].initial,
    ) == (
        80,
        30,
        70,
    )


@pytest.mark.parametrize(("written", "practical"), [(30, 60), (50, 60), (0, 0), (101, 0)])
def test_weights_that_do_not_sum_to_100_are_refused(staff_client, classroom, written, practical):
    response = staff_client.post(ADD, form(classroom, written_weight=written, practical_weight=practical))
    assert response.status_code == HTTPStatus.OK  # the form again, with the reason
    assert not Audition.objects.exists()
    if written <= 100:
        assert "must add up to 100" in response.content.decode()


def test_other_weights_that_sum_to_100_are_kept(staff_client, classroom):
    staff_client.post(ADD, form(classroom, written_weight=100, practical_weight=0, pass_mark=75))
    assert Audition.objects.values_list("written_weight", "practical_weight", "pass_mark").get() == (
        100,
        0,
        75,
    )


@pytest.mark.parametrize(
    ("field", "value"), [("seats", 2), ("seats", 8), ("pass_mark", 0), ("pass_mark", 101)]
)
def test_out_of_range_settings_are_refused(staff_client, classroom, field, value):
    staff_client.post(ADD, form(classroom, **{field: value}))
    assert not Audition.objects.exists()


def test_another_instructors_class_cannot_be_chosen_nor_its_auditions_seen(staff_client, classroom):
    theirs = ClassroomFactory(name="Their class", instructors=[other_instructor()])
    response = staff_client.post(ADD, form(theirs))
    assert response.status_code == HTTPStatus.OK and not Audition.objects.exists()
    foreign = AuditionFactory(classroom=theirs)
    change = reverse("admin:auditions_audition_change", args=[foreign.pk])
    assert staff_client.get(change).status_code in (HTTPStatus.FOUND, HTTPStatus.NOT_FOUND)
    listing = staff_client.get(reverse("admin:auditions_audition_changelist"))
    assert foreign.title not in listing.content.decode()


# --- Sign-off ---------------------------------------------------------------------------------


def passed_attempt(learner, audition):
    audition.written_weight, audition.practical_weight = 100, 0
    audition.save()
    attempt = start(learner, audition)
    end = answer_all(attempt, [True] * audition.questions)
    return services.attempt_finish(user=learner, attempt=attempt, now=end)


def failed_attempt(learner, audition):
    attempt = start(learner, audition)
    return services.attempt_finish(user=learner, attempt=attempt)


def sign_url(attempt):
    return reverse("admin:auditions_auditionattempt_sign_off", args=[attempt.pk])


def test_the_classs_instructor_signs_a_passed_attempt_off_with_the_button(
    staff_client, learner, audition, instructor
):
    attempt = passed_attempt(learner, audition)
    page = staff_client.get(reverse("admin:auditions_auditionattempt_change", args=[attempt.pk]))
    assert page.status_code == HTTPStatus.OK and sign_url(attempt) in page.content.decode()

    response = staff_client.post(sign_url(attempt))
    assert response.status_code == HTTPStatus.FOUND
    attempt.refresh_from_db()
    assert attempt.signed_off_by == instructor and attempt.signed_off_at is not None
    assert attempt.certificate_code and len(attempt.certificate_code) >= 32
    assert attempt.certificate_code != str(attempt.pk)


def test_the_action_signs_off_the_passed_and_refuses_the_failed(staff_client, learner, audition, classroom):
    passed = passed_attempt(learner, audition)
    other = UserFactory(username="bob")
    classroom.memberships.create(user=other)
    failed = failed_attempt(other, audition)
    changelist = reverse("admin:auditions_auditionattempt_changelist")
    response = staff_client.post(
        changelist, {"action": "sign_off", "_selected_action": [passed.pk, failed.pk]}, follow=True
    )
    assert response.status_code == HTTPStatus.OK
    passed.refresh_from_db()
    failed.refresh_from_db()
    assert passed.signed_off_at is not None and failed.signed_off_at is None
    assert escape(str(errors.NOT_PASSED)) in response.content.decode()


def test_a_failed_attempt_cannot_be_signed_off(staff_client, learner, audition):
    attempt = failed_attempt(learner, audition)
    page = staff_client.get(reverse("admin:auditions_auditionattempt_change", args=[attempt.pk]))
    assert sign_url(attempt) not in page.content.decode()
    response = staff_client.post(sign_url(attempt))
    assert response.status_code == HTTPStatus.CONFLICT
    assert escape(str(errors.NOT_PASSED)) in response.content.decode()
    attempt.refresh_from_db()
    assert attempt.signed_off_at is None and attempt.certificate_code is None


def test_a_running_attempt_cannot_be_signed_off(instructor, learner, audition):
    attempt = start(learner, audition)
    with pytest.raises(AuditionError) as refused:
        services.attempt_sign_off(actor=instructor, attempt=attempt)
    assert refused.value.status == HTTPStatus.CONFLICT and refused.value.message == str(errors.NOT_ENDED)


def test_a_passed_attempt_whose_time_ran_out_is_closed_and_signed(instructor, learner, classroom):
    audition = AuditionFactory(classroom=classroom, written_weight=100, practical_weight=0, time_limit=5)
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=10))
    answer_all(attempt, [True] * audition.questions)
    signed = services.attempt_sign_off(actor=instructor, attempt=attempt)
    assert signed.finished_at == signed.deadline and signed.passed and signed.certificate_code


def test_only_an_instructor_of_the_class_signs_off(client, learner, audition):
    attempt = passed_attempt(learner, audition)
    teacher = other_instructor()
    ClassroomFactory(name="Their class", instructors=[teacher])
    client.force_login(teacher)
    assert client.post(sign_url(attempt)).status_code == HTTPStatus.NOT_FOUND  # not in their classes
    superuser = UserFactory(is_staff=True, is_superuser=True, username="root")
    client.force_login(superuser)
    response = client.post(sign_url(attempt))
    assert response.status_code == HTTPStatus.FORBIDDEN  # sees every class, teaches none of them
    assert escape(str(errors.NOT_INSTRUCTOR)) in response.content.decode()
    assert AuditionAttempt.objects.get().signed_off_at is None


def test_an_attempt_is_signed_off_once(staff_client, learner, audition, instructor):
    attempt = passed_attempt(learner, audition)
    staff_client.post(sign_url(attempt))
    code = AuditionAttempt.objects.get().certificate_code
    assert staff_client.post(sign_url(attempt)).status_code == HTTPStatus.CONFLICT
    assert AuditionAttempt.objects.get().certificate_code == code


def test_a_get_of_the_sign_off_url_signs_nothing(staff_client, learner, audition):
    attempt = passed_attempt(learner, audition)
    assert staff_client.get(sign_url(attempt)).status_code == HTTPStatus.METHOD_NOT_ALLOWED
    assert AuditionAttempt.objects.get().signed_off_at is None


def test_attempts_are_records_nobody_edits_or_deletes(staff_client, learner, audition):
    attempt = passed_attempt(learner, audition)
    change = reverse("admin:auditions_auditionattempt_change", args=[attempt.pk])
    staff_client.post(change, {"score": "100"})
    delete = reverse("admin:auditions_auditionattempt_delete", args=[attempt.pk])
    assert staff_client.post(delete, {"post": "yes"}).status_code == HTTPStatus.FORBIDDEN
    assert AuditionAttempt.objects.get().score == attempt.score
