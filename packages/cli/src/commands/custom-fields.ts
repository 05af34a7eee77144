/** `logfilter custom-fields check|get|set`: the zone's custom log fields (spec 2.2-2.4, 4.1). */
import type { CustomFieldsResult, FieldRef } from '@logfilter/api';
import { checkCustomFieldsText, CUSTOM_FIELD_LISTS, type CustomFieldNames, DEFAULT_MAX_CUSTOM_FIELDS, type Ruleset } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { writeEnvelope } from '../outcome.js';
import { positiveCount } from '../options.js';
import { EXIT_INVALID, EXIT_OK, readTextFile, UsageError, type Io } from '../io.js';
import { addServiceOptions, collectList, formatRequests, printReported, runService, serviceClient, type ServiceFlags } from '../service.js';

interface SetFlags extends ServiceFlags {
  zone: string;
  request?: string[];
  response?: string[];
  cookie?: string[];
  replace?: boolean;
  maxFields?: number;
}

export function registerCustomFields(program: Command, context: Context): void {
  const group = program.command('custom-fields').description("check, read and set a zone's custom log fields (request headers, response headers, cookies)");

  group
    .command('check')
    .description('check custom-field rules in a file: a rule, a rules array, a PUT body, a ruleset or an API answer')
    .argument('<path>', 'the JSON file (- for standard input)')
    .addOption(maxFieldsOption())
    .option('--json', 'machine output: {ok, shape, fields, diagnostics} on stdout')
    .action(context.action((path: string, flags: { maxFields?: number; json?: boolean }) => check(context, path, flags)));

  addServiceOptions(group.command('get').description("print the zone's custom fields").requiredOption('--zone <id>', 'the zone id'), { dryRun: false }).action(
    context.action((flags: ServiceFlags & { zone: string }) => runService(context.io, flags, () => get(context.io, program, flags))),
  );

  addServiceOptions(
    group
      .command('set')
      .description('add custom fields to the zone (keeping the ones there), or with --replace make them exactly these')
      .requiredOption('--zone <id>', 'the zone id')
      .option('--request <names>', 'request header names, comma-separated (repeatable); lower-cased', collectList)
      .option('--response <names>', 'response header names, comma-separated (repeatable); lower-cased', collectList)
      .option('--cookie <names>', 'cookie names, comma-separated (repeatable); kept exactly as written', collectList)
      .option('--replace', 'remove the custom fields not named here (other rules stay)')
      .addOption(maxFieldsOption()),
    { dryRun: true },
  ).action(context.action((flags: SetFlags) => runService(context.io, flags, () => set(context.io, program, flags))));
}

function check(context: Context, path: string, flags: { maxFields?: number; json?: boolean }): number {
  const { io } = context;
  const text = readTextFile(io, path, 'rules');
  const result = checkCustomFieldsText(text, { maxFields: flags.maxFields });
  if (flags.json) {
    writeEnvelope(io, result.ok ? EXIT_OK : EXIT_INVALID, { shape: result.shape ?? null, fields: result.fields }, result.diagnostics);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  context.printDiagnostics(result.diagnostics, text, path === '-' ? '<stdin>' : path);
  if (!result.ok) return EXIT_INVALID;
  const total = CUSTOM_FIELD_LISTS.reduce((sum, list) => sum + result.fields[list].length, 0);
  io.stderr.write(`ok: ${result.shape}, ${total} custom field${total === 1 ? '' : 's'}\n`);
  return EXIT_OK;
}

async function get(io: Io, program: Command, flags: ServiceFlags & { zone: string }): Promise<number> {
  const { client } = serviceClient(io, program, flags);
  const { ruleset, fields } = await client.customFields.get(flags.zone);
  if (flags.json) {
    writeEnvelope(io, EXIT_OK, { zone: flags.zone, ruleset: ruleset ?? null, fields });
    return EXIT_OK;
  }
  if (!ruleset) {
    io.stdout.write(`zone ${flags.zone} has no custom fields (no http_log_custom_fields ruleset)\n`);
    return EXIT_OK;
  }
  io.stdout.write(`zone ${flags.zone}: ruleset ${ruleset.id}${describeVersion(ruleset)}\n${formatFields(fields)}`);
  return EXIT_OK;
}

async function set(io: Io, program: Command, flags: SetFlags): Promise<number> {
  if (!flags.request?.length && !flags.response?.length && !flags.cookie?.length) {
    throw new UsageError(
      `name the fields to set: --request, --response or --cookie (e.g. custom-fields set --zone ${flags.zone} --request user-agent); 'custom-fields get' shows the ones there`,
    );
  }
  const { client, requests } = serviceClient(io, program, flags);
  const result = await client.customFields.set(flags.zone, {
    request: flags.request,
    response: flags.response,
    cookie: flags.cookie,
    replace: flags.replace === true,
    maxFields: flags.maxFields,
  });
  if (flags.json) {
    const { ruleset, ...rest } = result;
    const { diagnostics, ...members } = rest;
    writeEnvelope(io, EXIT_OK, { ...members, ruleset: ruleset ?? null, ...(flags.dryRun ? { requests } : {}) }, diagnostics);
    return EXIT_OK;
  }
  for (const note of result.notes) io.stderr.write(`warning: ${note}\n`);
  for (const race of result.races) io.stderr.write(`note: ${race}\n`);
  printReported(io, result.diagnostics);
  if (flags.dryRun) io.stdout.write(`${formatRequests(requests)}\n`);
  io.stdout.write(formatChange(result));
  return EXIT_OK;
}

function formatChange(result: CustomFieldsResult): string {
  const lines = [`added:   ${formatRefs(result.added)}`, `kept:    ${formatRefs(result.kept)}`, `removed: ${formatRefs(result.removed)}`];
  const id = result.rulesetId ?? '(none)';
  if (!result.changed) lines.push(`ruleset ${id}: unchanged, nothing was sent`);
  else if (result.dryRun) lines.push(`dry run: nothing was written${result.created ? ' (the ruleset would be created first)' : ''}`);
  else {
    const writes = result.writes > 1 ? ` after ${result.writes} writes (other writers raced this one)` : '';
    lines.push(`ruleset ${id}: ${result.created ? 'created, ' : ''}rules replaced${writes}${result.ruleset ? describeVersion(result.ruleset) : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

function formatRefs(refs: readonly FieldRef[]): string {
  if (refs.length === 0) return '(none)';
  const byList = new Map<string, string[]>();
  for (const ref of refs) byList.set(ref.list, [...(byList.get(ref.list) ?? []), ref.name]);
  return [...byList].map(([list, names]) => `${list}: ${names.join(', ')}`).join('; ');
}

function formatFields(fields: CustomFieldNames): string {
  const lists = CUSTOM_FIELD_LISTS.filter((list) => fields[list].length > 0);
  if (lists.length === 0) return '(no fields configured)\n';
  const width = Math.max(...lists.map((list) => list.length));
  return lists.map((list) => `${list.padEnd(width)}  ${fields[list].join(', ')}\n`).join('');
}

function describeVersion(ruleset: Ruleset): string {
  return ruleset.version ? ` (version ${ruleset.version}${ruleset.last_updated ? `, updated ${ruleset.last_updated}` : ''})` : '';
}

/** `--max-fields N`, of check and set. */
function maxFieldsOption(): Option {
  return new Option('--max-fields <n>', `most custom fields a zone takes (default: ${DEFAULT_MAX_CUSTOM_FIELDS})`).argParser(positiveCount);
}
