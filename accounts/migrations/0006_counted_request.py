# The table of reset-e-mail requests counts sign-ups and class joins too (one limiter, three kinds).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0005_reset_email_request'),
    ]

    operations = [
        migrations.RemoveIndex(model_name='resetemailrequest', name='reset_email_address'),
        migrations.RemoveIndex(model_name='resetemailrequest', name='reset_email_client'),
        migrations.RenameModel(old_name='ResetEmailRequest', new_name='CountedRequest'),
        migrations.AlterModelOptions(
            name='countedrequest',
            options={
                'ordering': ['requested_at'],
                'verbose_name': 'counted request',
                'verbose_name_plural': 'counted requests',
            },
        ),
        migrations.AddField(
            model_name='countedrequest',
            name='kind',
            field=models.CharField(
                choices=[('reset-email', 'reset e-mail'), ('signup', 'sign-up'), ('join', 'class join')],
                default='reset-email',
                editable=False,
                max_length=16,
                verbose_name='kind',
            ),
        ),
        migrations.AlterField(
            model_name='countedrequest',
            name='address_digest',
            field=models.CharField(blank=True, editable=False, max_length=64, verbose_name='address digest'),
        ),
        migrations.AddIndex(
            model_name='countedrequest',
            index=models.Index(fields=['kind', 'address_digest', 'requested_at'], name='counted_request_address'),
        ),
        migrations.AddIndex(
            model_name='countedrequest',
            index=models.Index(fields=['kind', 'client', 'requested_at'], name='counted_request_client'),
        ),
    ]
