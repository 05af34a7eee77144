/**
 * Read-merge-PUT that converges when several writers configure one zone at once. A PUT replaces every
 * rule, so a writer whose read is stale drops what others wrote in between. Each round here merges the
 * fields wanted into the rules just read and PUTs them; then:
 *
 * - the answer's version says whether anyone wrote between our read and our write (it is our read's
 *   version + 1 when nobody did); when someone did, the versions in between are fetched and every
 *   field they held that our write dropped is put back in the next round: the writer that caused a
 *   loss repairs it, so a field another command already reported as added is never lost for good;
 * - a read afterwards checks that what we added and put back is there (a later stale writer may have
 *   dropped it; it repairs that itself, and we merge again anyway).
 *
 * Rounds are bounded and spaced by jittered back-off; each race is told in `log`. The transport sends
 * a PUT once: after a 429 (waiting its `Retry-After`), a 5xx, a time-out or a lost answer, the next
 * round reads the ruleset again and merges anew, so a body merged from an older read is never resent.
 */
import { checkCustomFieldRules, type CustomFieldRule, type Ruleset } from '@logfilter/core';
import { ApiError, ConvergenceError, NetworkError, ValidationError } from './errors.js';
import { fieldsByKey, mergeCustomFields, type FieldRef, type RestoredField, type WantedFields } from './merge.js';

/** What converging needs from the service. */
export interface RulesetAccess {
  readonly retryBaseMs: number;
  findRuleset(zone: string): Promise<Ruleset | undefined>;
  getRuleset(zone: string, id: string): Promise<Ruleset>;
  getRulesetVersion(zone: string, id: string, version: string): Promise<Ruleset>;
  createRuleset(zone: string): Promise<Ruleset>;
  putRules(zone: string, id: string, rules: CustomFieldRule[]): Promise<Ruleset>;
}

export interface Intent {
  wanted: WantedFields;
  replace: boolean;
  maxFields?: number;
  /** Most read-merge-PUT rounds (default DEFAULT_WRITE_ROUNDS). */
  rounds?: number;
}

export interface Converged {
  /** The ruleset as read after the last write: every field wanted is in it. */
  ruleset: Ruleset;
  created: boolean;
  /** Number of PUTs sent. */
  writes: number;
  /** One line per race met and what was done about it. */
  log: string[];
}

export const DEFAULT_WRITE_ROUNDS = 8;
/** Versions between our read and our write fetched at most; beyond, the check falls back to the read-back. */
const MAX_VERSIONS_CHECKED = 100;
const RULESET_EXISTS = 20217;
const UNKNOWN_RULE = 20021;

export async function converge(access: RulesetAccess, zone: string, intent: Intent, first: Ruleset | undefined): Promise<Converged> {
  const run = new Run(access, zone, intent);
  return run.start(first);
}

class Run {
  private readonly restore = new Map<string, RestoredField>();
  private readonly log: string[] = [];
  private created = false;
  private writes = 0;
  /** The read version after which writes are not yet checked for losses (kept while a PUT's outcome is unknown). */
  private uncheckedFrom: number | undefined;
  private missing: FieldRef[] = [];

  constructor(
    private readonly access: RulesetAccess,
    private readonly zone: string,
    private readonly intent: Intent,
  ) {}

  async start(first: Ruleset | undefined): Promise<Converged> {
    const rounds = this.intent.rounds ?? DEFAULT_WRITE_ROUNDS;
    let current: Ruleset | undefined = first;
    let id = first?.id;
    for (let round = 1; round <= rounds; round++) {
      let retryAfter = 0;
      try {
        if (round > 1) current = id === undefined ? await this.access.findRuleset(this.zone) : await this.access.getRuleset(this.zone, id);
        current ??= await this.ensureRuleset();
        id = current.id;
        const done = await this.round(current);
        if (done) return { ruleset: done, created: this.created, writes: this.writes, log: this.log };
      } catch (error) {
        if (!retryable(error) || round === rounds) throw error;
        this.log.push(`round ${round}: ${(error as Error).message}; reading again`);
        retryAfter = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0;
      }
      await sleep(Math.max(retryAfter, this.backoff(round)));
    }
    const missing = this.missing.map((ref) => `${ref.list}: ${ref.name}`).join(', ');
    throw new ConvergenceError(
      `other writers kept overwriting the ruleset: after ${rounds} rounds ${missing || 'some fields'} ${this.missing.length === 1 ? 'is' : 'are'} still missing; nothing is reported as added (run the command again)`,
      this.missing,
      this.log,
    );
  }

  /** One read-merge-PUT-check; the ruleset read afterwards when everything is in place, else undefined. */
  private async round(current: Ruleset): Promise<Ruleset | undefined> {
    const merged = mergeCustomFields(rulesOf(current), this.intent.wanted, this.intent.replace, [...this.restore.values()]);
    if (!merged.changed) return this.uncheckedFrom === undefined ? current : this.settleUnacknowledged(current);
    this.missing = [...merged.added, ...merged.restored, ...merged.removed];
    const check = checkCustomFieldRules(merged.rules, { maxFields: this.intent.maxFields });
    if (!check.ok) throw new ValidationError('the merged custom fields are not valid; the last merge was not sent', check.diagnostics);
    const base = versionOf(current);
    const previous = this.uncheckedFrom;
    if (this.uncheckedFrom === undefined || (base !== undefined && base < this.uncheckedFrom)) this.uncheckedFrom = base;
    let written: Ruleset;
    try {
      written = await this.access.putRules(this.zone, current.id, merged.rules);
    } catch (error) {
      // A refusal wrote nothing, unless an earlier attempt of the same PUT went unanswered; after a lost
      // answer the write may have been applied and is checked later.
      if (error instanceof ApiError && error.status < 500 && !error.earlierAttemptMayHaveApplied) this.uncheckedFrom = previous;
      if (error instanceof ApiError && error.errors.some((e) => e.code === UNKNOWN_RULE)) {
        this.log.push(`another writer replaced the rules since version ${current.version}: reading again`);
        return undefined;
      }
      throw error;
    }
    this.writes++;
    // Cleared only once the versions in between have been read: if reading them fails, the next
    // round's write is checked from the same read version, so no window of others' writes goes unchecked.
    const lost = await this.repairLosses(written, this.uncheckedFrom);
    this.uncheckedFrom = undefined;
    if (lost.length > 0) {
      this.missing = lost;
      return undefined;
    }
    const after = await this.access.getRuleset(this.zone, current.id);
    this.missing = this.missingFrom(after);
    if (this.missing.length === 0) return after;
    this.log.push(`after our write (version ${written.version}) ${formatRefs(this.missing)} went missing: another writer overwrote it; merging again`);
    return undefined;
  }

  /**
   * Our last write's answer was lost but it was applied (what we wanted is there): it may have dropped
   * fields others wrote after our read, at any version up to now, so those versions are checked too.
   */
  private async settleUnacknowledged(current: Ruleset): Promise<Ruleset | undefined> {
    const through = versionOf(current);
    const lost = through === undefined ? [] : await this.repairLosses(current, this.uncheckedFrom, through);
    this.uncheckedFrom = undefined;
    if (lost.length === 0) return current;
    this.missing = lost;
    return undefined;
  }

  /** The fields others wrote since `from` (up to `through`, by default the version before ours) that our write dropped; they are put back in the next round. */
  private async repairLosses(written: Ruleset, from: number | undefined, through?: number): Promise<FieldRef[]> {
    const to = versionOf(written);
    if (this.intent.replace || to === undefined || from === undefined) return [];
    const last = through ?? to - 1;
    if (last <= from) return [];
    if (last - from > MAX_VERSIONS_CHECKED) {
      this.log.push(`${last - from} writes happened between our read and our write; only the read-back checks them`);
      return [];
    }
    const present = fieldsByKey(rulesOf(written));
    const lost = new Map<string, RestoredField>();
    for (let version = from + 1; version <= last; version++) {
      const between = await this.versionOrUndefined(written.id, String(version));
      if (!between) return [];
      for (const [key, field] of fieldsByKey(rulesOf(between))) if (!present.has(key) && !lost.has(key)) lost.set(key, field);
    }
    if (lost.size === 0) return [];
    for (const [key, field] of lost) this.restore.set(key, field);
    const refs = [...lost.values()].map(({ list, entry }) => ({ list, name: entry.name }));
    const span = last === from + 1 ? `version ${from + 1} was` : `versions ${from + 1}-${last} were`;
    const ours = through === undefined ? `our write (version ${to})` : 'our write, whose answer was lost';
    this.log.push(`${span} written between our read (version ${from}) and ${ours}, which dropped ${formatRefs(refs)}: putting it back`);
    return refs;
  }

  private async versionOrUndefined(id: string, version: string): Promise<Ruleset | undefined> {
    try {
      return await this.access.getRulesetVersion(this.zone, id, version);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      this.log.push(`version ${version} of the ruleset cannot be read (${error.message}); only the read-back checks it`);
      return undefined;
    }
  }

  /** What should be in the ruleset and is not: wanted and restored fields; with --replace, removed ones still there. */
  private missingFrom(ruleset: Ruleset): FieldRef[] {
    const merged = mergeCustomFields(rulesOf(ruleset), this.intent.wanted, this.intent.replace, [...this.restore.values()]);
    return [...merged.added, ...merged.restored, ...merged.removed];
  }

  /** The zone's ruleset, created when absent; a create refused because another writer made it first, or whose answer was lost, takes that one. */
  private async ensureRuleset(): Promise<Ruleset> {
    try {
      const created = await this.access.createRuleset(this.zone);
      this.created = true;
      return created;
    } catch (error) {
      const exists = error instanceof ApiError && error.errors.some((e) => e.code === RULESET_EXISTS);
      if (!exists && !(error instanceof NetworkError && error.kind !== 'unreadable')) throw error;
      const found = await this.access.findRuleset(this.zone);
      if (!found) throw error;
      this.log.push(
        exists
          ? `another writer created the ruleset first: using it (${found.id})`
          : `the answer to our create was lost; the ruleset is there: using it (${found.id})`,
      );
      return found;
    }
  }

  /** Jittered and doubling, so writers that met once do not meet again at the same instant. */
  private backoff(round: number): number {
    const base = Math.min(2000, (this.access.retryBaseMs / 5) * 2 ** (round - 1));
    return base * (0.5 + Math.random());
  }
}

/** Worth another round: the network or the service failed after the transport's own retries, or a rule vanished. */
function retryable(error: unknown): boolean {
  if (error instanceof NetworkError) return error.kind !== 'unreadable';
  return error instanceof ApiError && (error.status === 429 || error.status >= 500);
}

function rulesOf(ruleset: Ruleset | undefined): CustomFieldRule[] {
  return (ruleset?.rules ?? []) as CustomFieldRule[];
}

function versionOf(ruleset: Ruleset): number | undefined {
  return typeof ruleset.version === 'string' && /^\d+$/.test(ruleset.version) ? Number(ruleset.version) : undefined;
}

function formatRefs(refs: readonly FieldRef[]): string {
  return refs.map((ref) => `${ref.list}: ${ref.name}`).join(', ');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
