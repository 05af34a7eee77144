/** Code frames are coloured only on a terminal and never with NO_COLOR or --no-color. */
import { describe, expect, it } from 'vitest';
import { ANSI_ESCAPE, runCli } from '../support/cli.js';

const BAD = 'ClientCountry geq 5';

describe('colour', () => {
  it('is off when stderr is not a terminal', async () => {
    const result = await runCli(['compile', BAD]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error\[operator-not-allowed\]/);
    expect(result.stderr).not.toMatch(ANSI_ESCAPE);
  });

  it('is on when forced, which shows the checks below can see it', async () => {
    const result = await runCli(['compile', BAD], { env: { FORCE_COLOR: '1' } });
    expect(result.stderr).toMatch(ANSI_ESCAPE);
  });

  it('NO_COLOR wins over FORCE_COLOR', async () => {
    const result = await runCli(['compile', BAD], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(result.stderr).toMatch(/^error\[operator-not-allowed\]/);
    expect(result.stderr).not.toMatch(ANSI_ESCAPE);
  });

  it('--no-color wins over FORCE_COLOR, before or after the command name', async () => {
    for (const args of [
      ['--no-color', 'compile', BAD],
      ['compile', BAD, '--no-color'],
    ]) {
      const result = await runCli(args, { env: { FORCE_COLOR: '1' } });
      expect(result.stderr, args.join(' ')).toMatch(/^error\[operator-not-allowed\]/);
      expect(result.stderr, args.join(' ')).not.toMatch(ANSI_ESCAPE);
    }
  });

  it('never reaches stdout', async () => {
    const result = await runCli(['compile', 'ClientCountry eq us'], { env: { FORCE_COLOR: '1' } });
    expect(result.stdout).toBe('{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}\n');
  });
});
