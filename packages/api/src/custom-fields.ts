/**
 * The rules flow of spec 4.1: find the zone's custom-fields ruleset (creating it only when absent),
 * read its rules, merge, check, and PUT the complete rule set, then make sure it stuck (converge.ts).
 */
import {
  checkCustomFieldRules,
  CUSTOM_FIELDS_PHASE,
  customFieldNames,
  isCustomFieldsRuleset,
  type CustomFieldNames,
  type CustomFieldRule,
  type Diagnostic,
  type Ruleset,
} from '@logfilter/core';
import { converge, type RulesetAccess } from './converge.js';
import { ApiError, UnconfirmedWriteError, ValidationError } from './errors.js';
import { fieldKey, fieldsByKey, mergeCustomFields, type FieldRef, type MergeResult, type WantedFields } from './merge.js';
import type { Transport } from './transport.js';

export interface CustomFieldsChange {
  /** Request header names; upper-case letters are lowered (and said so in `notes`). */
  request?: readonly string[];
  response?: readonly string[];
  /** Cookie names, sent exactly as written. */
  cookie?: readonly string[];
  /** Make the configuration exactly these fields, removing the others (default: add to what is there). */
  replace?: boolean;
  /** Most custom fields the zone takes (default 40). */
  maxFields?: number;
  /** Most read-merge-PUT rounds when other writers race this one (default 8). */
  rounds?: number;
}

export interface CustomFieldsState {
  /** Undefined when the zone has no custom-fields ruleset. */
  ruleset: Ruleset | undefined;
  fields: CustomFieldNames;
}

export interface CustomFieldsResult {
  rulesetId: string | undefined;
  /** The ruleset was created by this call (or would be, in a dry run). */
  created: boolean;
  /** A PUT was sent (or would be, in a dry run). */
  changed: boolean;
  /** Fields this call added that are in the ruleset read after its last write. */
  added: FieldRef[];
  /** The other fields in that ruleset (in a dry run or without a change: the ones found). */
  kept: FieldRef[];
  /** With `replace`: fields this call removed, absent from that ruleset. */
  removed: FieldRef[];
  /** Things done to the input on the way, e.g. a header name lowered. */
  notes: string[];
  /** Races with other writers met on the way and what was done about each (empty when none). */
  races: string[];
  /** Number of PUTs sent (more than one when another writer's write had to be merged again). */
  writes: number;
  /** Warnings of the check of the merged rules. */
  diagnostics: Diagnostic[];
  /** The ruleset as read after the last write; undefined in a dry run or without a change. */
  ruleset: Ruleset | undefined;
  dryRun: boolean;
}

const CREATE_BODY = { name: 'Zone-level phase entry point', kind: 'zone', description: 'custom log fields', phase: CUSTOM_FIELDS_PHASE };

/** Shown in place of the id of a ruleset that a dry run would create. */
export const NEW_RULESET_ID = '{new-ruleset-id}';

export class CustomFieldsApi implements RulesetAccess {
  constructor(private readonly transport: Transport) {}

  get retryBaseMs(): number {
    return this.transport.config.retryBaseMs;
  }

  /** GET /zones/{zone}/rulesets: the zone's rulesets (without their rules). */
  async listRulesets(zone: string): Promise<Ruleset[]> {
    const envelope = await this.transport.request<Ruleset[]>('GET', `/zones/${segment(zone)}/rulesets`);
    return Array.isArray(envelope?.result) ? envelope.result : [];
  }

  /** GET /zones/{zone}/rulesets/{id}: one ruleset with its rules. */
  async getRuleset(zone: string, id: string): Promise<Ruleset> {
    const envelope = await this.transport.request<Ruleset>('GET', this.rulesetPath(zone, id));
    return envelope!.result;
  }

  /** GET /zones/{zone}/rulesets/{id}/versions/{version}: the ruleset as that version held it. */
  async getRulesetVersion(zone: string, id: string, version: string): Promise<Ruleset> {
    const envelope = await this.transport.request<Ruleset>('GET', `${this.rulesetPath(zone, id)}/versions/${segment(version)}`);
    return envelope!.result;
  }

  /** The zone's custom-fields ruleset with its rules; undefined when there is none. */
  async findRuleset(zone: string): Promise<Ruleset | undefined> {
    const entry = (await this.listRulesets(zone)).find(isCustomFieldsRuleset);
    return entry ? this.getRuleset(zone, entry.id) : undefined;
  }

  /** The zone's custom-fields ruleset with its rules, and the names it configures. */
  async get(zone: string): Promise<CustomFieldsState> {
    const ruleset = await this.findRuleset(zone);
    return { ruleset, fields: customFieldNames(ruleset?.rules ?? []) };
  }

  /**
   * Adds the fields (or with `replace` makes them exactly these), keeping every other field, also
   * under concurrent writers: see converge.ts. The result reports the ruleset as read at the end.
   */
  async set(zone: string, change: CustomFieldsChange): Promise<CustomFieldsResult> {
    const { wanted, notes } = normalizeChange(change);
    const intent = { wanted, replace: change.replace === true, maxFields: change.maxFields, rounds: change.rounds };
    const current = await this.findRuleset(zone);
    const merged = mergeCustomFields((current?.rules ?? []) as CustomFieldRule[], wanted, intent.replace);
    const check = checkCustomFieldRules(merged.rules, { maxFields: change.maxFields });
    if (!check.ok) throw new ValidationError('the custom fields asked for are not valid; nothing was sent', check.diagnostics);
    const result: CustomFieldsResult = {
      rulesetId: current?.id,
      created: false,
      changed: merged.changed,
      added: merged.added,
      kept: merged.kept,
      removed: merged.removed,
      notes,
      races: [],
      writes: 0,
      diagnostics: check.diagnostics,
      ruleset: undefined,
      dryRun: this.transport.dryRun,
    };
    if (!result.changed) return result;
    if (this.transport.dryRun) return this.describeWrites(zone, result, merged.rules);
    // Whether fields may have been written: a PUT was applied, or a write's outcome is unknown (a lost
    // answer, a 5xx). A refusal (4xx) or a 429 applied nothing; a ruleset created empty wrote no field.
    let wrote = false;
    const write = async <T>(send: () => Promise<T>, fields: boolean): Promise<T> => {
      try {
        const written = await send();
        wrote ||= fields;
        return written;
      } catch (error) {
        if (!(error instanceof ApiError && (error.status < 500 || error.isAuthFailure))) wrote = true;
        throw error;
      }
    };
    const access: RulesetAccess = {
      retryBaseMs: this.retryBaseMs,
      findRuleset: (z) => this.findRuleset(z),
      getRuleset: (z, id) => this.getRuleset(z, id),
      getRulesetVersion: (z, id, version) => this.getRulesetVersion(z, id, version),
      createRuleset: (z) => write(() => this.createRuleset(z), false),
      putRules: (z, id, rules) => write(() => this.putRules(z, id, rules), true),
    };
    let converged: Awaited<ReturnType<typeof converge>>;
    try {
      converged = await converge(access, zone, intent, current);
    } catch (error) {
      throw wrote ? await this.unconfirmed(zone, merged, error) : error;
    }
    const final = converged.ruleset;
    return {
      ...result,
      ...report(merged, final),
      rulesetId: final.id,
      created: converged.created,
      races: converged.log,
      writes: converged.writes,
      ruleset: final,
    };
  }

  /** POST /zones/{zone}/rulesets: the zone entry point of the custom-fields phase. */
  async createRuleset(zone: string): Promise<Ruleset> {
    return (await this.transport.request<Ruleset>('POST', `/zones/${segment(zone)}/rulesets`, CREATE_BODY))!.result;
  }

  /** PUT /zones/{zone}/rulesets/{id}: replaces every rule; the answer is the ruleset after the write. */
  async putRules(zone: string, id: string, rules: CustomFieldRule[]): Promise<Ruleset> {
    return (await this.transport.request<Ruleset>('PUT', this.rulesetPath(zone, id), { rules }))!.result;
  }

  /**
   * The failure of a set that may have written: the ruleset is read again, and the error says which of
   * the fields asked for are in it (or that this cannot be told), so that a failure never hides a write
   * that landed. Bad credentials are passed on as they are.
   */
  private async unconfirmed(zone: string, first: MergeResult, error: unknown): Promise<unknown> {
    if ((error instanceof ApiError && error.isAuthFailure) || !(error instanceof Error)) return error;
    const asked = [...first.added, ...first.removed];
    let ruleset: Ruleset | undefined;
    try {
      ruleset = await this.findRuleset(zone);
    } catch (readError) {
      return new UnconfirmedWriteError(
        `${error.message}; cannot tell whether the fields were written: reading the ruleset afterwards failed too (${(readError as Error).message}); run 'logfilter custom-fields get' to see`,
        error,
        'unknown',
      );
    }
    const present = fieldsByKey((ruleset?.rules ?? []) as CustomFieldRule[]);
    const removedAsked = new Set(first.removed.map((ref) => fieldKey(ref.list, ref.name)));
    const done = asked.filter((ref) => present.has(fieldKey(ref.list, ref.name)) !== removedAsked.has(fieldKey(ref.list, ref.name)));
    const details = asked.map((ref) => `${ref.list}: ${ref.name}: ${done.includes(ref) ? 'in place' : 'not in place'}`);
    const written = done.length === asked.length ? 'applied' : done.length === 0 ? 'not-applied' : 'partly-applied';
    const where = ruleset ? `ruleset ${ruleset.id}${ruleset.version ? ` (version ${ruleset.version})` : ''}` : 'the zone (it has no custom-fields ruleset)';
    const found =
      written === 'applied'
        ? `the change was written: a read afterwards finds ${formatRefList(done)} in ${where}, but fields of other writers that this write may have dropped were not all checked`
        : written === 'not-applied'
          ? `a read afterwards finds none of the change in ${where}: ${formatRefList(asked)} not in place`
          : `a read afterwards finds part of the change in ${where}: ${details.join('; ')}`;
    return new UnconfirmedWriteError(`${error.message}; ${found}`, error, written, details);
  }

  /** A dry run: the create (when needed) and the PUT are described, not sent. */
  private async describeWrites(zone: string, result: CustomFieldsResult, rules: CustomFieldRule[]): Promise<CustomFieldsResult> {
    const id = result.rulesetId ?? NEW_RULESET_ID;
    if (!result.rulesetId) {
      result.created = true;
      await this.transport.request('POST', `/zones/${segment(zone)}/rulesets`, CREATE_BODY);
    }
    await this.transport.request('PUT', id === NEW_RULESET_ID ? `/zones/${segment(zone)}/rulesets/${NEW_RULESET_ID}` : this.rulesetPath(zone, id), { rules });
    return { ...result, rulesetId: id };
  }

  private rulesetPath(zone: string, id: string): string {
    return `/zones/${segment(zone)}/rulesets/${segment(id)}`;
  }
}

/** Added, kept and removed as the final ruleset has them: only what is really there is reported. */
function report(first: MergeResult, final: Ruleset): Pick<CustomFieldsResult, 'added' | 'kept' | 'removed'> {
  const present = fieldsByKey((final.rules ?? []) as CustomFieldRule[]);
  const added = first.added.filter((ref) => present.has(fieldKey(ref.list, ref.name)));
  const addedKeys = new Set(added.map((ref) => fieldKey(ref.list, ref.name)));
  const kept = [...present].filter(([key]) => !addedKeys.has(key)).map(([, { list, entry }]) => ({ list, name: entry.name }));
  const removed = first.removed.filter((ref) => !present.has(fieldKey(ref.list, ref.name)));
  return { added, kept, removed };
}

function formatRefList(refs: readonly FieldRef[]): string {
  return refs.map((ref) => `${ref.list}: ${ref.name}`).join(', ');
}

/** Header names lowered (an upper-case one is never sent), names trimmed, repeats dropped. */
export function normalizeChange(change: CustomFieldsChange): { wanted: WantedFields; notes: string[] } {
  const notes: string[] = [];
  const header = (kind: string) => (name: string) => {
    const lower = name.toLowerCase();
    if (lower !== name) notes.push(`${kind} header '${name}' is set as '${lower}': header names are lower case`);
    return lower;
  };
  const unique = (names: string[]) => [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
  const wanted: WantedFields = {
    request_fields: unique((change.request ?? []).map(header('request'))),
    response_fields: unique((change.response ?? []).map(header('response'))),
    cookie_fields: unique([...(change.cookie ?? [])]),
  };
  return { wanted, notes };
}

/** A zone or ruleset id as one path segment. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}
