"""The rules engine is pure Python: it never imports Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "baccarat"
ENGINE_FILES = sorted(ENGINE.rglob("*.py"))
MODULES = ["baccarat"] + [
    "baccarat." + ".".join(path.relative_to(ENGINE).with_suffix("").parts)
    for path in ENGINE_FILES
    if path.name != "__init__.py"
]


def test_the_engine_package_has_its_modules():
    names = {path.name for path in ENGINE_FILES}
    assert {"__init__.py", "cards.py", "rules.py", "coup.py", "payouts.py", "shoe.py", "errors.py"} <= names


def test_importing_the_engine_does_not_load_django():
    """One fresh interpreter imports every engine module, each alone, and finds no Django loaded."""
    code = (
        "import importlib, sys\n"
        f"for module in {MODULES!r}:\n"
        "    importlib.import_module(module)\n"
        "    loaded = sorted(n for n in sys.modules if n == 'django' or n.startswith('django.'))\n"
        "    assert not loaded, (module, loaded)\n"
        "print('ok')\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "", "PYTHONPATH": str(ROOT)},
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "ok"


def test_the_subprocess_check_would_notice_django():
    """Guard: the same check reports a module that does import Django."""
    code = "import sys, django\nassert 'django' not in sys.modules\n"
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.returncode != 0


def _imported_modules(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in (
            "import_module",
            "__import__",
        ):
            names.extend(
                arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return names


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda path: path.name)
def test_no_engine_file_imports_django(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    offenders = [name for name in _imported_modules(tree) if name.split(".")[0] == "django"]
    assert offenders == []


def test_the_ast_check_would_notice_a_django_import():
    """Guard: the AST walker finds every spelling of a Django import."""
    source = (
        "import django\n"
        "from django.db import models\n"
        "import importlib\n"
        "importlib.import_module('django.conf')\n"
    )
    found = _imported_modules(ast.parse(source))
    assert [name for name in found if name.split(".")[0] == "django"] == [
        "django",
        "django.db",
        "django.conf",
    ]
