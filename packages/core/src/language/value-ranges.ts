/**
 * The range of int values. The service reads int fields' values as unsigned 64-bit integers (its
 * own error for a wrong list says `supported kinds: []uint64`), so a negative value or one past
 * 2^64-1 is refused when the job is created; the filter is held to that range here first.
 */

import { UINT64_MAX } from '../base/exact-numbers.js';

/** What is wrong with a canonical integer's text as a uint64, or undefined when it fits. */
export function uint64Problem(canonicalInteger: string): 'negative' | 'too-large' | undefined {
  if (canonicalInteger.startsWith('-')) return 'negative';
  // Digits are compared as text first: most values are short, and BigInt is only for the edge.
  if (canonicalInteger.length < 20) return undefined;
  return BigInt(canonicalInteger) > UINT64_MAX ? 'too-large' : undefined;
}
