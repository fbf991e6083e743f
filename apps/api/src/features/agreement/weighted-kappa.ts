/**
 * Cohen's kappa with quadratic weights between two raters over ordered categories 0..k-1: 1 when
 * they always agree, 0 when they agree no better than chance, negative below it. Null when it is
 * undefined: no pairs, or both raters always gave the one same category (no variance to agree on).
 */
export function quadraticWeightedKappa(pairs: [number, number][], categories: number): number | null {
  if (pairs.length === 0) return null;
  const observed = Array.from({ length: categories }, () => new Array<number>(categories).fill(0));
  const first = new Array<number>(categories).fill(0);
  const second = new Array<number>(categories).fill(0);
  for (const [a, b] of pairs) {
    observed[a]![b]! += 1;
    first[a]! += 1;
    second[b]! += 1;
  }
  const total = pairs.length;
  let disagreement = 0;
  let expected = 0;
  for (let i = 0; i < categories; i += 1) {
    for (let j = 0; j < categories; j += 1) {
      const weight = ((i - j) * (i - j)) / ((categories - 1) * (categories - 1));
      disagreement += weight * observed[i]![j]!;
      expected += (weight * first[i]! * second[j]!) / total;
    }
  }
  if (expected === 0) return null;
  return Math.round((1 - disagreement / expected) * 1000) / 1000;
}
