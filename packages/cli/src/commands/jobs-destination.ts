/** `logfilter jobs ownership` and `jobs validate-destination`: proving and checking a destination before a job uses it. */
import { destinationProblem, diagnosticAt, NOWHERE } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { writeEnvelope } from '../outcome.js';
import { EXIT_INVALID, EXIT_OK, type Io } from '../io.js';
import { addServiceOptions, formatRequests, printReported, runService, serviceClient, type ServiceFlags } from '../service.js';
import { addScopeOptions, scopeOf, type ScopeFlags } from '../job-scope.js';

type DestinationFlags = ServiceFlags & ScopeFlags & { destination: string };

export function registerJobsDestination(program: Command, group: Command, context: Context): void {
  addServiceOptions(
    addScopeOptions(group.command('ownership'))
      .description('ask the service to write an ownership challenge file into a destination; pass its token to jobs create --ownership-challenge')
      .requiredOption('--destination <conf>', 'destination_conf, e.g. s3://bucket/path?region=us-west-2'),
    { dryRun: true },
  ).action(context.action((flags: DestinationFlags) => runService(context.io, flags, () => ownership(context.io, program, flags))));

  addServiceOptions(
    addScopeOptions(group.command('validate-destination'))
      .description('ask the service whether it can deliver to a destination (nothing is created)')
      .argument('<conf>', 'destination_conf'),
    { dryRun: false },
  ).action(
    context.action((conf: string, flags: DestinationFlags) =>
      runService(context.io, flags, () => validate(context.io, program, { ...flags, destination: conf })),
    ),
  );
}

/** A destination refused locally: printed, exit 1, nothing sent. */
function refusedLocally(io: Io, flags: DestinationFlags): number | undefined {
  const problem = destinationProblem(flags.destination);
  if (!problem) return undefined;
  const diagnostic = diagnosticAt(NOWHERE, 'invalid-destination', problem.message, { hint: problem.hint, pointer: '/destination_conf' });
  if (flags.json) writeEnvelope(io, EXIT_INVALID, { error: { kind: 'invalid', message: 'nothing was sent' } }, [diagnostic]);
  else printReported(io, [diagnostic]);
  return EXIT_INVALID;
}

async function ownership(io: Io, program: Command, flags: DestinationFlags): Promise<number> {
  const refused = refusedLocally(io, flags);
  if (refused !== undefined) return refused;
  const { client, requests } = serviceClient(io, program, flags);
  const challenge = await client.logpush.requestOwnership(scopeOf(flags).ref, flags.destination);
  if (flags.json) writeEnvelope(io, EXIT_OK, { challenge: challenge ?? null, ...(flags.dryRun ? { requests } : {}) });
  else if (!challenge) io.stdout.write(`${formatRequests(requests)}\ndry run: nothing was sent\n`);
  else
    io.stdout.write(
      `challenge written to ${challenge.filename}\nread the token from that file and pass it: logfilter jobs create ... --ownership-challenge TOKEN\n`,
    );
  return EXIT_OK;
}

async function validate(io: Io, program: Command, flags: DestinationFlags): Promise<number> {
  const refused = refusedLocally(io, flags);
  if (refused !== undefined) return refused;
  const { client } = serviceClient(io, program, flags);
  const result = await client.logpush.validateDestination(scopeOf(flags).ref, flags.destination);
  if (flags.json) writeEnvelope(io, result.valid ? EXIT_OK : EXIT_INVALID, { ...result, ok: result.valid });
  // The service's no is a refusal: on stderr, nothing on stdout.
  else
    (result.valid ? io.stdout : io.stderr).write(
      `${result.valid ? 'valid' : 'not valid'}: ${flags.destination}${result.message ? ` (${result.message})` : ''}\n`,
    );
  return result.valid ? EXIT_OK : EXIT_INVALID;
}
