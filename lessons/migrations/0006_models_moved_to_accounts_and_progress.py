"""The models moved to ``accounts`` and ``progress``: removed from this app's state, tables untouched.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0001_initial'),
        ('progress', '0001_initial'),
        ('lessons', '0005_profile_language'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='attempt',
                    name='lesson',
                ),
                migrations.RemoveField(
                    model_name='attempt',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='classroom',
                    name='instructors',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='classroom',
                ),
                migrations.RemoveField(
                    model_name='drillcell',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='lessonprogress',
                    name='lesson',
                ),
                migrations.RemoveField(
                    model_name='lessonprogress',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='profile',
                    name='user',
                ),
                migrations.DeleteModel(
                    name='Learner',
                ),
                migrations.DeleteModel(
                    name='Attempt',
                ),
                migrations.DeleteModel(
                    name='Classroom',
                ),
                migrations.DeleteModel(
                    name='DrillCell',
                ),
                migrations.DeleteModel(
                    name='Lesson',
                ),
                migrations.DeleteModel(
                    name='LessonProgress',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='Profile',
                ),
            ],
        ),
    ]
