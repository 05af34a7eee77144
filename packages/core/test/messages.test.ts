/**
 * The message table (base/messages.ts and its two parts): every code has an entry, stages report
 * through it, and core's wording names no command-line command or flag: advice to run a command or
 * give a flag is data (`Diagnostic.advice`) that each front end words in its own terms.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, DIAGNOSTIC_CODES, decompile, MESSAGES, resolveDataset } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/** What names the CLI: `logfilter COMMAND`, a long flag (`--zone`), a short flag with a value (`-d dns_logs`). */
const COMMANDS = 'fields|datasets|custom-fields|compile|check|fmt|jobs|decompile|diff|test|explain|sql|tail|operators|lsp';
const CLI_WORDING = [new RegExp(`\\blogfilter (?:${COMMANDS})\\b`), /(?:^|[\s(`'"])--[a-z][a-z-]*/, /(?:^|[\s(`'"])-[a-zA-Z] [A-Za-z<]/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The code of a file without its comments (whole-line and trailing `//`, and block comments' lines). */
function codeOf(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\*|\/\*|\/\/)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''));
}

describe('the message table', () => {
  it('has an entry for every diagnostic code, and no other', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...DIAGNOSTIC_CODES].sort());
  });

  it('words core with no command-line command or flag, in the source and in the built table', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      codeOf(readFileSync(file, 'utf8')).forEach((line, index) => {
        if (CLI_WORDING.some((pattern) => pattern.test(line))) found.push(`${file.slice(SRC.length + 1)}:${index + 1}: ${line.trim()}`);
      });
    }
    for (const [code, messages] of Object.entries(MESSAGES)) {
      for (const [id, template] of Object.entries(messages as unknown as Record<string, Record<string, unknown>>)) {
        for (const part of ['message', 'hint', 'advice'] as const) {
          const text = typeof template[part] === 'function' ? String(template[part]) : '';
          if (CLI_WORDING.some((pattern) => pattern.test(text))) found.push(`built ${code}.${id}.${part}: ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the patterns catch what core said before the advice was data', () => {
    for (const said of [
      '`logfilter fields http_requests` lists the fields of the dataset',
      "'QueryName' is a field of dns_logs; compile with -d dns_logs",
      'use --account ID instead of --zone ID',
    ])
      expect(
        CLI_WORDING.some((pattern) => pattern.test(said)),
        said,
      ).toBe(true);
  });
});

/** Where a code is still worded in place though the table has its messages, and why: the CLI relays the service's own error messages. */
const WORDED_IN_PLACE_BESIDE_THE_TABLE: Readonly<Record<string, readonly string[]>> = {
  'service-error': ['cli/src/service.ts'],
};

describe('codes worded in place', () => {
  const PACKAGES = join(import.meta.dirname, '../..');
  /** A diagnostic made with its code and words written at the call: `bag.error('code', ...)`, `diagnosticAt(range, 'code', ...)`. */
  const IN_PLACE = /(?:\.(?:error|warning)\(\s*|diagnosticAt\([^;']{0,200}?,\s*)'([a-z0-9-]+)'/g;

  it('are none in any package, but a known few beside the table', () => {
    const found: string[] = [];
    const packages = readdirSync(PACKAGES, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(PACKAGES, entry.name, 'src')));
    expect(packages.length).toBeGreaterThan(5);
    for (const { name: dir } of packages) {
      for (const file of sourceFiles(join(PACKAGES, dir, 'src'))) {
        const name = file.slice(PACKAGES.length + 1);
        if (name.startsWith('cli/src/engines/')) continue;
        for (const match of codeOf(readFileSync(file, 'utf8')).join('\n').matchAll(IN_PLACE)) {
          const code = match[1];
          if (WORDED_IN_PLACE_BESIDE_THE_TABLE[code]?.includes(name)) continue;
          found.push(`${name}: ${code}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the pattern finds a code worded in place', () => {
    const said = ["bag.error('invalid-json', '', `not valid JSON: ` + detail);", "diagnosticAt(map.range(span), 'not-formatted', name + ` is not formatted`)"];
    expect(said.map((line) => [...line.matchAll(IN_PLACE)].map((match) => match[1]))).toEqual([['invalid-json'], ['not-formatted']]);
  });
});

describe('advice as data', () => {
  it('an unknown field names the datasets that have it, the dataset to list, or nothing beside a guess', () => {
    const [elsewhere] = compile('QueryName eq example.com').diagnostics;
    expect(elsewhere.advice).toEqual({ kind: 'choose-dataset', field: 'QueryName', datasets: ['dns_firewall_logs', 'dns_logs', 'gateway_dns'] });
    expect(elsewhere.hint).toBe("'QueryName' is a field of dns_firewall_logs, dns_logs and gateway_dns: filter one of those instead");
    const [one] = compile('ScriptName eq a').diagnostics;
    expect(one.advice).toMatchObject({ kind: 'choose-dataset', datasets: [expect.any(String)] });
    expect(one.hint).toMatch(/: filter that dataset instead$/);
    const [unknown] = compile('Nonsense eq 1').diagnostics;
    expect(unknown.advice).toEqual({ kind: 'list-fields', dataset: 'http_requests' });
    const [guessed] = compile('ClientCountri eq us').diagnostics;
    expect(guessed.hint).toBe("did you mean 'ClientCountry'?");
    expect(guessed.advice).toBeUndefined();
  });

  it('a dataset of the other scope advises the scope; an unknown one, the list of datasets', () => {
    expect(resolveDataset({ dataset: 'workers_trace_events', scope: 'zone' }).error?.advice).toEqual({ kind: 'scope', scope: 'account', given: 'zone' });
    expect(resolveDataset({ dataset: 'nope_nope_nope' }).error?.advice).toEqual({ kind: 'list-datasets' });
    const result = decompile('{"where":{"key":"QueryName","operator":"eq","value":"a"}}');
    expect(result.diagnostics[0].advice).toMatchObject({ kind: 'choose-dataset', field: 'QueryName' });
  });
});
