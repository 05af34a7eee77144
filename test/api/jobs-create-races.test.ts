/**
 * `jobs.create` through a network that holds its POSTs past the client's time-out: a POST the client
 * gave up on still lands, so the list that decides "not created" must come after it can no longer land,
 * and nothing created twice may go unreported. Many creates at once, every POST held a time drawn
 * between 0 and nearly twice the time-out, over several seeds.
 */
import { UnconfirmedWriteError } from '@logfilter/api';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, ZONE } from '../support/emulator.js';

const DESTINATION = 's3://bucket/logs?region=us-east-1';
/** The client's time-out per attempt; holds go up to twice it, the window the create waits out. */
const TIMEOUT_MS = 300;
/**
 * Holds up to 1.8 times the time-out: the window the create waits out is twice the time-out plus
 * CREATE_LAND_MARGIN_MS, and the client and the emulator share this process: the rest is room for a
 * loaded machine.
 */
const HOLD_MS = 540;
const SEEDS = [11, 22, 33, 44];
const CREATES_PER_SEED = 12;

describe('jobs.create through a network that holds POSTs past the time-out', () => {
  it(`creates no job twice, and loses none it reported, over ${SEEDS.length} seeds of ${CREATES_PER_SEED} creates`, async () => {
    let acknowledged = 0;
    let duplicates = 0;
    let lost = 0;
    let reportedTwice = 0;
    let held = 0;
    for (const seed of SEEDS) {
      const server = await emulator();
      server.faults.random({ seed, holdWrites: { ms: [0, HOLD_MS] } });
      const client = clientOf(server, { timeoutMs: TIMEOUT_MS });
      const outcomes = await Promise.all(
        Array.from({ length: CREATES_PER_SEED }, (_, index) =>
          client.jobs.create(ZONE, { name: `held-${index}`, destination_conf: DESTINATION }).then(
            (result) => ({ ok: true as const, id: result.job!.id }),
            (error: unknown) => ({ ok: false as const, error: error as Error }),
          ),
        ),
      );
      // Every POST that was held must have landed before the jobs are counted.
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS + 100));
      held += server.faults.injected.hold ?? 0;
      const jobs = server.state.zone(ZONE).jobs;
      outcomes.forEach((outcome, index) => {
        const named = jobs.filter((job) => job.name === `held-${index}`);
        if (named.length > 1) {
          duplicates++;
          // Created twice is never reported as one job: the create fails and names both.
          if (!outcome.ok && outcome.error instanceof UnconfirmedWriteError) reportedTwice++;
        }
        if (!outcome.ok) return;
        acknowledged++;
        if (!named.some((job) => job.id === outcome.id)) lost++;
      });
    }
    console.info(
      `jobs.create, POSTs held 0-${HOLD_MS} ms, time-out ${TIMEOUT_MS} ms: ${SEEDS.length * CREATES_PER_SEED} runs, ${held} POSTs held, ${acknowledged} acknowledged, ${duplicates} duplicates (${reportedTwice} reported), ${lost} lost`,
    );
    expect(held).toBeGreaterThanOrEqual(SEEDS.length * CREATES_PER_SEED);
    expect(duplicates).toBe(0);
    expect(reportedTwice).toBe(duplicates);
    expect(lost).toBe(0);
    expect(acknowledged).toBeGreaterThan((SEEDS.length * CREATES_PER_SEED) / 2);
  });

  it('reports both jobs when a first POST held past the window lands while the second is answered', async () => {
    const server = await emulator();
    // The first POST times out at 1 s and lands at 2.6 s; the create waits out its window (2.5 s) and
    // sends a second, applied at once and answered 0.7 s later; the first lands in between.
    server.faults.add({ method: 'POST', fault: { kind: 'hold', ms: 2600 } });
    server.faults.add({ method: 'POST', fault: { kind: 'slow-answer', ms: 700 } });
    const outcome = await clientOf(server, { timeoutMs: 1000 })
      .jobs.create(ZONE, { name: 'late', destination_conf: DESTINATION })
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    expect(server.state.zone(ZONE).jobs.map((job) => job.id)).toEqual([1, 2]);
    expect(outcome).toBeInstanceOf(UnconfirmedWriteError);
    expect(outcome).toMatchObject({ written: 'applied', details: ['job 1', 'job 2'] });
    expect(outcome!.message).toMatch(
      /^job 1 'late' was created, and job 2 with the same name, destination and every other member of this create appeared too: /,
    );
  });
});
