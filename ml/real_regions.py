"""The model card's real-region figures, from `npm run model:eval -- --regions` JSON.

    npm run model:eval -- --model evo --regions ml/real-eval/regions.json --out ml/reports/evo_real_regions.json

reports/<id>_real_regions.json is that command's output (the app's own inference code, standard
resolution); ml/real-eval/README.md defines the regions, their groups and the read-right rule.
"""
import json
from pathlib import Path

GROUP_ORDER = ["clean", "macrofouling", "not_macrofouling", "surface"]


def read_as(predicted, pixels, floor=0.05):
    """The classes a region was read as, largest first, down to `floor` of its pixels."""
    shares = sorted(((count / pixels, label) for label, count in predicted.items()), reverse=True)
    return ", ".join(f"{label} {share * 100:.0f} %" for share, label in shares if share >= floor)


def real_regions_section(path):
    """Markdown for the card's real-photo section, or '' when the model has not been measured."""
    path = Path(path)
    if not path.exists():
        return ""
    report = json.loads(path.read_text())
    regions = report["real_regions"]
    rule = regions["rule"]
    total = regions["total"]
    groups = ", ".join(f"{g} {regions['by_group'][g]['read_right']}/{regions['by_group'][g]['regions']}"
                       for g in GROUP_ORDER if g in regions["by_group"])
    rows = []
    for image in regions["images"]:
        for region in image["regions"]:
            rows.append(f"| {region['id']} | {region['group']} | {region['accepted_share'] * 100:.1f} % | "
                        f"{'yes' if region['read_right'] else '**no**'} | "
                        f"{read_as(region['predicted'], region['pixels'])} |")
    missed = total["regions"] - total["read_right"]
    verdict = ("every region read right: target met" if missed == 0 else
               f"target (every region read right) **not met**: {missed} of {total['regions']} regions read wrong")
    see_also = ("`ml/reports/real_regions.md` compares the bundled models region by region." if missed == 0 else
                "`ml/reports/real_regions.md` says why the others fail.")
    group_lines = "\n".join(f"- `{g}`: {rule['groups'][g]}" for g in GROUP_ORDER if g in rule["groups"])
    return f"""### Coarse real regions (`ml/real-eval/`)
{total['regions']} regions drawn by eye on the four photos (coarse, well inside what a person can tell;
`ml/real-eval/README.md`), scored with the app's own inference code at standard resolution (the
512-px photos are not resized): `npm run model:eval -- --model {report['model']['key']} --regions
ml/real-eval/regions.json`. A region is read right when at least {rule['read_right_min_share'] * 100:.0f} %
of its pixels are read as a class its group accepts, judged by the manifest's `fouling_category`:
{group_lines}

**{total['read_right']} of {total['regions']} regions read right** ({groups}); {verdict}.
{see_also}

| region | expected | accepted | read right | read as (classes with 5 % or more) |
|---|---|---|---|---|
""" + "\n".join(rows)
