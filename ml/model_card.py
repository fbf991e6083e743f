"""Write models/<id>/MODEL_CARD.md from the measured reports.

    python -m model_card --model evo

Reads reports/<id>_train.json (copied from the checkpoint's .json by the training step),
reports/<id>_eval.json (evaluate), reports/<id>_real.json (overlays), reports/<id>_notes.md
(hand-written observations on the real photos) and, when present, reports/<id>_real_regions.json
(`npm run model:eval -- --regions`, see real_regions.py), and measures parameters and FLOPs at 800x800
on the network the last run trained (`arch`: "mobile-unet" for 2.x, `mobile_unet.py`; "unet" for 1.x).
"""
import argparse
import json
import textwrap
from pathlib import Path

from real_regions import real_regions_section
from hullsynth.classes import HEAVY_SLIME, LIGHT_SLIME, class_list, fouling_category
from mobile_unet import MobileUNet
from unet import UNet, count_flops, count_params

REAL_CREDIT = ("Real photos: four 512x512 samples from the public repository "
               "emannix/automating-the-assessment-of-biofouling (folder sample_images/), Apache License 2.0; "
               "see shared/data/real-samples/README.md.")
# Issue 19's targets on the held-out synthetic set: mIoU without Background, and the mean absolute
# error of total fouling coverage in percentage points.
TARGETS = {"evo": 0.70, "base": 0.72}
COVERAGE_TARGET_PP = 6.0
# What a 2.x card compares with: the version it replaces (held-out synthetic figures on the same 240
# images; real regions read right of ml/real-eval/regions.json and regions-niche.json,
# ml/reports/real_regions.md), measured on the held-out set as regenerated on 2026-11-26 (its one
# all-black sample, seed 1,000,102, fixed). `synthetic_note`, when a replaced model's figures need one,
# follows them in the card. 2.5.0 replaces 2.4.0 for both models for what issue 46's robustness
# benchmark measures (`ships_because`, docs/image-quality.md).
REPLACES = {
    "evo": {"version": "2.4.0", "miou_without_background": 0.7264, "coverage_mae_pp": 4.97, "regions_read_right": 30,
            "niche_read_right": 39,
            "ships_because": " It ships because it holds up better on degraded photos (issue 46's robustness "
                             "benchmark, `docs/image-quality.md`: 43 of 48 turbid, blurred, dark or compressed "
                             "photos read right at medium strength against 40; 1 wrong region left unflagged at "
                             "light and medium strength against 2) and still reads every real region right."},
    "base": {"version": "2.4.0", "miou_without_background": 0.7486, "coverage_mae_pp": 4.70, "regions_read_right": 30,
             "niche_read_right": 39,
             "ships_because": " It ships because it holds up better on degraded photos (issue 46's robustness "
                              "benchmark, `docs/image-quality.md`: 40 of 48 turbid, blurred, dark or compressed "
                              "photos read right at medium strength against 35; 3 wrong regions left unflagged at "
                              "light and medium strength against 9) and still reads every real region right."},
}

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
        "**Slime/Algae is microfouling.** It is Evo's Light Slime, the translucent film of bacteria and "
        "diatoms ({light:.1f} % of the surface in the held-out synthetic labels); the product's help text "
        "calls it flat soft fouling. **Soft Fouling is macrofouling** and, since 2.2.0, takes Evo's Heavy "
        "Slime/Algae as well as Evo's Soft Fouling ({heavy:.1f} % of the surface are heavy mats and "
        "filamentous algae): volumetric soft growth. IMO MEPC.378(80) counts a slime layer as microfouling "
        "and algae as macrofouling, so Base and Evo now rate a surface alike. Until 2.1.0 the heavy mats "
        "were part of Slime/Algae; the Base 2.0.0 and 2.1.0 candidates, never shipped, read real algal turf "
        "as that class, microfouling, and rated the hull a band lower than Evo (`ml/reports/real_regions.md`). "
        "As in Evo, an algae-free heavy mat counts as macrofouling."
    ),
}


def precision_section(manifest, model_id, reports):
    """Which precision model.onnx runs in and, for an INT8 build, how it compares with its fp32 build
    (`reports/<model>_int8.json`, written by hand from the measurements in ml/README.md "INT8 models");
    for an fp32 file whose graph was rewritten (optimize_graph.py), how it compares with the export
    (`reports/<model>_graph.json`, likewise)."""
    if manifest.get("precision") != "int8":
        graph = Path(reports) / f"{model_id}_graph.json"
        if not graph.exists():
            return "Precision: fp32."
        g = json.loads(graph.read_text())
        return " ".join([
            f"Precision: fp32. {manifest['version']} is {g['weights_of']}'s weights with the exported graph",
            "rewritten for speed, exactly in float (`python -m optimize_graph`: the Keras padding moved into the",
            "stride-2 convolutions, the decoder's upsamplings by a constant scale), a new version so that every",
            f"prediction names which file made it: the same class as {g['weights_of']} on {g['same_class']},",
            f"logits within {g['max_abs_logit_diff']:.0e}, {g['speedup_800']:.2f}x / {g['speedup_1920']:.2f}x faster",
            "at 800 px / Full HD (`bench:model`).", *([g["note"]] if "note" in g else []),
            "The figures below are those of the same weights."])
    m = json.loads((Path(reports) / f"{model_id}_int8.json").read_text())
    scenes = ", ".join(f"{v * 100:.2f} %" for v in m["agreement_other_scenes"])
    return " ".join([
        f"Precision: **INT8** (`python -m quantize`: static QDQ quantisation, int8 weights per output channel,",
        f"uint8 activations; {m['kept_float']} stay float). The model file keeps the fp32 interface.",
        "Measured against the fp32 build of the same weights: same class on",
        f"{m['agreement_scene'] * 100:.2f} % of the pixels of the fixed scene (seed 2000300; {scenes} on four",
        f"more held-out scenes), mIoU without Background {m['miou_without_background']:.4f} against",
        f"{m['fp32_miou_without_background']:.4f}, coverage error {m['coverage_mae_pp']:.2f} against",
        f"{m['fp32_coverage_mae_pp']:.2f} pp, the real regions read as the fp32 build reads them",
        f"({m['real_regions_same']}), {m['speedup_800']:.2f}x / {m['speedup_1920']:.2f}x faster at 800 px / Full HD",
        "(`bench:model`). The held-out and real-photo figures below are the fp32 build's."])


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
(`fouling_category`). Hullscope rates every prediction from them (docs/user-guide.md, "Fouling rating").

{categories}

{note}"""


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


ARCHITECTURE_TEXT = {
    "unet": """U-Net with a MobileNet-style encoder of depthwise-separable convolutions (`ml/unet.py`): a stem
that goes straight to stride 4 (3x3 conv, then a strided separable block), stages at strides
4/8/16/32 with 2/3/4/3 blocks, a global-context branch (the image-wide mean feature, mixed by a 1x1
conv and added back at stride 32), and a decoder of separable blocks with skip connections and
bilinear upsampling back to stride 4, where a 1x1 classifier's logits are upsampled bilinearly to
full size. Total stride 32; any H, W divisible by 32. Keeping no full- or half-resolution feature
maps makes a training step about twice as fast on a 2-core CPU as the earlier stride-2 design, which
bought more steps and wider deep stages for the same hour.""",
    "mobile-unet": """U-Net on a MobileNetV2-1.0 encoder (`ml/mobile_unet.py`, `ml/mobilenet_v2.py`, plain torch laid out
like Keras Applications' MobileNetV2: Keras' bottom/right zero padding before stride-2 convolutions,
BatchNorm epsilon 1e-3, ReLU6). The encoder runs from `Conv1` to `block_13` (stride 32, 160
channels); blocks 14-16 and the 1280-channel top are dropped (about a fifth of the encoder's work
at 800 px, and fine-tuned by nsfwjs' authors for their own task). At stride 32 a 1x1 convolution to
128 channels plus a global-context branch (the image-wide mean feature, mixed by a 1x1 conv and
added back); then one depthwise-separable block each at strides 16, 8 and 4 (96, 64, 32 channels)
on the bilinearly upsampled map concatenated with the encoder's skip (96, 32, 24 channels); a 1x1
classifier at stride 4. The stride-2 skip (16 channels) is joined cheaply: the logits upsampled to
stride 2 and those 16 channels go through two 1x1 convolutions (16 channels, then the classes) whose
output corrects the logits (zero-initialised), which are then upsampled bilinearly to full size.
Total stride 32; any H, W divisible by 32. The decoder stays narrow at high resolution because
MobileNetV2's own stride-2/4 layers already cost more at 800 px than the whole 1.x network.""",
}


def build_network(arch, num_classes, refine=False):
    """The network the card describes, freshly built: parameters and FLOPs do not depend on weights."""
    return MobileUNet(num_classes) if arch == "mobile-unet" else UNet(num_classes, refine=refine)


def device_run_line(i, run):
    """One train_device.py run (a lent GPU machine), as a numbered line of the Training section."""
    start = ("encoder from ImageNet weights, decoder from random initialisation" if run["pretrained"]
             else "starting from " + run["init"])
    frozen = (f"encoder frozen for the first {run['freeze_share'] * 100:.0f} % of the run, then " if run["freeze_share"]
              else "")
    layers = "every encoder layer" if run["unfreeze_from"] == 0 else f"encoder blocks {run['unfreeze_from']}-13"
    last_seed = run["first_seed"] + run["train_samples"] - 1
    scenes = [f"{run[share] * 100:.0f} % {what}" for share, what in
              (("dry_dock_share", "dry-dock scenes (`hullsynth/drydock.py`)"),
               ("propeller_share", "propeller scenes (`hullsynth/propeller.py`)"),
               ("turf_share", "turf scenes (`hullsynth/slime.py` algal_turf)")) if run.get(share)]
    dry = f", {' and '.join(scenes)}" if scenes else ""
    real = (f"; {run['real_share'] * 100:.0f} % of the crops cut from {run['real_photos']} labelled real dry-dock photos "
            f"(`ml/{run['real_train']}`, photometric changes at {run['real_strength']:g} x strength)"
            if run.get("real_train") else "")
    blend = (f"; then blended weight by weight with {run['blend']['start']}: (1 - {run['blend']['alpha']:g}) x that + "
             f"{run['blend']['alpha']:g} x this run (`ml/interpolate.py`)" if run.get("blend") else "")
    degraded = (f"; {run['degrade_share'] * 100:.0f} % of the crops degraded as underwater footage is (turbidity, blur, "
                f"low light, colour cast, noise, heavy JPEG: `ml/underwater.py`)" if run.get("degrade_share") else "")
    calibrated = (f"; its confidence calibrated by temperature scaling, T = {run['temperature']:g}, folded into the "
                  f"weights (`ml/calibrate.py`)" if run.get("temperature") else "")
    threads = run.get("torch_threads")
    where = (f"{run['train_seconds'] / 60:.0f} min on this machine's 2 CPU cores at low priority"
             f"{f', {threads} torch thread' + ('s' if threads != 1 else '') if threads else ''}, "
             "BatchNorm statistics kept (`--fixed-batchnorm-statistics`: batches of 8)"
             if run.get("accelerator") == "cpu" else f"{run['train_seconds'] / 60:.1f} min on one {run['device']} GPU")
    others = len(run["variants_together"]) - 1
    return (f"{i}. {run['model_id'].capitalize()}: {run['steps']} steps of batch {run['batch']} on {run['train_samples']} "
            f"images generated on the machine (seeds {run['first_seed']}..{last_seed}{dry}){real}{degraded}, peak lr {run['lr']}, "
            f"seed {run['seed']}, {start}; {frozen}{layers} trained at {run['encoder_lr_mult']:g} x the decoder's "
            f"learning rate; zoom {run['zoom'][0]}-{run['zoom'][1]}x, {run['clean_share'] * 100:.0f} % of the crops "
            f"without photometric changes; {where}, "
            f"trained beside {others} other variant{'s' if others != 1 else ''} on the same batches{blend}{calibrated}")


def run_line(i, run):
    """One training run, as a numbered line of the Training section."""
    if run.get("trainer") == "train_device":
        return device_run_line(i, run)
    if run.get("arch") == "mobile-unet":
        start = ("encoder from ImageNet weights, decoder from random initialisation" if run.get("pretrained")
                 else "starting from " + run["init"] + " (all weights)" if run["init"] else "from scratch")
        schedule = (f"encoder frozen for the first {run['freeze_steps']} steps, then blocks {run['unfreeze_from']}-13 "
                    f"trained at {run['encoder_lr_mult']} x the decoder's learning rate" if run["freeze_steps"] else
                    f"blocks {run['unfreeze_from']}-13 of the encoder trained from the start at "
                    f"{run['encoder_lr_mult']} x the decoder's learning rate")
        sessions = f", run in {run['sessions']} sessions resumed from checkpoints" if run.get("sessions", 1) > 1 else ""
        approx = "about " if run.get("train_seconds_note") else ""
        return (f"{i}. {run['model_id'].capitalize()}: {run['steps']} steps on `{run['data']}`, batch {run['batch']}, "
                f"peak lr {run['lr']}, seed {run['seed']}, {start}; {schedule}; zoom {run['zoom'][0]}-{run['zoom'][1]}x; "
                f"{approx}{run['train_seconds'] / 60:.0f} min{sessions}")
    return (f"{i}. {run['model_id'].capitalize()}: {run['steps']} steps on `{run['data']}`, batch {run['batch']}, "
            f"peak lr {run['lr']}, seed {run['seed']}, "
            f"{'from scratch (random initialisation)' if not run['init'] else 'starting from ' + run['init']}, "
            f"{run['train_seconds'] / 60:.0f} min")


def target_verdict(model_id, ev):
    """The held-out synthetic figures against issue 19's targets, with the shortfall in numbers."""
    miou, cov = ev["miou_without_background"], ev["coverage_mae_pp"]
    target = TARGETS[model_id]
    miou_text = (f"met: {miou:.4f}" if miou >= target else
                 f"**missed** by {target - miou:.4f} (measured {miou:.4f})")
    cov_text = (f"met: {cov:.1f} pp" if cov <= COVERAGE_TARGET_PP else
                f"**missed** by {cov - COVERAGE_TARGET_PP:.1f} pp (measured {cov:.1f} pp)")
    return (f"Targets (issue 19): mIoU without Background >= {target:.2f}, {miou_text}; mean coverage error "
            f"<= {COVERAGE_TARGET_PP:.0f} pp, {cov_text}.")


def real_training(runs):
    """What the runs learnt from labelled real photos (real_train.py), or None: the number of photos,
    the share of the crops, the frames held out either side of an evaluation photo, and the blend
    that made the shipped weights, from the last run that used them and its label file."""
    run = next((run for run in reversed(runs) if run.get("real_train")), None)
    if not run:
        return None
    labels = json.loads((Path(__file__).resolve().parent / run["real_train"]).read_text())
    return {"photos": run["real_photos"], "share": run["real_share"], "file": run["real_train"],
            "neighbours": labels["held_out"]["neighbour_frames"], "blend": run.get("blend")}


def niche_text(model_id, niche_total, niche_missed=(), real_photos=None):
    """The second real set (real-eval/regions-niche.json: niche areas and dry-dock hulls), when measured."""
    if not niche_total:
        return ""
    old = REPLACES[model_id]
    missed = f"; it reads wrong {', '.join(niche_missed)}" if niche_missed else ""
    seen = (f" Its three dry-dock photos are frames of the shoot its {real_photos['photos']} real training photos come "
            f"from (the {real_photos['neighbours']} frames either side of each held out): for them this is a hull it has "
            "seen, not a new one." if real_photos else "")
    return (f" On a second real set, {niche_total['regions']} regions on eight niche-area and dry-dock photos "
            f"from another source, it reads {niche_total['read_right']} right ({old['version']}: "
            f"{old['niche_read_right']}){missed} (reports/real_regions.md).{seen}")


def head_text(arch, model_id, ev, regions, regions_right, regions_count, missed_regions=(), niche_total=None,
              niche_missed=(), real_photos=None):
    if arch != "mobile-unet":
        return ("""**Never trained on real hull images.** Every training image and the held-out test set were generated
procedurally (`ml/hullsynth`). The synthetic figures below are measured on held-out images; on real
inspection photos the model is measured only coarsely, on """ + f"{regions_count}" + """ regions drawn by hand on four photos (Real
photos, below). Treat this model as a baseline for the pipeline.""" if regions else
                """**Never trained or tested on real labelled hull images.** Every training and test image was generated
procedurally (`ml/hullsynth`). The figures below are measured on synthetic held-out images; accuracy on
real inspection photos is unknown and will be lower. Treat this model as a baseline for the pipeline.""")
    old = REPLACES[model_id]
    real = (f"On {regions_count} coarse regions drawn by hand on four real underwater hull photos "
            f"from one source, it reads **{regions_right} of {regions_count}** right ({old['version']}: "
            f"{old['regions_read_right']} of {regions_count}).{niche_text(model_id, niche_total, niche_missed, real_photos)} These are small, "
            "coarse checks, not a validation."
            if regions else "It has not been measured on real photos.")
    if not regions:
        verdict = ""
    elif old.get("ships_because") and not missed_regions:
        verdict = old["ships_because"]
    elif missed_regions:
        verdict = (f" **On the real regions it reads wrong: {', '.join(missed_regions)}** (Real photos, below, "
                   "says why).")
    elif ev["miou_without_background"] > old["miou_without_background"] and niche_total:
        niche_change = niche_total["read_right"] - old["niche_read_right"]
        niche_words = (f"{niche_change} more" if niche_change > 0 else f"{-niche_change} fewer" if niche_change < 0
                       else "as many")
        verdict = (f" It ships because it reads every hand-labelled underwater region right ({old['version']}: "
                   f"{old['regions_read_right']} of {regions_count}), {niche_words} regions of the niche and dry-dock "
                   "set right, and the synthetic set better.")
    elif niche_total and niche_total["read_right"] > old["niche_read_right"]:
        verdict = (f" It ships because it reads {niche_total['read_right'] - old['niche_read_right']} more regions of "
                   "the niche and dry-dock set right, where the models had called paint damage and lit propeller "
                   "metal fouling, and still every hand-labelled underwater region.")
    else:
        verdict = (" It ships because users photograph real hulls underwater, where it reads every hand-labelled "
                   "region right.")
    better = ev["miou_without_background"] > old["miou_without_background"]
    met = ev["miou_without_background"] >= TARGETS[model_id] and ev["coverage_mae_pp"] <= COVERAGE_TARGET_PP
    mix = real_photos["blend"] if real_photos else None
    blend = (f"; the shipped weights are {1 - mix['alpha']:g} x {mix['start']} + {mix['alpha']:g} x that run, "
             "weight by weight" if mix else "")
    trained_on = (f"**Trained on generated hull images and {real_photos['photos']} real photos of one hull in dry dock; never "
                  "on a real underwater photo.** The MobileNetV2 encoder starts from weights learnt on ImageNet's "
                  "everyday photos; the segmentation was trained on procedurally generated hull images "
                  "(`ml/hullsynth`), with augmentation meant to make them look more like real photos, and "
                  f"{real_photos['share'] * 100:.0f} % of the last run's crops came from {real_photos['photos']} coarsely labelled "
                  f"dry-dock photos (`ml/real-train/`){blend}."
                  if real_photos else
                  "**Never trained on real hull images; its encoder learnt from real (ImageNet) photos.** The MobileNetV2 "
                  "encoder starts from weights learnt on ImageNet's everyday photos; the segmentation was then trained on "
                  "procedurally generated hull images only (`ml/hullsynth`), with augmentation meant to make them look "
                  "more like real photos.")
    text = (f"{trained_on} {real} On the held-out **synthetic** test set it is "
            f"**{'better' if better else 'worse'}** than the {old['version']} it replaces (mIoU without Background "
            f"{ev['miou_without_background']:.4f} against {old['miou_without_background']:.4f}, coverage error "
            f"{ev['coverage_mae_pp']:.2f} pp against {old['coverage_mae_pp']:.2f} pp{old.get('synthetic_note', '')}) and "
            f"{'meets' if met else 'misses'} issue 19's synthetic targets (below).{verdict}")
    return textwrap.fill(text, width=102, break_on_hyphens=False)


def mobile_schedule_text(runs):
    """How the 2.x encoder was frozen and unfrozen: train.py's CPU recipe or train_device.py's."""
    if runs[0].get("trainer") == "train_device":
        return ("The encoder is frozen for the first 5 % of the first run (weights and BatchNorm statistics), so the "
                "decoder learns on fixed ImageNet features; then every encoder layer trains at the decoder's learning "
                "rate. (On the CPU, 2.0.0 kept `Conv1` to `block_3` frozen and the rest at a tenth of the rate to save "
                "time; on the GPU the variant trained fully did better on the held-out set than the one at 0.3 x: "
                "`ml/reports/issue19_progress.md`.)")
    return ("The encoder is frozen first (weights and BatchNorm statistics), so the decoder learns on fixed ImageNet "
            "features; then blocks 4-13 train at a tenth of the decoder's learning rate while `Conv1` to `block_3` "
            "(generic low-level features, and the costliest backward pass at high resolution) stay frozen.")


def gpu_devices(runs):
    """The GPUs the runs trained on, in the order first used (an H200, later an H100)."""
    names = [run["device"] for run in runs if run.get("accelerator") != "cpu" and run.get("device")]
    return " or ".join(dict.fromkeys(names))


def mobile_time_text(runs, own_s, name, inherited):
    """Where and how long the 2.x runs trained: on lent GPU machines, and on this CPU where a run did."""
    if runs[0].get("trainer") == "train_device":
        model_id = runs[-1]["model_id"]
        cpu_s = sum(run["train_seconds"] for run in runs if run.get("accelerator") == "cpu" and run["model_id"] == model_id)
        cpu_runs = [str(i + 1) for i, run in enumerate(runs) if run.get("accelerator") == "cpu"]
        cpu = (f" and **{cpu_s / 60:.0f} min** on this machine's 2 CPU cores ({'runs ' + ' and '.join(cpu_runs) if len(cpu_runs) > 1 else 'run ' + cpu_runs[0]}: a fine-tune on "
               "batches of 8 with BatchNorm statistics kept, at low priority)" if cpu_s else "")
        return (f"Training time: **{own_s / 60:.1f} min** for the {name} runs{inherited}: "
                f"**{(own_s - cpu_s) / 60:.1f} min** on one {gpu_devices(runs)} GPU of machines lent for a few minutes"
                f"{cpu}. On the GPU (`ml/train_device.py`: bf16 autocast) the machines' 16 CPU cores generated the "
                "training images, about 45 a second, and the augmented crops. Each run trained "
                "several variants side by side on the same batches (Evo and Base; in run 1 also the encoder at 0.3 "
                f"x the learning rate); this model is the {name} variant at 1 x. The runs are not deterministic "
                "(data-loader workers, GPU kernels); their commands are in `ml/configs/`.")
    return (f"No GPU was used. Training time: **{own_s / 60:.0f} min** for the {name} runs{inherited}, on 2 CPU cores "
            f"shared with other work (torch 2.13.0+cpu, {runs[0]['threads']} threads, at low priority; the speed "
            "varied from about 1 to 29 images per second with the other work).")


def scene_mix_text(runs, share_key, name, module, description):
    """A paragraph on a kind of scene some runs mixed into their images (`share_key` in their
    records), with the shares they used; empty when no run did."""
    shares = sorted({run[share_key] for run in runs if run.get(share_key)})
    if not shares:
        return ""
    return textwrap.fill(
        f"{name} (`hullsynth/{module}`, {' and '.join(f'{v * 100:.0f} %' for v in shares)} of the images of the runs "
        f"that mixed them in): {description}", width=102, break_on_hyphens=False) + "\n"


def dry_dock_text(runs):
    return scene_mix_text(
        runs, "dry_dock_share", "Dry-dock scenes", "drydock.py",
        "a hull out of the water, mostly cleaned, its antifouling flaked down to white, yellow, grey or blue-grey "
        "undercoats and primer, with dark marks and wipe streaks, all labelled Clean Structure; dock floor, keel "
        "blocks or sky beyond it as Background; daylight, no water effects. The held-out set stays underwater only.")


def propeller_text(runs):
    return scene_mix_text(
        runs, "propeller_share", "Propeller and thruster scenes", "propeller.py",
        "lit bronze or steel blades, a hub with bolt heads and a rust-brown ring, often a duct with bolt holes, all "
        "Clean Structure, against water (Background); some carry a film, and some hubs and duct rims a crust, "
        "barnacles or mixed hard growth (Hard Fouling). The dry-dock scenes of the same runs also have saturated "
        "yellow and black undercoats, pitting and chalky paint.")


def turf_text(runs):
    return scene_mix_text(
        runs, "turf_share", "Turf scenes", "slime.py",
        "underwater hulls whose heavy mats are drawn as algal turf (`algal_turf`): an opaque felt, grainy at the "
        "scale of millimetres, with pale silt-coated tips, dark gaps and a lumpy relief, in the film's tan-to-olive "
        "colours, labelled Heavy Slime/Algae (macrofouling; Base: Soft Fouling). Written after a candidate model lost the real turf of "
        "sample `000022`, so that photo's figures flatter the model.")


def real_photos_text(runs):
    """The labelled real photos some runs mixed in (real_train.py), when any did."""
    real = real_training(runs)
    if not real:
        return ""
    return textwrap.fill(
        f"Real photos (`ml/{real['file']}`, {real['share'] * 100:.0f} % of the crops of the runs that "
        f"mixed them in): {real['photos']} frames of one ship's hull in dry dock (public repository "
        "Scream-Prox/Hull-inspection-system, Apache-2.0), worn antifouling with white, grey, yellow and black "
        "undercoats, weld seams, burn marks, anodes and letters, no living fouling, labelled by eye as one Clean "
        "Structure region per photo (and the dock floor of one as Background), the rest unlabelled and ignored by "
        "the loss; shown at the standard 800-px scale. Three other frames of that shoot are in the evaluation's "
        f"niche and dry-dock set; they and the {real['neighbours']} frames either side of each are not trained on "
        "(`ml/real-train/README.md`).", width=102, break_on_hyphens=False) + "\n"


def training_set_text(runs):
    """The generated images behind the model, per run where runs generated their own."""
    if runs[0].get("trainer") != "train_device":
        return f"{runs[0]['train_samples']} images of 320x320 (seeds 0..{runs[0]['train_samples'] - 1})"
    sets = [f"{run['train_samples']} (seeds {run['first_seed']}..{run['first_seed'] + run['train_samples'] - 1})"
            for run in runs]
    return f"{' and '.join(sets)} images of 320x320, generated for each run on the training machine"


def training_text(arch, model_id, runs, name, r):
    own_s = sum(run["train_seconds"] for run in runs if run["model_id"] == model_id)
    train_s = sum(run["train_seconds"] for run in runs)
    crops = sum(run["steps"] * run["batch"] for run in runs)
    inherited = f" plus {(train_s - own_s) / 60:.0f} min of the Evo runs it starts from" if train_s > own_s else ""
    lines = "\n".join(run_line(i + 1, run) for i, run in enumerate(runs))
    approx = [f"Run {i + 1}'s time is {run['train_seconds_note']}." for i, run in enumerate(runs)
              if run.get("train_seconds_note")]
    approx_text = ("\n\n" + " ".join(approx)) if approx else ""
    if arch != "mobile-unet":
        head_note = (" A Base run starting from an Evo checkpoint keeps all weights and averages the output rows "
                     "that Base merges (1.x: Light and Heavy Slime into Slime/Algae, the fold of its time)."
                     if model_id == "base" else "")
        data_note_path = r / "data_note.md"
        data_note = data_note_path.read_text().strip() if data_note_path.exists() else ""
        return f"""No external or pretrained weights: every run starts from random initialisation or from one of our own
checkpoints trained here from scratch.{head_note}

{lines}

AdamW (weight decay 1e-4, linear warm-up then cosine decay per run), class-weighted cross-entropy
+ 0.5 x Dice on random 256x256 crops with flips and transposes; {crops:,} crops in all.
Training time: **{own_s / 60:.0f} min** for the {name} runs{inherited}, measured on 2 CPU cores shared
with other work (torch 2.13.0+cpu, {runs[0]["threads"]} threads, at low priority).

{data_note}"""
    base_note = (" Base starts from all of an Evo run's weights; the Heavy Slime/Algae and Soft Fouling rows of the "
                 "classifier (and the stride-2 correction's inputs and outputs for them) are folded into Base's "
                 "Soft Fouling (`train.py` fold_evo_state_to_base), and every layer Evo trained keeps training "
                 "(no frozen phase)." if model_id == "base" else "")
    return f"""**Encoder initialised from ImageNet weights.** The npm package nsfwjs 4.4.0 (MIT, (c) Infinite Red)
ships a Keras MobileNetV2-1.0; its layers `Conv1` to `block_10` are the **MobileNetV2 ImageNet weights
of Keras Applications (Apache-2.0)**, which nsfwjs' authors left frozen; `block_11` onwards were
fine-tuned by them for their own task and serve here only as a starting point. `python -m pretrained`
fetches the package (`npm pack`) and converts it; `ml/tests/test_pretrained.py` checks the conversion
against the package's own output (class probabilities within 1.2e-7, the last ImageNet layer within
1e-6 relative). Neither the package nor the converted weights are committed; they live only inside
this model's weights. The decoder starts from random initialisation.{base_note}

{lines}

Inputs are scaled as Keras' MobileNetV2 expects, x / 127.5 - 1 (the manifest's mean and std 0.5), not
with ImageNet's mean and std. {mobile_schedule_text(runs)} **Sim-to-real augmentation** (`ml/augment.py`), each change drawn at random
per crop: a zoom on three crops in four (cut at 0.4-1.25 times the crop and resized, so fouling
appears 0.8-2.5 times the size the generator draws it), flips and transposes, white balance, a colour
cast, brightness / contrast / gamma, desaturation, haze (uniform or growing across the image), blur,
sensor noise and JPEG re-encoding at quality 15-90. AdamW (weight decay 1e-4, linear warm-up then cosine decay), class-weighted cross-entropy
+ 0.5 x Dice on 256x256 crops; {crops:,} crops in all.
{mobile_time_text(runs, own_s, name, inherited)}{approx_text}

The 1.x networks this replaces (`ml/unet.py`, trained from scratch, no pretrained weights) and what
was measured on them are in `ml/reports/data_note.md` and in this card's git history."""


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
    classes = class_list(a.model)
    arch = runs[-1].get("arch", "unet")
    model = build_network(arch, len(classes), runs[-1].get("refine", False))
    params, flops = count_params(model), count_flops(model, 800, 800)
    model_dir = Path(a.models) / a.model
    manifest = json.loads((model_dir / "manifest.json").read_text())
    mean, std = manifest["input"]["mean"], manifest["input"]["std"]
    scaling = ("with the manifest's mean and std, both 0.5 (x / 127.5 - 1, as Keras' MobileNetV2 expects; "
               "not ImageNet's statistics)" if set(mean) == {0.5} and set(std) == {0.5}
               else "with ImageNet mean/std (see `manifest.json`)")
    onnx_mb = (model_dir / "model.onnx").stat().st_size / 1e6
    name = a.model.capitalize()
    ms_key = next(k for k in ev if k.startswith("onnx_ms_800x800"))
    export = json.loads((r / f"{a.model}_export.json").read_text())
    iou_rows = [(n, f"{v:.3f}") for n, v in ev["per_class_iou"].items()]
    real_rows = [(k, *[f"{v:.1f}" for v in d.values()]) for k, d in real.items()]
    real_header = ["image"] + list(next(iter(real.values())).keys())
    regions_path = r / f"{a.model}_real_regions.json"
    regions = real_regions_section(regions_path)
    region_report = json.loads(regions_path.read_text())["real_regions"] if regions else {}
    total = region_report.get("total", {})
    missed = [f"{region['id']} ({region['group']})" for image in region_report.get("images", [])
              for region in image["regions"] if not region["read_right"]]
    niche_path = r / f"{a.model}_real_regions_niche.json"
    niche_total = json.loads(niche_path.read_text())["real_regions"]["total"] if niche_path.exists() else None
    niche_missed = ([f"{region['id']} ({region['group']})"
                     for image in json.loads(niche_path.read_text())["real_regions"]["images"]
                     for region in image["regions"] if not region["read_right"]] if niche_total else [])
    real = real_training(runs)
    head = head_text(arch, a.model, ev, regions, total.get("read_right", 0), total.get("regions", 0), missed,
                     niche_total, niche_missed, real)
    crops_text = (f"random crops cut at a zoom of {runs[-1]['zoom'][0]}-{runs[-1]['zoom'][1]}x and resized to 256x256, "
                  "with flips, transposes and the photometric augmentation under Training"
                  if arch == "mobile-unet" else "random 256x256 crops with flips and transposes")
    timing_note = ("single figure from `python -m evaluate`, on 2 CPU cores shared with other work (training "
                   "jobs, other engineers' tests), so it can be off by 2x or more and is not comparable between "
                   "cards; the app's own timing is `npm run bench:model`")
    first_limit = (f"- Segmentation trained on synthetic images and {real['photos']} photos of one cleaned "
                   "hull in dry dock; no\n  real underwater photo: real textures, colours, lighting and organisms "
                   "differ; expect domain\n  shift, especially for unusual paints, heavy turbidity and organisms not "
                   "modelled." if real
                   else "- Segmentation trained on synthetic images only (the encoder's ImageNet photos were never\n"
                   "  hull photos): real textures, colours, lighting and organisms differ; expect domain shift,\n"
                   "  especially for unusual paints, heavy turbidity and organisms not modelled." if arch == "mobile-unet"
                   else "- Synthetic training data only: real textures, colours, lighting and organisms differ; expect domain\n"
                   "  shift, especially for unusual paints, heavy turbidity and organisms not modelled.")
    thin_limit = ("- Thin structures (single tubeworms, hydroid stalks, filaments) are blurred: the decoder works at\n"
                  "  stride 4 with only a light correction at stride 2; tiny isolated recruits are often missed."
                  if arch == "mobile-unet" else
                  "- Thin structures (single tubeworms, hydroid stalks, filaments) are predicted at stride 4 and\n"
                  "  blurred; tiny isolated recruits are often missed.")
    scale_limit = ("- Trained on scenes rendered at 1.5-20 px per cm, zoomed 0.8-2.5x (about 1.2-50 px per cm); far\n"
                   "  outside that scale it degrades." if arch == "mobile-unet" else
                   "- Trained on 256-px crops of scenes rendered at 1.5-20 px per cm; far outside that scale it degrades.")
    text = f"""# {name} {manifest["version"]}: model card

{head}

## Use
Semantic segmentation of underwater hull-inspection photos into {len(classes)} classes:
{", ".join(c[0] for c in classes)}. Background (water, seabed, openings, frames, tags, divers' gear) is
excluded from percentages. ONNX `model.onnx` (opset 17, {onnx_mb:.2f} MB): input `input` float32
[1,3,H,W], H and W multiples of 32 (pad the image at the bottom/right), RGB scaled to 0..1 then
(x - mean) / std {scaling}; output `logits` [1,{len(classes)},H,W], argmax per pixel.

{precision_section(manifest, a.model, r)}

{fouling_section(a.model, r)}

## Training data ({"synthetic, and real dry-dock photos" if real else "synthetic"})
`python -m hullsynth.generate` renders each sample from its seed alone: a hull surface (antifouling
reds, blacks, greys, blue-greens; plate edges, weld seams, draft marks, worn and damaged paint; niches
such as gratings, anodes, round openings) is overgrown with light slime films, heavy slime mats and
filamentous algae, soft fouling (sponges, tunicates, hydroids, weed) and hard fouling (barnacles,
tubeworms, mussels, encrusting calcareous patches), then photographed: perspective and scale changes,
water beyond the hull or seabed, panel frames, tags and divers' gear at the edges, air bubbles, uneven
strobe light and vignetting, depth-dependent colour absorption and back-scatter, haze, marine snow,
motion or defocus blur, sensor noise, date stamps and JPEG compression. Labels are exact per pixel.
{dry_dock_text(runs)}{propeller_text(runs)}{turf_text(runs)}{real_photos_text(runs)}Training set: {training_set_text(runs)},
{crops_text}.

## Architecture
{ARCHITECTURE_TEXT[arch]}

| | |
|---|---|
| parameters | {params:,} |
| FLOPs at 800x800 (2 x conv multiply-adds, counted on this network) | {flops / 1e9:.2f} G |
| ONNX size | {onnx_mb:.2f} MB |
| onnxruntime (Python, CPU, 2 threads), 800x800 | {ev[ms_key]} ms (median of 10; {timing_note}) |
| export check | 801x533 padded to 832x544 gives logits {export["shape"]}; max abs. difference to PyTorch {export["max_abs_diff"]:.1e} |

## Training
{training_text(arch, a.model, runs, name, r)}

## Held-out synthetic test ({ev["test_images"]} images, {ev["image_size"][0]}x{ev["image_size"][1]}, seeds from 1,000,000, never used in training)
Evaluated through ONNX exactly as the app runs it (`python -m evaluate`).

| metric | value |
|---|---|
| mIoU (all classes) | {ev["miou"]:.3f} |
| mIoU without Background | **{ev["miou_without_background"]:.3f}** |
| pixel accuracy | {ev["pixel_accuracy"]:.3f} |
| mean abs. error of total fouling coverage | **{ev["coverage_mae_pp"]:.2f} pp** (90th percentile {ev["coverage_error_p90_pp"]:.1f} pp) |

Coverage = fouling pixels / non-Background pixels x 100, per image, predicted vs. true.

{target_verdict(a.model, ev)}

{table(iou_rows, ["class", "IoU"])}

## Real photos ({"no pixel labels; coarse region labels below" if regions else "qualitative; no labels exist"})
Predicted percentages (Background excluded), overlays in `overlays/` (photo | prediction | legend).

{table(real_rows, real_header)}

{notes}
{chr(10) + regions + chr(10) if regions else ""}
{REAL_CREDIT}

## Known limits
{first_limit}
- Light Slime vs. Heavy Slime/Algae vs. discoloured paint is ambiguous even to people (see Help);
  thin films on dark paint are hard to see.
{thin_limit}
- Paint damage exposing dark primer can be mistaken for fouling, and dark fouling for dark paint.
{scale_limit}
- Angled shots and strong perspective are covered only mildly; follow the capture advice in Help.

## Your corrections can make a better model
People who review photos in Hullscope accept the model's mask or correct it with the mask editor;
each correction is a new mask version, and the model's own mask is kept. The reviewed photos of a
project download as a training set (`GET /api/projects/:id/dataset/`: the analysed photos, index-PNG
masks, `classes.json`, COCO RLE). `python -m finetune_corrections --exports a.zip [b.zip ...]
--model-dir ../models/{a.model} --out <dir>` (`ml/README.md`, "Fine-tuning on a fleet's
corrections") fine-tunes this model on them mixed with generated scenes, holding out a share of the
photos (by content hash, so no photo is on both sides), and prints mIoU and coverage error before
and after on the held-out corrections and on the held-out synthetic test set above; the folder it
writes is added with `npm run admin -- add-model --dir <dir>`. Ship it only when it reads the held-out
corrections better without losing on the synthetic test or the real regions. How far a model agrees
with a fleet's own reviewers (pixel accuracy, per-class IoU, rating agreement, weighted kappa) is shown
per project and per organisation in the web app and stated in each report's methods section.
"""
    (model_dir / "MODEL_CARD.md").write_text(text)
    print(f"wrote {model_dir / 'MODEL_CARD.md'}")


if __name__ == "__main__":
    main()
