/**
 * `logfilter catalog pull --dataset NAME (--zone ID | --account ID)`: the service's field list of a
 * dataset beside the built-in catalog's. The service gives names and descriptions, not types, so a
 * field the catalog lacks is reported with the type `unknown`, as a warning, never taken silently.
 */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { writeEnvelope } from '../outcome.js';
import { EXIT_OK } from '../io.js';
import { addServiceOptions, runService, serviceClient, type ServiceFlags } from '../service.js';
import { addScopeOptions, datasetInScope, scopeOf, type ScopeFlags } from '../job-scope.js';

type PullFlags = ServiceFlags & ScopeFlags & { dataset: string };

export function registerCatalogPull(program: Command, context: Context): void {
  const group = program.command('catalog').description("compare the field catalog with the service's");
  addServiceOptions(
    addScopeOptions(group.command('pull'))
      .description("read a dataset's fields from the service and report those the built-in catalog lacks or has in excess")
      .requiredOption('--dataset <name>', 'the dataset, e.g. http_requests'),
    { dryRun: false },
  ).action(context.action((flags: PullFlags) => runService(context.io, flags, () => pull(program, context, flags))));
}

async function pull(program: Command, context: Context, flags: PullFlags): Promise<number> {
  const { io } = context;
  const scope = scopeOf(flags);
  const dataset = datasetInScope(context, flags.dataset, scope);
  const { client } = serviceClient(io, program, flags);
  const served = await client.logpush.datasetFields(scope.ref, dataset.name);
  const missing = Object.entries(served)
    .filter(([name]) => !dataset.field(name))
    .map(([name, description]) => ({ name, type: 'unknown', description: String(description ?? '') }));
  const extra = dataset.fields.filter((field) => !(field.name in served)).map((field) => field.name);
  if (flags.json) {
    writeEnvelope(io, EXIT_OK, { dataset: dataset.id, served: Object.keys(served).length, missing, extra });
    return EXIT_OK;
  }
  for (const field of missing)
    io.stderr.write(`warning[field-not-in-catalog]: '${field.name}' is served but not in the catalog; its type is unknown (${field.description})\n`);
  for (const name of extra) io.stderr.write(`warning[field-not-served]: '${name}' is in the catalog but the service does not list it\n`);
  io.stdout.write(
    `${dataset.id}: ${Object.keys(served).length} fields served, ${missing.length} missing from the catalog, ${extra.length} in the catalog only\n`,
  );
  return EXIT_OK;
}
