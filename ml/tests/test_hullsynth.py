"""Run from ml/: `python -m unittest discover -s tests -t .`"""
import hashlib
import tempfile
import unittest
from pathlib import Path

import numpy as np

from hullsynth import sample, slime
from hullsynth.classes import BACKGROUND, CLEAN, EVO_TO_BASE, HEAVY_SLIME, class_list, to_model_labels
from hullsynth.canvas import Surface
from hullsynth.drydock import UNDERCOAT_WEIGHTS, UNDERCOATS, chalking, generate_dry_dock, pitting, render_surface
from hullsynth.propeller import generate_propeller, render_propeller
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

    def test_a_film_over_an_empty_zone_leaves_the_photo_intact(self):
        # Seed 127's film is drawn over a zone the fouling left empty: it once made the photo all NaN (black).
        with np.errstate(invalid="raise"):
            img, _ = generate(127, (320, 320))
        self.assertGreater(float(img.mean()), 20.0)

    def test_sample_cli_is_byte_identical(self):
        with tempfile.TemporaryDirectory() as d:
            outs = []
            for name in ("a.png", "b.png"):
                path = Path(d) / name
                sample.main(["--seed", "5", "--out", str(path), "--size", "64", "64"])
                outs.append((path.read_bytes(), path.with_name(path.stem + "_mask.png").read_bytes()))
            self.assertEqual(outs[0], outs[1])


class DryDockTest(unittest.TestCase):
    def test_deterministic_and_in_range(self):
        a, b = generate_dry_dock(5, (96, 128)), generate_dry_dock(5, (96, 128))
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])
        self.assertEqual(a[0].shape, (96, 128, 3))
        self.assertFalse(np.array_equal(a[0], generate(5, (96, 128))[0]))   # its own draws, not scene's

    def test_flaked_paint_is_clean_structure(self):
        # A clean dry hull: undercoats, primer and dark marks change the colour, never the label.
        seen = 0
        for seed in range(40):
            rng = np.random.default_rng([seed, 0xD0C])
            s = render_surface(rng, 96, 96)
            labels = set(np.unique(s.label).tolist())
            if labels == {CLEAN}:
                seen += 1
                self.assertGreater(float(s.rgb.std()), 0.01)
            self.assertNotIn(BACKGROUND, labels)   # the dock comes later, outside the hull
        self.assertGreater(seen, 15)


    def test_undercoats_have_a_weight_each(self):
        self.assertEqual(len(UNDERCOAT_WEIGHTS), len(UNDERCOATS))
        self.assertTrue((UNDERCOAT_WEIGHTS > 0).all())

    def test_pitting_and_chalking_change_colour_not_labels(self):
        for paint_over in (pitting, chalking):
            rng = np.random.default_rng(3)
            s = Surface(rgb=np.full((64, 64, 3), 0.5, np.float32), label=np.full((64, 64), CLEAN, np.uint8),
                        foulable=np.ones((64, 64), bool), px_per_cm=4.0, light_dir=(0.0, 0.0, 1.0), rng=rng)
            paint_over(s)
            self.assertGreater(float(np.abs(s.rgb - 0.5).max()), 0.02, paint_over.__name__)
            self.assertEqual(set(np.unique(s.label).tolist()), {CLEAN}, paint_over.__name__)


class PropellerTest(unittest.TestCase):
    def test_deterministic_and_its_own_draws(self):
        a, b = generate_propeller(9, (96, 128)), generate_propeller(9, (96, 128))
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])
        self.assertEqual(a[0].shape, (96, 128, 3))
        self.assertFalse(np.array_equal(a[0], generate_dry_dock(9, (96, 128))[0]))

    def test_metal_is_structure_and_the_water_background(self):
        # Blades, hub and duct are Clean Structure (a film or growth only where drawn on them); the
        # water around them stays Background and is never foulable.
        for seed in range(12):
            rng = np.random.default_rng(seed)
            s = Surface(rgb=np.zeros((96, 96, 3), np.float32), label=np.full((96, 96), BACKGROUND, np.uint8),
                        foulable=np.zeros((96, 96), bool), px_per_cm=3.0, light_dir=(0.3, 0.3, 0.9), rng=rng)
            structure = render_propeller(s)
            self.assertGreater(int(structure.sum()), 96 * 96 // 20)
            self.assertTrue((s.label[~structure] == BACKGROUND).all())
            self.assertFalse(s.foulable[~structure].any())
            self.assertTrue((s.label[structure] != BACKGROUND).mean() > 0.95)


class TurfTest(unittest.TestCase):
    @staticmethod
    def mat(turf, seed=3):
        rng = np.random.default_rng(seed)
        s = Surface(rgb=np.full((96, 96, 3), 0.5, np.float32), label=np.full((96, 96), CLEAN, np.uint8),
                    foulable=np.ones((96, 96), bool), px_per_cm=12.0, light_dir=(0.3, 0.3, 0.9), rng=rng, turf=turf)
        mask = slime.heavy_slime(s, 1.0, np.ones((96, 96), bool))
        return s, mask

    def test_turf_is_heavy_slime_and_grainier_than_a_mat(self):
        turf, turf_mask = self.mat(True)
        mat, _ = self.mat(False)
        self.assertTrue(turf_mask.any())
        np.testing.assert_array_equal(turf.label == HEAVY_SLIME, turf_mask)
        # Millimetre grain: far more pixel-to-pixel variation than the smooth mat.
        detail = lambda s: float(np.abs(np.diff(s.rgb.mean(2), axis=1))[turf_mask[:, 1:]].mean())
        self.assertGreater(detail(turf), 2 * detail(mat))
        self.assertTrue(np.isfinite(turf.rgb).all())

    # generate(40, (96, 128)) as the generator made it before turf existed (3303fc9's hullsynth, with
    # requirements.txt's numpy and opencv): image bytes then label bytes.
    SEED_40_BEFORE_TURF = "f3cd12e8629ed9bf60c5c6588f90605833b2730a0fcd7c0c7bbbdb741fcdabe4"

    @staticmethod
    def digest(sample):
        img, lab = sample
        return hashlib.sha256(img.tobytes() + lab.tobytes()).hexdigest()

    def test_without_turf_a_seed_is_the_sample_it_always_was(self):
        # The held-out sets (data/test_v2, train_device's in-memory one) must not change.
        self.assertEqual(self.digest(generate(40, (96, 128))), self.SEED_40_BEFORE_TURF)

    def test_turf_scenes_are_deterministic_and_differ_from_the_plain_scene(self):
        turf = self.digest(generate(40, (96, 128), turf=True))
        self.assertEqual(turf, self.digest(generate(40, (96, 128), turf=True)))
        self.assertNotEqual(turf, self.SEED_40_BEFORE_TURF)


class ClassesTest(unittest.TestCase):
    def test_base_merges_heavy_slime_into_soft_fouling(self):
        # Base's Slime/Algae is the flat film only; heavy mats and algae count as Soft Fouling (macrofouling).
        evo = np.arange(6, dtype=np.uint8)
        np.testing.assert_array_equal(to_model_labels(evo, "base"), [0, 1, 2, 3, 3, 4])
        self.assertEqual(len(class_list("base")), int(EVO_TO_BASE.max()) + 1)

    def test_same_colour_for_same_class(self):
        evo = dict((n, c) for n, c, _ in class_list("evo"))
        base = dict((n, c) for n, c, _ in class_list("base"))
        for name in set(evo) & set(base):
            self.assertEqual(evo[name], base[name])
        self.assertEqual(base["Background"], "#000000")


if __name__ == "__main__":
    unittest.main()
