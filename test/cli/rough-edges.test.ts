/**
 * Messages that said too little: fmt --check on CRLF or a BOM, the scope's article, an unknown
 * field that another dataset has, explain's values, check's summary, SARIF rules and inline
 * locations, and test --logs given a pattern the JS engine cannot read.
 */
import { DIAGNOSTIC_CODES, describeCode } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif.js';

const files = tempFiles('rough');

describe('fmt --check on a canonical filter saved with CRLF or a BOM', () => {
  it.each([
    ['crlf.lf', 'BotScore lt 30\r\n', 'it uses CRLF line endings', 'save it with LF line endings'],
    ['bom.lf', '\uFEFFBotScore lt 30\n', 'it starts with a byte-order mark', 'save it without a byte-order mark'],
    [
      'both.lf',
      '\uFEFFBotScore lt 30\r\n',
      'it starts with a byte-order mark and uses CRLF line endings',
      'save it without a byte-order mark and with LF line endings',
    ],
  ])('%s: says what differs and how to fix it', async (name, text, what, fix) => {
    const file = files.file(name, text);
    const result = await runCli(['fmt', '--check', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${file} is not formatted: ${what}; rewrite it with \`logfilter fmt --write -f ${file}\`, or ${fix}\n`);
    const json = JSON.parse((await runCli(['fmt', '--check', file, '--format', 'json'])).stdout) as { diagnostics: { message: string; hint: string }[] };
    expect(json.diagnostics[0].message).toBe(`${file} is not in canonical form: ${what}`);
    expect(json.diagnostics[0].hint).toContain(fix);
  });

  it('says the text differs too when it is not only the line endings', async () => {
    const file = files.file('loose-crlf.lf', 'BotScore  lt 30\r\n');
    expect((await runCli(['fmt', '--check', file])).stderr).toContain('it uses CRLF line endings and differs from the canonical form in its text too');
  });

  it('still says only "not formatted" for a file with LF endings', async () => {
    const file = files.file('loose.lf', 'BotScore  lt 30\n');
    expect((await runCli(['fmt', '--check', file])).stderr).toBe(`${file} is not formatted\n`);
  });
});

describe('the scope of a dataset', () => {
  it('is written with the right article', async () => {
    const job = files.file('job.json', JSON.stringify({ dataset: 'dns_logs', destination_conf: 's3://bucket/dns' }));
    const result = await runCli(['jobs', 'check', job, '--scope', 'account']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("dataset 'dns_logs' is zone-scoped: its jobs live under a zone, not an account");
    const other = files.file('audit.json', JSON.stringify({ dataset: 'audit_logs', destination_conf: 's3://bucket/audit' }));
    expect((await runCli(['jobs', 'check', other, '--scope', 'zone'])).stderr).toContain('its jobs live under an account, not a zone');
  });
});

describe('an unknown field that other datasets have', () => {
  it('names the dataset and the option to use', async () => {
    const result = await runCli(['compile', 'ResponseCode eq 0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("= hint: 'ResponseCode' is a field of dns_logs; compile with -d dns_logs");
  });

  it('names several, and keeps a near spelling in this dataset', async () => {
    expect((await runCli(['compile', 'QueryName eq x'])).stderr).toContain(
      "= hint: 'QueryName' is a field of dns_firewall_logs, dns_logs and gateway_dns; compile with -d and the dataset you mean",
    );
    const result = await runCli(['compile', '-d', 'dns_logs', 'ClientRequestHost eq x']);
    expect(result.stderr).toContain(
      "= hint: 'ClientRequestHost' is a field of firewall_events, firewall_events@account, http_requests and websocket_analytics; compile with -d and the dataset you mean",
    );
    // Five or more are cut to three and a count.
    expect((await runCli(['compile', '-d', 'dns_logs', 'ClientIP eq 1.2.3.4'])).stderr).toMatch(
      /= hint: 'ClientIP' is a field of \w+, \w+, [\w@]+ and \d+ more; /,
    );
  });

  it('keeps the old hint when no dataset has it', async () => {
    expect((await runCli(['compile', 'NoSuchField eq x'])).stderr).toContain('= hint: `logfilter fields http_requests` lists the fields of the dataset');
  });
});

describe('explain', () => {
  it('quotes string values and leaves numbers bare', async () => {
    const result = await runCli(['explain', 'ClientSSLProtocol !eq none AND EdgeResponseStatus in (500, 502) AND ClientRequestHost eq "a b"']);
    expect(result.stdout).toBe(
      [
        'delivers records where all of these hold:',
        '  - ClientSSLProtocol is not "none"',
        '  - EdgeResponseStatus is one of 500, 502',
        '  - ClientRequestHost is "a b"',
        '',
      ].join('\n'),
    );
  });
});

describe('check with errors', () => {
  it('ends with a summary of the errors and warnings', async () => {
    const file = files.file('two.lf', 'BotScore lte 30 AND clientcountry eq us\n');
    const result = await runCli(['check', '-f', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\nfailed: 1 error, 1 warning in 1 file\n$/);
    const inline = await runCli(['check', 'BotScore lt']);
    expect(inline.stderr).toMatch(/\nfailed: 1 error, 0 warnings in the filter\n$/);
  });
});

describe('SARIF', () => {
  it('describes each rule (fullDescription and help) from core', async () => {
    const file = files.file('sarif.lf', 'BotScore lte 30 AND clientcountry eq us\n');
    const log = JSON.parse((await runCli(['check', '-f', file, '--format', 'sarif'])).stdout);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const rules = log.runs[0].tool.driver.rules as { id: string; fullDescription: { text: string }; help: { text: string } }[];
    expect(rules.map((rule) => rule.id)).toEqual(['deprecated-operator', 'unknown-field']);
    expect(rules[1].fullDescription.text).toBe('The field is not a field of the dataset.');
    expect(rules[1].help.text).toContain(rules[1].fullDescription.text);
  });

  it('locates the results of a filter given as an argument, in an artifact holding its text', async () => {
    const log = JSON.parse((await runCli(['check', 'BotScore lt x', '--format', 'sarif'])).stdout);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.artifacts).toEqual([{ description: { text: 'the filter given on the command line' }, contents: { text: 'BotScore lt x' } }]);
    expect(run.results[0].locations).toEqual([
      { physicalLocation: { artifactLocation: { index: 0 }, region: { startLine: 1, startColumn: 13, endLine: 1, endColumn: 14 } } },
    ]);
  });

  it('has a description for every diagnostic code', () => {
    for (const code of DIAGNOSTIC_CODES) expect(describeCode(code), code).toMatch(/^[A-Z"'a-z].+\.$/);
    expect(DIAGNOSTIC_CODES.filter((code) => describeCode(code) === `${code.charAt(0).toUpperCase()}${code.slice(1).replace(/-/g, ' ')}.`)).toEqual([]);
  });
});

describe('test --logs with a pattern', () => {
  it('says test reads one file, and how the shell reads a pattern', async () => {
    const result = await runCli(['test', 'BotScore lt 30', '--logs', 'examples/*.ndjson']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'logfilter: cannot read examples/*.ndjson: no such file; logfilter test does not expand patterns: let the shell expand it: cat examples/*.ndjson | logfilter test ... --logs -\n',
    );
  });

  it('says only "no such file" for a plain path', async () => {
    const result = await runCli(['test', 'BotScore lt 30', '--logs', 'examples/none.ndjson']);
    expect([result.code, result.stderr]).toEqual([2, 'logfilter: cannot read examples/none.ndjson: no such file\n']);
  });
});
