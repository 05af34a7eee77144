/**
 * Failure modes a test (or `logfilter emulator --fault-...`) switches on, so a client's time-outs,
 * retries and recovery meet a real socket: rules for exact requests, and random faults at given rates
 * for a burst of writers, with a seed so a run can be repeated.
 */

export type Fault =
  /** Read the request and never answer. */
  | { kind: 'hang' }
  /** Close the connection without an answer. */
  | { kind: 'drop' }
  /** Answer this status with an error envelope (e.g. 429 with `Retry-After`). */
  | { kind: 'status'; status: number; retryAfter?: number | string; code?: number; message?: string }
  /** Do the work (a job is created, rules replaced), then close the connection instead of answering. */
  | { kind: 'lose-answer' }
  /** Wait, then handle the request normally. */
  | { kind: 'delay'; ms: number }
  /** Handle the request at once, then wait before sending the answer (a reader gets a stale view). */
  | { kind: 'slow-answer'; ms: number }
  /**
   * Read the request whole, then hold it this long before it is applied, as a network that holds a
   * request on its way: it is applied even when the client gave up waiting meanwhile (its time-out),
   * and answered only when the client still waits.
   */
  | { kind: 'hold'; ms: number }
  /**
   * Handle the request, but make saving the state file fail, as a full disk would: the change must be
   * undone and answered 500 (with a state file only; without one nothing is saved).
   */
  | { kind: 'fail-save' };

export interface FaultRule {
  /** Default: any method. */
  method?: string;
  /** Matched against the path after the base (e.g. `/zones/z/rulesets`); a string matches when contained. */
  path?: string | RegExp;
  /** How many matching requests it applies to (default 1; Infinity for all). */
  times?: number;
  fault: Fault;
}

/** A burst: once started, the next `burst` requests (this one included) get the same answer. */
export interface FaultBurst {
  /** Share of requests that start a burst, from 0 to 1. */
  rate: number;
  /** Requests per burst (default 1). */
  burst?: number;
}

/** Faults drawn at random for every request that no rule matched. */
export interface RandomFaults {
  /** Seed of the draws (default: from the clock); the same seed and the same requests give the same faults. */
  seed?: number;
  /** Every answer waits a time drawn between these milliseconds. */
  latencyMs?: readonly [number, number];
  /** Share of requests whose connection is closed without an answer, before any work. */
  dropRate?: number;
  /** Share of writes (POST, PUT, DELETE) that are applied, then their connection closed unanswered. */
  loseAnswerRate?: number;
  /** 429 answers with `Retry-After` (seconds, default 1). */
  rateLimit?: FaultBurst & { retryAfter?: number };
  /** 5xx answers (status default 503). */
  serverErrors?: FaultBurst & { status?: number };
  /** Share of writes whose save of the state file fails (see the `fail-save` fault). */
  failSaveRate?: number;
  /** Share of writes (default all) held on their way for a time drawn between `ms` (see the `hold` fault). */
  holdWrites?: { rate?: number; ms: readonly [number, number] };
}

/** How many faults were injected, by kind: `drop`, `lose-answer`, `429`, `5xx`, `latency`, `hold`, `fail-save`, `hang`, `status`. */
export type FaultCounts = Record<string, number>;

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

export class Faults {
  private rules: Array<FaultRule & { left: number }> = [];
  private randomFaults: RandomFaults | undefined;
  private draw: () => number = Math.random;
  private burst: { fault: Fault; left: number } | undefined;
  /** Faults injected so far, by kind. */
  readonly injected: FaultCounts = {};

  /** Adds a rule; rules are tried in the order added. */
  add(rule: FaultRule): this {
    this.rules.push({ ...rule, left: rule.times ?? 1 });
    return this;
  }

  /** Switches random faults on (replacing earlier ones); `undefined` switches them off. */
  random(options: RandomFaults | undefined): this {
    this.randomFaults = options;
    this.draw = seeded(options?.seed ?? Date.now());
    this.burst = undefined;
    return this;
  }

  clear(): void {
    this.rules = [];
    this.random(undefined);
  }

  /** The fault for this request, if a rule matches or a draw picks one; uses up one of the rule's times. */
  take(method: string, path: string): Fault | undefined {
    const rule = this.rules.find((candidate) => candidate.left > 0 && matches(candidate, method, path));
    if (rule) rule.left--;
    const fault = rule ? rule.fault : this.pick(method);
    if (fault) this.count(fault);
    return fault;
  }

  /** Total injected, all kinds together. */
  get total(): number {
    return Object.values(this.injected).reduce((sum, count) => sum + count, 0);
  }

  private pick(method: string): Fault | undefined {
    const options = this.randomFaults;
    if (!options) return undefined;
    if (this.burst && this.burst.left > 0) {
      this.burst.left--;
      return this.burst.fault;
    }
    if (this.draw() < (options.dropRate ?? 0)) return { kind: 'drop' };
    if (WRITES.has(method) && this.draw() < (options.loseAnswerRate ?? 0)) return { kind: 'lose-answer' };
    const { rateLimit, serverErrors } = options;
    if (rateLimit && this.draw() < rateLimit.rate) return this.startBurst({ kind: 'status', status: 429, retryAfter: rateLimit.retryAfter ?? 1 }, rateLimit);
    if (serverErrors && this.draw() < serverErrors.rate) return this.startBurst({ kind: 'status', status: serverErrors.status ?? 503 }, serverErrors);
    if (options.failSaveRate && WRITES.has(method) && this.draw() < options.failSaveRate) return { kind: 'fail-save' };
    const hold = options.holdWrites;
    if (hold && WRITES.has(method) && this.draw() < (hold.rate ?? 1))
      return { kind: 'hold', ms: Math.round(hold.ms[0] + this.draw() * (hold.ms[1] - hold.ms[0])) };
    const latency = options.latencyMs;
    if (latency) return { kind: 'delay', ms: Math.round(latency[0] + this.draw() * (latency[1] - latency[0])) };
    return undefined;
  }

  private startBurst(fault: Fault, burst: FaultBurst): Fault {
    this.burst = { fault, left: Math.max(1, burst.burst ?? 1) - 1 };
    return fault;
  }

  private count(fault: Fault): void {
    const kind =
      fault.kind === 'delay' || fault.kind === 'slow-answer'
        ? 'latency'
        : fault.kind !== 'status'
          ? fault.kind
          : fault.status === 429
            ? '429'
            : fault.status >= 500
              ? '5xx'
              : 'status';
    this.injected[kind] = (this.injected[kind] ?? 0) + 1;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === 'string' ? path.includes(rule.path) : rule.path.test(path);
}

/** mulberry32: a small, fast generator of numbers in [0, 1), repeatable from its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
