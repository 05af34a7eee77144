/** `check -f FILE` takes the dataset from the file's `# dataset: NAME` first line, as the language server does. */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('dataset-comment');

describe('the # dataset: first line', () => {
  it('chooses the dataset of check -f; a -d that disagrees with it is an error at the line (what, where, how to fix)', async () => {
    const file = files.file('dns.lf', '# dataset: dns_logs\nQueryName endsWith .internal\n');
    expect(await runCli(['check', '-f', file])).toMatchObject({ code: 0, stderr: 'ok: 71 bytes, 1 operator\n' });
    const conflicting = await runCli(['check', '-f', file, '-d', 'http_requests']);
    expect(conflicting.code).toBe(1);
    expect(conflicting.stderr).toContain(`error[dataset-disagrees]: -d http_requests disagrees with the '# dataset: dns_logs' line\n --> ${file}:1:12\n`);
    expect(conflicting.stderr).toContain("= hint: drop -d (the line names the filter's dataset), or change the line to '# dataset: http_requests'");
    // A -d that agrees with the line is no conflict.
    expect((await runCli(['check', '-f', file, '-d', 'dns_logs'])).code).toBe(0);
  });

  it('is a usage error when it names no dataset, shown at its place in the file', async () => {
    const file = files.file('typo.lf', '# dataset: dns_log\nQueryName eq x\n');
    const result = await runCli(['check', '-f', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error[unknown-dataset]: unknown dataset 'dns_log', named by the '# dataset:' line\n --> ${file}:1:12\n`);
    expect(result.stderr).toContain("= hint: fix the first line, or give the dataset with -d: did you mean 'dns_logs'? (`logfilter datasets` lists them)");
    const json = JSON.parse((await runCli(['compile', '-f', file, '--json'])).stdout) as { diagnostics: { code: string; range: { start: object } }[] };
    expect(json.diagnostics.map((d) => [d.code, d.range.start])).toEqual([['unknown-dataset', { offset: 11, line: 1, column: 12 }]]);
    const github = await runCli(['check', '-f', file, '--format', 'github']);
    expect([github.code, github.stdout]).toEqual([
      2,
      expect.stringMatching(new RegExp(`^::error file=${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},line=1,col=12,endColumn=19,title=unknown-dataset::`)),
    ]);
  });
});
