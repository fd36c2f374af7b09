"""Helpers of the class table's view tests: a class with its instructor and learners, a table open."""

from __future__ import annotations

from dataclasses import dataclass

from django.test import Client
from django.urls import reverse

from classtable.models import ClassTable
from classtable.services import class_table_open
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

HX = {"HX-Request": "true"}


@dataclass
class Room:
    instructor: object
    learners: list
    table: ClassTable

    def url(self, name: str, **query) -> str:
        path = reverse(f"classtable:{name}", args=[self.table.pk])
        return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def open_room(*, learners: int = 2, calls_draws: bool = True) -> Room:
    instructor = UserFactory(instructor=True)
    classroom = ClassroomFactory(instructors=[instructor])
    members = [UserFactory() for _ in range(learners)]
    for member in members:
        MembershipFactory(user=member, classroom=classroom)
    table = class_table_open(
        user=instructor, classroom_id=classroom.pk, preset="standard", calls_draws=calls_draws
    )
    return Room(instructor=instructor, learners=members, table=table)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client
