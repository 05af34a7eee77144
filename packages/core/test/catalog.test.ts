import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinCatalog, compile, Dataset, parseCatalog, preparedFields } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { catalogFolder, renderIndex } from '../scripts/gen-catalog.mjs';

const here = dirname(fileURLToPath(import.meta.url));

describe('the built-in catalog', () => {
  it('is loaded from the package own catalog files through an index that is not stale', () => {
    const current = readFileSync(join(here, '../src/language/builtin-datasets.ts'), 'utf8');
    expect(current === renderIndex(), 'src/language/builtin-datasets.ts is stale: run `pnpm --filter @logfilter/core run catalog`').toBe(true);
    expect(readdirSync(catalogFolder).filter((name: string) => name.endsWith('.json'))).toHaveLength(38);
  });

  it('holds all 38 datasets with their fields and types', () => {
    const catalog = builtinCatalog();
    expect(catalog.names()).toHaveLength(38);
    const http = catalog.get('http_requests')!;
    expect(http.field('BotScore')).toMatchObject({ type: 'int', kind: 'int', filterable: true });
    expect(http.field('BotTags')).toMatchObject({ type: 'array[string]', kind: 'array', element: 'string' });
    expect(http.field('Cookies')).toMatchObject({ kind: 'object', filterable: false });
    expect(http.fieldIgnoringCase('clientcountry')?.name).toBe('ClientCountry');
    expect(http.suggest('ClientCountr')).toBe('ClientCountry');
    // Listed in the dataset's notFilterable though typed string.
    expect(catalog.get('firewall_events')!.field('Action')).toMatchObject({ type: 'string', filterable: false });
    expect(catalog.suggest('http_request')).toBe('http_requests');
    // One name in two scopes: the zone dataset keeps the plain name.
    expect(catalog.get('firewall_events')!.scope).toBe('zone');
    expect(catalog.get('firewall_events@zone')!.scope).toBe('zone');
    const account = catalog.get('firewall_events@account')!;
    expect([account.name, account.scope, account.id]).toEqual(['firewall_events', 'account', 'firewall_events@account']);
    expect(account.fields.length).toBeGreaterThan(catalog.get('firewall_events')!.fields.length);
  });
});

describe('a user catalog', () => {
  it('adds datasets beside the built-in ones', () => {
    const { datasets, errors } = parseCatalog({
      dataset: 'mine',
      fields: [
        { name: 'Status', type: 'int' },
        { name: 'Tags', type: 'array[string]' },
      ],
    });
    expect(errors).toEqual([]);
    const catalog = builtinCatalog().extend(datasets);
    expect(catalog.get('mine')!.field('Status')?.kind).toBe('int');
    expect(catalog.get('http_requests')).toBeDefined();
    const result = compile('Status geq 500 AND Tags contains x', { catalog, dataset: 'mine' });
    expect(result.json).toBe('{"where":{"and":[{"key":"Status","operator":"geq","value":"500"},{"key":"Tags","operator":"contains","value":"x"}]}}');
  });

  it('says what is wrong with a malformed one', () => {
    expect(parseCatalog({ fields: [] }).errors).toEqual(['catalog: "dataset" must be a non-empty string']);
    expect(parseCatalog({ dataset: 'x', fields: [{ name: 'A', type: 'map' }] }).errors[0]).toMatch(/unknown type 'map' of field 'A'/);
    expect(
      parseCatalog({
        dataset: 'x',
        fields: [
          { name: 'A', type: 'int' },
          { name: 'A', type: 'int' },
        ],
      }).errors[0],
    ).toMatch(/listed twice/);
    expect(parseCatalog([]).errors).toEqual(['catalog: no datasets']);
  });
});

describe('a prepared dataset (its fields in one text, each read when asked for)', () => {
  it('answers as the dataset it was prepared from, for every built-in dataset', () => {
    for (const made of builtinCatalog().all()) {
      const names = made.fields.map((field) => field.name);
      const prepared = Dataset.prepared(made.name, made.scope, preparedFields(made.fields), made.id);
      expect([prepared.id, prepared.name, prepared.scope]).toEqual([made.id, made.name, made.scope]);
      // Asked one field first: it is read alone, and is the same object the full list holds after.
      const one = prepared.field(names[names.length - 1]);
      expect(one).toEqual(made.field(names[names.length - 1]));
      for (const name of names) expect(prepared.field(name), `${made.id} ${name}`).toEqual(made.field(name));
      expect(prepared.fields).toEqual(made.fields);
      expect(prepared.fields[names.length - 1]).toBe(one);
      for (const unknown of [
        'NoSuchField',
        '__proto__',
        'constructor',
        names[0].toLowerCase(),
        `${names[0]}\t`,
        `${names[1]}\n${names[2]}`,
        '',
        names[0].slice(1),
      ])
        expect(prepared.field(unknown)).toBeUndefined();
      expect(prepared.fieldIgnoringCase(names[0].toUpperCase())).toEqual(made.fieldIgnoringCase(names[0].toUpperCase()));
      expect(prepared.suggest(`${names[0]}x`)).toBe(made.suggest(`${names[0]}x`));
    }
  });

  it('is written only of field names without a tab or a line break, which would read across its lines', () => {
    const field = { name: 'A\tB', type: 'int', kind: 'int' as const, description: '', filterable: true, deprecated: false };
    expect(() => preparedFields([field])).toThrow(/holds a tab or a line break/);
    expect(Dataset.prepared('x', 'zone', preparedFields([]), 'x').fields).toEqual([]);
  });
});
