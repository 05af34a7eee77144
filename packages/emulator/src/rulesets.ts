/** The rules API (spec 4.1): one zone ruleset per phase, server-assigned ids, PUT replacing all rules. */
import { randomBytes } from 'node:crypto';
import { checkCustomFieldRules, CUSTOM_FIELDS_PHASE, type Diagnostic, DiagnosticBag, MESSAGES, wordingOf } from '@logfilter/core';
import { fail, HttpFailure, type EnvelopeError } from './envelope.js';
import type { EmulatorState, StoredRule, StoredRuleset } from './state.js';
import { recordVersion } from './versions.js';

const words = wordingOf(MESSAGES);

export const CODES = {
  invalidRules: 20200,
  rulesetExists: 20217,
  unknownRule: 20021,
  rulesetNotFound: 10007,
  invalidRequest: 10021,
} as const;

export interface RulesetOptions {
  maxCustomFields?: number;
}

function newId(): string {
  return randomBytes(16).toString('hex');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The list answer: rulesets without their rules, as the service lists them. */
export function listRulesets(state: EmulatorState, zone: string): Omit<StoredRuleset, 'rules'>[] {
  return state.zone(zone).rulesets.map(({ rules: _rules, ...summary }) => summary);
}

export function getRuleset(state: EmulatorState, zone: string, id: string): StoredRuleset {
  const ruleset = state.zone(zone).rulesets.find((candidate) => candidate.id === id);
  if (!ruleset) throw fail(404, CODES.rulesetNotFound, `could not find ruleset '${id}' in zone '${zone}'`);
  return ruleset;
}

export function createRuleset(
  state: EmulatorState,
  zone: string,
  body: unknown,
  options: RulesetOptions,
): { ruleset: StoredRuleset; messages: EnvelopeError[] } {
  if (!isObject(body)) throw fail(400, CODES.invalidRequest, 'the request body must be a JSON object');
  for (const member of ['name', 'kind', 'phase'] as const) {
    if (typeof body[member] !== 'string' || body[member] === '')
      throw fail(400, CODES.invalidRequest, `'${member}' is required and must be a non-empty string`, `/${member}`);
  }
  if (body.kind !== 'zone')
    throw fail(400, CODES.invalidRequest, `the emulator keeps zone entry-point rulesets only: kind must be 'zone', not '${body.kind}'`, '/kind');
  const rulesets = state.zone(zone).rulesets;
  if (rulesets.some((ruleset) => ruleset.kind === 'zone' && ruleset.phase === body.phase)) {
    throw fail(400, CODES.rulesetExists, `a zone ruleset for phase '${body.phase}' already exists; a zone has one per phase: update it instead`, '/phase');
  }
  const now = new Date().toISOString();
  const ruleset: StoredRuleset = {
    id: newId(),
    name: body.name as string,
    description: typeof body.description === 'string' ? body.description : '',
    kind: 'zone',
    phase: body.phase as string,
    version: '1',
    last_updated: now,
    rules: [],
  };
  const messages = body.rules === undefined ? [] : replaceRules(ruleset, body.rules, options, now);
  rulesets.push(ruleset);
  recordVersion(state, ruleset);
  state.save();
  return { ruleset, messages };
}

export function putRuleset(
  state: EmulatorState,
  zone: string,
  id: string,
  body: unknown,
  options: RulesetOptions,
): { ruleset: StoredRuleset; messages: EnvelopeError[] } {
  const ruleset = getRuleset(state, zone, id);
  if (!isObject(body)) throw fail(400, CODES.invalidRequest, 'the request body must be a JSON object {"rules": [...]}');
  if (!('rules' in body)) throw fail(400, CODES.invalidRequest, "the body has no 'rules': a PUT sends the complete rule set", '/rules');
  const now = new Date().toISOString();
  const messages = replaceRules(ruleset, body.rules, options, now);
  if (typeof body.description === 'string') ruleset.description = body.description;
  ruleset.version = String(Number(ruleset.version) + 1);
  ruleset.last_updated = now;
  recordVersion(state, ruleset);
  state.save();
  return { ruleset, messages };
}

/** Checks the new rules and puts them in place of all the old ones; returns the warnings as messages. */
function replaceRules(ruleset: StoredRuleset, rules: unknown, options: RulesetOptions, now: string): EnvelopeError[] {
  const diagnostics = checkRules(ruleset.phase, rules, options);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new HttpFailure(400, errors.map(toEnvelopeError));
  const byId = new Map(ruleset.rules.map((rule) => [rule.id, rule]));
  const incoming = rules as Array<Record<string, unknown>>;
  incoming.forEach((rule, index) => {
    if (rule.id !== undefined && !byId.has(rule.id as string))
      throw fail(400, CODES.unknownRule, `rule '${String(rule.id)}' is not in this ruleset; leave 'id' out to add a rule`, `/rules/${index}/id`);
  });
  ruleset.rules = incoming.map((rule) => storedRule(rule, byId.get(rule.id as string), now));
  return diagnostics.filter((d) => d.severity === 'warning').map(toEnvelopeError);
}

function checkRules(phase: string, rules: unknown, options: RulesetOptions): Diagnostic[] {
  if (phase === CUSTOM_FIELDS_PHASE) return checkCustomFieldRules(rules, { maxFields: options.maxCustomFields }, '/rules').diagnostics;
  // Other phases are kept, not understood: each rule needs an action and an expression.
  const problems = DiagnosticBag.forJson();
  if (!Array.isArray(rules)) problems.report('error', words('invalid-rule', 'notAnArray', {}), '/rules');
  else
    rules.forEach((rule, index) => {
      if (!isObject(rule) || typeof rule.action !== 'string' || typeof rule.expression !== 'string')
        problems.report('error', words('invalid-rule', 'notARule', {}), `/rules/${index}`);
    });
  return problems.items;
}

function storedRule(rule: Record<string, unknown>, earlier: StoredRule | undefined, now: string): StoredRule {
  const content = {
    action: rule.action as string,
    expression: rule.expression as string,
    description: typeof rule.description === 'string' ? rule.description : '',
    action_parameters: (rule.action_parameters ?? {}) as StoredRule['action_parameters'],
    enabled: typeof rule.enabled === 'boolean' ? rule.enabled : true,
  };
  if (earlier) {
    const changed =
      JSON.stringify(content) !==
      JSON.stringify({
        action: earlier.action,
        expression: earlier.expression,
        description: earlier.description,
        action_parameters: earlier.action_parameters,
        enabled: earlier.enabled,
      });
    return {
      id: earlier.id,
      version: changed ? String(Number(earlier.version) + 1) : earlier.version,
      ...content,
      ref: earlier.ref,
      last_updated: changed ? now : earlier.last_updated,
    };
  }
  const id = newId();
  return { id, version: '1', ...content, ref: typeof rule.ref === 'string' ? rule.ref : id, last_updated: now };
}

function toEnvelopeError(diagnostic: Diagnostic & { pointer?: string }): EnvelopeError {
  const message = `${diagnostic.message}${diagnostic.hint ? ` (${diagnostic.hint})` : ''}`;
  return diagnostic.pointer === undefined
    ? { code: CODES.invalidRules, message }
    : { code: CODES.invalidRules, message, source: { pointer: diagnostic.pointer } };
}
