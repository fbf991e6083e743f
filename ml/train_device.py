"""Train several 2.x models at once on an accelerator: one stream of augmented batches feeds them all.

    python -m train_device --out-dir runs/device --generate 6000 --generate-seconds 100 \
        --time-limit 330 --variants evo,0,0.3 base,0,0.3 evo,4,0.1 base,4,0.1

Written for a GPU machine lent for a few minutes (CUDA, bf16 autocast); on a CPU it runs as a smoke
test. The synthetic data is generated on the machine itself, in parallel (`--gen-workers`, default
every core), and kept in memory; the held-out set uses the test seeds (1,000,000..), as
`data/test_v2` does. Every variant (`model,unfreeze_from,encoder_lr_mult`) sees the same batches,
so Evo, Base and recipe variants cost one data pipeline and differ only by what the name says.

The learning-rate schedule follows progress = max(step / --steps, elapsed / --time-limit): a run given
a fixed slice of machine time ends its cosine schedule on time, whatever its throughput. The encoder
is frozen for the first `--freeze-share` of the run (BatchNorm statistics too), then trained from
block `unfreeze_from` on at `encoder_lr_mult` times the decoder's rate, ramped up over 5 %.

Writes to --out-dir: `log.txt` (also printed), `metrics.json` (held-out figures per variant at each
snapshot) and `snapshot_<percent>.pt`, one file with every variant's weights in the checkpoint
format of train.py (`python -m train_device --extract <snapshot> --variant <name> --out <ckpt>`
writes one that `export` reads). Not deterministic: data-loader workers and GPU kernels.
"""
import argparse
import json
import math
import os
import time
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np
import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

import pretrained
import real_train
import underwater
from augment import augment_sample
from common import NORMALISATION
from hullsynth.classes import EVO_TO_BASE, class_list, fouling_indices
from hullsynth.drydock import generate_dry_dock
from hullsynth.propeller import generate_propeller
from hullsynth.scene import generate
from metrics import confusion, fouling_coverage, summarise
from mobile_unet import MobileUNet
from train import fold_evo_state_to_base, segmentation_loss, set_encoder_trainable

TEST_FIRST_SEED = 1_000_000


def _generate_one(job):
    seed, size, dry_dock_share, propeller_share, turf_share = job
    cv2.setNumThreads(1)
    draw = np.random.default_rng([seed, 7]).random() if dry_dock_share or propeller_share or turf_share else 1.0
    if draw < dry_dock_share:
        return generate_dry_dock(seed, size)
    if draw < dry_dock_share + propeller_share:
        return generate_propeller(seed, size)
    return generate(seed, size, turf=draw < dry_dock_share + propeller_share + turf_share)


def generate_in_memory(first_seed, count, size, workers, seconds, log, dry_dock_share=0.0, propeller_share=0.0,
                       turf_share=0.0):
    """Samples first_seed.. in order until `count` or `seconds`: (N,H,W,3) uint8 RGB, (N,H,W) Evo labels.
    A seed's own draw makes it a dry-dock scene (hullsynth/drydock.py) with probability `dry_dock_share`,
    a propeller scene (hullsynth/propeller.py) with probability `propeller_share`, an underwater hull
    whose heavy mats are algal turf (hullsynth/slime.py) with probability `turf_share`, else an
    underwater hull."""
    t0 = time.time()
    images, masks = [], []
    jobs = [(first_seed + i, tuple(size), dry_dock_share, propeller_share, turf_share) for i in range(count)]
    with Pool(workers) as pool:
        for rgb, label in pool.imap(_generate_one, jobs, chunksize=2):
            images.append(rgb)
            masks.append(label)
            if len(images) % 1000 == 0:
                log(f"generated {len(images)} in {time.time() - t0:.0f} s")
            if seconds and time.time() - t0 > seconds:
                pool.terminate()
                break
    log(f"generated {len(images)} samples from seed {first_seed} in {time.time() - t0:.0f} s ({workers} workers)")
    return np.stack(images), np.stack(masks)


class AugmentedStream(IterableDataset):
    """Endless augmented crops; each data-loader worker draws with its own seeded generator.
    A `clean_share` of the samples gets no photometric change (scale and flips only).

    `real`: labelled real photos (real_train.load_samples: each its own size, unlabelled pixels
    real_train.IGNORE); a `real_share` of the crops is cut from them, with photometric changes at
    `real_strength` (a real photo already has a real camera's colour, blur and noise).

    `degrade_share`: that share of all crops, real and synthetic, is then degraded as underwater
    footage is (underwater.degrade: turbidity, blur, low light, colour cast, noise, heavy JPEG)."""

    def __init__(self, images, masks, crop, min_zoom, max_zoom, clean_share, seed, real=(), real_share=0.0,
                 real_strength=0.5, degrade_share=0.0):
        self.degrade_share = degrade_share
        self.images, self.masks = images, masks
        self.crop, self.min_zoom, self.max_zoom = crop, min_zoom, max_zoom
        self.clean_share, self.seed = clean_share, seed
        self.real = [(torch.from_numpy(img), torch.from_numpy(mask)) for img, mask in real]
        self.real_share = real_share if self.real else 0.0
        self.real_strength = real_strength

    def __iter__(self):
        info = get_worker_info()
        if info is not None:   # a loader process: one thread each; without workers the trainer keeps its own
            torch.set_num_threads(1)
            cv2.setNumThreads(1)
        gen = torch.Generator().manual_seed(self.seed * 1000 + (info.id if info else 0))
        while True:
            img, lab = self._sample(gen)
            if self.degrade_share and float(torch.rand((), generator=gen)) < self.degrade_share:
                img = underwater.degrade(gen, img)
            yield img, lab

    def _sample(self, gen):
        if self.real_share and float(torch.rand((), generator=gen)) < self.real_share:
            image, mask = self.real[int(torch.randint(0, len(self.real), (), generator=gen))]
            return augment_sample(gen, image, mask, self.crop, self.min_zoom, self.max_zoom,
                                  strength=self.real_strength)
        i = int(torch.randint(0, len(self.masks), (), generator=gen))
        strength = 0.0 if float(torch.rand((), generator=gen)) < self.clean_share else 1.0
        return augment_sample(gen, self.images[i], self.masks[i], self.crop, self.min_zoom, self.max_zoom,
                              strength=strength)


def keep_batchnorm_statistics(model):
    """Every BatchNorm layer normalises with its running statistics and stops updating them (its scale
    and shift still train): a fine-tune on a CPU's small batches (8) would otherwise replace statistics
    learnt over batches of 64 with noisy ones."""
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.eval()


class Variant:
    """One model being trained: its classes, encoder recipe, optimiser and class weights."""

    def __init__(self, spec, evo_freq, device, init=None, base_from_evo=False, fixed_batchnorm_statistics=False):
        model_id, unfreeze, mult = spec.split(",")
        self.model_id, self.unfreeze_from, self.encoder_lr_mult = model_id, int(unfreeze), float(mult)
        self.name = f"{model_id}-u{self.unfreeze_from}-m{self.encoder_lr_mult:g}"
        self.num_classes = len(class_list(model_id))
        self.model = MobileUNet(self.num_classes)
        self.model.arch = "mobile-unet"
        if init is not None and base_from_evo and model_id == "base":
            evo_name = "evo" + self.name[len("base"):]
            self.model.load_state_dict(fold_evo_state_to_base(init[evo_name]["state_dict"]))
        elif init is not None:
            self.model.load_state_dict(init[self.name]["state_dict"])
        else:
            self.model.load_pretrained(pretrained.load_encoder_state())
        self.model.to(device, memory_format=torch.channels_last)
        self.opt = torch.optim.AdamW([{"params": self.model.decoder_parameters()},
                                      {"params": self.model.encoder_parameters()}], lr=0.0, weight_decay=1e-4)
        freq = evo_freq if model_id == "evo" else torch.zeros(self.num_classes).index_add_(
            0, torch.from_numpy(EVO_TO_BASE.astype(np.int64)), evo_freq)
        weights = (freq.sum() / (freq + 1)).pow(0.3)
        self.weights = (weights / weights.mean()).to(device)
        # Evo -> Base for every uint8 label; real_train.IGNORE stays IGNORE.
        lut = np.arange(256, dtype=np.int64)
        lut[:len(EVO_TO_BASE)] = EVO_TO_BASE
        self.lut = torch.from_numpy(lut).to(device) if model_id == "base" else None
        self.frozen = None
        self.fixed_batchnorm_statistics = fixed_batchnorm_statistics

    def labels(self, evo):
        return evo if self.lut is None else self.lut[evo]

    def set_frozen(self, frozen):
        if frozen != self.frozen:
            self.frozen = frozen
            self.training_mode()

    def training_mode(self):
        """The model's modes for a training step: the encoder's frozen part, and BatchNorm if fixed."""
        self.model.train()
        set_encoder_trainable(self.model, not self.frozen, self.unfreeze_from)
        if self.fixed_batchnorm_statistics:
            keep_batchnorm_statistics(self.model)

    def checkpoint(self, step, args):
        state = {k: v.detach().float().cpu().contiguous() for k, v in self.model.state_dict().items()}
        return {"model_id": self.model_id, "arch": "mobile-unet", "config": {}, "refine": False, "state_dict": state,
                "step": step, "variant": self.name, "args": args}


def lr_factors(progress, freeze_share, warm_share=0.03, enc_ramp=0.05):
    """(decoder, encoder) multipliers of --lr at `progress` in 0..1: warm-up, then cosine to zero."""
    cosine = 0.5 * (1 + math.cos(math.pi * min(1.0, max(0.0, progress - warm_share) / (1 - warm_share))))
    dec = min(1.0, (progress + 1e-3) / warm_share) * cosine
    enc = 0.0 if progress < freeze_share else min(1.0, (progress - freeze_share) / enc_ramp) * cosine
    return dec, enc


@torch.no_grad()
def evaluate(variant, images, masks, device, norm, batch=32):
    """Held-out figures as evaluate.py computes them (full 320 px images, argmax, float32)."""
    model = variant.model
    was_training = model.training
    model.eval()
    names = [c[0] for c in class_list(variant.model_id)]
    fouling = fouling_indices(variant.model_id)
    conf = np.zeros((len(names), len(names)), np.int64)
    errors = []
    for s in range(0, len(masks), batch):
        x = norm(torch.from_numpy(images[s:s + batch]).to(device))
        pred = model(x.contiguous(memory_format=torch.channels_last)).argmax(1).cpu().numpy()
        target = masks[s:s + batch] if variant.lut is None else EVO_TO_BASE[masks[s:s + batch]]
        for p, t in zip(pred, target):
            conf += confusion(p, t, len(names))
            errors.append(abs(fouling_coverage(p, fouling) - fouling_coverage(t, fouling)))
    if was_training:
        variant.training_mode()
    return summarise(conf, errors, names)


def normaliser(device):
    mean, std = (torch.tensor(v, device=device).view(1, 3, 1, 1) for v in NORMALISATION["mobile-unet"])
    return lambda x_u8: (x_u8.permute(0, 3, 1, 2).float().div_(255.0) - mean) / std


def train(a):
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    log_file = open(out / "log.txt", "a")

    def log(msg):
        line = f"[{time.strftime('%H:%M:%S')}] {msg}"
        print(line, flush=True)
        log_file.write(line + "\n")
        log_file.flush()

    t_start = time.time()
    workers = a.gen_workers or os.cpu_count()
    images, masks = generate_in_memory(a.first_seed, a.generate, a.size, workers, a.generate_seconds, log,
                                       a.dry_dock_share, a.propeller_share, a.turf_share)
    test_images, test_masks = generate_in_memory(TEST_FIRST_SEED, a.test_count, a.size, workers, 0, log)
    evo_freq = torch.bincount(torch.from_numpy(masks).flatten().long(), minlength=6).float()
    log(f"class shares {[round(v, 4) for v in (evo_freq / evo_freq.sum()).tolist()]}")

    # Data-loader workers fork before CUDA starts in this process. OpenCV stays on this thread here:
    # a worker forked from a process whose OpenCV thread pool ran (decoding the real photos) can hang.
    cv2.setNumThreads(1)
    real = real_train.load_samples(real_train.load(a.real_train)) if a.real_train else []
    if real:
        log(f"{len(real)} labelled real photos from {a.real_train}: {a.real_share:.0%} of the crops, "
            f"photometric strength {a.real_strength}")
    stream = AugmentedStream(torch.from_numpy(images), torch.from_numpy(masks), a.crop, a.min_zoom, a.max_zoom,
                             a.clean_share, a.seed, real, a.real_share, a.real_strength, a.degrade_share)
    loader = iter(DataLoader(stream, batch_size=a.batch, num_workers=a.loader_workers, pin_memory=a.device == "cuda",
                             prefetch_factor=4 if a.loader_workers else None, persistent_workers=a.loader_workers > 0))
    next(loader)
    device = torch.device(a.device)
    torch.manual_seed(a.seed)
    if a.device == "cuda":
        torch.backends.cudnn.benchmark = True
        log(f"device {torch.cuda.get_device_name(0)}, torch {torch.__version__}")
    init = torch.load(a.init, map_location="cpu") if a.init else None
    if init:
        log(f"variants start from {a.init} (step {next(iter(init.values()))['step']})")
    variants = [Variant(spec, evo_freq, device, init, a.base_from_evo, a.fixed_batchnorm_statistics)
                for spec in a.variants]
    norm = normaliser(device)
    snapshots = sorted(set(a.snapshots))
    metrics = []
    args = vars(a) | {"train_samples": len(masks)}

    def snapshot(step, progress_pct, elapsed):
        bundle = {}
        for v in variants:
            figures = evaluate(v, test_images, test_masks, device, norm)
            metrics.append({"variant": v.name, "step": step, "progress_pct": progress_pct, "train_seconds": round(elapsed),
                            "samples_seen": step * a.batch, **figures})
            log(f"{v.name} at {progress_pct} % (step {step}): mIoU w/o bg {figures['miou_without_background']}, "
                f"coverage error {figures['coverage_mae_pp']} pp, per class {figures['per_class_iou']}")
            bundle[v.name] = v.checkpoint(step, args)
        torch.save(bundle, out / f"snapshot_{progress_pct:03d}.pt")
        (out / "metrics.json").write_text(json.dumps(metrics, indent=1))

    autocast = torch.autocast(device_type=a.device, dtype=torch.bfloat16, enabled=a.device == "cuda")
    t_train = time.time()
    step, wait, last_loss = 0, 0.0, np.zeros(len(variants))
    log(f"training {[v.name for v in variants]}: batch {a.batch}, crop {a.crop}, lr {a.lr}, "
        f"{a.time_limit} s or {a.steps} steps; setup took {t_train - t_start:.0f} s")
    while snapshots:
        elapsed = time.time() - t_train
        progress = max(step / a.steps, elapsed / a.time_limit)
        if progress * 100 >= snapshots[0]:
            snapshot(step, snapshots.pop(0), elapsed)
            continue
        dec_f, enc_f = lr_factors(progress, a.freeze_share)
        t0 = time.time()
        xb, yb = next(loader)
        x = norm(xb.to(device, non_blocking=True)).contiguous(memory_format=torch.channels_last)
        y = yb.to(device, non_blocking=True).long()
        wait += time.time() - t0
        for k, v in enumerate(variants):
            v.set_frozen(progress < a.freeze_share)
            v.opt.param_groups[0]["lr"] = a.lr * dec_f
            v.opt.param_groups[1]["lr"] = a.lr * v.encoder_lr_mult * enc_f
            target = v.labels(y)
            with autocast:
                logits = v.model(x)
            logits = logits.float()
            loss = segmentation_loss(logits, target, v.weights, v.num_classes, real_train.IGNORE)
            v.opt.zero_grad(set_to_none=True)
            loss.backward()
            v.opt.step()
            if (step + 1) % a.log_every == 0:
                last_loss[k] = loss.item()    # one sync per log line
        step += 1
        if step % a.log_every == 0:
            el = time.time() - t_train
            log(f"step {step} progress {progress:.3f} lr {a.lr * dec_f:.2e} enc {enc_f:.2f} "
                f"{step * a.batch / el:.0f} img/s, waiting for data {wait / el * 100:.0f} % "
                f"last losses {', '.join(f'{v.name} {last_loss[k]:.3f}' for k, v in enumerate(variants))}")
    log(f"done: {step} steps, {step * a.batch} samples in {time.time() - t_train:.0f} s of training, "
        f"{time.time() - t_start:.0f} s in all")


def extract(a):
    bundle = torch.load(a.extract, map_location="cpu")
    if a.variant not in bundle:
        raise SystemExit(f"{a.variant} is not in {a.extract}: {sorted(bundle)}")
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(bundle[a.variant], a.out)
    print(f"wrote {a.out} ({a.variant}, step {bundle[a.variant]['step']})")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out-dir", default="runs/device")
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    p.add_argument("--variants", nargs="+", default=["evo,0,0.3", "base,0,0.3"],
                   help="model,unfreeze_from,encoder_lr_mult (see train.py --unfreeze-from)")
    p.add_argument("--generate", type=int, default=6000, help="training samples to generate (seeds 0..)")
    p.add_argument("--generate-seconds", type=float, default=120, help="stop generating after this long (0: no limit)")
    p.add_argument("--dry-dock-share", type=float, default=0.0,
                   help="share of training samples drawn as dry-dock scenes (the held-out set stays underwater)")
    p.add_argument("--propeller-share", type=float, default=0.0,
                   help="share of training samples drawn as propeller and thruster scenes (hullsynth/propeller.py)")
    p.add_argument("--turf-share", type=float, default=0.0,
                   help="share of training samples drawn as underwater hulls whose heavy mats are algal turf")
    p.add_argument("--real-train", help="labelled real photos to mix in (real_train.py; e.g. real-train/drydock.json)")
    p.add_argument("--real-share", type=float, default=0.2, help="share of the crops cut from --real-train photos")
    p.add_argument("--real-strength", type=float, default=0.5,
                   help="strength of the photometric changes on real crops (synthetic ones: 1)")
    p.add_argument("--degrade-share", type=float, default=0.0,
                   help="share of the crops degraded as underwater footage is (underwater.py, issue 46)")
    p.add_argument("--first-seed", type=int, default=0, help="first training seed (a continuation takes new ones)")
    p.add_argument("--init", help="a snapshot of an earlier run: each variant starts from its own weights there")
    p.add_argument("--base-from-evo", action="store_true",
                   help="with --init: a Base variant starts from the Evo variant of the same recipe, its head folded")
    p.add_argument("--test-count", type=int, default=240)
    p.add_argument("--size", type=int, nargs=2, default=[320, 320])
    p.add_argument("--gen-workers", type=int, default=0, help="0: every core")
    p.add_argument("--loader-workers", type=int, default=max(0, (os.cpu_count() or 1) - 2))
    p.add_argument("--steps", type=int, default=100_000, help="upper bound; --time-limit usually ends the run")
    p.add_argument("--time-limit", type=float, default=330, help="seconds of training")
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--crop", type=int, default=256)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--freeze-share", type=float, default=0.05)
    p.add_argument("--min-zoom", type=float, default=0.8)
    p.add_argument("--max-zoom", type=float, default=2.5)
    p.add_argument("--clean-share", type=float, default=0.25, help="share of samples without photometric changes")
    p.add_argument("--snapshots", type=int, nargs="+", default=[50, 75, 100], help="percent of the run")
    p.add_argument("--log-every", type=int, default=100)
    p.add_argument("--seed", type=int, default=41)
    p.add_argument("--fixed-batchnorm-statistics", action="store_true",
                   help="BatchNorm keeps its running statistics (for small batches, e.g. a fine-tune on a CPU)")
    p.add_argument("--extract", help="a snapshot file: write one variant's checkpoint (--variant, --out)")
    p.add_argument("--variant")
    p.add_argument("--out")
    a = p.parse_args(argv)
    if a.dry_dock_share + a.propeller_share + a.turf_share > 1:
        p.error("--dry-dock-share, --propeller-share and --turf-share add up to more than 1")
    return extract(a) if a.extract else train(a)


if __name__ == "__main__":
    main()
