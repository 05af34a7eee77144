/** Failure modes a test switches on, so a client's time-outs and retries meet a real socket. */

export type Fault =
  /** Read the request and never answer. */
  | { kind: 'hang' }
  /** Close the connection without an answer. */
  | { kind: 'drop' }
  /** Answer this status with an error envelope (e.g. 429 with `Retry-After`). */
  | { kind: 'status'; status: number; retryAfter?: number | string; code?: number; message?: string }
  /** Do the work (a job is created), then close the connection instead of answering. */
  | { kind: 'lose-answer' }
  /** Wait, then handle the request normally. */
  | { kind: 'delay'; ms: number };

export interface FaultRule {
  /** Default: any method. */
  method?: string;
  /** Matched against the path after the base (e.g. `/zones/z/rulesets`); a string matches when contained. */
  path?: string | RegExp;
  /** How many matching requests it applies to (default 1; Infinity for all). */
  times?: number;
  fault: Fault;
}

export class Faults {
  private rules: Array<FaultRule & { left: number }> = [];

  /** Adds a rule; rules are tried in the order added. */
  add(rule: FaultRule): this {
    this.rules.push({ ...rule, left: rule.times ?? 1 });
    return this;
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this request, if a rule matches; uses up one of the rule's times. */
  take(method: string, path: string): Fault | undefined {
    const rule = this.rules.find((candidate) => candidate.left > 0 && matches(candidate, method, path));
    if (!rule) return undefined;
    rule.left--;
    return rule.fault;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === 'string' ? path.includes(rule.path) : rule.path.test(path);
}
