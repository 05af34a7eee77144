/** `logfilter emulator`: the local stand-in for the service, until Ctrl-C. */
import { DEFAULT_MAX_CUSTOM_FIELDS } from '@logfilter/core';
import { ENV } from '@logfilter/api';
import type { EmulatorCredentials, RecordsOptions } from '@logfilter/emulator';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { EXIT_OK, inCwd, type Io, parsePositiveInt, UsageError } from '../io.js';
import { addFaultOptions, describeFaults, describeInjected, type FaultFlags, faultsFrom } from './emulator-faults.js';

interface EmulatorFlags extends FaultFlags {
  port: string;
  state?: string;
  maxCustomFields?: string;
  replay?: string;
  replayRate?: string;
  replayLoop?: boolean;
  recordsSeed?: string;
}

export function registerEmulator(program: Command, context: Context): void {
  const command = program
    .command('emulator')
    .description("run a local server that answers the service's rules and jobs endpoints, on 127.0.0.1")
    .option('--port <n>', 'the port to listen on (0 picks a free one)', '8787')
    .option('--state <file>', 'keep the state in this JSON file (read at start, rewritten atomically after each change)')
    .option('--max-custom-fields <n>', `most custom fields a zone takes (default: ${DEFAULT_MAX_CUSTOM_FIELDS})`)
    .option(
      '--replay <file>',
      'live logs (Instant Logs): stream the records of this NDJSON file, in order (a new session starts where the replay has got to, as a live stream starts from now; default: generated records)',
    )
    .option(
      '--replay-rate <n>',
      'live logs: records per second (default: as fast as the client reads for --replay; generated records come at a steady pace, shown at start)',
    )
    .option('--replay-loop', 'live logs: start the replay over at its end instead of ending the stream')
    .option('--records-seed <n>', 'live logs: seed of the generated records and of sampling (default: 1)');
  addFaultOptions(command)
    .addHelpText(
      'after',
      `\nThe emulator accepts the credentials in the environment: ${ENV.token}, and/or ${ENV.email} with ${ENV.key}.\nThe job path's segment follows --product-segment or ${ENV.productSegment} (default: logpush).`,
    )
    .action(context.action((flags: EmulatorFlags) => run(program, context, flags)));
}

async function run(program: Command, context: Context, flags: EmulatorFlags): Promise<number> {
  const { io } = context;
  const port = /^\d+$/.test(flags.port) && Number(flags.port) <= 65535 ? Number(flags.port) : undefined;
  if (port === undefined) throw new UsageError(`--port takes a port number from 0 to 65535, not '${flags.port}'`);
  const credentials = acceptedCredentials(io.env);
  const faults = faultsFrom(flags);
  const records = recordsFrom(io, flags);
  const productSegment = program.opts<{ productSegment?: string }>().productSegment ?? (io.env[ENV.productSegment] || undefined);
  // Loaded here, not at the top: node:http costs every other command's start-up a few milliseconds.
  const { startEmulator } = await import('@logfilter/emulator');
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator({
      port,
      credentials,
      statePath: flags.state === undefined ? undefined : inCwd(io, flags.state),
      productSegment,
      catalog: context.catalog(),
      maxCustomFields: flags.maxCustomFields === undefined ? undefined : parsePositiveInt(flags.maxCustomFields, '--max-custom-fields'),
      instantLogs: records,
      log: (line) => io.stderr.write(`${new Date().toISOString()} ${line}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'EADDRINUSE' ? `port ${port} is in use: pick another with --port` : `the emulator cannot start: ${(error as Error).message}`);
  }
  if (faults) emulator.faults.random(faults);
  const who = credentials.map((c) => ('token' in c ? `the token in ${ENV.token}` : `${c.email} with the key in ${ENV.key}`)).join(' and ');
  // Listening for Ctrl-C before saying it is ready: a signal sent as soon as the lines are read must
  // stop the emulator, not find the process without a handler (which would end it at once).
  const interrupted = new Promise<void>((resolve) => {
    const stopListening = io.onInterrupt(() => {
      stopListening();
      resolve();
    });
  });
  io.stderr.write(
    `logfilter emulator listening on ${emulator.baseUrl}\n` +
      `state: ${flags.state ?? 'in memory only'}; accepting ${who}\n` +
      `point the client at it with: export ${ENV.baseUrl}=${emulator.baseUrl}\n` +
      `live logs: ${emulator.instantLogs.source.description}\n` +
      (faults ? `${describeFaults(faults)}\n` : ''),
  );
  await interrupted;
  await emulator.close();
  if (faults) io.stderr.write(`${describeInjected(emulator.faults.injected)}\n`);
  io.stderr.write('logfilter emulator stopped\n');
  return EXIT_OK;
}

/** Where the live records come from. */
function recordsFrom(io: Io, flags: EmulatorFlags): RecordsOptions {
  if (flags.replay === undefined && flags.replayLoop) throw new UsageError('--replay-loop repeats a replay: add --replay FILE');
  const records: RecordsOptions = { replay: flags.replay === undefined ? undefined : inCwd(io, flags.replay), loop: flags.replayLoop === true };
  if (flags.replayRate !== undefined) records.rate = parsePositiveInt(flags.replayRate, '--replay-rate');
  if (flags.recordsSeed !== undefined) {
    if (!/^\d+$/.test(flags.recordsSeed)) throw new UsageError(`--records-seed takes a whole number, not '${flags.recordsSeed}'`);
    records.seed = Number(flags.recordsSeed);
  }
  return records;
}

/** The same variables the client reads, so one set of exports serves both sides. */
function acceptedCredentials(env: Io['env']): EmulatorCredentials[] {
  const accepted: EmulatorCredentials[] = [];
  if (env[ENV.token]) accepted.push({ token: env[ENV.token]! });
  const email = env[ENV.email];
  const key = env[ENV.key];
  if (email && key) accepted.push({ email, key });
  else if (email || key) throw new UsageError(`set both ${ENV.email} and ${ENV.key}, or neither`);
  if (accepted.length === 0) {
    throw new UsageError(
      `the emulator needs credentials to accept: set ${ENV.token}, or ${ENV.email} and ${ENV.key}, in the environment (the client reads the same variables)`,
    );
  }
  return accepted;
}
