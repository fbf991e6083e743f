"""Runs one checked-in training run: python train_run.py configs/2.5.0.json [--dry-run] [--set NAME=VALUE]

A config (ml/configs/*.json) records every step that made a shipped model, in order, as the
arguments of the toolchain's own commands, so a run is repeated from the file instead of from notes.
It runs from ml/ with this Python, one command after another, and stops at the first that fails.

Config keys: "produces" (model -> version), "machine", "date", "needs" (what must exist first),
"variables" (NAME -> {"default", "about"}; ${NAME} in an argument, ${ML} is this folder), "steps".
A step is one of
  {"module": "train_device", "args": [...], "nice": 19, "stdout": "reports/x.json", "note": "..."}
      runs `python -m <module> <args>` (at low priority with "nice", its output into "stdout")
  {"bundle": {"evo-u0-m1": "checkpoints/a.pt", ...}, "out": "runs/x/init.pt"}
      writes one train_device --init bundle of several checkpoints, each under its variant name
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ML = Path(__file__).resolve().parent
STEP_KINDS = ("module", "bundle")


def load_config(path):
    config = json.loads(Path(path).read_text())
    for number, step in enumerate(config.get("steps", []), 1):
        kinds = [kind for kind in STEP_KINDS if kind in step]
        if len(kinds) != 1:
            raise SystemExit(f"{path}: step {number} needs exactly one of {', '.join(STEP_KINDS)}")
        if "bundle" in step and "out" not in step:
            raise SystemExit(f"{path}: step {number} (bundle) needs \"out\"")
    if not config.get("steps"):
        raise SystemExit(f"{path}: no steps")
    return config


def variable_values(config, overrides):
    values = {name: spec.get("default") for name, spec in config.get("variables", {}).items()}
    for item in overrides:
        name, sep, value = item.partition("=")
        if not sep or name not in values:
            raise SystemExit(f"--set {item}: expected NAME=VALUE with NAME one of {sorted(values) or 'none'}")
        values[name] = value
    values["ML"] = str(ML)
    return values


def substitute(text, values):
    def one(match):
        name = match.group(1)
        if values.get(name) is None:
            raise SystemExit(f"${{{name}}} has no value: give it with --set {name}=...")
        return values[name]
    return re.sub(r"\$\{([A-Z_][A-Z0-9_]*)\}", one, text)


def command_of(step, values):
    """The command line a module step runs (a bundle step runs in this process)."""
    argv = [sys.executable, "-m", step["module"], *(substitute(str(a), values) for a in step.get("args", []))]
    return (["nice", "-n", str(step["nice"])] if step.get("nice") else []) + argv


def write_bundle(parts, out):
    import torch  # only bundle steps need it; --dry-run and the config checks do not
    bundle = {name: torch.load(ML / path, map_location="cpu") for name, path in parts.items()}
    (ML / out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(bundle, ML / out)


def describe(step, values):
    if "bundle" in step:
        parts = ", ".join(f"{name}={substitute(p, values)}" for name, p in step["bundle"].items())
        return f"bundle {parts} -> {substitute(step['out'], values)}"
    line = " ".join(command_of(step, values))
    return line + (f" > {step['stdout']}" if step.get("stdout") else "")


def run(config, values, dry_run=False, first_step=1):
    steps = config["steps"]
    for number, step in enumerate(steps, 1):
        if number < first_step:
            continue
        print(f"[{number}/{len(steps)}] {describe(step, values)}", flush=True)
        if dry_run:
            continue
        if "bundle" in step:
            write_bundle({k: substitute(v, values) for k, v in step["bundle"].items()}, substitute(step["out"], values))
            continue
        stdout = None
        if step.get("stdout"):
            target = ML / substitute(step["stdout"], values)
            target.parent.mkdir(parents=True, exist_ok=True)
            stdout = target.open("w")
        try:
            result = subprocess.run(command_of(step, values), cwd=ML, stdout=stdout)
        finally:
            if stdout:
                stdout.close()
        if result.returncode != 0:
            raise SystemExit(f"step {number} failed with status {result.returncode}; "
                             f"continue with --from-step {number} once it is fixed")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("config", help="a run's config, e.g. configs/2.5.0.json")
    p.add_argument("--dry-run", action="store_true", help="print the commands without running them")
    p.add_argument("--from-step", type=int, default=1, help="skip the steps before this one (1-based)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a variable of the config")
    a = p.parse_args(argv)
    config = load_config(a.config)
    needs = config.get("needs", [])
    if needs:
        print("needs: " + "; ".join(needs), flush=True)
    run(config, variable_values(config, a.set), a.dry_run, a.from_step)


if __name__ == "__main__":
    main()
