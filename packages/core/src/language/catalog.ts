/** The dataset field catalog: the typed field registry every check is made against. */
import { isObject } from '../base/json-values.js';
import { closest } from '../base/suggest.js';
import { holdsObjects, KNOWN_FIELD_TYPES, parseFieldType, type FieldKind, type Typed } from './field-types.js';

export type { FieldKind } from './field-types.js';

/** One dataset as the catalog files hold it (catalog/*.json in this package, or a user's file). */
export interface CatalogFile {
  dataset: string;
  scope?: string;
  fields: Array<{ name: string; type: string; description?: string; filterable?: boolean; deprecated?: boolean }>;
  notFilterable?: string[];
}

export interface Field {
  name: string;
  /** The type as documented: `string`, `int`, `array[int]`, `int or string`, ... */
  type: string;
  kind: FieldKind;
  /** For arrays: the element type (`int`, `string`, `object`). */
  element?: string;
  description: string;
  filterable: boolean;
  deprecated: boolean;
}

export class Dataset {
  /**
   * The fields by name, as an object without a prototype: a field name fresh from the text is found
   * faster as a property than as a Map key (the checker looks up every predicate's field).
   */
  private readonly named: Record<string, Field | undefined> = Object.create(null);
  private byLowerName: Map<string, Field> | undefined;
  private list: readonly Field[] | undefined;
  /** A prepared dataset's fields as `preparedFields` writes them, each read when first asked for (`Dataset.prepared`). */
  private held: string | undefined;

  /** How the catalog names it: `name`, or `name@scope` where a name exists in two scopes. */
  readonly id: string;

  constructor(
    /** The service's dataset name, as a job names it. */
    readonly name: string,
    readonly scope: string,
    fields: readonly Field[],
    id?: string,
  ) {
    this.id = id ?? name;
    this.list = fields;
    for (const field of fields) this.named[field.name] = field;
  }

  /**
   * A dataset held as the text `preparedFields` makes of its fields (those `readDataset` makes, in
   * its order), each field read when first asked for. A bundle holds its default dataset so (the
   * CLI's, scripts/bundle.mjs): a compile asks for a few fields of a hundred, and reading all of
   * them was a tenth of a short compile's own work. One text, not a string per field, because a
   * code cache holds each string as an object to make on every start (216 strings were 0.35 M
   * instructions of a compile's start-up).
   */
  static prepared(name: string, scope: string, fields: string, id?: string): Dataset {
    const dataset = new Dataset(name, scope, [], id);
    dataset.list = undefined;
    dataset.held = fields;
    return dataset;
  }

  /** Every field, in the catalog's order. */
  get fields(): readonly Field[] {
    if (this.list === undefined) {
      const list: Field[] = [];
      for (const line of (this.held ?? '').split('\n')) if (line !== '') list.push(this.field(line.slice(0, line.indexOf('\t'))) as Field);
      this.list = list;
    }
    return this.list;
  }

  field(name: string): Field | undefined {
    const found = this.named[name];
    // A name holding a tab or a line break is no field's, and would read across a held text's lines.
    if (found !== undefined || this.held === undefined || name.includes('\t') || name.includes('\n')) return found;
    const line = this.held.indexOf(`\n${name}\t`);
    if (line < 0) return undefined;
    const start = line + name.length + 2;
    const field = JSON.parse(this.held.slice(start, this.held.indexOf('\n', start))) as Field;
    this.named[name] = field;
    return field;
  }

  /** The field whose name differs only in case, for the "wrong case" hint. */
  fieldIgnoringCase(name: string): Field | undefined {
    if (!this.byLowerName) {
      this.byLowerName = new Map();
      for (const field of this.fields) this.byLowerName.set(field.name.toLowerCase(), field);
    }
    return this.byLowerName.get(name.toLowerCase());
  }

  suggest(name: string): string | undefined {
    return closest(
      name,
      this.fields.map((field) => field.name),
    );
  }
}

/**
 * The text `Dataset.prepared` reads: each field on a line of its own, its name, a tab and its JSON
 * text (which holds no raw line break or tab), after a first line break.
 */
export function preparedFields(fields: readonly Field[]): string {
  let text = '\n';
  for (const field of fields) {
    if (/[\t\n]/.test(field.name)) throw new Error(`preparedFields: the field name ${JSON.stringify(field.name)} holds a tab or a line break`);
    text += `${field.name}\t${JSON.stringify(field)}\n`;
  }
  return text;
}

/** Turns one catalog file into a Dataset, or says what is wrong with it. */
export function readDataset(file: unknown, where = 'catalog', id?: string): { dataset?: Dataset; errors: string[] } {
  const errors: string[] = [];
  if (!isObject(file)) return { errors: [`${where}: expected an object with "dataset" and "fields"`] };
  if (typeof file.dataset !== 'string' || file.dataset === '') errors.push(`${where}: "dataset" must be a non-empty string`);
  if (!Array.isArray(file.fields)) errors.push(`${where}: "fields" must be an array`);
  const notFilterable = file.notFilterable;
  if (notFilterable !== undefined && !(Array.isArray(notFilterable) && notFilterable.every((n) => typeof n === 'string'))) {
    errors.push(`${where}: "notFilterable" must be an array of field names`);
  }
  if (errors.length > 0) return { errors };
  const blocked = new Set<string>((notFilterable as string[] | undefined) ?? []);
  const fields: Field[] = [];
  const seen = new Set<string>();
  // Each type is parsed once, with whether it holds objects: a dataset has a handful of types over
  // up to a hundred fields, and this runs on every CLI start (a loop without a closure or a spread,
  // the place named only for an error, for the same reason).
  const types = new Map<string, { typed: Typed; objects: boolean } | null>();
  const entries = file.fields as unknown[];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (!isObject(entry) || typeof entry.name !== 'string' || typeof entry.type !== 'string') {
      errors.push(`${where}: fields[${index}]: expected {"name": string, "type": string}`);
      continue;
    }
    const { name, type } = entry as { name: string; type: string };
    let parsed = types.get(type);
    if (parsed === undefined) {
      const typed = parseFieldType(type);
      parsed = typed ? { typed, objects: holdsObjects(typed) } : null;
      types.set(type, parsed);
    }
    if (parsed === null) {
      errors.push(`${where}: fields[${index}]: unknown type '${type}' of field '${name}' (known: ${KNOWN_FIELD_TYPES})`);
      continue;
    }
    if (seen.has(name)) errors.push(`${where}: fields[${index}]: field '${name}' is listed twice`);
    seen.add(name);
    const description = typeof entry.description === 'string' ? entry.description : '';
    const filterable = !(entry.filterable === false || blocked.has(name) || parsed.objects);
    const deprecated = entry.deprecated === true;
    const { kind, element } = parsed.typed;
    // The members in the order they always had (name, type, kind, element for arrays only, ...).
    fields.push(
      element === undefined ? { name, type, kind, description, filterable, deprecated } : { name, type, kind, element, description, filterable, deprecated },
    );
  }
  if (errors.length > 0) return { errors };
  return { dataset: new Dataset(file.dataset as string, typeof file.scope === 'string' ? file.scope : 'zone', fields, id), errors };
}

/** A set of datasets by name: the built-in 38, optionally with a user's catalog on top. */
export class Catalog {
  private readonly datasets = new Map<string, Dataset | (() => Dataset)>();

  /** Datasets, or thunks that make one on first use (most runs need one dataset of 38). */
  constructor(datasets: Iterable<Dataset | [string, () => Dataset]>) {
    for (const entry of datasets) {
      if (Array.isArray(entry)) this.datasets.set(entry[0], entry[1]);
      else this.datasets.set(entry.id, entry);
    }
  }

  /** By id (`firewall_events`, `firewall_events@account`); `name@zone` also finds a zone dataset named plainly. */
  get(id: string): Dataset | undefined {
    const found = this.materialize(id);
    if (found || !id.includes('@')) return found;
    const [name, scope] = id.split('@');
    const plain = this.materialize(name);
    return plain?.scope === scope ? plain : undefined;
  }

  private materialize(id: string): Dataset | undefined {
    const entry = this.datasets.get(id);
    if (typeof entry !== 'function') return entry;
    const dataset = entry();
    this.datasets.set(id, dataset);
    return dataset;
  }

  names(): string[] {
    return [...this.datasets.keys()].sort();
  }

  all(): Dataset[] {
    return this.names().map((name) => this.get(name)!);
  }

  suggest(name: string): string | undefined {
    return closest(name, this.datasets.keys());
  }

  /** A catalog with the user's datasets added (replacing built-in ones of the same name). */
  extend(datasets: Iterable<Dataset>): Catalog {
    const entries: Array<Dataset | [string, () => Dataset]> = this.names().map((name) => [name, () => this.get(name)!]);
    return new Catalog([...entries, ...datasets]);
  }
}

/**
 * Reads a user catalog: one dataset object (the shape of the shipped files), an array of them,
 * or `{ "datasets": [...] }`.
 */
export function parseCatalog(value: unknown): { datasets: Dataset[]; errors: string[] } {
  const files = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.datasets) ? value.datasets : [value];
  const datasets: Dataset[] = [];
  const errors: string[] = [];
  files.forEach((file, index) => {
    const where = files.length > 1 ? `dataset ${index + 1}` : 'catalog';
    const result = readDataset(file, where);
    errors.push(...result.errors);
    if (result.dataset) datasets.push(result.dataset);
  });
  if (files.length === 0) errors.push('catalog: no datasets');
  return { datasets, errors };
}
