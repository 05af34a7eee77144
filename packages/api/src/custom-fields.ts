/**
 * The rules flow of spec 4.1: find the zone's custom-fields ruleset (creating it only when absent),
 * read its rules, merge, check, and PUT the complete rule set.
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
import { ValidationError } from './errors.js';
import { mergeCustomFields, type FieldRef, type SettableList, type WantedFields } from './merge.js';
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
  added: FieldRef[];
  kept: FieldRef[];
  removed: FieldRef[];
  /** Things done to the input on the way, e.g. a header name lowered. */
  notes: string[];
  /** Warnings of the check of the merged rules. */
  diagnostics: Diagnostic[];
  /** The ruleset as the service returned it after the PUT; undefined in a dry run or without a change. */
  ruleset: Ruleset | undefined;
  dryRun: boolean;
}

/** Shown in place of the id of a ruleset that a dry run would create. */
export const NEW_RULESET_ID = '{new-ruleset-id}';

export class CustomFieldsApi {
  constructor(private readonly transport: Transport) {}

  /** GET /zones/{zone}/rulesets: the zone's rulesets (without their rules). */
  async listRulesets(zone: string): Promise<Ruleset[]> {
    const envelope = await this.transport.request<Ruleset[]>('GET', `/zones/${segment(zone)}/rulesets`);
    return Array.isArray(envelope?.result) ? envelope.result : [];
  }

  /** GET /zones/{zone}/rulesets/{id}: one ruleset with its rules. */
  async getRuleset(zone: string, id: string): Promise<Ruleset> {
    const envelope = await this.transport.request<Ruleset>('GET', `/zones/${segment(zone)}/rulesets/${segment(id)}`);
    return envelope!.result;
  }

  /** The zone's custom-fields ruleset with its rules, and the names it configures. */
  async get(zone: string): Promise<CustomFieldsState> {
    const entry = (await this.listRulesets(zone)).find(isCustomFieldsRuleset);
    if (!entry) return { ruleset: undefined, fields: customFieldNames([]) };
    const ruleset = await this.getRuleset(zone, entry.id);
    return { ruleset, fields: customFieldNames(ruleset.rules ?? []) };
  }

  async set(zone: string, change: CustomFieldsChange): Promise<CustomFieldsResult> {
    const { wanted, notes } = normalizeChange(change);
    const { ruleset: current } = await this.get(zone);
    const merged = mergeCustomFields((current?.rules ?? []) as CustomFieldRule[], wanted, change.replace === true);
    const check = checkCustomFieldRules(merged.rules, { maxFields: change.maxFields });
    if (!check.ok) throw new ValidationError('the custom fields asked for are not valid; nothing was sent', check.diagnostics);
    const result: CustomFieldsResult = {
      rulesetId: current?.id,
      created: false,
      changed: merged.added.length + merged.removed.length > 0,
      added: merged.added,
      kept: merged.kept,
      removed: merged.removed,
      notes,
      diagnostics: check.diagnostics,
      ruleset: undefined,
      dryRun: this.transport.dryRun,
    };
    if (!result.changed) return result;
    if (!current) {
      result.created = true;
      result.rulesetId = (await this.createRuleset(zone))?.id ?? NEW_RULESET_ID;
    }
    const path = `/zones/${segment(zone)}/rulesets/${result.rulesetId === NEW_RULESET_ID ? NEW_RULESET_ID : segment(result.rulesetId!)}`;
    const updated = await this.transport.request<Ruleset>('PUT', path, { rules: merged.rules });
    result.ruleset = updated?.result;
    return result;
  }

  /** POST /zones/{zone}/rulesets: the zone entry point of the custom-fields phase. */
  private async createRuleset(zone: string): Promise<Ruleset | undefined> {
    const body = { name: 'Zone-level phase entry point', kind: 'zone', description: 'custom log fields', phase: CUSTOM_FIELDS_PHASE };
    return (await this.transport.request<Ruleset>('POST', `/zones/${segment(zone)}/rulesets`, body))?.result;
  }
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

export type { FieldRef, SettableList };
