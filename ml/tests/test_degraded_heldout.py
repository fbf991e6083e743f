"""Issue 46: the held-out scenes the app's low-confidence judgement is checked on, clear and degraded,
each with both models' ground truth."""
import tempfile
import unittest
from pathlib import Path

import cv2
import numpy as np

from degraded_heldout import write_heldout
from hullsynth.classes import EVO_TO_BASE
from hullsynth.dataset_io import write_dataset


class DegradedHeldOut(unittest.TestCase):
    def test_writes_each_scene_clear_and_degraded_with_both_models_ground_truth(self):
        with tempfile.TemporaryDirectory() as tmp:
            data, out = Path(tmp) / "test", Path(tmp) / "heldout"
            write_dataset(data, 1_000_000, 3, (64, 64))
            self.assertEqual(write_heldout(data, out, scenes=2, draws=2), 6)
            names = sorted(p.name for p in (out / "images").glob("*.png"))
            self.assertEqual(names, [f"{1_000_000 + s:08d}-{k}.png" for s in range(2) for k in range(3)])
            clear = cv2.imread(str(out / "images" / names[0]))
            generated = cv2.imread(str(data / "images" / "01000000.png"))
            self.assertTrue(np.array_equal(clear, generated))
            for degraded in names[1:3]:
                self.assertFalse(np.array_equal(cv2.imread(str(out / "images" / degraded)), generated))
            truth = cv2.imread(str(data / "masks" / "01000000.png"), cv2.IMREAD_UNCHANGED)
            for name in names[:3]:
                evo = cv2.imread(str(out / "masks-evo" / name), cv2.IMREAD_UNCHANGED)
                base = cv2.imread(str(out / "masks-base" / name), cv2.IMREAD_UNCHANGED)
                self.assertTrue(np.array_equal(evo, truth))
                self.assertTrue(np.array_equal(base, EVO_TO_BASE[truth]))


if __name__ == "__main__":
    unittest.main()
