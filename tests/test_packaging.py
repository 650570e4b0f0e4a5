"""The installed distribution (DESIGN.md §1): one top-level package, ``memtrust``, holding the
folders ``app/``, ``store/``, ``screens/`` and ``assets/`` with every file they carry.

The wheel is built from a copy of the sources with pip and the pinned setuptools, without
build isolation, so no package index is needed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("app", "store", "screens", "assets")


def _source_files() -> set[str]:
    """Every file of the four folders, as the wheel must name it (``memtrust/<folder>/…``)."""
    return {
        f"memtrust/{path.relative_to(ROOT).as_posix()}"
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel of memtrust built from a copy of the repository's sources."""
    base = tmp_path_factory.mktemp("packaging")
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index"),
            *("-w", str(base / "dist"), str(source)),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    [built] = (base / "dist").glob("memtrust-*.whl")
    return built


def test_the_wheel_claims_one_top_level_name_memtrust(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    [dist_info] = [top for top in tops if top.endswith(".dist-info")]
    assert tops - {dist_info} == {"memtrust"}
    top_level = zipfile.ZipFile(wheel).read(f"{dist_info}/top_level.txt").decode()
    assert top_level.split() == ["memtrust"]
    assert (
        "memtrust = memtrust.app.launch:entry_point"
        in zipfile.ZipFile(wheel).read(f"{dist_info}/entry_points.txt").decode()
    )


def test_the_wheel_has_the_one_version_store_version_holds(wheel):
    from memtrust.store.version import VERSION

    [dist_info] = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist() if ".dist-info/" in name}
    assert dist_info == f"memtrust-{VERSION}.dist-info"
    assert f"\nVersion: {VERSION}\n" in zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode()


def test_the_wheel_carries_every_file_of_the_four_folders_stylesheets_schema_and_demo_data_included(wheel):
    packaged = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("memtrust/")}
    assert packaged == _source_files()
    assert {
        "memtrust/assets/demo/memories.json",
        "memtrust/store/dsar.schema.json",
        "memtrust/assets/app.tcss",
    } <= packaged


def test_the_installed_wheel_runs_with_its_own_schema_and_demo_data(wheel, tmp_path):
    """Installed (without the editable checkout on the path), the code finds what it ships.

    ``python -S`` skips the .pth files, among them the editable install's finder; the test
    environment's dependencies come after the installed wheel on ``PYTHONPATH``."""
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    dependencies = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    probe = (
        "import memtrust, sys; "
        "from memtrust.app.demo import DEMO_FILE; from memtrust.store.export import export_schema; "
        "from memtrust.screens import ASSETS; "
        "assert list(memtrust.__path__) == [sys.argv[1] + '/memtrust'], memtrust.__path__; "
        "assert DEMO_FILE.is_file() and (ASSETS / 'main.tcss').is_file(); "
        "print(export_schema()['title'])"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", probe, str(site)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *dependencies])},
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
