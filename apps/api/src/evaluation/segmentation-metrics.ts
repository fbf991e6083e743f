import type { ModelClass } from '@hullscope/contract';

/** Counts of (true class, predicted class) over every evaluated pixel, plus per-image coverages. */
export class EvaluationAccumulator {
  readonly confusion: number[][];
  private readonly coverageErrors: number[][] = [];
  private readonly foulingErrors: number[] = [];

  constructor(private readonly classes: ModelClass[]) {
    this.confusion = classes.map(() => classes.map(() => 0));
  }

  add(truth: Uint8Array, predicted: Uint8Array): void {
    const perImageTrue = new Array<number>(this.classes.length).fill(0);
    const perImagePredicted = new Array<number>(this.classes.length).fill(0);
    for (let pixel = 0; pixel < truth.length; pixel += 1) {
      const t = truth[pixel]!;
      const p = predicted[pixel]!;
      this.confusion[t]![p]! += 1;
      perImageTrue[t]! += 1;
      perImagePredicted[p]! += 1;
    }
    const trueCoverage = coverage(perImageTrue, this.classes);
    const predictedCoverage = coverage(perImagePredicted, this.classes);
    this.coverageErrors.push(predictedCoverage.map((value, index) => value - trueCoverage[index]!));
    const fouling = (values: number[]) =>
      values.reduce((sum, value, index) => sum + (isFouling(this.classes[index]!) ? value : 0), 0);
    this.foulingErrors.push(fouling(predictedCoverage) - fouling(trueCoverage));
  }

  report(): EvaluationReport {
    const k = this.classes.length;
    const perClass = this.classes.map((modelClass, index) => {
      const truePositive = this.confusion[index]![index]!;
      const falsePositive = this.confusion.reduce((sum, row, t) => sum + (t === index ? 0 : row[index]!), 0);
      const falseNegative = this.confusion[index]!.reduce(
        (sum, count, p) => sum + (p === index ? 0 : count),
        0,
      );
      const union = truePositive + falsePositive + falseNegative;
      const errors = this.coverageErrors.map((image) => image[index]!);
      return {
        label: modelClass.label,
        iou: union === 0 ? null : truePositive / union,
        pixels_true: truePositive + falseNegative,
        pixels_predicted: truePositive + falsePositive,
        coverage_error_mean_pp: modelClass.in_percentages && errors.length ? mean(errors) : null,
        coverage_error_mean_abs_pp:
          modelClass.in_percentages && errors.length ? mean(errors.map(Math.abs)) : null,
      };
    });
    const present = perClass.filter((entry) => entry.iou !== null);
    const counted = present.filter(
      (entry) => this.classes.find((c) => c.label === entry.label)!.in_percentages,
    );
    const total = this.confusion.flat().reduce((sum, value) => sum + value, 0);
    const correct = this.confusion.reduce((sum, row, index) => sum + row[index]!, 0);
    return {
      images: this.foulingErrors.length,
      pixels: total,
      pixel_accuracy: total ? correct / total : 0,
      miou: present.length ? mean(present.map((entry) => entry.iou!)) : 0,
      miou_without_background: counted.length ? mean(counted.map((entry) => entry.iou!)) : 0,
      total_fouling_coverage_error_mean_abs_pp: this.foulingErrors.length
        ? mean(this.foulingErrors.map(Math.abs))
        : 0,
      per_class: perClass,
      confusion_matrix: {
        rows: 'true class',
        columns: 'predicted class',
        labels: this.classes.map((c) => c.label),
        counts: this.confusion.map((row) => [...row]),
      },
      classes_evaluated: k,
    };
  }
}

export interface EvaluationReport {
  images: number;
  pixels: number;
  pixel_accuracy: number;
  /** Mean IoU over the classes present in truth or prediction. */
  miou: number;
  /** The same without the classes excluded from percentages (Background). */
  miou_without_background: number;
  total_fouling_coverage_error_mean_abs_pp: number;
  per_class: {
    label: string;
    iou: number | null;
    pixels_true: number;
    pixels_predicted: number;
    coverage_error_mean_pp: number | null;
    coverage_error_mean_abs_pp: number | null;
  }[];
  confusion_matrix: { rows: string; columns: string; labels: string[]; counts: number[][] };
  classes_evaluated: number;
}

/** Fouling is every counted class except clean surfaces (labels with "clean"). */
export function isFouling(modelClass: ModelClass): boolean {
  return modelClass.in_percentages && !/clean/i.test(modelClass.label);
}

/** Percent of the counted pixels per class, as the product reports them (Background excluded). */
function coverage(counts: number[], classes: ModelClass[]): number[] {
  const counted = counts.reduce((sum, count, index) => sum + (classes[index]!.in_percentages ? count : 0), 0);
  return counts.map((count, index) =>
    classes[index]!.in_percentages && counted ? (count / counted) * 100 : 0,
  );
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
