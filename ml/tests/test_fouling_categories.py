"""Run from ml/: `python -m unittest discover -s tests -t .`"""
import importlib.util
import json
import unittest
from pathlib import Path

from hullsynth.classes import FOULING_CATEGORIES, class_list

MODELS = Path(__file__).resolve().parents[2] / "models"


class FoulingCategoriesTest(unittest.TestCase):
    def test_every_class_has_a_category(self):
        for model_id in ("evo", "base"):
            for label, _, in_percentages in class_list(model_id):
                category = FOULING_CATEGORIES[label]
                self.assertIn(category, ("none", "microfouling", "macrofouling"))
                if not in_percentages:
                    self.assertEqual(category, "none", label)

    @unittest.skipUnless(importlib.util.find_spec("torch"), "export needs torch (the training environment)")
    def test_export_writes_the_bundled_manifests(self):
        from export import MODEL_ARCHS, manifest

        for model_id in ("evo", "base"):
            bundled = json.loads((MODELS / model_id / "manifest.json").read_text())
            self.assertEqual(manifest(model_id, MODEL_ARCHS[model_id]), bundled)


if __name__ == "__main__":
    unittest.main()
