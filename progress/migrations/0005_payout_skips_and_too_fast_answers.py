"""Payout-drill answers say whether they were skipped or too fast to count; drill answers keep their time."""


from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('progress', '0004_payout_mastery_assignments'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='attempt',
            name='seconds',
            field=models.DecimalField(blank=True, decimal_places=2, help_text="From the question being shown to the answer arriving, on the server's clock (the drill).", max_digits=8, null=True, verbose_name='seconds'),
        ),
        migrations.AddField(
            model_name='attempt',
            name='too_fast',
            field=models.BooleanField(default=False, help_text='Answered faster than a person can read the question and answer: not counted on its cell.', verbose_name='too fast'),
        ),
        migrations.AddField(
            model_name='payoutanswer',
            name='skipped',
            field=models.BooleanField(default=False, help_text='Shown and not answered (reloaded, left, a new question asked for): counted as wrong.', verbose_name='skipped'),
        ),
        migrations.AddField(
            model_name='payoutanswer',
            name='too_fast',
            field=models.BooleanField(default=False, help_text='Under the floor: faster than a person can read and type; it ended the run.', verbose_name='too fast'),
        ),
        migrations.AddConstraint(
            model_name='payoutanswer',
            constraint=models.CheckConstraint(condition=models.Q(('too_fast', False), ('fast', False), _connector='OR'), name='payout_answer_too_fast_never_counts'),
        ),
        migrations.AddConstraint(
            model_name='payoutanswer',
            constraint=models.CheckConstraint(condition=models.Q(('skipped', False), models.Q(('correct', False), ('fast', False), ('too_fast', False)), _connector='OR'), name='payout_answer_skipped_is_wrong'),
        ),
    ]
