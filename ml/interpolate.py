"""Blend two checkpoints of the same network weight by weight: (1 - alpha) * start + alpha * tuned.

    python -m interpolate --start checkpoints/c5_evo_100.pt --tuned checkpoints/g5_evo_050.pt \
        --alpha 0.5 --out checkpoints/w5_evo_050.pt

Why: a fine-tune that learns new scenes can forget what its starting point read right (a GPU run
on dry-dock and propeller scenes read every niche region but lost algal turf on a real panel). When
both checkpoints come from one training lineage, a point on the straight line between their weights
often keeps most of both (weight-space ensembling, "WiSE-FT": Wortsman et al., CVPR 2022); for
run 7 it did not (ml/reports/issue19_progress.md, "Run 7" and "Run 8"). BatchNorm
running statistics are blended like the weights; integer buffers (BatchNorm's batch counters) are
taken from `tuned`. The result is an ordinary checkpoint that `export` reads; its "interpolated"
entry records where it came from.
"""
import argparse
from pathlib import Path

import torch


def interpolate_states(start, tuned, alpha):
    """The blended state dict; both must have the same keys and shapes (one network, one class list)."""
    if set(start) != set(tuned):
        raise ValueError(f"the checkpoints differ in their weights: {sorted(set(start) ^ set(tuned))[:5]}")
    out = {}
    for key, t in tuned.items():
        s = start[key]
        if s.shape != t.shape:
            raise ValueError(f"{key}: shape {tuple(s.shape)} against {tuple(t.shape)}")
        out[key] = torch.lerp(s.float(), t.float(), alpha).to(t.dtype) if t.is_floating_point() else t.clone()
    return out


def interpolate_checkpoints(start, tuned, alpha):
    """A checkpoint like `tuned` (model id, arch, config) whose weights are the blend."""
    for name, ckpt in (("start", start), ("tuned", tuned)):
        if "state_dict" not in ckpt:
            raise ValueError(f"--{name} is not a checkpoint (a train_device snapshot holds several: "
                             f"write one with `python -m train_device --extract <snapshot> --variant <name>`)")
    for field in ("model_id", "arch"):
        if start.get(field) != tuned.get(field):
            raise ValueError(f"the checkpoints differ in {field}: {start.get(field)} against {tuned.get(field)}")
    blended = dict(tuned)
    blended["state_dict"] = interpolate_states(start["state_dict"], tuned["state_dict"], alpha)
    blended["interpolated"] = {"alpha": alpha, "start_step": start.get("step"), "tuned_step": tuned.get("step"),
                               "start_variant": start.get("variant"), "tuned_variant": tuned.get("variant")}
    return blended


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--start", required=True, help="the checkpoint the fine-tune started from")
    p.add_argument("--tuned", required=True, help="the fine-tuned checkpoint")
    p.add_argument("--alpha", type=float, required=True, help="0 gives --start, 1 gives --tuned")
    p.add_argument("--out", required=True)
    a = p.parse_args(argv)
    if not 0.0 <= a.alpha <= 1.0:
        p.error("--alpha must be between 0 and 1")
    start, tuned = (torch.load(f, map_location="cpu") for f in (a.start, a.tuned))
    blended = interpolate_checkpoints(start, tuned, a.alpha)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(blended, a.out)
    print(f"wrote {a.out}: {1 - a.alpha:g} x {a.start} + {a.alpha:g} x {a.tuned}")


if __name__ == "__main__":
    main()
