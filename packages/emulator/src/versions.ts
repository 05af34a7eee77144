/**
 * The versions of a ruleset (the service's `GET .../rulesets/{id}/versions/{version}`): every create
 * and PUT keeps a snapshot, so a client that finds its write was not the only one since its read can
 * see what the writes in between held, and put back what its own write dropped.
 */
import { fail } from './envelope.js';
import type { EmulatorState, StoredRuleset } from './state.js';

/** Versions kept per ruleset; older ones answer 404, as a version deleted on the service does. */
export const KEPT_VERSIONS = 200;
const VERSION_NOT_FOUND = 10007;

/** Keeps a snapshot of `ruleset` as it is now (called after each change, before the state is saved). */
export function recordVersion(state: EmulatorState, ruleset: StoredRuleset): void {
  const versions = (state.data.rulesetVersions ??= {});
  const kept = (versions[ruleset.id] ??= []);
  kept.push(structuredClone(ruleset));
  if (kept.length > KEPT_VERSIONS) kept.splice(0, kept.length - KEPT_VERSIONS);
}

/** The versions of a ruleset of the zone, without their rules, newest last. */
export function listVersions(state: EmulatorState, zone: string, id: string): Omit<StoredRuleset, 'rules'>[] {
  return versionsOf(state, zone, id).map(({ rules: _rules, ...summary }) => summary);
}

export function getVersion(state: EmulatorState, zone: string, id: string, version: string): StoredRuleset {
  const found = versionsOf(state, zone, id).find((candidate) => candidate.version === version);
  if (!found) throw fail(404, VERSION_NOT_FOUND, `ruleset '${id}' has no version '${version}' (the emulator keeps the last ${KEPT_VERSIONS})`);
  return found;
}

function versionsOf(state: EmulatorState, zone: string, id: string): StoredRuleset[] {
  if (!state.zone(zone).rulesets.some((ruleset) => ruleset.id === id)) throw fail(404, VERSION_NOT_FOUND, `could not find ruleset '${id}' in zone '${zone}'`);
  return state.data.rulesetVersions?.[id] ?? [];
}
