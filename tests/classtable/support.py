"""Helpers of the class table's view tests: a class with its instructor and learners, a table open."""

from __future__ import annotations

import re
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


def control_state(client, room) -> str:
    return client.get(room.url("control")).content.decode()


def next_action(html: str) -> tuple[str, dict] | None:
    """The control page's one dealing button: (the URL name, its form's fields), or ``None``."""
    round_number = re.search(r'name="round" value="(\d+)"', html)
    if 'id="ct-go-on"' in html:
        question = re.search(r'name="question" value="(\w+)"', html).group(1)
        return "go-on", {"round": round_number.group(1), "question": question}
    if 'id="ct-deal"' in html:
        card = re.search(r'name="card" value="(\d+)"', html).group(1)
        return "deal", {"round": round_number.group(1), "card": card}
    return None


def deal_to_the_end(teacher, room, *, callers=(), answer="draws", headers=None) -> int:
    """Deal the round to its end; at each open decision the ``callers`` call first. Returns the posts."""
    for posts in range(12):
        html = control_state(teacher, room)
        action = next_action(html)
        if action is None:
            return posts
        name, fields = action
        if name == "go-on":
            for caller in callers:
                caller.post(
                    room.url("call"),
                    {"round": fields["round"], "question": fields["question"], "answer": answer},
                    headers=headers or {},
                )
        response = teacher.post(room.url(name), fields, headers=headers or {})
        assert response.status_code in (200, 302), response.content[:500]
    raise AssertionError("the round did not end: " + re.sub(r"\s+", " ", html)[:300])
