"""What every app shares and nothing else owns: the base class of the errors a person is shown."""
