/** Issue 12: what a new user tripped over, each as the user ran it through the built CLI. */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

/** The `= hint:` lines of a run's code frames. */
function hints(stderr: string): string[] {
  return [...stderr.matchAll(/= hint: (.*)/g)].map((match) => match[1]);
}

describe('a negated spelling suggests the negated operator (item 2)', () => {
  const cases: Array<[string, string]> = [
    ['ClientCountry neq us', "did you mean '!eq' (or '!=')?"],
    ['ClientCountry ne us', "did you mean '!eq' (or '!=')?"],
    ['ClientCountry not_eq us', "did you mean '!eq' (or '!=')?"],
    ['ClientCountry <> us', "did you mean '!eq' (or '!=')?"],
    ['ClientCountry nin (us, ca)', "did you mean '!in'?"],
    ['ClientCountry notin (us, ca)', "did you mean '!in'?"],
    ['ClientCountry notcontains us', "did you mean '!contains'?"],
    ['ClientCountry eqq us', "did you mean 'eq' (or '==')?"],
  ];
  for (const [filter, hint] of cases) {
    it(`logfilter compile '${filter}'`, async () => {
      const result = await runCli(['compile', filter]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('error[unknown-operator]');
      expect(hints(result.stderr)).toEqual([hint]);
    });
  }

  it('decompile of "operator":"neq" suggests !eq', async () => {
    const result = await runCli(['decompile', '{"where":{"key":"ClientCountry","operator":"neq","value":"us"}}']);
    expect(result.code).toBe(1);
    expect(hints(result.stderr)[0]).toMatch(/^did you mean '!eq'\?/);
  });
});

describe('int values are checked against the service uint64 range (item 3)', () => {
  it("logfilter compile 'EdgeResponseStatus in (-5, 99999999999999999999)' is an error on each value", async () => {
    const result = await runCli(['compile', 'EdgeResponseStatus in (-5, 99999999999999999999)']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.match(/error\[int-out-of-range\]/g)).toHaveLength(2);
    expect(result.stderr).toContain('-5 is negative');
    expect(result.stderr).toContain('99999999999999999999 is larger than 18446744073709551615');
  });

  it('keeps the digits of 2^64-1, past double precision, exactly as written', async () => {
    const result = await runCli(['compile', 'EdgeResponseStatus in (9007199254740993, 18446744073709551615)']);
    expect(result).toEqual({
      code: 0,
      stdout: '{"where":{"key":"EdgeResponseStatus","operator":"in","value":[9007199254740993,18446744073709551615]}}\n',
      stderr: '',
    });
  });

  it('decompile refuses a negative int in filter JSON', async () => {
    const result = await runCli(['decompile', '{"where":{"key":"EdgeResponseStatus","operator":"in","value":[-5]}}']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error[int-out-of-range]');
  });
});

describe('a quoting hint shows the whole value, quoted (item 4)', () => {
  const cases: Array<[string, string]> = [
    ['ClientRequestPath contains /a,b', 'quote the whole value: "/a,b"'],
    ['ClientRequestUserAgent contains Mozilla/5.0 Windows', 'quote the whole value: "Mozilla/5.0 Windows"'],
    ['ClientRequestUserAgent contains Mozilla/5.0 (Windows NT) AND BotScore lt 30', 'quote the whole value: "Mozilla/5.0 (Windows NT)"'],
    ['(ClientRequestPath eq /a b) OR BotScore lt 30', 'quote the whole value: "/a b"'],
  ];
  for (const [filter, quoted] of cases) {
    it(`logfilter compile '${filter}'`, async () => {
      const result = await runCli(['compile', filter]);
      expect(result.code).toBe(1);
      expect(hints(result.stderr)).toHaveLength(1);
      expect(hints(result.stderr)[0]).toContain(quoted);
    });
  }

  it('does not offer quoting where an AND is missing', async () => {
    const result = await runCli(['compile', 'ClientCountry eq us BotScore lt 30']);
    expect(result.code).toBe(1);
    expect(hints(result.stderr)).toEqual(['to match any of several values write `in (a, b)`; to join predicates write AND or OR']);
  });
});

describe('values joined by commas after in or !in are a list without its parentheses, not one value to quote', () => {
  const cases: Array<[string, string]> = [
    ['ClientCountry in us,ca', 'write the list in parentheses: (us,ca)'],
    ['ClientCountry !in us, ca, mx AND BotScore lt 30', 'write the list in parentheses: (us, ca, mx)'],
    ['(EdgeResponseStatus in 500,502) OR BotScore lt 3', 'write the list in parentheses: (500,502)'],
  ];
  for (const [filter, hint] of cases) {
    it(`logfilter compile '${filter}'`, async () => {
      const result = await runCli(['compile', filter]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("error[unexpected-token]: unexpected ',' after a value: a list is written in parentheses");
      expect(result.stderr).toContain(hint);
      expect(result.stderr).not.toContain('quote the whole value');
    });
  }

  it('still quotes a value holding a comma after another operator', async () => {
    const result = await runCli(['compile', 'ClientRequestPath contains /a,b']);
    expect(result.stderr).toContain('quote the whole value: "/a,b"');
  });
});

describe('limit hints come from what the filter holds (item 6)', () => {
  const { file } = tempFiles('limit-hints');
  const hosts = file('hosts.lf', Array.from({ length: 200 }, (_, i) => `ClientRequestHost eq h${i}.example.com`).join(' OR '));
  const paths = file('paths.lf', Array.from({ length: 40 }, (_, i) => `ClientRequestPath !contains /p${i}`).join(' AND '));

  it('a 200-host OR chain merged into one in list is not told to merge', async () => {
    const result = await runCli(['compile', '-f', hosts]);
    expect(result.code).toBe(1);
    expect(hints(result.stderr)).toHaveLength(1);
    expect(hints(result.stderr)[0]).not.toContain('merge values');
    expect(hints(result.stderr)[0]).toContain("its 'in' list on ClientRequestHost holds 200 values, already one list");
  });

  it('the same chain without optimisation is told what could be merged', async () => {
    const result = await runCli(['compile', '--no-optimize', '-f', hosts]);
    expect(result.code).toBe(1);
    expect(hints(result.stderr)).toContain("200 'eq'/'in' predicates on ClientRequestHost in one OR group can become one 'in' list; or split the job");
  });

  it("40 '!contains' predicates are not told to merge 'eq' predicates", async () => {
    const result = await runCli(['compile', '-f', paths]);
    expect(result.code).toBe(1);
    const operatorHint = hints(result.stderr).find((hint) => hint.includes('criteria'));
    expect(operatorHint).toBe(
      "the filter holds 40 '!contains' on ClientRequestPath; nothing can be merged ('!contains' has no list form): split the job into several, or drop criteria",
    );
    expect(result.stderr).not.toContain("merge 'eq'");
  });
});

describe('control characters are shown escaped, never raw (item 8)', () => {
  it('a NUL byte in the filter is \\x00 in the code frame, with the caret under it', async () => {
    const result = await runCli(['compile', '-f', '-'], { input: 'BotScore lt 3\u0000' });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(result.stderr).toContain("error[invalid-value]: '3\\x00' is not a whole number");
    expect(result.stderr).toContain('1 | BotScore lt 3\\x00\n  |             ^^^^^\n');
  });

  it('other control characters too, and the caret after them stays under its token', async () => {
    const result = await runCli(['compile', '-f', '-'], { input: 'ClientCountry eq "a\u0001" AND x\u0007 eq 3' });
    expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(result.stderr).toContain('1 | ClientCountry eq "a\\x01" AND x\\x07 eq 3\n  |                              ^^^^^\n');
  });

  it('in messages outside code frames (an unknown dataset, a malformed log line)', async () => {
    const dataset = await runCli(['compile', '-d', 'http\u0001x', 'BotScore lt 30']);
    expect(dataset).toMatchObject({ code: 2, stderr: "logfilter: unknown dataset 'http\\x01x'; `logfilter datasets` lists the datasets\n" });
    const logs = await runCli(['test', 'BotScore lt 30', '--logs', '-'], { input: 'x\u0000y\n' });
    expect(logs.stderr).toContain('"x\\x00y" is not valid JSON');
    expect(logs.stderr).not.toContain('\u0000');
  });
});

describe('a file name given as the filter (item 5)', () => {
  const { dir, file } = tempFiles('file-argument');
  file('b.lf', 'ClientCountry eq us\n');
  file('messy.lf', 'clientcountry EQ us\n');

  it('logfilter fmt --check b.lf checks the file, as gofmt and prettier do', async () => {
    expect(await runCli(['fmt', '--check', 'b.lf'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runCli(['fmt', '--check', 'b.lf', 'messy.lf'], { cwd: dir })).toEqual({ code: 1, stdout: '', stderr: 'messy.lf is not formatted\n' });
  });

  it('logfilter fmt b.lf prints the file formatted, and --write rewrites named files', async () => {
    expect(await runCli(['fmt', 'messy.lf'], { cwd: dir })).toEqual({ code: 0, stdout: 'clientcountry eq us\n', stderr: '' });
    const own = file('own.lf', 'BotScore  LT 30\n');
    expect(await runCli(['fmt', '--write', own])).toEqual({ code: 0, stdout: '', stderr: `formatted ${own}\n` });
    expect(await runCli(['fmt', '--check', own])).toMatchObject({ code: 0 });
  });

  it('a filter that is not a file is still formatted as text; a mix is a usage error', async () => {
    expect(await runCli(['fmt', 'botscore LT 30'], { cwd: dir })).toEqual({ code: 0, stdout: 'botscore lt 30\n', stderr: '' });
    expect(await runCli(['fmt', '--check', 'b.lf', 'nope.lf'], { cwd: dir })).toMatchObject({ code: 2 });
  });

  it('logfilter compile b.lf says it is a file and suggests -f', async () => {
    const result = await runCli(['compile', 'b.lf'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error\[argument-is-a-file\]: 'b.lf' is read as filter text, but it is the name of a file\n/);
    expect(hints(result.stderr)[0]).toBe('to read the filter from the file, write `logfilter compile -f b.lf`');
  });

  it('check, test and decompile say so too', async () => {
    expect((await runCli(['check', 'b.lf'], { cwd: dir })).stderr).toContain('`logfilter check -f b.lf`');
    expect((await runCli(['test', 'b.lf', '--logs', '-'], { cwd: dir })).stderr).toContain('`logfilter test -f b.lf`');
    expect((await runCli(['decompile', 'b.lf'], { cwd: dir })).stderr).toContain('`logfilter decompile -f b.lf`');
  });
});

describe('lint warnings (item 9)', () => {
  const cases: Array<[string, string]> = [
    ['ClientCountry eq us AND ClientCountry eq ca', 'never-matches'],
    ['BotScore lt 10 AND BotScore gt 20', 'never-matches'],
    ['ClientCountry eq us OR ClientCountry !eq us', 'always-matches'],
    ['ClientCountry eq US', 'value-case'],
    ['EdgeStartTimestamp eq yesterday', 'not-a-timestamp'],
  ];
  for (const [filter, code] of cases) {
    it(`logfilter compile '${filter}' warns ${code}, with a hint, and exits 0`, async () => {
      const result = await runCli(['compile', filter]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\{"where":/);
      expect(result.stderr).toMatch(new RegExp(`^warning\\[${code}\\]: `));
      expect(hints(result.stderr)).toHaveLength(1);
    });
  }

  it('--no-lint switches them off', async () => {
    expect(await runCli(['compile', '--no-lint', 'ClientCountry eq US'])).toEqual({
      code: 0,
      stdout: '{"where":{"key":"ClientCountry","operator":"eq","value":"US"}}\n',
      stderr: '',
    });
  });

  it('a NOT is read before linting: NOT (X eq a OR X eq b) AND X eq a never matches', async () => {
    const result = await runCli(['compile', 'NOT (ClientCountry eq us OR ClientCountry eq ca) AND ClientCountry eq us']);
    expect(result.stderr).toContain('warning[never-matches]');
  });

  it('consistent conditions do not warn', async () => {
    const result = await runCli(['compile', 'ClientCountry eq us AND ClientCountry !eq ca AND BotScore geq 10 AND BotScore leq 10']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('logfilter explain and logfilter operators (item 10)', () => {
  it('explains a filter one line per criterion, as the job will apply it (NOT pushed down, lists merged)', async () => {
    const result = await runCli(['explain', 'ClientCountry eq us OR ClientCountry eq ca AND NOT (BotScore geq 30 OR EdgeResponseStatus lt 500)']);
    expect(result).toEqual({
      code: 0,
      stdout: [
        'delivers records where any of these holds:',
        '  - ClientCountry is "us"',
        '  - all of these hold:',
        '    - ClientCountry is "ca"',
        '    - BotScore is less than 30',
        '    - EdgeResponseStatus is at least 500',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect((await runCli(['explain', 'ClientCountry in (us, ca)'])).stdout).toBe('delivers records where ClientCountry is one of "us", "ca"\n');
  });

  it('a filter with errors is explained by its diagnostics, exit 1', async () => {
    const result = await runCli(['explain', 'ClientCountry gt 5']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error[operator-not-allowed]');
  });

  it('lists the operators, their other spellings and the field types that take each', async () => {
    const result = await runCli(['operators']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(15);
    expect(lines[2]).toMatch(/^!eq +not equal +!= +string; int, float; bool$/);
    expect(lines.find((line) => line.startsWith('!in '))).toMatch(/not in +string; int, float; array\[\.\.\.\]$/);
    const json = (JSON.parse((await runCli(['operators', '--json'])).stdout) as { operators: Array<{ operator: string; aliases: string[]; types: string[] }> })
      .operators;
    expect(json.find((row) => row.operator === 'leq')).toMatchObject({ aliases: ['<=', 'lte (deprecated)'], types: ['int, float'] });
  });
});

describe('a range, a time and a list in quotes are told how the language writes them', () => {
  it("logfilter check 'EdgeResponseStatus between 500 and 599' names the operator, and its hint compiles", async () => {
    const result = await runCli(['check', 'EdgeResponseStatus between 500 and 599']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[unknown-operator]: 'between' is not an operator: a range is two criteria joined by AND");
    expect(result.stderr).not.toContain('expected a field name');
    expect(hints(result.stderr)).toEqual(['write EdgeResponseStatus geq 500 AND EdgeResponseStatus leq 599']);
    const written = await runCli(['compile', hints(result.stderr)[0].slice('write '.length)]);
    expect(written.code).toBe(0);
    expect(JSON.parse(written.stdout).where.and.map((criterion: { operator: string }) => criterion.operator)).toEqual(['geq', 'leq']);
  });

  it("logfilter check 'NOT BotScore between (1, 29)' keeps the NOT on the whole range", async () => {
    const result = await runCli(['check', 'NOT BotScore between (1, 29)']);
    expect(result.code).toBe(1);
    expect(hints(result.stderr)).toEqual(['write (BotScore geq 1 AND BotScore leq 29)']);
  });

  it("logfilter check 'EdgeStartTimestamp gt 2024-01-01' is told the Unix time to write", async () => {
    const result = await runCli(['check', 'EdgeStartTimestamp gt 2024-01-01']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[operator-not-allowed]: 'gt' compares 'EdgeStartTimestamp' with a number, and 2024-01-01 is a time written as text");
    expect(hints(result.stderr)).toEqual([
      "write it as a Unix time, in the unit of the job's timestamps option: 1704067200 in seconds, 1704067200000000000 in nanoseconds",
    ]);
    expect((await runCli(['compile', 'EdgeStartTimestamp gt 1704067200000000000'])).code).toBe(0);
  });

  it("logfilter compile 'ClientIP in (10.0.0.0/8)' compiles, with a warning that no address is a network", async () => {
    const result = await runCli(['compile', 'ClientIP in (10.0.0.0/8)']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).where).toEqual({ key: 'ClientIP', operator: 'in', value: ['10.0.0.0/8'] });
    expect(result.stderr).toContain(`warning[not-an-address]: 'ClientIP' holds one IP address, and "10.0.0.0/8" is a network, which it never holds`);
    expect(hints(result.stderr)).toEqual([
      'the service compares text and has no network match: its addresses are those that start with 10. (startsWith 10., or !startsWith for none of them)',
    ]);
  });

  it("logfilter compile 'ClientRequestHost eq *.example.com' compiles, with a warning that '*' is no wildcard", async () => {
    const result = await runCli(['compile', 'ClientRequestHost eq *.example.com']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning[not-a-wildcard]: '*' in "*.example.com" is a character to the service, not a wildcard`);
    expect(hints(result.stderr)).toEqual(['the service compares text: for what "*.example.com" means, write ClientRequestHost endsWith ".example.com"']);
    const written = await runCli(['check', 'ClientRequestHost endsWith ".example.com"']);
    expect(written.code).toBe(0);
    expect(written.stderr).not.toContain('warning');
  });

  it(`logfilter compile 'ClientCountry in "us,ca"' is told to write two values, not in ("us,ca")`, async () => {
    const result = await runCli(['compile', 'ClientCountry in "us,ca"']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error[expected-list]: 'in' takes a list of values, and "us,ca" is one value`);
    expect(hints(result.stderr)).toEqual(['write each value in the list: in ("us", "ca")']);
    const written = await runCli(['compile', 'ClientCountry in ("us", "ca")']);
    expect(JSON.parse(written.stdout).where).toEqual({ key: 'ClientCountry', operator: 'in', value: ['us', 'ca'] });
  });
});

describe("a pattern operator of another language (SQL's LIKE, a rules language's matches) is told the criterion it means", () => {
  for (const [filter, written] of [
    ["ClientRequestPath like '/api/%'", 'ClientRequestPath startsWith "/api/"'],
    ['ClientRequestPath matches "\\\\.php$"', 'ClientRequestPath endsWith ".php"'],
    ["ClientRequestUserAgent not like '%bot%'", 'ClientRequestUserAgent !contains "bot"'],
    ['ClientRequestPath ~ "^/api/"', 'ClientRequestPath startsWith "/api/"'],
  ]) {
    it(`logfilter compile '${filter}' names the operator, and its hint compiles`, async () => {
      const result = await runCli(['compile', filter]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/error\[unknown-operator\]: '[a-z ~]+' is not an operator: the service compares text as it is, with no patterns/);
      const [hint] = hints(result.stderr);
      expect(hint).toMatch(new RegExp(`^for what ".*" means, write ${written.replace(/[.$]/g, '\\$&')}$`));
      const compiled = await runCli(['compile', written]);
      expect(compiled.code).toBe(0);
      expect(compiled.stderr).toBe('');
    });
  }
});
