/**
 * The serializer keeps each criterion's text up to its value by key and operator: the text and its
 * byte count stay those of the criterion written in full, for keys with bytes beyond one per
 * character, and past the number of keys it keeps.
 */
import { compileDataset, datasetFromFile, decompile } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const dataset = (names: string[]) => datasetFromFile({ dataset: 'test_logs', fields: names.map((name) => ({ name, type: 'string' })) });

describe('criterion text written from the prefix cache', () => {
  it('counts the UTF-8 bytes of a non-ASCII key on every write', () => {
    // Filter text names fields by identifiers (ASCII); filter JSON may name any field of the dataset.
    const data = dataset(['Città']);
    const json = '{"where":{"or":[{"key":"Città","operator":"eq","value":"roma"},{"key":"Città","operator":"!eq","value":"milano"}]}}';
    for (let i = 0; i < 3; i++) {
      const result = decompile(json, { dataset: data });
      expect(result.json).toBe(json);
      expect(result.stats.bytes).toBe(Buffer.byteLength(json, 'utf8'));
    }
  });

  it('writes every key right past the number of keys it keeps', () => {
    const names = Array.from({ length: 2500 }, (_, i) => `Field${i}`);
    const data = dataset(names);
    for (const round of [0, 1]) {
      for (let i = round; i < names.length; i += 7) {
        const result = compileDataset(`${names[i]} eq v AND ${names[(i + 1) % names.length]} contains w`, data);
        expect(result.json).toBe(
          `{"where":{"and":[{"key":"${names[i]}","operator":"eq","value":"v"},{"key":"${names[(i + 1) % names.length]}","operator":"contains","value":"w"}]}}`,
        );
        expect(result.stats.bytes).toBe(result.json!.length);
      }
    }
  });
});
