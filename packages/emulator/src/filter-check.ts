/**
 * The service's check of a job's `filter` string (spec 4.3, 8): a JSON object with one `where`
 * member holding a criterion or an and/or group, keys of the job's dataset, operators their type
 * allows, values of the right JSON kind, and the limits. The shape and type checks are core's
 * decompile checks; the size is measured on the string as sent, as the service receives it.
 */
import { decompile, DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS, utf8Length, type Dataset } from '@logfilter/core';

export interface FilterLimits {
  maxBytes?: number;
  maxOperators?: number;
}

/** Problems with the filter, one message each (with the JSON Pointer inside the filter); empty when accepted. */
export function checkFilterString(text: string, dataset: Dataset, limits: FilterLimits = {}): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [`filter is not valid JSON: ${(error as Error).message}`];
  }
  // decompile also reads a filter escaped once more, or a whole job; the service takes neither.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['filter must be a JSON object {"where": ...}'];
  const problems: string[] = [];
  const bytes = utf8Length(text);
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes > maxBytes) problems.push(`filter is ${bytes} bytes, over the limit of ${maxBytes}`);
  // The service refuses only errors: the lint's warnings are the CLI's business.
  const result = decompile(text, { dataset, lint: false, maxBytes: Number.MAX_SAFE_INTEGER, maxOperators: limits.maxOperators ?? DEFAULT_MAX_OPERATORS });
  for (const diagnostic of result.diagnostics) {
    if (diagnostic.severity !== 'error') continue;
    problems.push(diagnostic.pointer ? `filter at ${diagnostic.pointer}: ${diagnostic.message}` : `filter: ${diagnostic.message}`);
  }
  return problems;
}
