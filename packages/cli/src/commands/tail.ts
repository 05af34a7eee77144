/**
 * `logfilter tail`: a zone's HTTP requests live (Instant Logs) through a filter checked as `jobs
 * create` checks it, printed as NDJSON lines as received or as a table, until --max records,
 * --duration, Ctrl-C or the end of the stream; how many records came is said on stderr at the end
 * (with --count, on stdout instead, and only when the stream ended without a failure). The service
 * has no position to resume from, so a session that has to be created again loses what happened in
 * between: that gap is said on stderr, and with --json also as a `{"gap": ...}` line among the records.
 */
import { STREAM_DEFAULTS, type InstantLogsInput, type StreamEvent } from '@logfilter/api';
import { buildLogpullOptions, checkLogpullOptions, type Dataset, datasetComment, diagnosticAt, NOWHERE, SourceMap } from '@logfilter/core';
import { Option, type Command } from 'commander';
import { positiveCount, secondsAsMs } from '../options.js';
import type { Context } from '../context.js';
import { checkFilter, readFilter } from '../input.js';
import { EXIT_INVALID, EXIT_OK, type Io, UsageError } from '../io.js';
import { type Located, locate, type Outcome, writeEnvelope } from '../outcome.js';
import { datasetInScope, scopeOf } from '../job-scope.js';
import { LiveTable } from '../live-table.js';
import { addServiceOptions, collectList, formatRequests, runService, serviceClient, type ServiceFlags } from '../service.js';

/** The fields streamed when --fields is not given, in the table's column order. */
const DEFAULT_TAIL_FIELDS = ['EdgeStartTimestamp', 'ClientIP', 'ClientRequestMethod', 'ClientRequestHost', 'ClientRequestPath', 'EdgeResponseStatus', 'RayID'];
const FORMATS = ['ndjson', 'table'] as const;

interface TailFlags extends ServiceFlags {
  zone: string;
  file?: string;
  fields?: string[];
  sample?: number;
  max?: number;
  /** --duration, in milliseconds. */
  duration?: number;
  format: (typeof FORMATS)[number];
  count?: boolean;
  /** --idle-timeout, in milliseconds. */
  idleTimeout?: number;
}

/** What `tail --help` says of the service's stream, after the options. */
const STREAM_HELP = `
The stream: a dropped connection is opened again with back-off; after ${STREAM_DEFAULTS.maxReconnects} reconnect attempts
in a row that fail, tail ends with exit 2 (a connection that stayed open ${STREAM_DEFAULTS.stableMs / 1000} s resets the count).
A 429 or 503 upgrade answer's Retry-After is waited out (at most ${STREAM_DEFAULTS.retryAfterMaxMs / 60_000} minutes). A connection on
which nothing is heard for --idle-timeout seconds (pings are sent every half of it) is opened again.
Messages over ${STREAM_DEFAULTS.maxMessageBytes / 1024 / 1024} MiB are refused. The service offers no position to resume from:
a session that has expired is created again and streams from then on, so what the zone logged in
between is lost. That gap is said on stderr ("logfilter: gap: ..."), and with --json also as a
line {"gap":{"from":...,"to":...,"reason":...}} among the records.`;

export function registerTail(program: Command, context: Context): void {
  const command = program
    .command('tail')
    .description("stream a zone's HTTP request logs live (Instant Logs) through a filter, until --max, --duration, Ctrl-C or the end of the stream")
    .argument('[filter]', 'the filter text (or use --file; with neither, every record)')
    .requiredOption('--zone <id>', 'the zone id')
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .option('--fields <names>', `the fields to stream, comma-separated (repeatable; default: ${DEFAULT_TAIL_FIELDS.join(',')})`, collectList)
    .addOption(new Option('--sample <n>', 'one record in N (default: 1, every record)').argParser(positiveCount))
    .addOption(new Option('--max <n>', 'stop after N records').argParser(positiveCount))
    .addOption(new Option('--duration <seconds>', 'stop after this many seconds').argParser(secondsAsMs))
    .addOption(new Option('--format <format>', 'ndjson: each record as received; table: columns of the fields').choices([...FORMATS]).default('ndjson'))
    .option('--count', 'print only how many records came (on stdout, when the stream ended without a failure), not the records')
    .addOption(
      new Option(
        '--idle-timeout <seconds>',
        `reconnect when nothing (no record, no answer to a ping) is heard for this long (default: ${STREAM_DEFAULTS.idleTimeoutMs / 1000})`,
      ).argParser(secondsAsMs),
    )
    .addHelpText('after', STREAM_HELP);
  addServiceOptions(command, { dryRun: true }).action(
    context.action((filter: string | undefined, flags: TailFlags) => runService(context.io, flags, () => tail(program, context, filter, flags))),
  );
}

async function tail(program: Command, context: Context, filter: string | undefined, flags: TailFlags): Promise<number | Outcome> {
  const { io } = context;
  const sample = flags.sample ?? 1;
  const max = flags.max;
  const durationMs = flags.duration;
  const idleTimeoutMs = flags.idleTimeout;
  const fields = flags.fields ?? DEFAULT_TAIL_FIELDS;
  if (fields.length === 0) throw new UsageError('--fields names no field: give field names, comma-separated');
  const dataset = datasetInScope(context, 'http_requests', scopeOf({ zone: flags.zone }));
  const input = checkedInput(context, filter, flags, dataset, fields, sample);
  if ('exitCode' in input) return input;
  const { client, requests } = serviceClient(io, program, flags);
  if (flags.dryRun) {
    await client.instantLogs.create(flags.zone, input);
    if (flags.json) writeEnvelope(io, EXIT_OK, { session: null, requests });
    else io.stdout.write(`${formatRequests(requests)}\ndry run: nothing was sent\n`);
    return EXIT_OK;
  }
  const stop = new AbortController();
  let interrupted = false;
  const onSignal = () => {
    // A second Ctrl-C does not wait for the connection to close.
    if (interrupted) io.exit(130);
    interrupted = true;
    stop.abort();
  };
  const stopListening = io.onInterrupt(onSignal);
  const timer = durationMs === undefined ? undefined : setTimeout(() => stop.abort(), durationMs);
  const print = printer(context, flags, fields);
  const gapMarks = flags.json === true && !flags.count && flags.format === 'ndjson';
  const onEvent = (event: StreamEvent) => {
    report(io, event);
    if (event.kind === 'gap' && gapMarks)
      io.stdout.write(`${JSON.stringify({ gap: { from: event.from.toISOString(), to: event.to.toISOString(), reason: event.reason } })}\n`);
  };
  let seen = 0;
  let failed = true;
  try {
    for await (const line of client.instantLogs.stream(flags.zone, input, { signal: stop.signal, onEvent, idleTimeoutMs })) {
      seen++;
      if (!flags.count) await print(line.text, line.record);
      if (max !== undefined && seen >= max) break;
    }
    failed = false;
  } finally {
    stopListening();
    clearTimeout(timer);
    // --count's number goes to stdout, alone, and only for a stream that ended well: on a failure
    // stdout carries the error (with --json, one object), and the partial count is said on stderr.
    if (flags.count && !failed) io.stdout.write(`${seen}\n`);
    else io.stderr.write(`logfilter: ${seen} record${seen === 1 ? '' : 's'}${failed ? ' before the failure' : ''}\n`);
  }
  return EXIT_OK;
}

/** The session's fields, filter and sample, checked as `jobs create` checks them; undefined (after the diagnostics) when they have errors. */
function checkedInput(
  context: Context,
  filter: string | undefined,
  flags: TailFlags,
  dataset: Dataset,
  fields: string[],
  sample: number,
): InstantLogsInput | Outcome {
  const logpullOptions = buildLogpullOptions({ fields });
  const options = checkLogpullOptions(logpullOptions, { dataset });
  // The filter through the input layer: a `# dataset:` line naming another dataset than the session's is an error, not ignored.
  const source =
    filter === undefined && flags.file === undefined ? undefined : readFilter(context.io, { inline: filter, file: flags.file, form: 'text', label: 'filter' });
  const checked = source && checkFilter(context, source, {}, { command: 'tail', fallback: dataset });
  // Shown at the `# dataset:` line that names the other dataset.
  const line = source && datasetComment(source.text);
  const where = source && line ? new SourceMap(source.text).range({ start: line.start, end: line.end }) : NOWHERE;
  const elsewhere =
    checked?.dataset && checked.dataset.name !== dataset.name
      ? [
          diagnosticAt(where, 'dataset-disagrees', `tail streams ${dataset.name} (Instant Logs), and the filter is for ${checked.dataset.name}`, {
            hint: `give a filter of ${dataset.name}`,
          }),
        ]
      : [];
  const diagnostics: Located[] = [
    ...locate(
      options.diagnostics.map((d) => ({ ...d, source: 'fields' })),
      { text: logpullOptions, name: 'fields', inline: logpullOptions },
    ),
    ...(checked?.diagnostics ?? []).map((located) => ({ ...located, diagnostic: { ...located.diagnostic, source: 'filter' } })),
    ...locate(elsewhere, line ? source : undefined),
  ];
  if (diagnostics.some((located) => located.diagnostic.severity === 'error') || (checked && !checked.ok)) {
    const message = 'the session is not valid; nothing was sent';
    return { exitCode: checked?.exitCode || EXIT_INVALID, result: { error: { kind: 'invalid', message } }, diagnostics };
  }
  if (!flags.json) context.present('tail', { exitCode: EXIT_OK, diagnostics }, 'text');
  return { fields: fields.join(','), filter: checked?.compiled.json ?? '', sample };
}

/** Writes one record in the chosen format, waiting while stdout is full (the socket is paused meanwhile). */
function printer(context: Context, flags: TailFlags, fields: readonly string[]): (text: string, record: Record<string, unknown>) => Promise<void> {
  const { io } = context;
  const write = (text: string) => (io.stdout.write(text) ? Promise.resolve() : new Promise<void>((resolve) => io.stdout.once('drain', resolve)));
  if (flags.format === 'ndjson') return (text) => write(`${text}\n`);
  let table: LiveTable | undefined;
  return async (_text, record) => {
    if (!table) {
      table = new LiveTable(fields, context.colorFor(io.stdout), terminalWidth(io));
      await write(table.header());
    }
    await write(table.row(record));
  };
}

/** The width the table fits: the terminal's, or `COLUMNS` when set; undefined when piped (nothing is cut then). */
function terminalWidth(io: Io): number | undefined {
  if (io.stdout.columns) return io.stdout.columns;
  const columns = Number(io.env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

/** What the stream says besides records, on stderr. */
function report(io: Io, event: StreamEvent): void {
  if (event.kind === 'reconnecting')
    io.stderr.write(`logfilter: ${event.reason}; reconnecting in ${(event.delayMs / 1000).toFixed(1)} s (attempt ${event.attempt})\n`);
  else if (event.kind === 'recreating')
    io.stderr.write(
      `logfilter: the session is gone (${event.reason}); creating a new one${event.delayMs > 0 ? ` in ${(event.delayMs / 1000).toFixed(1)} s (attempt ${event.attempt})` : ''}\n`,
    );
  else if (event.kind === 'gap')
    io.stderr.write(
      `logfilter: gap: records logged from ${event.from.toISOString()} to ${event.to.toISOString()} were not received (${event.reason}; the service has no position to resume from)\n`,
    );
  else if (event.kind === 'malformed') io.stderr.write(`logfilter: a message that is not a JSON record was skipped\n`);
}
