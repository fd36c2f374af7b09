from django.urls import path

from auditions import views

app_name = "auditions"
urlpatterns = [
    path("", views.audition_list, name="list"),
    path("<int:audition_id>/", views.audition_detail, name="detail"),
    path("<int:audition_id>/start/", views.attempt_start, name="start"),
    path("<int:audition_id>/attempt/<int:number>/", views.attempt_page, name="attempt"),
    path("<int:audition_id>/attempt/<int:number>/answer/", views.attempt_answer, name="answer"),
    path("<int:audition_id>/attempt/<int:number>/practical/", views.attempt_practical, name="practical"),
    path("<int:audition_id>/attempt/<int:number>/finish/", views.attempt_finish, name="finish"),
    path("certificate/<str:code>/", views.certificate, name="certificate"),
]
