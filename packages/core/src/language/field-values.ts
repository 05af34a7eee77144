/**
 * The values a field is known to take, for completion: `true`/`false` for bool fields, and the
 * values many catalog descriptions list in parentheses ("Cache status (unknown, miss, expired, ...)").
 */
import type { Field } from './catalog.js';
import { valueFacts } from './field-types.js';
import { canonicalNumber } from './values.js';

const PARENTHESISED = /\(([^()]*)\)/g;
const ONE_WORD = /^[A-Za-z0-9_.:/+-]+$/;
const ELLIPSIS = /\.{2,}|…/g;

const cache = new WeakMap<Field, readonly string[]>();

/** The values listed for `field`, in the catalog's order; empty when none are known. */
export function fieldValues(field: Field): readonly string[] {
  let values = cache.get(field);
  if (!values) {
    values = computeValues(field);
    cache.set(field, values);
  }
  return values;
}

function computeValues(field: Field): string[] {
  const facts = valueFacts(field);
  if (facts.reads === 'boolean') return ['true', 'false'];
  const listed = listedValues(field.description);
  if (facts.numeric) {
    return listed.filter((value) => canonicalNumber(value) !== undefined);
  }
  return listed;
}

/**
 * Values from every parenthesised group that is a comma-separated list of single words, with
 * "..." dropped: "(A, AAAA, ...)" gives A and AAAA; "(ms since test start)" and "(e.g. udp)" give
 * nothing.
 */
function listedValues(description: string): string[] {
  const values: string[] = [];
  for (const match of description.matchAll(PARENTHESISED)) {
    const parts = match[1].split(',');
    if (parts.length < 2) continue;
    const words = parts.map((part) => part.replace(ELLIPSIS, '').trim()).filter((word) => word !== '');
    if (words.length === 0 || !words.every((word) => ONE_WORD.test(word))) continue;
    for (const word of words) if (!values.includes(word)) values.push(word);
  }
  return values;
}
