/**
 * A PUT replaces every rule of the ruleset (spec 4.1 rule 2), so setting custom fields starts from the
 * rules that are there and changes only what was asked: other rules and fields already configured stay
 * unless `replace` is asked for.
 */
import { CUSTOM_FIELD_LISTS, LOG_CUSTOM_FIELD, type CustomFieldEntry, type CustomFieldList, type CustomFieldRule } from '@logfilter/core';

/** The lists a user sets directly; the raw/transformed variants are kept as found. */
export type SettableList = 'request_fields' | 'response_fields' | 'cookie_fields';
export type WantedFields = Record<SettableList, string[]>;

export interface FieldRef {
  list: CustomFieldList;
  name: string;
}

/** A field another writer had configured and a write of ours dropped: put back as it was. */
export interface RestoredField {
  list: CustomFieldList;
  entry: CustomFieldEntry;
}

export interface MergeResult {
  /** The complete rules to PUT. */
  rules: CustomFieldRule[];
  added: FieldRef[];
  kept: FieldRef[];
  removed: FieldRef[];
  /** The fields of `restore` that were missing and are put back. */
  restored: FieldRef[];
  /** Whether the rules differ from `current` (a PUT is needed). */
  changed: boolean;
}

/** Server-assigned members that a PUT does not send back. */
const READ_ONLY = new Set(['version', 'last_updated']);
export const NEW_RULE_DESCRIPTION = 'custom log fields (set by logfilter)';

/** Which configured lists a wanted name can already sit in: a header is logged raw or transformed. */
const SAME_FAMILY: Readonly<Record<SettableList, readonly CustomFieldList[]>> = {
  request_fields: ['request_fields', 'transformed_request_fields'],
  response_fields: ['response_fields', 'raw_response_fields'],
  cookie_fields: ['cookie_fields'],
};

export function mergeCustomFields(
  current: readonly CustomFieldRule[],
  wanted: WantedFields,
  replace: boolean,
  restore: readonly RestoredField[] = [],
): MergeResult {
  const rules = current.map(writable);
  const added: FieldRef[] = [];
  const kept: FieldRef[] = [];
  const removed: FieldRef[] = [];
  const wantedKeys = new Set(Object.entries(wanted).flatMap(([list, names]) => names.map((name) => familyKey(list as SettableList, name))));
  const present = new Set<string>();

  for (const rule of rules) {
    if (rule.action !== LOG_CUSTOM_FIELD) continue;
    for (const list of CUSTOM_FIELD_LISTS) {
      const entries = rule.action_parameters[list];
      if (!Array.isArray(entries)) continue;
      const remaining = entries.filter((entry) => {
        if (typeof entry?.name !== 'string') return true;
        const key = familyKey(settableOf(list), entry.name);
        if (replace && !wantedKeys.has(key)) {
          removed.push({ list, name: entry.name });
          return false;
        }
        kept.push({ list, name: entry.name });
        present.add(key);
        return true;
      });
      if (remaining.length === 0 && entries.length > 0) delete rule.action_parameters[list];
      else rule.action_parameters[list] = remaining;
    }
  }

  const additions: Additions = {};
  for (const list of Object.keys(wanted) as SettableList[]) {
    for (const name of wanted[list]) {
      const key = familyKey(list, name);
      if (present.has(key)) continue;
      present.add(key);
      (additions[list] ??= []).push({ name });
      added.push({ list, name });
    }
  }
  const restored: FieldRef[] = [];
  for (const { list, entry } of restore) {
    const key = fieldKey(list, entry.name);
    if (present.has(key)) continue;
    present.add(key);
    (additions[list] ??= []).push({ ...entry });
    restored.push({ list, name: entry.name });
  }
  const result = replace ? rules.filter((rule) => rule.action !== LOG_CUSTOM_FIELD || hasEntries(rule)) : rules;
  if (added.length + restored.length > 0) addTo(result, additions);
  return { rules: result, added, kept, removed, restored, changed: added.length + removed.length + restored.length > 0 };
}

type Additions = Partial<Record<CustomFieldList, CustomFieldEntry[]>>;

/** Every field the rules configure, by the key under which a merge finds it. */
export function fieldsByKey(rules: readonly CustomFieldRule[] | undefined): Map<string, RestoredField> {
  const fields = new Map<string, RestoredField>();
  for (const rule of rules ?? []) {
    if (rule?.action !== LOG_CUSTOM_FIELD || typeof rule.action_parameters !== 'object' || rule.action_parameters === null) continue;
    for (const list of CUSTOM_FIELD_LISTS) {
      const entries = rule.action_parameters[list];
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) if (typeof entry?.name === 'string') fields.set(fieldKey(list, entry.name), { list, entry });
    }
  }
  return fields;
}

/** The key of a configured field: a header is one field whether it is logged raw or transformed. */
export function fieldKey(list: CustomFieldList, name: string): string {
  return familyKey(settableOf(list), name);
}

/** Adds to the first custom-field rule, or to a new one when there is none. */
function addTo(rules: CustomFieldRule[], additions: Additions): void {
  let target = rules.find((rule) => rule.action === LOG_CUSTOM_FIELD);
  if (!target) {
    target = { action: LOG_CUSTOM_FIELD, expression: 'true', description: NEW_RULE_DESCRIPTION, enabled: true, action_parameters: {} };
    rules.push(target);
  }
  for (const [list, entries] of Object.entries(additions) as Array<[CustomFieldList, CustomFieldEntry[]]>) {
    target.action_parameters[list] = [...(target.action_parameters[list] ?? []), ...entries];
  }
}

function writable(rule: CustomFieldRule): CustomFieldRule {
  const copy: CustomFieldRule = { ...rule, action_parameters: { ...rule.action_parameters } };
  for (const member of READ_ONLY) delete copy[member];
  return copy;
}

function hasEntries(rule: CustomFieldRule): boolean {
  return CUSTOM_FIELD_LISTS.some((list) => (rule.action_parameters[list]?.length ?? 0) > 0);
}

function settableOf(list: CustomFieldList): SettableList {
  return (Object.keys(SAME_FAMILY) as SettableList[]).find((settable) => SAME_FAMILY[settable].includes(list))!;
}

function familyKey(list: SettableList, name: string): string {
  return list === 'cookie_fields' ? `cookie:${name}` : `${list}:${name.toLowerCase()}`;
}
