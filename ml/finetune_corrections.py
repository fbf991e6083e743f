"""Fine-tune a bundled model on the corrections people made in the web app (issue 39 §6).

    python -m finetune_corrections --exports a.zip b.zip --model-dir ../models/evo --out runs/corrections/evo-fleet

Reads the dataset exports (corrections_export.py; a photo in several exports counts once, by content
hash), holds out a share of the photos by their hash (never the same photo on both sides), and
fine-tunes the model (its weights recovered from `model.onnx`, from_onnx.py) on crops of the other
photos mixed with a share of generated scenes, so it does not forget what the synthetic set taught it.
Prints before/after mIoU without Background and coverage error on the held-out corrections and on
held-out generated scenes (seeds from 1,000,000, never trained on), writes them to
`<out>/finetune_report.json`, and writes `<out>/model.onnx` and `<out>/manifest.json`, a folder that
`npm run admin -- add-model --dir <out>` accepts. BatchNorm statistics stay fixed (the recovered
weights fold them into the convolutions; a fleet's few photos could not re-estimate them anyway).
"""
import argparse
import json
import math
import shutil
import tempfile
from pathlib import Path

import numpy as np
import torch

import export
from augment import augment_sample
from common import normalise, pad_to_stride
from corrections_export import read_exports, split
from from_onnx import checkpoint_from_onnx
from hullsynth.classes import EVO_TO_BASE, class_list, fouling_indices
from hullsynth.scene import generate
from metrics import confusion, fouling_coverage, summarise
from mobile_unet import MobileUNet
from optimize_graph import optimize_checked
from train import segmentation_loss
from train_device import keep_batchnorm_statistics

TEST_FIRST_SEED = 1_000_000
TRAIN_FIRST_SEED = 500_000


def synthetic_scenes(model_id, first_seed, count, size):
    """[(RGB, mask in the model's classes)] of generated scenes."""
    scenes = []
    for seed in range(first_seed, first_seed + count):
        image, mask = generate(seed, size)
        scenes.append((image, mask if model_id == "evo" else EVO_TO_BASE[mask].astype(np.uint8)))
    return scenes


@torch.no_grad()
def measure(model, model_id, samples):
    """mIoU without Background and mean coverage error (pp) over [(RGB, mask)], each photo whole."""
    model.eval()
    names = [c[0] for c in class_list(model_id)]
    fouling = fouling_indices(model_id)
    conf = np.zeros((len(names), len(names)), np.int64)
    errors = []
    for image, mask in samples:
        padded, (h, w) = pad_to_stride(image)
        pred = model(normalise(padded[None], "mobile-unet"))[0].argmax(0).numpy()[:h, :w]
        conf += confusion(pred, mask, len(names))
        errors.append(abs(fouling_coverage(pred, fouling) - fouling_coverage(mask, fouling)))
    figures = summarise(conf, errors, names)
    return {"images": len(samples), "miou_without_background": figures["miou_without_background"],
            "coverage_mae_pp": figures["coverage_mae_pp"]}


def class_weights(samples, num_classes):
    counts = np.zeros(num_classes)
    for _, mask in samples:
        counts += np.bincount(mask.ravel(), minlength=num_classes)[:num_classes]
    weights = (counts.sum() / (counts + 1)) ** 0.3
    return torch.tensor(weights / weights.mean(), dtype=torch.float32)


def fine_tune(model, model_id, corrections, scenes, a):
    """AdamW with a cosine schedule; each crop comes from a corrected photo, or with probability
    `--synthetic-share` from a generated scene, with the usual scale, flip and photometric changes."""
    gen = torch.Generator().manual_seed(a.seed)
    num_classes = len(class_list(model_id))
    weights = class_weights(corrections + scenes, num_classes)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    for step in range(a.steps):
        for group in opt.param_groups:
            group["lr"] = a.lr * 0.5 * (1 + math.cos(math.pi * step / a.steps))
        batch = []
        for _ in range(a.batch):
            pool = scenes if scenes and float(torch.rand((), generator=gen)) < a.synthetic_share else corrections
            image, mask = pool[int(torch.randint(0, len(pool), (), generator=gen))]
            batch.append(augment_sample(gen, torch.from_numpy(image), torch.from_numpy(mask), a.crop,
                                        strength=0.5))
        x = normalise(torch.stack([img for img, _ in batch]).numpy(), "mobile-unet")
        y = torch.stack([lab for _, lab in batch]).long()
        model.train()
        keep_batchnorm_statistics(model)
        loss = segmentation_loss(model(x), y, weights, num_classes)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if (step + 1) % max(1, a.steps // 10) == 0 or step + 1 == a.steps:
            print(f"step {step + 1}/{a.steps} loss {loss.item():.3f}", flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--exports", nargs="+", required=True, help="dataset export ZIPs, oldest first")
    p.add_argument("--model-dir", required=True, help="the model to start from, e.g. ../models/evo")
    p.add_argument("--out", required=True, help="the new model's folder")
    p.add_argument("--version", help="the new model's version (default: <start version>-corrections)")
    p.add_argument("--held-out", type=float, default=0.2, help="share of the photos held out")
    p.add_argument("--synthetic-share", type=float, default=0.3, help="share of the crops from generated scenes")
    p.add_argument("--synthetic-count", type=int, default=200, help="generated scenes to train on")
    p.add_argument("--test-count", type=int, default=48, help="held-out generated scenes to measure on")
    p.add_argument("--size", type=int, nargs=2, default=[320, 320], help="generated scenes' size")
    p.add_argument("--steps", type=int, default=600)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--crop", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)

    ckpt, _ = checkpoint_from_onnx(a.model_dir)
    model_id = ckpt["model_id"]
    names = [c[0] for c in class_list(model_id)]
    corrections = read_exports(a.exports, names)
    if len(corrections) < 2:
        raise SystemExit(f"{len(corrections)} corrected photo(s) in the exports: at least 2 are needed")
    train_set, held_out = split(corrections, a.held_out)
    print(f"{len(corrections)} corrected photos ({len(train_set)} to train on, {len(held_out)} held out)", flush=True)
    train_pairs = [(c.image, c.mask) for c in train_set]
    held_pairs = [(c.image, c.mask) for c in held_out]
    scenes = synthetic_scenes(model_id, TRAIN_FIRST_SEED, a.synthetic_count, tuple(a.size)) if a.synthetic_share else []
    test_scenes = synthetic_scenes(model_id, TEST_FIRST_SEED, a.test_count, tuple(a.size))

    model = MobileUNet(len(names))
    model.load_state_dict(ckpt["state_dict"])
    before = {"corrections": measure(model, model_id, held_pairs), "synthetic": measure(model, model_id, test_scenes)}
    fine_tune(model, model_id, train_pairs, scenes, a)
    after = {"corrections": measure(model, model_id, held_pairs), "synthetic": measure(model, model_id, test_scenes)}

    start = json.loads((Path(a.model_dir) / "manifest.json").read_text())
    version = a.version or f"{start['version']}-corrections"
    out = Path(a.out)
    with tempfile.TemporaryDirectory() as tmp:
        ckpt_path = Path(tmp) / "tuned.pt"
        torch.save(dict(ckpt, state_dict={k: v.detach().clone() for k, v in model.state_dict().items()}), ckpt_path)
        export.main(["--checkpoint", str(ckpt_path), "--out", str(out), "--version", version])
        # The export's graph runs slower than the bundled models' rewritten ones, exactly the same in
        # float otherwise (optimize_graph.py): rewrite it in place.
        exported = Path(tmp) / "exported.onnx"
        shutil.move(out / "model.onnx", exported)
        manifest = json.loads((out / "manifest.json").read_text())
        rewrites = optimize_checked(exported, out / "model.onnx", manifest)
    manifest["precision"] = "fp32"
    manifest["description"] += (f" Fine-tuned from {start['name']} {start['version']} on {len(train_set)} photos "
                                f"corrected by people ({', '.join(Path(e).name for e in a.exports)}).")
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    report = {"start": f"{start['name']} {start['version']}", "version": version,
              "exports": [str(e) for e in a.exports], "photos": len(corrections), "trained_on": len(train_set),
              "held_out": [c.name for c in held_out], "steps": a.steps, "batch": a.batch, "lr": a.lr,
              "synthetic_share": a.synthetic_share, "graph_rewrites": rewrites, "before": before, "after": after}
    (out / "finetune_report.json").write_text(json.dumps(report, indent=2) + "\n")
    for where in ("corrections", "synthetic"):
        b, f = before[where], after[where]
        print(f"{where:<12} ({b['images']} held-out images): mIoU w/o Background {b['miou_without_background']:.4f} -> "
              f"{f['miou_without_background']:.4f}, coverage error {b['coverage_mae_pp']:.2f} -> {f['coverage_mae_pp']:.2f} pp")
    print(f"wrote {out}/model.onnx and manifest.json ({manifest['name']} {version}); "
          f"register it with: npm run admin -- add-model --dir {out.resolve()}")
    shutil.rmtree(out / "__pycache__", ignore_errors=True)


if __name__ == "__main__":
    main()
