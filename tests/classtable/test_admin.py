"""The class tables in the admin: an instructor sees their own classes' sessions, read-only, no shoe."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from classtable import services
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from tests.classtable.helpers import bets
from tests.factories import ClassTableFactory, UserFactory

pytestmark = pytest.mark.django_db


def instructor(user):
    ensure_instructors_group()
    user.groups.add(Group.objects.get(name=INSTRUCTORS))
    return user


def test_an_instructor_sees_the_sessions_of_their_classes_only(client):
    mine = ClassTableFactory(learners=1, dealer=instructor(UserFactory(instructor=True)))
    theirs = ClassTableFactory(learners=1, dealer=instructor(UserFactory(instructor=True)))
    services.bets_confirm(user=mine.learners[0], table_id=mine.pk, round_number=1, bets=bets(player=10))
    services.bets_confirm(user=theirs.learners[0], table_id=theirs.pk, round_number=1, bets=bets(player=10))
    client.force_login(mine.dealer)
    listing = client.get(reverse("admin:classtable_classtable_changelist"))
    assert listing.status_code == 200
    assert mine.classroom.name in listing.text and theirs.classroom.name not in listing.text
    plays = client.get(reverse("admin:classtable_classplay_changelist"))
    assert mine.learners[0].username in plays.text and theirs.learners[0].username not in plays.text
    page = client.get(reverse("admin:classtable_classtable_change", args=[mine.pk]))
    assert page.status_code == 200 and mine.shoe_state[:20] not in page.text
    assert client.get(reverse("admin:classtable_classtable_change", args=[theirs.pk])).status_code == 302
    assert client.post(reverse("admin:classtable_classtable_delete", args=[mine.pk])).status_code == 403
