"""Issued questions: an exercise or drill question waits here, with its right answer, until answered.

The page carries only the nonce (``lessons.questions``); the first real table of ``lessons`` since its
models moved to ``accounts`` and ``progress`` (0006).
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('lessons', '0006_models_moved_to_accounts_and_progress'),
        ('progress', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='IssuedQuestion',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('nonce', models.CharField(help_text="The question's one-time id: the only thing the page carries.", max_length=32, unique=True, verbose_name='nonce')),
                ('source', models.CharField(choices=[('lesson', 'Lesson exercise'), ('drill', 'Drawing-table drill')], max_length=6, verbose_name='source')),
                ('question', models.JSONField(help_text='What was asked, with its right answer.', verbose_name='question')),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='created at')),
                ('lesson', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='issued_questions', to='progress.lesson', verbose_name='lesson')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='issued_questions', to=settings.AUTH_USER_MODEL, verbose_name='user')),
            ],
            options={
                'verbose_name': 'issued question',
                'verbose_name_plural': 'issued questions',
                'ordering': ['id'],
                'indexes': [models.Index(fields=['user', 'created_at'], name='issued_question_by_learner'), models.Index(fields=['created_at'], name='issued_question_by_age')],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('lesson__isnull', False), ('source', 'lesson')), models.Q(('lesson__isnull', True), ('source', 'drill')), _connector='OR'), name='issued_question_lesson_only_for_lessons')],
            },
        ),
    ]
