from django.urls import path

from lessons import views

app_name = "lessons"

urlpatterns = [
    path("<slug:slug>/", views.lesson, name="lesson"),
    path("<slug:slug>/visit/", views.visit, name="lesson-visit"),
    path("<slug:slug>/exercise/", views.exercise_show, name="exercise-show"),
    path("<slug:slug>/answer/", views.exercise_answer, name="exercise-answer"),
    path("<slug:slug>/examples/<slug:key>/open/", views.example_open, name="example-open"),
    path("<slug:slug>/examples/<slug:key>/confirm/", views.example_confirm, name="example-confirm"),
    path("<slug:slug>/examples/<slug:key>/draft/", views.example_draft, name="example-draft"),
    path("<slug:slug>/examples/<slug:key>/deal/", views.example_deal, name="example-deal"),
    path("<slug:slug>/examples/<slug:key>/restart/", views.example_restart, name="example-restart"),
]
