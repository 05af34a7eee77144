/**
 * What `--help` says beyond the options: examples of the program and of its main commands, the
 * exit codes (from io.ts's constants), and help wrapped to the terminal's width.
 */
import type { Command } from 'commander';
import { EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Io, type Output } from './io.js';

/** The width help is wrapped to: the terminal's, else $COLUMNS, else 80. */
export function helpWidth(io: Io, stream: Output): number {
  const columns = stream.isTTY ? stream.columns : Number(io.env.COLUMNS);
  return columns !== undefined && Number.isInteger(columns) && columns > 0 ? columns : 80;
}

const EXIT_CODES = `Exit codes:
  ${EXIT_OK}   ok (warnings allowed)
  ${EXIT_INVALID}   the input has errors, or the service said no
  ${EXIT_USAGE}   usage, configuration or I/O error (unknown option or dataset, unreadable file)
  ${EXIT_INTERNAL}  internal error (a bug: please report it)`;

/** The examples of each command, by its name (a subcommand as `jobs list`). */
const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  '': [
    "logfilter compile 'EdgeResponseStatus geq 500 AND ClientCountry in (us, ca)'",
    'logfilter check -d dns_logs -f filters/dns.lf',
    'logfilter explain -f examples/likely-bots.lf',
    'logfilter fields http_requests | grep -i bot',
    'logfilter check --terraform infra/ --format github',
    'source <(logfilter completion bash)',
  ],
  compile: [
    "logfilter compile 'BotScore lt 30' -o pretty",
    'logfilter compile -d firewall_events -f examples/firewall-scanners.lf -o string',
    "echo 'BotScore lt 30' | logfilter compile -f - --values typed",
  ],
  check: [
    'logfilter check -f examples/api-errors.lf',
    'logfilter check --from-json \'{"where":{"key":"BotScore","operator":"lt","value":"30"}}\'',
    'logfilter check --terraform infra/ --format sarif > logfilter.sarif',
    'terraform show -json plan.out > plan.json && logfilter check --terraform-plan plan.json',
  ],
  test: [
    'logfilter test -f examples/api-errors.lf --logs examples/sample-logs.ndjson --count',
    "zcat logs.ndjson.gz | logfilter test 'BotScore lt 30' --logs -",
  ],
  jobs: [
    'logfilter jobs list --zone $ZONE_ID',
    "logfilter jobs create --zone $ZONE_ID --destination 's3://bucket/logs' \\\n      --filter 'BotScore lt 30'",
    'logfilter jobs check job.json',
  ],
};

/** Adds the examples (and, to the program, the exit codes) to the help of the commands defined. */
export function addHelpTexts(program: Command): void {
  program.addHelpText('after', `\n${examplesText(EXAMPLES[''])}\n\n${EXIT_CODES}\n`);
  for (const command of program.commands) {
    const examples = EXAMPLES[command.name()];
    if (examples) command.addHelpText('after', `\n${examplesText(examples)}\n`);
  }
}

function examplesText(lines: readonly string[]): string {
  return `Examples:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}
