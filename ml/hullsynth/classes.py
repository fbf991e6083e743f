"""Class definitions shared by the generator, training, export and evaluation.

The Evo index order is fixed. Base has one class fewer: its Slime/Algae is Evo's Light Slime (the
flat film: bacteria and diatoms), and its Soft Fouling takes Evo's Heavy Slime/Algae with Evo's Soft
Fouling (thick mats, filamentous algae and weed: volumetric soft growth, macrofouling for IMO).
A class keeps the same colour in both models.
"""
import numpy as np

BACKGROUND, CLEAN, LIGHT_SLIME, HEAVY_SLIME, SOFT, HARD = range(6)

EVO_CLASSES = [
    ("Background", "#000000", False),
    ("Clean Structure", "#1E88E5", True),
    ("Light Slime", "#C0CA33", True),
    ("Heavy Slime/Algae", "#2E7D32", True),
    ("Soft Fouling", "#FB8C00", True),
    ("Hard Fouling", "#E53935", True),
]

BASE_CLASSES = [
    ("Background", "#000000", False),
    ("Clean Structure", "#1E88E5", True),
    ("Slime/Algae", "#7CB342", True),
    ("Soft Fouling", "#FB8C00", True),
    ("Hard Fouling", "#E53935", True),
]

# Each class's category on the IMO MEPC.378(80) fouling rating scale, written into the manifest
# (export.py) and explained in the model cards (model_card.py FOULING_NOTES). A new class needs one.
FOULING_CATEGORIES = {
    "Background": "none",
    "Clean Structure": "none",
    "Light Slime": "microfouling",
    # Thick mats, half of them carrying filamentous algae, or algal turf in turf scenes
    # (slime.heavy_slime): see FOULING_NOTES.
    "Heavy Slime/Algae": "macrofouling",
    # Base's flat film, Evo's Light Slime (EVO_TO_BASE): see FOULING_NOTES.
    "Slime/Algae": "microfouling",
    "Soft Fouling": "macrofouling",
    "Hard Fouling": "macrofouling",
}

# Evo index -> Base index. Heavy Slime/Algae joins Soft Fouling, not Slime/Algae: merged into the
# film class it made Base read real algal turf as microfouling and under-rate a fouled hull
# (ml/reports/real_regions.md, "Why Base 2.0.0 misses the turf"); Base 1.x and 2.0/2.1 candidates
# were trained with [0, 1, 2, 2, 3, 4].
EVO_TO_BASE = np.array([0, 1, 2, 3, 3, 4], dtype=np.uint8)

MODELS = {"evo": EVO_CLASSES, "base": BASE_CLASSES}


def class_list(model_id):
    return MODELS[model_id]


def fouling_category(label):
    """"none", "microfouling" or "macrofouling"; a class without one stops the export."""
    return FOULING_CATEGORIES[label]


def to_model_labels(evo_label, model_id):
    """Map an Evo label map to the label space of `model_id`."""
    return evo_label if model_id == "evo" else EVO_TO_BASE[evo_label]


def palette(model_id):
    """(classes, 3) uint8 RGB colours."""
    return np.array([[int(h[i:i + 2], 16) for i in (1, 3, 5)] for _, h, _ in MODELS[model_id]], np.uint8)


def fouling_indices(model_id):
    """Indices counted as fouling (everything except Background and Clean Structure)."""
    return list(range(2, len(MODELS[model_id])))
