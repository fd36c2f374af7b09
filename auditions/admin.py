"""The instructor's side of the audition: set one up for a class, look at the attempts, sign them off.

Every queryset is scoped to the instructor's own classes (``accounts.scoping``): another
instructor's audition or attempt is a 404 here. Attempts are records: nobody edits or deletes
them; the only write is the sign-off (an action on the list, or the button on an attempt's page),
which the service allows only to an instructor of the class, and only for a passed, ended attempt.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import scoping
from accounts.models import Classroom
from accounts.scoping import own_class_filter
from auditions import selectors, services
from auditions.errors import AuditionError
from auditions.models import Audition, AuditionAttempt, AuditionQuestion
from common.admin import DeclaredLookupsOnly

REFUSED_TEMPLATE = "admin/auditions/auditionattempt/refused.html"
WEIGHTS_SUM = gettext_lazy("The written and the practical parts must add up to 100 %% (now %(sum)s %%).")


class AuditionForm(forms.ModelForm):
    class Meta:
        model = Audition
        fields = [
            "classroom",
            "title",
            "preset",
            "seats",
            "rounds",
            "questions",
            "time_limit",
            "pass_mark",
            "written_weight",
            "practical_weight",
            "is_open",
        ]

    def clean(self):
        cleaned = super().clean()
        written, practical = cleaned.get("written_weight"), cleaned.get("practical_weight")
        if written is not None and practical is not None and written + practical != 100:
            raise forms.ValidationError(WEIGHTS_SUM, code="weights", params={"sum": written + practical})
        return cleaned


def _own_classes(request):
    return scoping.classes_for(request.user, Classroom.objects.all())


@admin.register(Audition)
class AuditionAdmin(DeclaredLookupsOnly):
    form = AuditionForm
    list_display = [
        "title",
        "classroom",
        "preset",
        "rounds",
        "questions",
        "time_limit",
        "pass_mark",
        "weights",
        "is_open",
        "attempts_link",
    ]
    list_filter = [own_class_filter("classroom"), "is_open"]
    list_select_related = ["classroom"]
    search_fields = ["title"]
    actions = ["open_auditions", "close_auditions"]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(classroom__in=_own_classes(request))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "classroom":
            kwargs["queryset"] = _own_classes(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    @admin.display(description=gettext_lazy("written / practical"))
    def weights(self, obj):
        return f"{obj.written_weight} / {obj.practical_weight}"

    @admin.display(description=gettext_lazy("attempts"))
    def attempts_link(self, obj):
        url = reverse("admin:auditions_auditionattempt_changelist")
        return format_html('<a href="{}?audition={}">{}</a>', url, obj.pk, _("Attempts"))

    def _set_open(self, request, queryset, is_open: bool) -> int:
        return queryset.update(is_open=is_open)  # already scoped to the instructor's classes

    @admin.action(description=gettext_lazy("Open the selected auditions"), permissions=["change"])
    def open_auditions(self, request, queryset):
        count = self._set_open(request, queryset, True)
        self.message_user(
            request,
            ngettext("Opened %(count)d audition.", "Opened %(count)d auditions.", count) % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(description=gettext_lazy("Close the selected auditions"), permissions=["change"])
    def close_auditions(self, request, queryset):
        count = self._set_open(request, queryset, False)
        self.message_user(
            request,
            ngettext("Closed %(count)d audition.", "Closed %(count)d auditions.", count) % {"count": count},
            messages.SUCCESS,
        )


class AuditionFilter(admin.SimpleListFilter):
    """Attempts at one audition, offering only the instructor's own auditions."""

    title = gettext_lazy("audition")
    parameter_name = "audition"

    def lookups(self, request, model_admin):
        own = Audition.objects.filter(classroom__in=_own_classes(request))
        return [(str(audition.pk), str(audition)) for audition in own]

    def queryset(self, request, queryset):
        value = self.value()
        if not value:
            return queryset
        return queryset.filter(audition_id=int(value) if value.isdigit() else 0)


class QuestionInline(admin.TabularInline):
    model = AuditionQuestion
    extra = 0
    can_delete = False
    fields = [
        "position",
        "source",
        "kind",
        "prompt",
        "given",
        "correct",
        "too_fast",
        "seconds",
        "answered_at",
    ]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("question"))
    def prompt(self, obj):
        return obj.question.get("prompt") or obj.question.get("kind", "")

    @admin.display(description=gettext_lazy("answer"))
    def given(self, obj):
        if obj.answer is None:
            return "—"
        if isinstance(obj.answer, dict):
            return ", ".join(f"{name}: {value}" for name, value in obj.answer.items())
        return str(obj.answer)


@admin.register(AuditionAttempt)
class AuditionAttemptAdmin(DeclaredLookupsOnly):
    """Attempts at the instructor's classes' auditions: records to read, and to sign off."""

    change_form_template = "admin/auditions/auditionattempt/change_form.html"
    list_display = ["user", "audition", "number", "started_at", "state", "signed_off_by", "signed_off_at"]
    list_filter = [own_class_filter("audition__classroom"), AuditionFilter, "passed"]
    list_select_related = ["user", "audition", "signed_off_by"]
    search_fields = ["user__username"]
    ordering = ["-started_at", "-id"]
    fields = [
        "user",
        "audition",
        "number",
        "started_at",
        "deadline",
        "finished_at",
        "state",
        "preset",
        "seats",
        "rounds",
        "questions",
        "time_limit",
        "pass_mark",
        "written_weight",
        "practical_weight",
        "dealer_session",
        "signed_off_by",
        "signed_off_at",
    ]
    readonly_fields = fields
    inlines = [QuestionInline]
    actions = ["sign_off"]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(audition__classroom__in=_own_classes(request))

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_sign_off_permission(self, request, obj=None):
        return bool(request.user.is_staff and self.has_view_permission(request, obj))

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.display(description=gettext_lazy("result"))
    def state(self, obj):
        result = selectors.result_of_attempt(obj)
        if selectors.is_running(obj):
            return _("running · %(score)s %% so far") % {"score": result.score_text}
        if result.passed:
            return _("passed · %(score)s %%") % {"score": result.score_text}
        return _("not passed · %(score)s %%") % {"score": result.score_text}

    def _sign(self, request, attempt) -> bool:
        try:
            services.attempt_sign_off(actor=request.user, attempt=attempt)
        except AuditionError as refused:
            self.message_user(request, f"{attempt}: {refused.message}", messages.ERROR)
            return False
        return True

    @admin.action(description=gettext_lazy("Sign off the selected attempts"), permissions=["sign_off"])
    def sign_off(self, request, queryset):
        signed = sum(self._sign(request, attempt) for attempt in queryset)  # already scoped
        if signed:
            self.message_user(
                request,
                ngettext("Signed off %(count)d attempt.", "Signed off %(count)d attempts.", signed)
                % {"count": signed},
                messages.SUCCESS,
            )

    def get_urls(self):
        own = [
            path(
                "<int:object_id>/sign-off/",
                self.admin_site.admin_view(self.sign_off_view),
                name="auditions_auditionattempt_sign_off",
            )
        ]
        return own + super().get_urls()

    def sign_off_view(self, request, object_id):
        """The button on an attempt's page (a POST; another instructor's attempt is a 404)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_sign_off_permission(request):
            raise PermissionDenied
        attempt = get_object_or_404(self.get_queryset(request), pk=object_id)
        try:
            services.attempt_sign_off(actor=request.user, attempt=attempt)
        except AuditionError as refused:
            context = {
                **self.admin_site.each_context(request),
                "title": _("Not signed off"),
                "opts": self.model._meta,
                "attempt": attempt,
                "reason": refused.message,
                "back_url": reverse("admin:auditions_auditionattempt_change", args=[attempt.pk]),
            }
            return TemplateResponse(request, REFUSED_TEMPLATE, context, status=refused.status)
        self.message_user(request, _("Signed off: the learner's certificate is ready."), messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:auditions_auditionattempt_change", args=[attempt.pk]))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        found = self.get_queryset(request).filter(pk=object_id).first() if str(object_id).isdigit() else None
        if found is None:
            raise Http404(_("There is no such attempt in your classes."))
        context = {
            "can_sign_off": found.signed_off_at is None
            and not selectors.is_running(found)
            and selectors.result_of_attempt(found).passed
            and services.teaches(request.user, found),
            "sign_off_url": reverse("admin:auditions_auditionattempt_sign_off", args=[found.pk]),
            **(extra_context or {}),
        }
        return super().change_view(request, object_id, form_url, context)
