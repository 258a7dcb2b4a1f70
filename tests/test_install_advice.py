"""A C build that fails is reported: a banner at build time, a record the
package reads, and advice that fits how the package was installed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dsa import _install

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "native"))
import build_cffi  # noqa: E402


def _build_ext(tmp_path: Path, *, inplace: bool = False):
    setuptools = pytest.importorskip("setuptools")
    dist = setuptools.Distribution({
        "name": "dsa-twins",
        "ext_modules": build_cffi.extensions(tmpdir=str(tmp_path / "cffi")),
        "cmdclass": {"build_ext": build_cffi.build_ext_class()},
    })
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(tmp_path / "lib")
    cmd.build_temp = str(tmp_path / "temp")
    cmd.inplace = inplace
    cmd.ensure_finalized()
    return cmd


def test_a_build_without_a_compiler_warns_and_leaves_a_record(
        tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)                 # the extensions name sources relative to it
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    monkeypatch.setenv("LDSHARED", f"{tmp_path / 'no-such-cc'} -shared")
    cmd = _build_ext(tmp_path)
    cmd.run()                               # optional extensions: no exception
    err = capsys.readouterr().err
    assert "WARNING: the C twins of dsa (dsa.native) were NOT built." in err
    assert "dsa.native._dsa_native:" in err and "_dsa_native_traced:" in err
    assert "No C compiler" not in err       # that wording is the runtime's
    assert _install.COMPILER_HINT in err    # CC names a missing program
    record = tmp_path / "lib" / "dsa" / "native" / _install.BUILD_RECORD
    errors = json.loads(record.read_text())["errors"]
    assert set(errors) == {"dsa.native._dsa_native", "dsa.native._dsa_native_traced"}
    assert not list((tmp_path / "lib").rglob("*.so"))

    # The package reads the record back (here from the build folder).
    failure = _install.build_failure(tmp_path / "lib" / "dsa")
    assert failure == errors


def test_a_record_left_by_a_failed_build_is_removed_by_a_good_one(
        tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    folder = tmp_path / "lib" / "dsa" / "native"
    folder.mkdir(parents=True)
    (folder / _install.BUILD_RECORD).write_text('{"errors": {"x": "y"}}')
    cmd = _build_ext(tmp_path)
    cmd.extensions = []                     # nothing to compile, nothing fails
    cmd.run()
    assert not (folder / _install.BUILD_RECORD).exists()
    assert "WARNING" not in capsys.readouterr().err


def test_the_banner_names_the_command_for_an_editable_install():
    banner = build_cffi.failure_banner({"m": "boom"}, editable=True)
    assert "pip install --force-reinstall --no-deps -e ." in banner
    assert "--no-binary" not in banner
    banner = build_cffi.failure_banner({"m": "boom"}, editable=False)
    assert "--no-binary dsa-twins dsa-twins" in banner
    assert " -e " not in banner


@pytest.mark.parametrize("kind, location, expected", [
    ("editable", "/src/dsa", "pip install --force-reinstall --no-deps -e /src/dsa"),
    ("directory", "/src/dsa", "pip install --force-reinstall --no-deps /src/dsa"),
    ("archive", "/d/dsa_twins-0.1.0.tar.gz",
     "pip install --force-reinstall --no-deps /d/dsa_twins-0.1.0.tar.gz"),
    ("archive", "/d/dsa_twins-0.1.0-cp311-linux_x86_64.whl",
     "--no-cache-dir --no-binary dsa-twins dsa-twins"),
    ("index", None, "--no-cache-dir --no-binary dsa-twins dsa-twins"),
    ("checkout", "/src/dsa",
     "python /src/dsa/native/build_cffi.py --outdir /src/dsa/dsa/native"),
])
def test_the_fix_matches_the_installation(kind, location, expected,
                                         monkeypatch):
    monkeypatch.delenv("DSA_NATIVE_DIR", raising=False)
    where = _install.Installation(kind, location)
    assert _install.rebuild_command(where).endswith(expected)
    with_cc = _install.how_to_build(where, compiler=True)
    without = _install.how_to_build(where, compiler=False)
    assert expected in with_cc and expected in without
    assert _install.COMPILER_HINT not in with_cc
    assert without.startswith("No C compiler was found: " + _install.COMPILER_HINT)


def test_a_missing_compiler_is_noticed(monkeypatch, tmp_path):
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert not _install.compiler_found()
    monkeypatch.setenv("CC", sys.executable + " --some-flag")   # any real program
    assert _install.compiler_found()


def test_this_clone_is_seen_as_a_checkout_or_an_editable_install():
    where = _install.installation()
    assert where.kind in ("checkout", "editable")
    assert Path(where.location or "").resolve() == ROOT


def test_a_native_dir_override_is_named_in_the_fix(monkeypatch, tmp_path):
    monkeypatch.setenv("DSA_NATIVE_DIR", str(tmp_path))
    text = _install.how_to_build(_install.Installation("editable", "/src"))
    assert f"DSA_NATIVE_DIR={tmp_path} is set" in text
    assert f"--outdir {tmp_path}" in text and "-e /src" not in text


def test_advice_quotes_the_recorded_failure(tmp_path, monkeypatch):
    monkeypatch.delenv("DSA_NATIVE_DIR", raising=False)
    native = tmp_path / "dsa" / "native"
    native.mkdir(parents=True)
    (native / _install.BUILD_RECORD).write_text(json.dumps(
        {"errors": {"dsa.native._dsa_native": "command 'cc' failed"}}))
    monkeypatch.setattr(_install, "PACKAGE_DIR", tmp_path / "dsa")
    text = _install.advice()
    assert text.startswith("The C twins failed to compile when dsa was "
                           "installed (command 'cc' failed).")
    monkeypatch.setattr(_install, "PACKAGE_DIR", tmp_path / "elsewhere")
    assert _install.advice().startswith("The C twins of dsa are not built.")


def test_advice_falls_back_on_the_reason_it_is_given(tmp_path, monkeypatch):
    monkeypatch.delenv("DSA_NATIVE_DIR", raising=False)
    monkeypatch.setattr(_install, "PACKAGE_DIR", tmp_path / "dsa")
    text = _install.advice("the twins could not be loaded (no module)")
    assert text.startswith("The twins could not be loaded (no module). ")
    # a reason that starts with a module's name keeps the name as it is
    text = _install.advice("dsa.native.heap did not load (no module)")
    assert text.startswith("dsa.native.heap did not load (no module). ")
