"""Each place (lessons, the drill, the payout drill) keeps its own waiting questions.

Payout-drill questions were kept as the drill's (``source`` "drill"); they move to their own place, so a
question a learner is answering when this runs is still found afterwards.
"""

from django.conf import settings
from django.db import migrations, models


def payout_questions_to_their_place(apps, schema_editor):
    IssuedQuestion = apps.get_model("lessons", "IssuedQuestion")
    IssuedQuestion.objects.filter(source="drill", question__kind__startswith="payout-").update(source="payout")


def payout_questions_back_to_the_drill(apps, schema_editor):
    IssuedQuestion = apps.get_model("lessons", "IssuedQuestion")
    IssuedQuestion.objects.filter(source="payout").update(source="drill")


class Migration(migrations.Migration):

    dependencies = [
        ('lessons', '0007_issued_questions'),
        ('progress', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='issuedquestion',
            name='issued_question_lesson_only_for_lessons',
        ),
        migrations.RemoveIndex(
            model_name='issuedquestion',
            name='issued_question_by_learner',
        ),
        migrations.AlterField(
            model_name='issuedquestion',
            name='source',
            field=models.CharField(choices=[('lesson', 'Lesson exercise'), ('drill', 'Drawing-table drill'), ('payout', 'Payout drill')], max_length=6, verbose_name='source'),
        ),
        migrations.RunPython(payout_questions_to_their_place, payout_questions_back_to_the_drill),
        migrations.AddIndex(
            model_name='issuedquestion',
            index=models.Index(fields=['user', 'source', 'created_at'], name='issued_question_by_place'),
        ),
        migrations.AddConstraint(
            model_name='issuedquestion',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('lesson__isnull', False), ('source', 'lesson')), models.Q(('lesson__isnull', True), ('source__in', ['drill', 'payout'])), _connector='OR'), name='issued_question_lesson_only_for_lessons'),
        ),
    ]
