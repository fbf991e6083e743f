"""Temperature scaling of a checkpoint's confidence (issue 46 §3), folded into its weights.

    python -m calibrate --checkpoint checkpoints/evo.pt --out checkpoints/evo_calibrated.pt [--report reports/x.json]

The app's confidence is the mean over a photo's pixels of each pixel's largest softmax probability
(apps/api/src/inference/fused-confidence.ts), flagged low below a fixed threshold. A network trained
with cross-entropy is usually over-confident where it is wrong; dividing its logits by one fitted
temperature T (Guo et al., 2017) makes the probabilities match how often it is right, without
changing any pixel's class. T is fitted by the pixels' negative log-likelihood on held-out generated
scenes (seeds from 1,100,000, used by nothing else), half of them as generated and half degraded as
underwater footage is (underwater.degrade), so the confidence learns what murky water does to the
readings.

T is folded into the network rather than added as a node: the head and the fine head are divided by
T, and the fine stage's input weights on the upsampled logits multiplied by T, so the output is the
original logits / T exactly and the ONNX graph keeps its shape (quantize.py and the app read it as
before).
"""
import argparse
import json
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

import underwater
from common import normalise
from hullsynth.classes import EVO_TO_BASE
from hullsynth.scene import generate
from train import load_model

CALIBRATION_FIRST_SEED = 1_100_000


def calibration_scenes(count, size, seed=CALIBRATION_FIRST_SEED):
    """`count` generated scenes, every second one degraded: (images uint8 N,H,W,3, Evo masks N,H,W)."""
    gen = torch.Generator().manual_seed(seed)
    images, masks = [], []
    for k in range(count):
        image, mask = generate(seed + k, size)
        if k % 2:
            image = underwater.degrade(gen, torch.from_numpy(np.ascontiguousarray(image))).numpy()
        images.append(image)
        masks.append(mask)
    return np.stack(images), np.stack(masks)


@torch.no_grad()
def logits_of(model, images, batch=8):
    model.eval()
    return torch.cat([model(normalise(images[s:s + batch], "mobile-unet")) for s in range(0, len(images), batch)])


def fit_temperature(logits, labels, pixels=400_000, seed=0):
    """T minimising the NLL of a random sample of pixels (a 1-D search over log T)."""
    flat = logits.permute(0, 2, 3, 1).reshape(-1, logits.shape[1])
    target = labels.reshape(-1)
    pick = torch.randperm(len(target), generator=torch.Generator().manual_seed(seed))[:pixels]
    flat, target = flat[pick], target[pick]
    grid = torch.exp(torch.linspace(np.log(0.5), np.log(5.0), 181))
    nll = torch.stack([F.cross_entropy(flat / t, target) for t in grid])
    return float(grid[int(nll.argmin())])


def summary(logits, labels, temperature):
    """Per image: mean largest probability (the app's confidence) and pixel accuracy; and the NLL."""
    prob = torch.softmax(logits / temperature, 1)
    confidence = prob.amax(1).mean((1, 2))
    accuracy = (prob.argmax(1) == labels).float().mean((1, 2))
    nll = F.cross_entropy(logits / temperature, labels)
    return {"temperature": round(temperature, 4), "nll": round(float(nll), 4),
            "mean_confidence": round(float(confidence.mean()), 4),
            "mean_pixel_accuracy": round(float(accuracy.mean()), 4),
            "mean_abs_gap": round(float((confidence - accuracy).abs().mean()), 4),
            "images_below_0.6": int((confidence < 0.6).sum())}


def fold_temperature(model, temperature):
    """Makes `model` output its logits / temperature (see the module's docstring)."""
    classes = model.head.out_channels
    with torch.no_grad():
        for layer in (model.head, model.fine_head):
            layer.weight.div_(temperature)
            layer.bias.div_(temperature)
        model.fine[0].weight[:, :classes].mul_(temperature)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=64, help="calibration scenes (half of them degraded)")
    p.add_argument("--size", type=int, nargs=2, default=[320, 320])
    p.add_argument("--report", help="write the figures as JSON here too")
    a = p.parse_args(argv)
    model, ckpt = load_model(a.checkpoint)
    images, masks = calibration_scenes(a.count, tuple(a.size))
    labels = torch.from_numpy(masks.astype(np.int64) if ckpt["model_id"] == "evo" else EVO_TO_BASE[masks].astype(np.int64))
    logits = logits_of(model, images)
    temperature = fit_temperature(logits, labels)
    degraded = torch.arange(len(images)) % 2 == 1
    figures = {"checkpoint": a.checkpoint, "scenes": len(images), "fitted_temperature": round(temperature, 4)}
    for name, t in (("before", 1.0), ("after", temperature)):
        figures[name] = {"all": summary(logits, labels, t), "clear": summary(logits[~degraded], labels[~degraded], t),
                         "degraded": summary(logits[degraded], labels[degraded], t)}
    fold_temperature(model, temperature)
    check = logits_of(model, images[:2])
    assert torch.allclose(check, logits[:2] / temperature, atol=1e-4), "folding changed the readings"
    ckpt = dict(ckpt, state_dict={k: v.detach().clone() for k, v in model.state_dict().items()},
                calibration=figures)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(ckpt, a.out)
    text = json.dumps(figures, indent=1)
    if a.report:
        Path(a.report).write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
