"""A class's tables become a list of preset keys instead of one boolean per preset.

Presets are declared once, in ``table.presets``; a class stores the keys it
allows (empty: every table), so a new preset needs no migration here. A class
that allowed both tables gets the empty list; one that allowed one table gets
that table's key. The keys are written out as they were when this ran.
"""

from django.db import migrations, models


def booleans_to_keys(apps, schema_editor):
    Classroom = apps.get_model("accounts", "Classroom")
    for classroom in Classroom.objects.all():
        keys = [
            key
            for key, allowed in (
                ("standard", classroom.allow_standard),
                ("no-commission", classroom.allow_no_commission),
            )
            if allowed
        ]
        classroom.presets = [] if len(keys) == 2 else keys
        classroom.save(update_fields=["presets"])


def keys_to_booleans(apps, schema_editor):
    Classroom = apps.get_model("accounts", "Classroom")
    for classroom in Classroom.objects.all():
        keys = classroom.presets or ["standard", "no-commission"]
        classroom.allow_standard = "standard" in keys
        classroom.allow_no_commission = "no-commission" in keys
        if not (classroom.allow_standard or classroom.allow_no_commission):
            classroom.allow_standard = classroom.allow_no_commission = True
        classroom.save(update_fields=["allow_standard", "allow_no_commission"])


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='classroom',
            name='presets',
            field=models.JSONField(blank=True, default=list, help_text='The practice tables this class may use; none ticked: every table.', verbose_name='tables'),
        ),
        migrations.RunPython(booleans_to_keys, keys_to_booleans),
        migrations.RemoveConstraint(
            model_name='classroom',
            name='class_allows_a_table',
        ),
        migrations.RemoveField(
            model_name='classroom',
            name='allow_no_commission',
        ),
        migrations.RemoveField(
            model_name='classroom',
            name='allow_standard',
        ),
    ]
