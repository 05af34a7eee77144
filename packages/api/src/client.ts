/** The client: configuration resolved once, one transport, the rules, jobs and Instant Logs APIs on top. */
import { resolveConfig, type ClientOptions, type ResolvedConfig } from './config.js';
import { CustomFieldsApi } from './custom-fields.js';
import { InstantLogsApi } from './instant-logs.js';
import { JobsApi } from './jobs.js';
import { LogpushApi } from './logpush.js';
import { Transport } from './transport.js';

export class Client {
  readonly config: ResolvedConfig;
  readonly customFields: CustomFieldsApi;
  readonly jobs: JobsApi;
  readonly logpush: LogpushApi;
  readonly instantLogs: InstantLogsApi;
  private readonly transport: Transport;

  /** Throws ConfigError for a bad base URL, segment or half-set credentials. */
  constructor(options: ClientOptions = {}) {
    this.config = resolveConfig(options);
    this.transport = new Transport(this.config, options);
    this.customFields = new CustomFieldsApi(this.transport);
    this.jobs = new JobsApi(this.transport);
    this.logpush = new LogpushApi(this.transport);
    this.instantLogs = new InstantLogsApi(this.transport);
  }
}

export function createClient(options: ClientOptions = {}): Client {
  return new Client(options);
}
