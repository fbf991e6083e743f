"""Segmentation metrics: confusion matrix, IoU, pixel accuracy and fouling-coverage error."""
import numpy as np


def confusion(pred, target, num_classes):
    idx = target.astype(np.int64).ravel() * num_classes + pred.astype(np.int64).ravel()
    return np.bincount(idx, minlength=num_classes * num_classes).reshape(num_classes, num_classes)


def fouling_coverage(label, fouling):
    """Percentage of non-Background pixels that are fouling (as shown to users, Background excluded)."""
    structure = label != 0
    n = structure.sum()
    return 100.0 * np.isin(label, fouling).sum() / n if n else 0.0


def summarise(conf, coverage_errors, names):
    inter = np.diag(conf).astype(np.float64)
    union = conf.sum(0) + conf.sum(1) - inter
    iou = np.where(union > 0, inter / np.maximum(union, 1), np.nan)
    return {
        "per_class_iou": {n: round(float(v), 4) for n, v in zip(names, iou)},
        "miou": round(float(np.nanmean(iou)), 4),
        "miou_without_background": round(float(np.nanmean(iou[1:])), 4),
        "pixel_accuracy": round(float(inter.sum() / conf.sum()), 4),
        "coverage_mae_pp": round(float(np.mean(coverage_errors)), 3),
        "coverage_error_p90_pp": round(float(np.percentile(coverage_errors, 90)), 3),
    }
