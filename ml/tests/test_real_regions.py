import json
import tempfile
import unittest
from pathlib import Path

from real_regions import read_as, real_regions_section


def report(read_right_tag):
    tag = {"id": "t", "group": "not_macrofouling", "pixels": 10, "accepted_pixels": 6 if read_right_tag else 2,
           "accepted_share": 0.6 if read_right_tag else 0.2, "read_right": read_right_tag,
           "predicted": {"Background": 6 if read_right_tag else 2, "Soft Fouling": 4 if read_right_tag else 8}}
    clean = {"id": "c", "group": "clean", "pixels": 100, "accepted_pixels": 97, "accepted_share": 0.97,
             "read_right": True, "predicted": {"Background": 0, "Clean Structure": 97, "Soft Fouling": 3}}
    return {"model": {"key": "evo"}, "real_regions": {
        "rule": {"read_right_min_share": 0.5, "groups": {"clean": "clean rule", "not_macrofouling": "tag rule"}},
        "images": [{"file": "a.jpg", "regions": [clean, tag]}],
        "by_group": {"clean": {"regions": 1, "read_right": 1},
                     "not_macrofouling": {"regions": 1, "read_right": int(read_right_tag)}},
        "total": {"regions": 2, "read_right": 1 + int(read_right_tag)}}}


class RealRegionsSectionTest(unittest.TestCase):
    def section(self, data):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "evo_real_regions.json"
            path.write_text(json.dumps(data))
            return real_regions_section(path)

    def test_rows_tallies_and_verdict(self):
        text = self.section(report(False))
        self.assertIn("**1 of 2 regions read right** (clean 1/1, not_macrofouling 0/1)", text)
        self.assertIn("**not met**: 1 of 2 regions read wrong", text)
        self.assertIn("| c | clean | 97.0 % | yes | Clean Structure 97 % |", text)
        self.assertIn("| t | not_macrofouling | 20.0 % | **no** | Soft Fouling 80 %, Background 20 % |", text)
        self.assertIn("- `clean`: clean rule", text)

    def test_target_met_when_every_region_is_read_right(self):
        self.assertIn("every region read right: target met", self.section(report(True)))

    def test_absent_report_gives_no_section(self):
        self.assertEqual(real_regions_section("/nonexistent/evo_real_regions.json"), "")

    def test_read_as_drops_classes_under_five_percent(self):
        self.assertEqual(read_as({"A": 96, "B": 4}, 100), "A 96 %")


if __name__ == "__main__":
    unittest.main()
