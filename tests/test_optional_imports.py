"""The core needs attrs and typing-extensions only: importing ``hartenjagen`` (and the modules that
do not adapt a framework) never imports OpenSpiel, PettingZoo, Gymnasium, Dask or NumPy; the adapters
say which extra to install when their framework is missing."""

from __future__ import annotations

import subprocess
import sys
import textwrap

HEAVY = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "distributed", "dask", "numpy", "ray")


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_importing_hartenjagen_imports_no_framework():
    done = run(
        f"""
        import sys
        import hartenjagen as hj
        import hartenjagen.adapters.encoding, hartenjagen.adapters.episodes, hartenjagen.bots.simulate, hartenjagen.cli
        import hartenjagen.bots.specs, hartenjagen.outcomes, hartenjagen.testing
        hj.new_game(hj.variants.STANDARD, chance="explicit")
        hj.dumps(hj.DealCard("QS"))
        loaded = [name for name in {HEAVY!r} if name in sys.modules]
        assert not loaded, loaded
        """
    )
    assert done.returncode == 0, done.stderr


def test_an_adapter_without_its_framework_says_which_extra_to_install():
    done = run(
        """
        import sys
        for name in ("pyspiel", "pettingzoo", "gymnasium"):
            sys.modules[name] = None  # as if not installed
        for module, extra in (("openspiel", "openspiel"), ("pettingzoo", "rl"), ("gymnasium", "rl")):
            try:
                __import__("hartenjagen." + module)
            except ImportError as error:
                assert f"hartenjagen[{extra}]" in str(error), error
            else:
                raise AssertionError(module + " imported without its framework")
        """
    )
    assert done.returncode == 0, done.stderr


def test_a_gymnasium_too_old_for_the_vector_env_is_named_with_the_version_needed():
    # Gymnasium 1.0 has no AutoresetMode: the message names the version needed and the one installed,
    # not "install Gymnasium" (which is installed).
    done = run(
        """
        import gymnasium, gymnasium.vector
        del gymnasium.vector.AutoresetMode
        gymnasium.__version__ = "1.0.0"
        try:
            import hartenjagen.adapters.vector
        except ImportError as error:
            print(error)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "hartenjagen.adapters.vector needs Gymnasium 1.1 or newer (gymnasium.vector.AutoresetMode);"
        " Gymnasium 1.0.0 is installed: pip install 'gymnasium>=1.1'"
    )
