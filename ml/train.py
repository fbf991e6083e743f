"""Train a segmentation model on a generated dataset.

    python -m train --model evo --data data/train --steps 3000 --out checkpoints/evo.pt
    python -m train --model base --data data/train --init checkpoints/evo.pt --steps 1200 --out checkpoints/base.pt
    python -m train --model evo --arch mobile-unet --data data/train_v2 --steps 20000 --out checkpoints/mu_evo1.pt

Deterministic given --seed (single process, fixed thread count). Labels on disk are Evo indices;
the base model merges Light and Heavy Slime on the fly.

--arch mobile-unet (issue 19, 2.x): the U-Net of mobile_unet.py on the ImageNet MobileNetV2 encoder
(`python -m pretrained` first), with the sim-to-real augmentation of augment.py; the encoder is
frozen for --freeze-steps (BatchNorm statistics too), then trained at --encoder-lr-mult times the
learning rate. Checkpoints carry the optimiser state, so `--resume` continues a run where its last
checkpoint (every 250 steps) left off.
"""
import argparse
import json
import math
import time
from pathlib import Path

import torch
import torch.nn.functional as F

from common import normalise
from hullsynth.classes import EVO_TO_BASE, class_list
from hullsynth.dataset_io import read_dataset
from mobile_unet import MobileUNet
from unet import UNet, count_params


def random_batch(gen, images, masks, batch, crop):
    n, h, w = masks.shape
    idx = torch.randint(0, n, (batch,), generator=gen)
    ys = torch.randint(0, h - crop + 1, (batch,), generator=gen)
    xs = torch.randint(0, w - crop + 1, (batch,), generator=gen)
    imgs = torch.stack([images[i, y:y + crop, x:x + crop] for i, y, x in zip(idx, ys, xs)])
    labs = torch.stack([masks[i, y:y + crop, x:x + crop] for i, y, x in zip(idx, ys, xs)])
    flips = torch.randint(0, 2, (3,), generator=gen)
    if flips[0]:
        imgs, labs = imgs.flip(2), labs.flip(2)
    if flips[1]:
        imgs, labs = imgs.flip(1), labs.flip(1)
    if flips[2]:
        imgs, labs = imgs.transpose(1, 2), labs.transpose(1, 2)
    return normalise(imgs.contiguous()), labs.long().contiguous()


def dice_loss(logits, target, num_classes, ignore_index=255):
    """Soft Dice over the classes present in `target`; pixels labelled `ignore_index` (real_train.IGNORE:
    unlabelled pixels of real photos) take no part. Masks are applied unconditionally, without asking
    the device whether any pixel is ignored; a batch with no labelled pixel gives 0, not NaN."""
    probs = logits.softmax(1)
    keep = (target != ignore_index).unsqueeze(1).to(probs.dtype)
    onehot = F.one_hot(target.masked_fill(target == ignore_index, 0), num_classes).permute(0, 3, 1, 2).to(probs.dtype)
    probs, onehot = probs * keep, onehot * keep
    inter = (probs * onehot).sum((0, 2, 3))
    denom = probs.sum((0, 2, 3)) + onehot.sum((0, 2, 3))
    present = (onehot.sum((0, 2, 3)) > 0).to(probs.dtype)
    dice = (2 * inter + 1) / (denom + 1)
    return ((1 - dice) * present).sum() / present.sum().clamp(min=1)


def segmentation_loss(logits, target, weights, num_classes, ignore_index=255):
    """Class-weighted cross-entropy + 0.5 x Dice, the training loss of every trainer here. Pixels
    labelled `ignore_index` take no part; the cross-entropy is F.cross_entropy's weighted mean over
    the other pixels, but 0 rather than NaN when there are none."""
    valid = target != ignore_index
    pixel_weights = (weights[target.masked_fill(~valid, 0)] if weights is not None
                     else torch.ones_like(target, dtype=logits.dtype)) * valid
    ce = (F.cross_entropy(logits, target, weight=weights, ignore_index=ignore_index, reduction="sum")
          / pixel_weights.sum().clamp(min=1e-12))
    return ce + 0.5 * dice_loss(logits, target, num_classes, ignore_index)


def build_model(arch, num_classes, refine=False, config=None):
    if arch == "mobile-unet":
        return MobileUNet(num_classes, **(config or {}))
    return UNet(num_classes, refine=refine)


def load_model(path):
    ckpt = torch.load(path, map_location="cpu")
    model = build_model(ckpt.get("arch", "unet"), len(class_list(ckpt["model_id"])), ckpt.get("refine", False),
                        ckpt.get("config"))
    model.load_state_dict(ckpt["state_dict"])
    return model, ckpt


def fold_evo_state_to_base(state):
    """An Evo state dict as a Base one: the output rows of Evo classes that EVO_TO_BASE merges are
    averaged, and the stride-2 stage's logit inputs of those classes summed, so the folded network
    starts from Evo's own predictions in Base's classes."""
    lut = torch.as_tensor(EVO_TO_BASE, dtype=torch.long)
    n = int(lut.max()) + 1
    counts = torch.zeros(n).index_add_(0, lut, torch.ones(len(lut)))
    state = dict(state)
    for key in ("head.weight", "head.bias", "refine_head.weight", "refine_head.bias", "fine_head.weight", "fine_head.bias"):
        if key in state:
            t = state[key]
            summed = torch.zeros((n, *t.shape[1:]), dtype=t.dtype).index_add_(0, lut, t)
            state[key] = summed / counts.view(-1, *([1] * (t.dim() - 1)))
    if "fine.0.weight" in state:   # mobile-unet: the stride-2 stage reads the logits (input channels 0..5)
        t = state["fine.0.weight"]
        logits_in = torch.zeros((t.shape[0], n, *t.shape[2:]), dtype=t.dtype).index_add_(1, lut, t[:, :len(lut)])
        state["fine.0.weight"] = torch.cat([logits_in, t[:, len(lut):]], 1)
    return state


def init_from(model, path, model_id):
    """Start from another of our checkpoints; an Evo head is folded into Base (fold_evo_state_to_base).

    A checkpoint without the refinement stage grows into a model with it: the stage keeps its fresh
    (zero-output) initialisation, so training starts from the checkpoint's own predictions."""
    src, ckpt = load_model(path)
    assert ckpt.get("arch", "unet") == getattr(model, "arch", "unet"), "--init must be of the same --arch"
    state = src.state_dict()
    if ckpt["model_id"] != model_id and model_id == "base":
        state = fold_evo_state_to_base(state)
    missing, unexpected = model.load_state_dict(state, strict=False)
    assert not unexpected and all(k.startswith("refine") for k in missing), (missing, unexpected)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", choices=["evo", "base"], required=True)
    p.add_argument("--data", default="data/train")
    p.add_argument("--out", required=True)
    p.add_argument("--steps", type=int, default=3000)
    p.add_argument("--batch", type=int, default=12)
    p.add_argument("--crop", type=int, default=256)
    p.add_argument("--lr", type=float, default=4e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--init", help="checkpoint to start from (ours, never downloaded weights)")
    p.add_argument("--refine", action="store_true", help="add the stride-2 refinement stage (see unet.py)")
    p.add_argument("--arch", choices=["unet", "mobile-unet"], default="unet")
    p.add_argument("--freeze-steps", type=int, default=1500, help="mobile-unet: steps with the encoder frozen")
    p.add_argument("--encoder-lr-mult", type=float, default=0.1, help="mobile-unet: encoder LR / decoder LR")
    p.add_argument("--unfreeze-from", type=int, default=4, help="mobile-unet: after --freeze-steps, train encoder "
                   "blocks from this one on (0 = all, Conv1 included; 4 = stride 8 and deeper)")
    p.add_argument("--reinit-from", type=int, help="mobile-unet: re-initialise encoder blocks from this one on "
                   "(11 = only the ImageNet layers Conv1..block_10 pretrained)")
    p.add_argument("--no-pretrained", action="store_true", help="mobile-unet: random encoder (for comparison)")
    p.add_argument("--max-zoom", type=float, default=2.5, help="mobile-unet: scale augmentation, largest zoom-in")
    p.add_argument("--min-zoom", type=float, default=0.8)
    p.add_argument("--aug-strength", type=float, default=1.0, help="mobile-unet: photometric augmentation (0 = off)")
    p.add_argument("--reload-every", type=int, default=0, help="re-read --data every N steps (while it is being generated)")
    p.add_argument("--resume", action="store_true", help="continue from --out's last checkpoint")
    a = p.parse_args(argv)
    if a.arch == "mobile-unet":
        return main_mobile(a)

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True)
    gen = torch.Generator().manual_seed(a.seed)
    num_classes = len(class_list(a.model))

    t0 = time.time()
    images, masks = read_dataset(a.data)
    if a.model == "base":
        masks = EVO_TO_BASE[masks]
    images, masks = torch.from_numpy(images), torch.from_numpy(masks)
    freq = torch.bincount(masks.flatten().long(), minlength=num_classes).float()
    weights = (freq.sum() / (freq + 1)).pow(0.3)
    weights = weights / weights.mean()
    print(f"loaded {len(masks)} samples in {time.time() - t0:.0f} s; class freq {(freq / freq.sum()).tolist()}")

    model = UNet(num_classes, refine=a.refine)
    if a.init:
        init_from(model, a.init, a.model)
    print(f"params {count_params(model)}")
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    warm = max(1, a.steps // 20)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: (s + 1) / warm if s < warm else 0.5 * (1 + math.cos(math.pi * (s - warm) / (a.steps - warm))))

    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    model.train()
    t_train = time.time()
    running = 0.0
    for step in range(1, a.steps + 1):
        x, y = random_batch(gen, images, masks, a.batch, a.crop)
        logits = model(x)
        loss = segmentation_loss(logits, y, weights, num_classes)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sched.step()
        running += loss.item()
        if step % 50 == 0:
            el = time.time() - t_train
            print(f"step {step}/{a.steps} loss {running / 50:.4f} lr {sched.get_last_lr()[0]:.2e} "
                  f"{step * a.batch / el:.1f} img/s elapsed {el / 60:.1f} min", flush=True)
            running = 0.0
        if step % 500 == 0 or step == a.steps:
            torch.save({"model_id": a.model, "refine": a.refine, "state_dict": model.state_dict()}, a.out)
    train_s = time.time() - t_train
    info = {"model_id": a.model, "data": a.data, "steps": a.steps, "batch": a.batch, "crop": a.crop, "lr": a.lr, "seed": a.seed,
            "init": a.init, "refine": a.refine, "train_samples": len(masks), "train_seconds": round(train_s), "threads": a.threads,
            "params": count_params(model)}
    Path(a.out).with_suffix(".json").write_text(json.dumps(info, indent=2))
    print(json.dumps(info))


def load_data(path, model_id, num_classes):
    images, masks = read_dataset(path)
    if model_id == "base":
        masks = EVO_TO_BASE[masks]
    images, masks = torch.from_numpy(images), torch.from_numpy(masks)
    freq = torch.bincount(masks.flatten().long(), minlength=num_classes).float()
    return images, masks, freq


def set_encoder_trainable(model, trainable, unfreeze_from=0):
    """Freeze or unfreeze the encoder; when unfreezing, Conv1 and the blocks before `unfreeze_from`
    stay frozen (weights and BatchNorm statistics): generic ImageNet low-level features, and the
    high-resolution part whose backward pass costs most."""
    enc = model.encoder
    for p in enc.parameters():
        p.requires_grad_(False)
    enc.eval()
    if not trainable:
        return
    for i, block in enumerate(enc.blocks.values()):
        if i >= unfreeze_from:
            block.train()
            for p in block.parameters():
                p.requires_grad_(True)
    if unfreeze_from == 0:
        for m in (enc.Conv1, enc.bn_Conv1):
            m.train()
            for p in m.parameters():
                p.requires_grad_(True)


def main_mobile(a):
    from augment import sim2real_batch
    import pretrained

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True)
    gen = torch.Generator().manual_seed(a.seed)
    num_classes = len(class_list(a.model))
    t0 = time.time()
    images, masks, freq = load_data(a.data, a.model, num_classes)
    weights = (freq.sum() / (freq + 1)).pow(0.3)
    weights = weights / weights.mean()
    print(f"loaded {len(masks)} samples in {time.time() - t0:.0f} s; class freq {(freq / freq.sum()).tolist()}", flush=True)

    model = MobileUNet(num_classes)
    model.arch = "mobile-unet"
    if a.init:
        init_from(model, a.init, a.model)
    elif not a.no_pretrained:
        missing = model.load_pretrained(pretrained.load_encoder_state(), a.reinit_from)
        print(f"encoder from {pretrained.WEIGHTS.name}; not pretrained: {len(missing)} tensors", flush=True)
    print(f"params {count_params(model)}", flush=True)
    enc = model.encoder_parameters()
    dec = model.decoder_parameters()
    opt = torch.optim.AdamW([{"params": dec, "lr": a.lr}, {"params": enc, "lr": a.lr * a.encoder_lr_mult}],
                            lr=a.lr, weight_decay=1e-4)
    warm = max(1, a.steps // 20)
    freeze = a.freeze_steps if not a.init else 0
    enc_warm = max(1, min(500, a.steps // 20))

    def cosine(s):
        return 0.5 * (1 + math.cos(math.pi * min(1.0, (s - warm) / max(1, a.steps - warm))))

    def dec_lr(s):
        return (s + 1) / warm if s < warm else cosine(s)

    def enc_lr(s):
        if s < freeze:
            return 0.0
        return min(1.0, (s - freeze + 1) / enc_warm) * (cosine(s) if s >= warm else (s + 1) / warm)

    sched = torch.optim.lr_scheduler.LambdaLR(opt, [dec_lr, enc_lr])
    start = 1
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    history = []
    if a.resume and out.exists():
        ckpt = torch.load(out, map_location="cpu")
        model.load_state_dict(ckpt["state_dict"])
        opt.load_state_dict(ckpt["optimizer"])
        sched.load_state_dict(ckpt["scheduler"])
        gen.set_state(ckpt["generator"])
        start = ckpt["step"] + 1
        history = ckpt.get("history", [])
        print(f"resumed at step {start}", flush=True)

    def save(step):
        tmp = out.with_suffix(".tmp")
        torch.save({"model_id": a.model, "arch": "mobile-unet", "config": {}, "refine": False,
                    "state_dict": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": sched.state_dict(),
                    "generator": gen.get_state(), "step": step, "args": vars(a), "history": history}, tmp)
        tmp.replace(out)

    model.train()
    set_encoder_trainable(model, start > freeze, a.unfreeze_from)
    t_train = time.time()
    running = 0.0
    for step in range(start, a.steps + 1):
        if step == freeze + 1 and freeze:
            set_encoder_trainable(model, True, a.unfreeze_from)
            print(f"step {step}: encoder unfrozen from block {a.unfreeze_from}", flush=True)
        if a.reload_every and step % a.reload_every == 0:
            n_before = len(masks)
            images, masks, _ = load_data(a.data, a.model, num_classes)
            print(f"step {step}: reloaded data, {n_before} -> {len(masks)} samples", flush=True)
        xb, yb = sim2real_batch(gen, images, masks, a.batch, a.crop, a.min_zoom, a.max_zoom,
                                strength=a.aug_strength)
        x, y = normalise(xb, "mobile-unet"), yb.long()
        logits = model(x)
        loss = segmentation_loss(logits, y, weights, num_classes)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sched.step()
        running += loss.item()
        if step % 50 == 0:
            el = time.time() - t_train
            lrs = sched.get_last_lr()
            print(f"step {step}/{a.steps} loss {running / 50:.4f} lr {lrs[0]:.2e} enc_lr {lrs[1]:.2e} "
                  f"{(step - start + 1) * a.batch / el:.2f} img/s elapsed {el / 60:.1f} min", flush=True)
            history.append([step, round(running / 50, 4), round(el)])
            running = 0.0
        if step % 250 == 0 or step == a.steps:
            save(step)
    info = {"model_id": a.model, "arch": "mobile-unet", "data": a.data, "steps": a.steps, "batch": a.batch,
            "crop": a.crop, "lr": a.lr, "seed": a.seed, "freeze_steps": freeze, "encoder_lr_mult": a.encoder_lr_mult, "unfreeze_from": a.unfreeze_from,
            "reinit_from": a.reinit_from, "pretrained": not a.no_pretrained and not a.init, "init": a.init,
            "zoom": [a.min_zoom, a.max_zoom], "aug_strength": a.aug_strength, "train_samples": len(masks),
            "train_seconds_this_session": round(time.time() - t_train), "threads": a.threads,
            "params": count_params(model)}
    out.with_suffix(".json").write_text(json.dumps(info, indent=2))
    print(json.dumps(info))


if __name__ == "__main__":
    main()
