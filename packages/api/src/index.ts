export { Client, createClient } from './client.js';
export {
  DEFAULT_BASE_URL,
  DEFAULT_PRODUCT_SEGMENT,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_MS,
  ENV,
  resolveConfig,
  type ClientOptions,
  type Credentials,
  type RequestDescription,
  type ResolvedConfig,
} from './config.js';
export {
  ApiError,
  ConfigError,
  ConvergenceError,
  NetworkError,
  UnconfirmedWriteError,
  ValidationError,
  formatServiceMessage,
  type NetworkFailure,
  type WriteState,
} from './errors.js';
export { CustomFieldsApi, NEW_RULESET_ID, normalizeChange, type CustomFieldsChange, type CustomFieldsResult, type CustomFieldsState } from './custom-fields.js';
export {
  fieldKey,
  fieldsByKey,
  mergeCustomFields,
  NEW_RULE_DESCRIPTION,
  type FieldRef,
  type MergeResult,
  type RestoredField,
  type SettableList,
  type WantedFields,
} from './merge.js';
export { converge, DEFAULT_WRITE_ROUNDS, type Converged, type Intent, type RulesetAccess } from './converge.js';
export { CREATE_LAND_MARGIN_MS, JobsApi, scopePath, type CreateResult, type DeleteResult, type JobInput } from './jobs.js';
export { DEFAULT_FRESH_MS, DEFAULT_SETTLE_MS, DEFAULT_UPDATE_ROUNDS, updateJob, type UpdateOptions, type UpdateResult } from './job-update.js';
export { describeLegacy, mergeChange, optionsInForce, outcomeOf, type ChangeOutcome, type JobChange, type LegacyOptions } from './job-merge.js';
export type { Method, RequestOptions } from './transport.js';
export { SCOPE_SEGMENTS, SESSION_GONE_CODE, type Envelope, type InstantLogsSession, type Job, type ScopeRef, type ServiceMessage } from './wire.js';
export { LogpushApi, type OwnershipChallenge } from './logpush.js';
export {
  InstantLogsApi,
  STREAM_DEFAULTS,
  type InstantLogsInput,
  type LiveLine,
  type StreamEvent,
  type StreamOptions,
} from './instant-logs.js';
