/**
 * `logfilter jobs create --timeout 1` through a network that holds each POST 0 to 2 s on its way (the
 * emulator's `hold` fault, seeded): a POST the CLI gave up on still lands. The create waits out that
 * window before its list decides "not created", so no run creates its job twice, and every run that
 * exits 0 names a job that is there.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { cliEnv, emulator, ZONE } from '../support/emulator.js';

const DESTINATION = 's3://bucket/logs?region=us-east-1';
const SEEDS = [1, 2, 3];
const RUNS_PER_SEED = 8;
/** As the issue measured it: the CLI's time-out 1 s, each POST held 0 to 2 s. */
const HOLD_MS: [number, number] = [0, 2000];

describe('jobs create --timeout 1, POSTs held 0-2 s', () => {
  it(`creates no job twice over ${SEEDS.length} seeds of ${RUNS_PER_SEED} runs`, { timeout: 180_000 }, async () => {
    let runs = 0;
    let acknowledged = 0;
    let duplicates = 0;
    let lost = 0;
    let held = 0;
    for (const seed of SEEDS) {
      const server = await emulator();
      server.faults.random({ seed, holdWrites: { ms: HOLD_MS } });
      const results = await Promise.all(
        Array.from({ length: RUNS_PER_SEED }, (_, index) =>
          runCli(['jobs', 'create', '--zone', ZONE, '--name', `held-${index}`, '--destination', DESTINATION, '--timeout', '1', '--json'], {
            env: cliEnv(server),
          }),
        ),
      );
      // A POST still held when its command ended lands within the hold; count after that.
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS[1] + 200));
      held += server.faults.injected.hold ?? 0;
      const jobs = server.state.zone(ZONE).jobs;
      results.forEach((result, index) => {
        runs++;
        expect(result.stderr).not.toMatch(/\n\s+at /);
        const named = jobs.filter((job) => job.name === `held-${index}`);
        if (named.length > 1) duplicates++;
        if (result.code !== 0) return;
        acknowledged++;
        const { job } = JSON.parse(result.stdout) as { job: { id: number } };
        if (!named.some((candidate) => candidate.id === job.id)) lost++;
      });
    }
    console.info(
      `jobs create --timeout 1, POSTs held ${HOLD_MS[0]}-${HOLD_MS[1]} ms: ${runs} runs, ${held} POSTs held, ${acknowledged} exit 0, ${duplicates} duplicates, ${lost} lost`,
    );
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(held).toBeGreaterThanOrEqual(runs);
    expect(acknowledged).toBeGreaterThan(runs / 2);
  });
});
