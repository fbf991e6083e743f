"""Run from ml/: `python -m unittest discover -s tests -t .`"""
import tempfile
import unittest
from pathlib import Path

import numpy as np

from hullsynth import sample
from hullsynth.classes import EVO_TO_BASE, class_list, to_model_labels
from hullsynth.scene import generate


class GeneratorTest(unittest.TestCase):
    def test_same_seed_same_arrays(self):
        a_img, a_lab = generate(123, (96, 128))
        b_img, b_lab = generate(123, (96, 128))
        np.testing.assert_array_equal(a_img, b_img)
        np.testing.assert_array_equal(a_lab, b_lab)

    def test_different_seeds_differ(self):
        self.assertFalse(np.array_equal(generate(1, (96, 96))[0], generate(2, (96, 96))[0]))

    def test_shapes_and_label_range(self):
        img, lab = generate(7, (100, 140))
        self.assertEqual(img.shape, (100, 140, 3))
        self.assertEqual(img.dtype, np.uint8)
        self.assertEqual(lab.shape, (100, 140))
        self.assertLessEqual(int(lab.max()), 5)

    def test_sample_cli_is_byte_identical(self):
        with tempfile.TemporaryDirectory() as d:
            outs = []
            for name in ("a.png", "b.png"):
                path = Path(d) / name
                sample.main(["--seed", "5", "--out", str(path), "--size", "64", "64"])
                outs.append((path.read_bytes(), path.with_name(path.stem + "_mask.png").read_bytes()))
            self.assertEqual(outs[0], outs[1])


class ClassesTest(unittest.TestCase):
    def test_base_merges_slime_only(self):
        evo = np.arange(6, dtype=np.uint8)
        np.testing.assert_array_equal(to_model_labels(evo, "base"), [0, 1, 2, 2, 3, 4])
        self.assertEqual(len(class_list("base")), int(EVO_TO_BASE.max()) + 1)

    def test_same_colour_for_same_class(self):
        evo = dict((n, c) for n, c, _ in class_list("evo"))
        base = dict((n, c) for n, c, _ in class_list("base"))
        for name in set(evo) & set(base):
            self.assertEqual(evo[name], base[name])
        self.assertEqual(base["Background"], "#000000")


if __name__ == "__main__":
    unittest.main()
