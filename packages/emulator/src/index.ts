export { startEmulator, BASE_PATH, type Emulator, type EmulatorCredentials, type EmulatorOptions } from './server.js';
export { DEFAULT_RECORDED_BODY_BYTES, DEFAULT_RECORDED_REQUESTS, MAX_BODY_BYTES, MAX_BODY_DEPTH, type RecordedRequest } from './requests.js';
export { Faults, type Fault, type FaultBurst, type FaultCounts, type FaultRule, type RandomFaults } from './faults.js';
export { KEPT_VERSIONS } from './versions.js';
export { EmulatorState, SaveFailure, type StateData, type StoredJob, type StoredRule, type StoredRuleset, type ZoneState } from './state.js';
export { checkFilterString, type FilterLimits } from './filter-check.js';
export { CODES as RULESET_CODES } from './rulesets.js';
export { JOB_CODES } from './jobs.js';
export type { EnvelopeError } from './envelope.js';
export { ownershipToken, scopeOf as scopeOfPath, type ScopeRef as EmulatedScope } from './logpush.js';
export { InstantLogs, SESSION_PATH, DEFAULT_SESSION_IDLE_MS } from './instant-logs.js';
export {
  generatedRecord,
  readReplay,
  MAX_REPLAY_BYTES,
  recordSource,
  sampled,
  DEFAULT_GENERATED_RATE,
  type LiveRecord,
  type RecordSource,
  type RecordsOptions,
} from './records.js';
