import type { RegionsReport } from '../evaluation/evaluate-regions.js';

const share = (value: number) => `${(value * 100).toFixed(1).padStart(5)} %`;

/** The classes a region was read as, largest first, down to 5 % of its pixels. */
function readAs(predicted: Record<string, number>, pixels: number): string {
  return Object.entries(predicted)
    .filter(([, count]) => count / pixels >= 0.05)
    .sort(([, a], [, b]) => b - a)
    .map(([label, count]) => `${label} ${((count / pixels) * 100).toFixed(0)} %`)
    .join(', ');
}

/** Prints the per-region table of a real-region evaluation, its group tallies and total. */
export function printRegionReport(report: RegionsReport, title: string): void {
  console.log(
    `\n${title}: real regions of ${report.regions_file}; read right = at least ` +
      `${report.rule.read_right_min_share * 100} % of a region's pixels read as a class its group accepts`,
  );
  console.log(
    `${'region'.padEnd(28)} ${'group'.padEnd(17)} ${'pixels'.padStart(7)} ${'accepted'.padStart(8)}  right  read as`,
  );
  for (const image of report.images) {
    console.log(`${image.file} (${image.width} × ${image.height})`);
    for (const region of image.regions) {
      console.log(
        `  ${region.id.padEnd(26)} ${region.group.padEnd(17)} ${String(region.pixels).padStart(7)} ` +
          `${share(region.accepted_share)}  ${(region.read_right ? 'yes' : 'NO').padEnd(5)}  ` +
          readAs(region.predicted, region.pixels),
      );
    }
  }
  const groups = Object.entries(report.by_group)
    .map(([group, tally]) => `${group} ${tally.read_right}/${tally.regions}`)
    .join(', ');
  console.log(`by group: ${groups}`);
  console.log(`total: ${report.total.read_right} of ${report.total.regions} regions read right`);
  const noise = report.macrofouling_noise;
  const listed = noise.photos.map((photo) => `${photo.file} ${share(photo.macrofouling_share).trim()}`);
  console.log(
    `macrofouling read on whole photos judged free of it: ${listed.join(', ') || 'none marked'}` +
      (noise.max_share === null ? '' : `; the most ${share(noise.max_share).trim()} of the surface`),
  );
}
