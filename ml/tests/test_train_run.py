"""train_run.py and ml/configs: every shipped run's config names real commands with options they
accept, a bundle step writes what train_device --init reads, and a failing step stops the run."""
import contextlib
import io
import json
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import torch

import train_run

ML = Path(train_run.__file__).resolve().parent
CONFIGS = sorted((ML / "configs").glob("*.json"))


def placeholder_values(config):
    values = train_run.variable_values(config, [])
    return {name: value if value is not None else f"/placeholder/{name}" for name, value in values.items()}


class Configs(unittest.TestCase):
    def test_every_shipped_version_has_a_config(self):
        produced = {(model, version) for path in CONFIGS
                    for model, version in train_run.load_config(path)["produces"].items()}
        for model in ("evo", "base"):
            manifest = json.loads((ML.parent / "models" / model / "manifest.json").read_text())
            self.assertIn((model, manifest["version"]), produced, f"no config produces {model} {manifest['version']}")

    def test_options_are_ones_the_commands_accept(self):
        help_texts = {}
        for path in CONFIGS:
            config = train_run.load_config(path)
            values = placeholder_values(config)
            for step in config["steps"]:
                if "module" not in step:
                    continue
                module = step["module"]
                self.assertTrue((ML / (module.replace(".", "/") + ".py")).exists(), f"{path.name}: no module {module}")
                if module not in help_texts:
                    help_texts[module] = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ML,
                                                        capture_output=True, text=True, check=True).stdout
                argv = train_run.command_of(step, values)
                for option in (a for a in argv if a.startswith("--")):
                    self.assertRegex(help_texts[module], rf"{re.escape(option)}\b", f"{path.name}: {module} {option}")

    def test_dry_run_prints_every_step_and_runs_nothing(self):
        for path in CONFIGS:
            config = train_run.load_config(path)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                train_run.run(config, placeholder_values(config), dry_run=True)
            self.assertEqual(out.getvalue().count("\n"), len(config["steps"]), path.name)


class Runner(unittest.TestCase):
    def test_a_missing_variable_is_named(self):
        config = {"variables": {"PHOTOS": {"default": None}}, "steps": [{"module": "x", "args": ["${PHOTOS}"]}]}
        with self.assertRaisesRegex(SystemExit, "PHOTOS"):
            train_run.command_of(config["steps"][0], train_run.variable_values(config, []))
        with self.assertRaisesRegex(SystemExit, "NAME=VALUE"):
            train_run.variable_values(config, ["OTHER=1"])

    def test_bundle_step_writes_one_init_bundle(self):
        with tempfile.TemporaryDirectory(dir=ML) as tmp:
            rel = Path(tmp).relative_to(ML)
            for name in ("a", "b"):
                torch.save({"state_dict": {"w": torch.ones(2)}, "step": 5}, Path(tmp) / f"{name}.pt")
            config = {"steps": [{"bundle": {"evo-u0-m1": f"{rel}/a.pt", "base-u0-m1": f"{rel}/b.pt"},
                                 "out": f"{rel}/init/init.pt"}]}
            with contextlib.redirect_stdout(io.StringIO()):
                train_run.run(config, placeholder_values(config))
            bundle = torch.load(Path(tmp) / "init" / "init.pt")
            self.assertEqual(sorted(bundle), ["base-u0-m1", "evo-u0-m1"])
            self.assertEqual(bundle["evo-u0-m1"]["step"], 5)

    def test_a_failing_step_stops_the_run(self):
        with tempfile.TemporaryDirectory() as tmp:
            marker = Path(tmp) / "ran.txt"
            config = {"steps": [{"module": "json.tool", "args": [f"{tmp}/missing.json"]},
                                {"module": "json.tool", "args": ["--help"], "stdout": str(marker)}]}
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                with self.assertRaisesRegex(SystemExit, "step 1 failed"):
                    train_run.run(config, placeholder_values(config))
            self.assertFalse(marker.exists())


if __name__ == "__main__":
    unittest.main()
