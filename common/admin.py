"""The admin's list pages filter only by what they declare.

Django's admin accepts, in a list page's query string, a lookup on any field of
the model (``?shoe_state__regex=…``, ``?password__startswith=…``): the result
count then answers a yes/no question about a value the page never shows, one
question per request, until the value is read whole. ``DeclaredLookupsOnly``
accepts only the parameters of the admin's own ``list_filter`` (as each filter
names them: ``kind__exact``, ``class``, ``attempt_time__gte``…) and of its
``date_hierarchy``; every other lookup is refused, and Django answers a refused
lookup (``DisallowedModelAdminLookup``) with a 400. Search (``q``), ordering,
paging and the popup parameters are not lookups and stay as they are.

Every registered admin uses it: our own through ``accounts.scoping`` or directly,
Django's and django-axes' stock admins registered again with it
(``with_declared_lookups_only``); ``tests/test_admin_lookups.py`` walks the site.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin import FieldListFilter
from django.contrib.admin.utils import get_fields_from_path
from django.contrib.admin.widgets import url_params_from_lookup_dict
from django.db.models import Field

#: The query-string parameters of a date hierarchy, after its field's name.
DATE_HIERARCHY_PARTS = ("year", "month", "day")


class DeclaredLookupsOnly(admin.ModelAdmin):
    """A list page accepts the lookups of its declared filters and date hierarchy, and no other."""

    def lookup_allowed(self, lookup, value, request=None):
        if lookup in self.declared_lookups(request):
            return True
        # The fixed pairs of a ``limit_choices_to`` (a raw-id popup's own filter, e.g. is_staff=1):
        # the value is the declared one, so they answer no question about any row.
        return (lookup, value) in self._choice_limits()

    def declared_lookups(self, request) -> set[str]:
        """The query-string parameters the declared filters and the date hierarchy read."""
        lookups = set()
        list_filter = self.get_list_filter(request) if request is not None else self.list_filter
        for item in list_filter:
            lookups.update(self._filter_parameters(item, request))
        if self.date_hierarchy:
            lookups.update(f"{self.date_hierarchy}__{part}" for part in DATE_HIERARCHY_PARTS)
        return lookups

    def _filter_parameters(self, item, request) -> list[str]:
        """The parameters one ``list_filter`` entry reads, as the filter itself names them."""
        if callable(item):  # a list filter class of its own (a SimpleListFilter), as Django reads it
            spec = item(request, {}, self.model, self)
        else:
            field, filter_class = item if isinstance(item, (list, tuple)) else (item, FieldListFilter.create)
            field_path = None
            if not isinstance(field, Field):
                field_path = field
                field = get_fields_from_path(self.model, field_path)[-1]
            spec = filter_class(field, request, {}, self.model, self, field_path=field_path)
        return list(spec.expected_parameters())

    def _choice_limits(self) -> set[tuple[str, str]]:
        pairs: set[tuple[str, str]] = set()
        for limits in self.model._meta.related_fkey_lookups:
            pairs.update(url_params_from_lookup_dict(limits() if callable(limits) else limits).items())
        return pairs


def with_declared_lookups_only(model, site: admin.AdminSite = admin.site) -> None:
    """Register ``model`` again with its current admin class, limited by ``DeclaredLookupsOnly``.

    For the stock admins of other packages (django-axes'); a model not registered is left alone.
    """
    if not site.is_registered(model):
        return
    stock = type(site.get_model_admin(model))
    if issubclass(stock, DeclaredLookupsOnly):
        return
    site.unregister(model)
    site.register(model, type(stock.__name__, (DeclaredLookupsOnly, stock), {"__module__": __name__}))
