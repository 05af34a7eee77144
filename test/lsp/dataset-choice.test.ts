/** The language server names an unknown dataset with the words the CLI uses: both ask core's one resolver. */
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { initialize, type LspSession, openDocument, shutdown, startLsp } from '../support/lsp.js';

let session: LspSession | undefined;
afterEach(() => {
  if (session && session.child.exitCode === null) session.child.kill();
  session = undefined;
});

describe('the dataset of a .lf file in the editor', () => {
  it('reports a typo in the first-line comment in plain words, where check -f names its command', async () => {
    const text = '# dataset: dns_log\nQueryName eq x\n';
    session = startLsp();
    await initialize(session);
    const [diagnostic] = await openDocument(session, 'file:///work/typo.lf', text);
    const hint = "did you mean 'dns_logs'? (see the list of datasets)";
    expect(diagnostic).toMatchObject({ code: 'unknown-dataset', message: `unknown dataset 'dns_log' (named by the first-line comment)\nhint: ${hint}` });
    expect(diagnostic).not.toHaveProperty('relatedInformation');
    expect(await shutdown(session)).toBe(0);
    const cli = await runCli(['check', '-f', tempFiles('lsp-dataset').file('typo.lf', text)]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("error[unknown-dataset]: unknown dataset 'dns_log'");
    expect(cli.stderr).toContain("did you mean 'dns_logs'? (`logfilter datasets` lists them)");
  });
});
