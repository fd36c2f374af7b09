"""The lessons, lesson progress, attempts and drill cells that lived in ``lessons``, moved as they are.

State only: the tables keep their names (``Meta.db_table``) and their rows; the
content types follow, so permissions and admin history stay attached.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MOVED = ['lesson', 'lessonprogress', 'attempt', 'drillcell']


def rename_content_types(apps, schema_editor):
    """Keep the content types (and so permissions and admin history) of the moved models."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label="progress", model=model).exists():
            ContentType.objects.filter(app_label="lessons", model=model).update(app_label="progress")


def restore_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label="lessons", model=model).exists():
            ContentType.objects.filter(app_label="progress", model=model).update(app_label="lessons")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('lessons', '0005_profile_language'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Lesson',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('slug', models.SlugField(max_length=60, unique=True, verbose_name='slug')),
                        ('number', models.PositiveSmallIntegerField(unique=True, verbose_name='number')),
                        ('title', models.CharField(max_length=120, verbose_name='title')),
                    ],
                    options={
                        'verbose_name': 'lesson',
                        'verbose_name_plural': 'lessons',
                        'db_table': 'lessons_lesson',
                        'ordering': ['number'],
                    },
                ),
                migrations.CreateModel(
                    name='DrillCell',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('banker_total', models.PositiveSmallIntegerField(verbose_name='banker total')),
                        ('third', models.CharField(choices=[('0', '0'), ('1', '1'), ('2', '2'), ('3', '3'), ('4', '4'), ('5', '5'), ('6', '6'), ('7', '7'), ('8', '8'), ('9', '9'), ('stood', 'stood')], help_text="Player's third card value, or 'stood' when Player did not draw.", max_length=5, verbose_name='third')),
                        ('attempts', models.PositiveIntegerField(default=0, verbose_name='attempts')),
                        ('correct', models.PositiveIntegerField(default=0, verbose_name='correct')),
                        ('streak', models.PositiveIntegerField(default=0, help_text='Correct answers in a row, up to now.', verbose_name='streak')),
                        ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated at')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='drill_cells', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                    ],
                    options={
                        'verbose_name': 'drill cell',
                        'verbose_name_plural': 'drill cells',
                        'db_table': 'lessons_drillcell',
                        'constraints': [models.UniqueConstraint(fields=('user', 'banker_total', 'third'), name='one_drill_cell_per_learner'), models.CheckConstraint(condition=models.Q(('banker_total__lte', 7)), name='drill_cell_banker_total_0_to_7'), models.CheckConstraint(condition=models.Q(('correct__lte', models.F('attempts'))), name='drill_cell_correct_le_attempts')],
                    },
                ),
                migrations.CreateModel(
                    name='Attempt',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('source', models.CharField(choices=[('lesson', 'Lesson exercise'), ('drill', 'Drawing-table drill')], max_length=6, verbose_name='source')),
                        ('kind', models.CharField(max_length=20, verbose_name='kind')),
                        ('nonce', models.CharField(help_text="The question's one-time id: a replayed answer is refused.", max_length=32, verbose_name='nonce')),
                        ('question', models.JSONField(verbose_name='question')),
                        ('answer', models.CharField(max_length=200, verbose_name='answer')),
                        ('correct', models.BooleanField(verbose_name='correct')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                        ('lesson', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='progress.lesson', verbose_name='lesson')),
                    ],
                    options={
                        'verbose_name': 'attempt',
                        'verbose_name_plural': 'attempts',
                        'db_table': 'lessons_attempt',
                        'ordering': ['id'],
                        'constraints': [models.UniqueConstraint(fields=('user', 'nonce'), name='one_answer_per_question')],
                    },
                ),
                migrations.CreateModel(
                    name='LessonProgress',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('started_at', models.DateTimeField(auto_now_add=True, verbose_name='started at')),
                        ('completed_at', models.DateTimeField(blank=True, null=True, verbose_name='completed at')),
                        ('attempts', models.PositiveIntegerField(default=0, verbose_name='attempts')),
                        ('correct', models.PositiveIntegerField(default=0, verbose_name='correct')),
                        ('seconds_spent', models.PositiveIntegerField(default=0, verbose_name='seconds spent')),
                        ('last_visited', models.DateTimeField(blank=True, null=True, verbose_name='last visited')),
                        ('lesson', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='progress', to='progress.lesson', verbose_name='lesson')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lesson_progress', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                    ],
                    options={
                        'verbose_name': 'lesson progress',
                        'verbose_name_plural': 'lesson progress',
                        'db_table': 'lessons_lessonprogress',
                        'constraints': [models.UniqueConstraint(fields=('user', 'lesson'), name='one_progress_per_learner_and_lesson'), models.CheckConstraint(condition=models.Q(('correct__lte', models.F('attempts'))), name='progress_correct_le_attempts')],
                    },
                ),
            ],
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
