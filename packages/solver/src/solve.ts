/**
 * Two filters compared by meaning: which records each lets through that the other does not, decided
 * by Z3 (the `z3-solver` package, an optional peer loaded only here, when first asked) over
 * encode.ts's formulas. Every witness record is checked with `evaluate` on its NDJSON line, read
 * exactly as `logfilter test` reads a line, before it is given; one that `evaluate` does not confirm
 * is reported as a bug.
 *
 * Budgets count work, not time: each question may spend a number of Z3's resource units (its
 * `rlimit`), so the same question gets the same answer on a quiet and on a loaded machine. A
 * wall-clock watchdog, far above what the work budget takes, is only a safety net, and an answer it
 * stops is undecided for that reason, told apart from the work budget's.
 */
import { type Dataset, type FilterJson, matcher, parseJsonExact, type RecordTest } from '@logfilter/core';
import type { Bool, Model, Solver as Z3Solver } from 'z3-solver';
import { Encoder, type FieldModel, NotModelled, type Z3 } from './encode.js';
import { sameFilter } from './same-filter.js';

// The package has no Node or DOM types (it runs in both): the two timer functions it uses.
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;

export type Relation = 'same' | 'old-wider' | 'new-wider' | 'overlap' | 'disjoint' | 'differ' | 'undecided';

/** Every relation, in the order the documentation lists them. */
export const RELATIONS: readonly Relation[] = ['same', 'old-wider', 'new-wider', 'overlap', 'disjoint', 'differ', 'undecided'];

export interface Witness {
  /** The record as one NDJSON line (numbers with every digit). */
  line: string;
  old: boolean;
  new: boolean;
}

/**
 * What stopped a question short of an answer: the work budget (`work`), the wall-clock safety net
 * (`wall-clock`), or a constant the model does not hold exactly (`not-modelled`).
 */
export type Limit = 'work' | 'wall-clock' | 'not-modelled';

export interface Comparison {
  relation: Relation;
  witnesses: Witness[];
  /** Why the answer is undecided (or, for `differ`, which direction was not decided), when it is. */
  reason?: string;
  limit?: Limit;
}

/** Z3 could not be loaded: the optional peer z3-solver is not installed. */
export class SolverMissing extends Error {}

/** A witness `evaluate` does not confirm: the encoding and evaluate disagree. */
export class WitnessBug extends Error {}

/** Z3 running in this process or page. */
export interface Solver {
  z: Z3;
  /** Ends Z3's worker threads: call it once no more questions will be asked. */
  release(): void;
}

let loaded: Promise<Solver> | undefined;

/** Z3, started once per process (about 0.2 s on a quiet machine), with a dynamic import of z3-solver. */
export function loadSolver(): Promise<Solver> {
  loaded ??= (async () => {
    let module: typeof import('z3-solver');
    try {
      module = await import('z3-solver');
    } catch {
      loaded = undefined;
      throw new SolverMissing('the z3-solver package (an optional peer, 35 MB of WebAssembly) is not installed');
    }
    const { Context, em, setParam, Z3: api } = await validatingLazily(() => module.init({ preRun: [startThread] }));
    holdReleasesDuringChecks(api as unknown as Record<string, unknown>);
    // Characters are UTF-16 code units, as JavaScript's strings (and so evaluate's startsWith,
    // endsWith and includes) count them: one Z3 character each, none above U+FFFF.
    setParam('encoding', 'bmp');
    // Past this Z3 answers `unknown` rather than growing towards WebAssembly's 2 GB and aborting.
    setParam('memory_max_size', 1024);
    return { z: Context('main'), release: () => (em as { PThread?: { terminateAllThreads(): void } }).PThread?.terminateAllThreads() };
  })();
  return loaded;
}

/**
 * `start` (Z3's start) with V8 checking each function of a WebAssembly module when it is first
 * called, not all of them before the module starts: for Z3's 35 MB that check was about 0.1 s of CPU
 * in every process that asks Z3 anything (`diff`, `check --deep`), nearly half of Z3's start, and a
 * run calls a small part of Z3. V8's flags are the whole process's, and a code cache made while one
 * is changed is refused by every run without it (the CLI's bin makes its cache as a run ends), so
 * the flag is set back once Z3 has started. In a browser (no `process`) nothing changes.
 */
async function validatingLazily<T>(start: () => Promise<T>): Promise<T> {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown; execArgv?: string[] } }).process;
  // Node started with the flag either way: it is the user's, and left as it is.
  if (node?.execArgv?.some((flag) => /^--(no-)?wasm[-_]lazy[-_]validation$/.test(flag))) return start();
  const v8 = node?.getBuiltinModule?.('node:v8') as { setFlagsFromString?: (flags: string) => void } | undefined;
  v8?.setFlagsFromString?.('--wasm-lazy-validation');
  try {
    return await start();
  } finally {
    v8?.setFlagsFromString?.('--no-wasm-lazy-validation');
  }
}

/**
 * z3-solver runs each check on a thread of its own, a worker that boots Node and loads Z3 when the
 * first check asks for it: about 90 ms in which the main thread waits. Started as Z3 sets itself up
 * (Emscripten's `preRun`, where its own pool of threads would be started), the worker boots while
 * Z3's runtime starts on the main thread, and the first check takes it from the pool. It does not
 * keep the process alive while unused (Emscripten's workers keep it so until they first run a
 * thread), so a process that asks Z3 nothing still ends. Where z3-solver has no such pool (another
 * build), nothing changes.
 */
function startThread(module: { PThread?: Threads }): void {
  const threads = module.PThread;
  if (!threads?.allocateUnusedWorker || !threads.loadWasmModuleToWorker || !Array.isArray(threads.unusedWorkers) || threads.unusedWorkers.length > 0) return;
  threads.allocateUnusedWorker();
  const worker = threads.unusedWorkers[0];
  void threads.loadWasmModuleToWorker(worker);
  // After the loading has begun: listening for the worker's messages keeps the process alive again.
  worker?.unref?.();
}

/** The part of Emscripten's thread pool (`Module.PThread`) that `startThread` uses. */
interface Threads {
  allocateUnusedWorker?(): void;
  unusedWorkers?: Array<{ unref?(): void } | undefined>;
  loadWasmModuleToWorker?(worker: unknown): unknown;
}

/**
 * z3-solver releases a Z3 object (`Z3.dec_ref`, `Z3.solver_dec_ref`, ...) from a FinalizationRegistry
 * callback, on the main thread, whenever the garbage collector finds the object's JavaScript wrapper
 * unreachable: also while `solver.check()` runs on one of Z3's worker threads in the same context,
 * which is not thread-safe. Such a release during a check corrupted Z3's memory ("memory access out
 * of bounds" in its arithmetic solver, on one run of the solver's property tests in four), and the
 * check never answered. So the low-level API's releases are held while a check runs, and made when
 * the last running check ends.
 */
const releases = { checking: 0, held: [] as Array<() => void> };

function holdReleasesDuringChecks(api: Record<string, unknown>): void {
  for (const name of Object.keys(api)) {
    const release = api[name];
    if (!name.endsWith('dec_ref') || typeof release !== 'function') continue;
    api[name] = (...args: unknown[]) => {
      if (releases.checking > 0) releases.held.push(() => release.apply(api, args));
      else return release.apply(api, args);
    };
  }
}

/** `run` (a check) with Z3's releases held until it, and every other check running, has ended. */
async function whileChecking<T>(run: () => Promise<T>): Promise<T> {
  releases.checking++;
  try {
    return await run();
  } finally {
    if (--releases.checking === 0) for (const release of releases.held.splice(0)) release();
  }
}

/** Z3's resource units a question to diff (or to jobs overlap) may spend by default: a few seconds of work on a laptop. */
export const DEFAULT_WORK = 2_000_000;
/** Milliseconds after which a question is interrupted whatever its work: far above what DEFAULT_WORK takes on a busy machine. */
export const DEFAULT_SAFETY_MS = 120_000;

/** How much each question may take. */
export interface Budget {
  /** Z3 resource units (rlimit) for each question (default DEFAULT_WORK): counted work, the same on any machine. */
  work?: number;
  /** Wall-clock safety net of each question in milliseconds (default DEFAULT_SAFETY_MS). */
  safetyMs?: number;
}

/** One step of a long run, for a progress display: `done` of `total` questions (or pairs), and what is being asked. */
export interface Progress {
  done: number;
  total: number;
  what: string;
}

export interface CompareOptions extends Budget {
  /** Called before each question is put to the solver. */
  onProgress?: (progress: Progress) => void;
}

/** The reason given for a question the work budget or the safety net stopped. */
export function limitReason(limit: 'work' | 'wall-clock', budget: Budget, what = 'the solver did not decide'): string {
  return limit === 'work'
    ? `${what} within its work budget (${budget.work ?? DEFAULT_WORK} resource units a question)`
    : `${what} before the wall-clock safety net of ${Math.round((budget.safetyMs ?? DEFAULT_SAFETY_MS) / 1000)} s a question stopped it (the machine is slow or busy; the work budget was not used up)`;
}

/**
 * The relation of `older` and `newer` over the records of `dataset`, with a witness for each direction
 * that differs (`undefined`: no filter, which lets every record through). Filters are read exactly
 * (parseJsonExact): integers past 2^53 as bigints.
 */
export async function compareFilters(
  older: FilterJson | undefined,
  newer: FilterJson | undefined,
  dataset: Dataset,
  options: CompareOptions = {},
): Promise<Comparison> {
  // One filter written in another order (same-filter.ts): the same meaning whatever the records, with
  // no question to ask and no Z3 to start.
  if (sameFilter(older, newer)) return { relation: 'same', witnesses: [] };
  return withQuestions<Comparison>(
    [older, newer],
    dataset,
    options,
    async ({ z, encoder, formulas: [a, b], ask }) => decide(z, encoder, a, b, older, newer, ask, options),
    (reason) => ({ relation: 'undecided', witnesses: [], reason, limit: 'not-modelled' }),
  );
}

/** Whether some record passes both filters (`undefined`: a job without a filter, which lets every record through). */
export interface Overlap {
  overlaps: boolean | 'undecided';
  /** A record both let through, as one NDJSON line with the fewest fields, confirmed by evaluate. */
  witness?: string;
  reason?: string;
  limit?: Limit;
}

export async function overlapFilters(a: FilterJson | undefined, b: FilterJson | undefined, dataset: Dataset, options: CompareOptions = {}): Promise<Overlap> {
  return withQuestions<Overlap>(
    [a, b],
    dataset,
    options,
    async ({ z, encoder, formulas: [first, second], ask }) => {
      const answer = await ask(z.And(first, second));
      if (answer === 'unsat') return { overlaps: false };
      if (typeof answer === 'object' && 'unknown' in answer)
        return { overlaps: 'undecided', reason: limitReason(answer.unknown, options), limit: answer.unknown };
      const witness = shrink(witnessLine(z, answer, encoder.fields), [a, b], (results) => results.every((result) => result === true), 'passes both');
      return { overlaps: true, witness: witness.text };
    },
    (reason) => ({ overlaps: 'undecided', reason, limit: 'not-modelled' }),
  );
}

/** A solver's answer: a model (some record), `unsat` (none), or what stopped it. */
export type Answer = Model | 'unsat' | { unknown: 'work' | 'wall-clock' };

type Ask = (question: Bool) => Promise<Answer>;

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
  const ask: Ask = async (question) => (await askSolver(z, [...encoder.domain, question], options, solvers)).answer;
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
  ask: Ask,
  options: CompareOptions,
): Promise<Comparison> {
  const step = (done: number, what: string) => options.onProgress?.({ done, total: 3, what });
  step(0, 'records only OLD lets through');
  const oldOnly = await ask(z.And(a, z.Not(b)));
  step(1, 'records only NEW lets through');
  const newOnly = await ask(z.And(b, z.Not(a)));
  const witnesses: Witness[] = [];
  const stopped = (answer: Answer) => (typeof answer === 'object' && 'unknown' in answer ? answer.unknown : undefined);
  for (const model of [oldOnly, newOnly]) {
    if (model !== 'unsat' && stopped(model) === undefined) witnesses.push(confirm(witnessLine(z, model as Model, encoder.fields), older, newer));
  }
  const limit = stopped(oldOnly) ?? stopped(newOnly);
  if (limit) {
    return witnesses.length > 0
      ? { relation: 'differ', witnesses, reason: limitReason(limit, options, 'the other direction was not decided'), limit }
      : { relation: 'undecided', witnesses, reason: limitReason(limit, options), limit };
  }
  if (oldOnly === 'unsat' && newOnly === 'unsat') return { relation: 'same', witnesses };
  if (newOnly === 'unsat') return { relation: 'old-wider', witnesses };
  if (oldOnly === 'unsat') return { relation: 'new-wider', witnesses };
  step(2, 'records both let through');
  const both = await ask(z.And(a, b));
  const bothLimit = stopped(both);
  if (bothLimit)
    return { relation: 'differ', witnesses, reason: limitReason(bothLimit, options, 'whether some record passes both was not decided'), limit: bothLimit };
  return { relation: both === 'unsat' ? 'disjoint' : 'overlap', witnesses };
}

/** Z3's resource count of the solver's context so far (the `rlimit count` statistic). */
function workCount(solver: Z3Solver): number {
  const entry = solver
    .statistics()
    .entries()
    .find((item) => item.key === 'rlimit count');
  return typeof entry?.value === 'number' ? entry.value : 0;
}

/**
 * One question to a new solver: a model when some record makes `facts` true, else 'unsat', or what
 * stopped it; and the resource units it spent. The work budget is Z3's `rlimit` for this check
 * (counted from where the context's count stands). The safety net interrupts the context after
 * `safetyMs` of wall-clock time. Solvers hold most of Z3's memory: each is kept in `solvers` to be
 * released as soon as its answers are read, not left to the garbage collector (which does not see
 * WebAssembly's heap).
 */
export async function askSolver(z: Z3, facts: Bool[], budget: Budget, solvers: Array<{ release(): void }>): Promise<{ answer: Answer; spent: number }> {
  // No wall-clock time at all: nothing is asked (a question may be answered in well under a millisecond).
  if ((budget.safetyMs ?? DEFAULT_SAFETY_MS) <= 0) return { answer: { unknown: 'wall-clock' }, spent: 0 };
  const solver = new z.Solver();
  solvers.push(solver);
  solver.set('rlimit', Math.max(1, Math.round(budget.work ?? DEFAULT_WORK)));
  // A scope first makes Z3 answer with its incremental core, not a tactic chosen for the question: for
  // the bounded integers here (0..2^64-1) the tactics can spend hundreds of thousands of units on a
  // question the core answers in a few hundred.
  solver.push();
  solver.add(...facts);
  let interrupted = false;
  const watchdog = setTimeout(() => {
    interrupted = true;
    z.interrupt();
  }, budget.safetyMs ?? DEFAULT_SAFETY_MS);
  const before = workCount(solver);
  try {
    const answer = await whileChecking(() => solver.check());
    const spent = Math.max(0, workCount(solver) - before);
    if (answer === 'sat') return { answer: solver.model(), spent };
    if (answer === 'unsat') return { answer, spent };
    return { answer: { unknown: interrupted ? 'wall-clock' : 'work' }, spent };
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
    return { text, results: tests.map((test) => judgeRecord(text, test)) };
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

/** What a filter says of a record's NDJSON line, read exactly as `logfilter test` reads a line (parseJsonExact); undefined when it is no object. */
function judgeRecord(line: string, test: RecordTest): boolean | undefined {
  const record = parseJsonExact(line);
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  return test(record as Record<string, unknown>);
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
function readZ3String(written: string): string {
  return written.replace(/\\u\{([0-9a-fA-F]+)\}/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
