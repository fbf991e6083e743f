"""Write models/<id>/MODEL_CARD.md from the measured reports.

    python -m model_card --model evo

Reads reports/<id>_train.json (copied from the checkpoint's .json by the training step),
reports/<id>_eval.json (evaluate), reports/<id>_real.json (overlays), reports/<id>_notes.md
(hand-written observations on the real photos) and, when present, reports/<id>_real_regions.json
(`npm run model:eval -- --regions`, see real_regions.py), and measures parameters and FLOPs at 800x800.
"""
import argparse
import json
from pathlib import Path

from real_regions import real_regions_section
from hullsynth.classes import HEAVY_SLIME, LIGHT_SLIME, class_list, fouling_category
from unet import UNet, count_flops, count_params

REAL_CREDIT = ("Real photos: four 512x512 samples from the public repository "
               "emannix/automating-the-assessment-of-biofouling (folder sample_images/), Apache License 2.0; "
               "see shared/data/real-samples/README.md.")
TARGETS = {"evo": 0.75, "base": 0.80}

# Why each slime class has the fouling category it has (hullsynth/classes.py FOULING_CATEGORIES).
# {light} and {heavy}: Light Slime's and Heavy Slime/Algae's shares of the surface (Background
# excluded) in the held-out synthetic labels; {film}: Light Slime's part of the two.
FOULING_NOTES = {
    "evo": (
        "Light Slime (translucent biofilm) is microfouling. **Heavy Slime/Algae is macrofouling.** The "
        "generator draws it as thick opaque mats of which half carry dense tufts of green filamentous "
        "algae (`hullsynth/slime.py`), and as the old dark film under tubeworm colonies "
        "(`hullsynth/hard.py`). IMO MEPC.378(80) counts a slime layer (biofilm) as microfouling however "
        "thick, and algae, multicellular and visible to the eye, as macrofouling. The model cannot tell "
        "mats with algae from mats without, so the class leans to the cautious side: a surface of "
        "algae-free heavy mats is rated as macrofouling (2 or more) where an inspector who sees no algae "
        "would rate it 1. Light Slime covers {light:.1f} % and Heavy Slime/Algae {heavy:.1f} % of the "
        "surface in the held-out synthetic labels. Weed fronds are Soft Fouling (macrofouling)."
    ),
    "base": (
        "**Slime/Algae is microfouling.** It is Evo's Light Slime and Heavy Slime/Algae merged "
        "(`hullsynth/classes.py`), and {film:.0f} % of its pixels in the held-out synthetic labels are "
        "thin translucent films (Light Slime {light:.1f} % of the surface, Heavy Slime/Algae "
        "{heavy:.1f} %); the product's help text calls it flat soft fouling. IMO MEPC.378(80) counts a "
        "slime layer as microfouling, and its rating 1 exists for such surfaces: counted as macrofouling, "
        "the class would rate every filmed hull 2 or more. The price: the filamentous algae on part of "
        "the heavy mats, macrofouling for IMO, are not counted, so Base can rate a surface with algal "
        "turf too low (1 where Evo gives 2, or a band lower where turf is a large part of the fouling). "
        "Where algae matter, rate with Evo. Weed fronds are Soft Fouling (macrofouling) in both models."
    ),
}


def fouling_section(model_id, reports):
    """The classes' IMO fouling categories and why, from the manifest's categories and the Evo test labels."""
    rows = [sum(row) for row in json.loads((reports / "evo_eval.json").read_text())["confusion_rows_true_cols_pred"]]
    surface = sum(rows[1:])
    light, heavy = 100 * rows[LIGHT_SLIME] / surface, 100 * rows[HEAVY_SLIME] / surface
    note = FOULING_NOTES[model_id].format(light=light, heavy=heavy, film=100 * light / (light + heavy))
    categories = table([(label, fouling_category(label)) for label, _, _ in class_list(model_id)],
                       ["class", "fouling category"])
    return f"""## Fouling categories (IMO rating)
Each class's category on the IMO MEPC.378(80) fouling rating scale, as `manifest.json` declares it
(`fouling_category`). Hullscope rates every prediction from them (README, "Fouling rating").

{categories}

{note}"""


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", choices=["evo", "base"], required=True)
    p.add_argument("--reports", default="reports")
    p.add_argument("--models", default="../models")
    a = p.parse_args(argv)
    r = Path(a.reports)
    runs = json.loads((r / f"{a.model}_train.json").read_text())
    ev = json.loads((r / f"{a.model}_eval.json").read_text())
    real = json.loads((r / f"{a.model}_real.json").read_text())
    notes = (r / f"{a.model}_notes.md").read_text().strip()
    data_note_path = r / "data_note.md"
    data_note = data_note_path.read_text().strip() if data_note_path.exists() else ""
    classes = class_list(a.model)
    model = UNet(len(classes), refine=runs[-1].get("refine", False))
    params, flops = count_params(model), count_flops(model, 800, 800)
    model_dir = Path(a.models) / a.model
    manifest_version = json.loads((model_dir / "manifest.json").read_text())["version"]
    onnx_mb = (model_dir / "model.onnx").stat().st_size / 1e6
    name = a.model.capitalize()
    ms_key = next(k for k in ev if k.startswith("onnx_ms_800x800"))
    train_s = sum(run["train_seconds"] for run in runs)
    own_s = sum(run["train_seconds"] for run in runs if run["model_id"] == a.model)
    crops = sum(run["steps"] * run["batch"] for run in runs)
    run_lines = "\n".join(
        f"{i + 1}. {run['model_id'].capitalize()}: {run['steps']} steps on `{run['data']}`, batch {run['batch']}, "
        f"peak lr {run['lr']}, seed {run['seed']}, "
        f"{'from scratch (random initialisation)' if not run['init'] else 'starting from ' + run['init']}, "
        f"{run['train_seconds'] / 60:.0f} min" for i, run in enumerate(runs))
    head_note = (" A Base run starting from an Evo checkpoint keeps all weights and averages the Light and "
                 "Heavy Slime output rows into the single Slime/Algae output." if a.model == "base" else "")
    inherited = f" plus {(train_s - own_s) / 60:.0f} min of the Evo runs it starts from" if train_s > own_s else ""
    export = json.loads((r / f"{a.model}_export.json").read_text())
    miou_target = TARGETS[a.model]
    verdict = (f"Targets for this baseline: mIoU without Background >= {miou_target:.2f} "
               f"({'met' if ev['miou_without_background'] >= miou_target else '**not met**'}: "
               f"{ev['miou_without_background']:.3f}); coverage error <= 5 pp "
               f"({'met' if ev['coverage_mae_pp'] <= 5 else '**not met**'}: {ev['coverage_mae_pp']:.1f} pp).")
    iou_rows = [(n, f"{v:.3f}") for n, v in ev["per_class_iou"].items()]
    real_rows = [(k, *[f"{v:.1f}" for v in d.values()]) for k, d in real.items()]
    real_header = ["image"] + list(next(iter(real.values())).keys())
    regions_path = r / f"{a.model}_real_regions.json"
    regions = real_regions_section(regions_path)
    regions_count = json.loads(regions_path.read_text())["real_regions"]["total"]["regions"] if regions else 0
    head = (f"""**Never trained on real hull images.** Every training image and the held-out test set were generated
procedurally (`ml/hullsynth`). The synthetic figures below are measured on held-out images; on real
inspection photos the model is measured only coarsely, on {regions_count} regions drawn by hand on four photos (Real
photos, below). Treat this model as a baseline for the pipeline.""" if regions else """**Never trained or tested on real labelled hull images.** Every training and test image was generated
procedurally (`ml/hullsynth`). The figures below are measured on synthetic held-out images; accuracy on
real inspection photos is unknown and will be lower. Treat this model as a baseline for the pipeline.""")
    text = f"""# {name} {manifest_version}: model card

{head}

## Use
Semantic segmentation of underwater hull-inspection photos into {len(classes)} classes:
{", ".join(c[0] for c in classes)}. Background (water, seabed, openings, frames, tags, divers' gear) is
excluded from percentages. ONNX `model.onnx` (opset 17, {onnx_mb:.2f} MB): input `input` float32
[1,3,H,W], H and W multiples of 32 (pad the image at the bottom/right), RGB scaled to 0..1 then
(x - mean) / std with ImageNet mean/std (see `manifest.json`); output `logits` [1,{len(classes)},H,W],
argmax per pixel.

{fouling_section(a.model, r)}

## Training data (synthetic)
`python -m hullsynth.generate` renders each sample from its seed alone: a hull surface (antifouling
reds, blacks, greys, blue-greens; plate edges, weld seams, draft marks, worn and damaged paint; niches
such as gratings, anodes, round openings) is overgrown with light slime films, heavy slime mats and
filamentous algae, soft fouling (sponges, tunicates, hydroids, weed) and hard fouling (barnacles,
tubeworms, mussels, encrusting calcareous patches), then photographed: perspective and scale changes,
water beyond the hull or seabed, panel frames, tags and divers' gear at the edges, air bubbles, uneven
strobe light and vignetting, depth-dependent colour absorption and back-scatter, haze, marine snow,
motion or defocus blur, sensor noise, date stamps and JPEG compression. Labels are exact per pixel.
Training set: {runs[0]["train_samples"]} images of 320x320 (seeds 0..{runs[0]["train_samples"] - 1}),
random 256x256 crops with flips and transposes.

## Architecture
U-Net with a MobileNet-style encoder of depthwise-separable convolutions: a stem that goes straight
to stride 4 (3x3 conv, then a strided separable block), stages at strides 4/8/16/32 with 2/3/4/3
blocks, a global-context branch (the image-wide mean feature, mixed by a 1x1 conv and added back at
stride 32), and a decoder of separable blocks with skip connections and bilinear upsampling back to
stride 4, where a 1x1 classifier's logits are upsampled bilinearly to full size. Total stride 32; any
H, W divisible by 32. Keeping no full- or half-resolution feature maps makes a training step about
twice as fast on a 2-core CPU as the earlier stride-2 design, which bought more steps and wider deep
stages for the same hour.

| | |
|---|---|
| parameters | {params:,} |
| FLOPs at 800x800 (2 x conv multiply-adds) | {flops / 1e9:.2f} G |
| ONNX size | {onnx_mb:.2f} MB |
| onnxruntime (Python, CPU, 2 threads), 800x800 | {ev[ms_key]} ms (median of 10) |
| export check | 801x533 padded to 832x544 gives logits {export["shape"]}; max abs. difference to PyTorch {export["max_abs_diff"]:.1e} |

## Training
No external or pretrained weights: every run starts from random initialisation or from one of our own
checkpoints trained here from scratch.{head_note}

{run_lines}

AdamW (weight decay 1e-4, linear warm-up then cosine decay per run), class-weighted cross-entropy
+ 0.5 x Dice on random 256x256 crops with flips and transposes; {crops:,} crops in all.
Training time: **{own_s / 60:.0f} min** for the {name} runs{inherited}, measured on 2 CPU cores shared
with other work (torch 2.13.0+cpu, {runs[0]["threads"]} threads, at low priority).

{data_note}

## Held-out synthetic test ({ev["test_images"]} images, {ev["image_size"][0]}x{ev["image_size"][1]}, seeds from 1,000,000, never used in training)
Evaluated through ONNX exactly as the app runs it (`python -m evaluate`).

| metric | value |
|---|---|
| mIoU (all classes) | {ev["miou"]:.3f} |
| mIoU without Background | **{ev["miou_without_background"]:.3f}** |
| pixel accuracy | {ev["pixel_accuracy"]:.3f} |
| mean abs. error of total fouling coverage | **{ev["coverage_mae_pp"]:.2f} pp** (90th percentile {ev["coverage_error_p90_pp"]:.1f} pp) |

Coverage = fouling pixels / non-Background pixels x 100, per image, predicted vs. true.

{verdict}

{table(iou_rows, ["class", "IoU"])}

## Real photos ({"no pixel labels; coarse region labels below" if regions else "qualitative; no labels exist"})
Predicted percentages (Background excluded), overlays in `overlays/` (photo | prediction | legend).

{table(real_rows, real_header)}

{notes}
{chr(10) + regions + chr(10) if regions else ""}
{REAL_CREDIT}

## Known limits
- Synthetic training data only: real textures, colours, lighting and organisms differ; expect domain
  shift, especially for unusual paints, heavy turbidity and organisms not modelled.
- Light Slime vs. Heavy Slime/Algae vs. discoloured paint is ambiguous even to people (see Help);
  thin films on dark paint are hard to see.
- Thin structures (single tubeworms, hydroid stalks, filaments) are predicted at stride 4 and
  blurred; tiny isolated recruits are often missed.
- Paint damage exposing dark primer can be mistaken for fouling, and dark fouling for dark paint.
- Trained on 256-px crops of scenes rendered at 1.5-20 px per cm; far outside that scale it degrades.
- Angled shots and strong perspective are covered only mildly; follow the capture advice in Help.
"""
    (model_dir / "MODEL_CARD.md").write_text(text)
    print(f"wrote {model_dir / 'MODEL_CARD.md'}")


if __name__ == "__main__":
    main()
