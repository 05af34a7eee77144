/** Did-you-mean: the closest candidate by edit distance, if it is close enough to be a likely typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const budget = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) > budget) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Edit distance counting an insertion, deletion, substitution or swap of neighbours as one edit
 * (optimal string alignment), giving up (returning `limit`) once every path costs at least `limit`.
 */
function editDistance(a: string, b: string, limit: number): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2] + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}
