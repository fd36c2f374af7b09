"""The classes, memberships, profiles and learners that lived in ``lessons``, moved as they are.

State only: the tables keep their names (``Meta.db_table``) and their rows; the
content types follow, so permissions and admin history stay attached.
"""

import accounts.models
import django.contrib.auth.models
import django.db.models.deletion
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models


MOVED = ['classroom', 'membership', 'profile', 'learner']


def rename_content_types(apps, schema_editor):
    """Keep the content types (and so permissions and admin history) of the moved models."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label="accounts", model=model).exists():
            ContentType.objects.filter(app_label="lessons", model=model).update(app_label="accounts")


def restore_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label="lessons", model=model).exists():
            ContentType.objects.filter(app_label="accounts", model=model).update(app_label="lessons")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('lessons', '0005_profile_language'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('auth', '0012_alter_user_first_name_max_length'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Learner',
                    fields=[
                    ],
                    options={
                        'verbose_name': 'learner',
                        'verbose_name_plural': 'learners',
                        'ordering': ['username'],
                        'proxy': True,
                        'indexes': [],
                        'constraints': [],
                    },
                    bases=('auth.user',),
                    managers=[
                        ('objects', django.contrib.auth.models.UserManager()),
                    ],
                ),
                migrations.CreateModel(
                    name='Classroom',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, verbose_name='name')),
                        ('join_code', models.CharField(default=accounts.models.new_join_code, max_length=8, unique=True, verbose_name='join code')),
                        ('join_code_expires_at', models.DateTimeField(default=accounts.models.join_code_expiry, verbose_name='join code expires at')),
                        ('starting_balance', models.DecimalField(decimal_places=2, default=Decimal('100.00'), max_digits=12, verbose_name='starting balance')),
                        ('allow_standard', models.BooleanField(default=True, verbose_name='Standard table allowed')),
                        ('allow_no_commission', models.BooleanField(default=True, verbose_name='No-commission table allowed')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                        ('instructors', models.ManyToManyField(blank=True, limit_choices_to={'is_staff': True}, related_name='taught_classes', to=settings.AUTH_USER_MODEL, verbose_name='instructors')),
                    ],
                    options={
                        'verbose_name': 'class',
                        'verbose_name_plural': 'classes',
                        'db_table': 'lessons_classroom',
                        'ordering': ['name'],
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('joined_at', models.DateTimeField(auto_now_add=True, verbose_name='joined at')),
                        ('classroom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='accounts.classroom', verbose_name='classroom')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                    ],
                    options={
                        'verbose_name': 'membership',
                        'verbose_name_plural': 'memberships',
                        'db_table': 'lessons_membership',
                        'ordering': ['joined_at'],
                    },
                ),
                migrations.CreateModel(
                    name='Profile',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('language', models.CharField(blank=True, choices=[('en', 'English'), ('de', 'Deutsch'), ('id', 'Bahasa Indonesia')], max_length=8, verbose_name='language')),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='profile', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'profile',
                        'verbose_name_plural': 'profiles',
                        'db_table': 'lessons_profile',
                    },
                ),
                migrations.AddConstraint(
                    model_name='classroom',
                    constraint=models.CheckConstraint(condition=models.Q(('starting_balance__gte', 1)), name='class_starting_balance_positive'),
                ),
                migrations.AddConstraint(
                    model_name='classroom',
                    constraint=models.CheckConstraint(condition=models.Q(('allow_standard', True), ('allow_no_commission', True), _connector='OR'), name='class_allows_a_table'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('user', 'classroom'), name='one_membership_per_class'),
                ),
            ],
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
