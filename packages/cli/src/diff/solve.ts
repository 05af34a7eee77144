/**
 * Two filters compared by meaning: which records each lets through that the other does not, decided
 * by Z3 (the `z3-solver` package, an optional dependency loaded only here) over encode.ts's formulas.
 * Every witness record is checked with `evaluate` on its NDJSON line, exactly as `logfilter test`
 * reads a line, before it is given; one that `evaluate` does not confirm is reported as a bug.
 */
import { type Dataset, type FilterJson, matcher } from '@logfilter/core';
import type { Bool, Model } from 'z3-solver';
import { judgeLine } from '../engines/line-reader.js';
import { Encoder, type FieldModel, NotModelled, type Z3 } from './encode.js';

export type Relation = 'same' | 'old-wider' | 'new-wider' | 'overlap' | 'disjoint' | 'differ' | 'undecided';

export interface Witness {
  /** The record as one NDJSON line (numbers with every digit). */
  line: string;
  old: boolean;
  new: boolean;
}

export interface Comparison {
  relation: Relation;
  witnesses: Witness[];
  /** Why the answer is undecided, when it is. */
  reason?: string;
}

/** Z3 could not be loaded: the optional dependency is absent. */
export class SolverMissing extends Error {}

/** A witness `evaluate` does not confirm: the encoding and evaluate disagree. */
export class WitnessBug extends Error {}

interface Solver {
  z: Z3;
  release(): void;
}

let loaded: Promise<Solver> | undefined;

/** Z3, started once per process (about 0.2-0.6 s). */
export function loadSolver(): Promise<Solver> {
  loaded ??= (async () => {
    let module: typeof import('z3-solver');
    try {
      module = await import('z3-solver');
    } catch {
      throw new SolverMissing(
        'comparing filters by meaning needs the z3-solver package (an optional peer of @logfilter/cli, 35 MB, loaded only by diff): install it beside logfilter with `npm install -g z3-solver` (or `npx -p @logfilter/cli -p z3-solver logfilter diff ...`)',
      );
    }
    const { Context, em, setParam } = await module.init();
    // Characters are UTF-16 code units, as JavaScript's strings (and so evaluate's startsWith,
    // endsWith and includes) count them: one Z3 character each, none above U+FFFF.
    setParam('encoding', 'bmp');
    // Past this Z3 answers `unknown` rather than growing towards WebAssembly's 2 GB and aborting.
    setParam('memory_max_size', 1024);
    return { z: Context('main'), release: () => (em as { PThread?: { terminateAllThreads(): void } }).PThread?.terminateAllThreads() };
  })();
  return loaded;
}

export interface CompareOptions {
  /** Most milliseconds for each question put to the solver (default 10 s). */
  timeoutMs?: number;
}

/**
 * The relation of `older` and `newer` over the records of `dataset`, with a witness for each direction
 * that differs (`undefined`: no filter, which lets every record through).
 */
export async function compareFilters(
  older: FilterJson | undefined,
  newer: FilterJson | undefined,
  dataset: Dataset,
  options: CompareOptions = {},
): Promise<Comparison> {
  return withQuestions(
    [older, newer],
    dataset,
    options,
    async ({ z, encoder, formulas: [a, b], ask }) => decide(z, encoder, a, b, older, newer, ask),
    (reason) => ({
      relation: 'undecided',
      witnesses: [],
      reason,
    }),
  );
}

/** Whether some record passes both filters (`undefined`: a job without a filter, which lets every record through). */
export interface Overlap {
  overlaps: boolean | 'undecided';
  /** A record both let through, as one NDJSON line with the fewest fields, confirmed by evaluate. */
  witness?: string;
  reason?: string;
}

export async function overlapFilters(a: FilterJson | undefined, b: FilterJson | undefined, dataset: Dataset, options: CompareOptions = {}): Promise<Overlap> {
  return withQuestions(
    [a, b],
    dataset,
    options,
    async ({ z, encoder, formulas: [first, second], ask }) => {
      const answer = await ask(z.And(first, second));
      if (answer === 'unsat') return { overlaps: false };
      if (answer === 'unknown') return { overlaps: 'undecided', reason: 'the solver did not decide within the time budget' };
      const witness = shrink(witnessLine(z, answer, encoder.fields), [a, b], (results) => results.every((result) => result === true), 'passes both');
      return { overlaps: true, witness: witness.text };
    },
    (reason) => ({ overlaps: 'undecided', reason }),
  );
}

type Ask = (question: Bool) => Promise<Model | 'unsat' | 'unknown'>;

/** The filters encoded (no filter: true), and questions put to fresh solvers, each released once the work is done. */
async function withQuestions<T>(
  filters: Array<FilterJson | undefined>,
  dataset: Dataset,
  options: CompareOptions,
  work: (tools: { z: Z3; encoder: Encoder; formulas: Bool[]; ask: Ask }) => Promise<T>,
  notModelled: (reason: string) => T,
): Promise<T> {
  const { z } = await loadSolver();
  const encoder = new Encoder(z, dataset);
  for (const filter of filters) if (filter) encoder.collect(filter.where);
  let formulas: Bool[];
  try {
    formulas = filters.map((filter) => (filter ? encoder.encode(filter.where) : z.Bool.val(true)));
  } catch (error) {
    if (error instanceof NotModelled) return notModelled(error.message);
    throw error;
  }
  const solvers: Array<{ release(): void }> = [];
  const ask: Ask = (question) => askSolver(z, [...encoder.domain, question], options.timeoutMs ?? 10_000, solvers);
  try {
    return await work({ z, encoder, formulas, ask });
  } finally {
    for (const solver of solvers) solver.release();
  }
}

async function decide(
  z: Z3,
  encoder: Encoder,
  a: Bool,
  b: Bool,
  older: FilterJson | undefined,
  newer: FilterJson | undefined,
  ask: (question: Bool) => Promise<Model | 'unsat' | 'unknown'>,
): Promise<Comparison> {
  const oldOnly = await ask(z.And(a, z.Not(b)));
  const newOnly = await ask(z.And(b, z.Not(a)));
  const witnesses: Witness[] = [];
  for (const model of [oldOnly, newOnly]) {
    if (typeof model !== 'string') witnesses.push(confirm(witnessLine(z, model, encoder.fields), older, newer));
  }
  if (oldOnly === 'unknown' || newOnly === 'unknown') {
    return witnesses.length > 0
      ? { relation: 'differ', witnesses, reason: 'one direction was not decided within the time budget' }
      : { relation: 'undecided', witnesses, reason: 'the solver did not decide within the time budget' };
  }
  if (oldOnly === 'unsat' && newOnly === 'unsat') return { relation: 'same', witnesses };
  if (newOnly === 'unsat') return { relation: 'old-wider', witnesses };
  if (oldOnly === 'unsat') return { relation: 'new-wider', witnesses };
  const both = await ask(z.And(a, b));
  if (both === 'unknown') return { relation: 'differ', witnesses, reason: 'whether some record passes both was not decided within the time budget' };
  return { relation: both === 'unsat' ? 'disjoint' : 'overlap', witnesses };
}

/**
 * One question to a new solver: a model when some record makes `facts` true, else 'unsat' or 'unknown'.
 * Z3's own timeout needs a timer thread of its own; a watchdog interrupts the context as well, so a
 * question never outlives its budget by more than a second whatever the machine's load. Solvers hold
 * most of Z3's memory: each is kept in `solvers` to be released as soon as its answers are read, not
 * left to the garbage collector (which does not see WebAssembly's heap).
 */
export async function askSolver(z: Z3, facts: Bool[], timeoutMs: number, solvers: Array<{ release(): void }>): Promise<Model | 'unsat' | 'unknown'> {
  const solver = new z.Solver();
  solvers.push(solver);
  solver.set('timeout', timeoutMs);
  solver.add(...facts);
  const watchdog = setTimeout(() => z.interrupt(), timeoutMs + 1000);
  try {
    const answer = await solver.check();
    return answer === 'sat' ? solver.model() : answer;
  } finally {
    clearTimeout(watchdog);
  }
}

/** Drops fields from the record while it still tells the filters apart, then checks it with evaluate. */
function confirm(line: Record<string, string>, older: FilterJson | undefined, newer: FilterJson | undefined): Witness {
  const told = shrink(line, [older, newer], ([a, b]) => a !== b, 'is not told apart');
  return { line: told.text, old: told.results[0], new: told.results[1] };
}

/**
 * Drops fields from the record while each filter still judges it as at first, the first judgement
 * checked by `wanted` with evaluate (a record evaluate does not confirm is a bug: `says` what it failed).
 */
function shrink(
  line: Record<string, string>,
  filters: Array<FilterJson | undefined>,
  wanted: (results: boolean[]) => boolean,
  says: string,
): { text: string; results: boolean[] } {
  const tests = filters.map((filter) => (filter ? matcher(filter) : () => true));
  const judge = (fields: Record<string, string>) => {
    const text = render(fields);
    return { text, results: tests.map((test) => judgeLine(text, test)) };
  };
  let fields = { ...line };
  const first = judge(fields);
  if (!first.results.every((result) => typeof result === 'boolean') || !wanted(first.results as boolean[])) {
    throw new WitnessBug(`the solver's record ${first.text} ${says} by evaluate (${first.results.map(String).join(', ')})`);
  }
  for (const name of Object.keys(line)) {
    const { [name]: _dropped, ...fewer } = fields;
    const tried = judge(fewer);
    if (tried.results.every((result, index) => result === first.results[index])) fields = fewer;
  }
  const last = judge(fields);
  return { text: last.text, results: last.results as boolean[] };
}

/** A JSON object line from member texts that are JSON already (numbers keep every digit). */
function render(fields: Record<string, string>): string {
  return `{${Object.entries(fields)
    .map(([name, json]) => `${JSON.stringify(name)}:${json}`)
    .join(',')}}`;
}

/** The record a model describes: each present field's value as JSON text. */
function witnessLine(z: Z3, model: Model, fields: ReadonlyMap<string, FieldModel>): Record<string, string> {
  const line: Record<string, string> = {};
  const truth = (value: Bool) => z.isTrue(model.eval(value, true));
  const integer = (expr: Parameters<Model['eval']>[0]): bigint => {
    const value = model.eval(expr, true);
    if (!z.isIntVal(value)) throw new WitnessBug(`the solver gave ${value.toString()} for an integer`);
    return value.value();
  };
  const text = (expr: Parameters<Model['eval']>[0]): string => {
    const value = model.eval(expr, true);
    if (!z.isString(value)) throw new WitnessBug(`the solver gave ${value.toString()} for a string`);
    return readZ3String(value.asString());
  };
  for (const [name, field] of fields) {
    if (!truth(field.present)) continue;
    switch (field.kind) {
      case 'text':
        line[name] = JSON.stringify(text(field.text));
        break;
      case 'number':
        line[name] = decimalText(integer(field.value), field.digits);
        break;
      case 'boolean':
        line[name] = String(truth(field.value));
        break;
      case 'intOrText':
        line[name] = truth(field.isNumber) ? integer(field.value).toString() : JSON.stringify(text(field.text));
        break;
      case 'array': {
        const held = [...field.holds].filter(([, holds]) => truth(holds)).map(([key]) => (field.element === 'number' ? key : JSON.stringify(key)));
        line[name] = `[${held.join(',')}]`;
        break;
      }
    }
  }
  return line;
}

/** `mantissa / 10^digits` as JSON number text. */
function decimalText(mantissa: bigint, digits: number): string {
  if (digits === 0) return mantissa.toString();
  const negative = mantissa < 0n;
  const text = (negative ? -mantissa : mantissa).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, -digits);
  const fraction = text.slice(-digits).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Z3 writes a string value with `\u{...}` escapes for characters outside printable ASCII (and for `\`): each one UTF-16 code unit. */
export function readZ3String(written: string): string {
  return written.replace(/\\u\{([0-9a-fA-F]+)\}/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
