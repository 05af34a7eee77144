/**
 * The emulator's state file under a crash: kill -9 in the middle of a burst of writes, then a restart
 * on the same file, must give readable state holding every write that was acknowledged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient } from '@logfilter/api';
import { customFieldNames } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { mapLimited } from '../support/cli.js';
import { TOKEN } from '../support/emulator.js';
import { startEmulatorProcess } from './support.js';

const ZONES = 80;
const KILL_AFTER = 25;

describe('the emulator killed with SIGKILL during a burst of writes', () => {
  it('restarts on the same --state file holding every acknowledged write', async () => {
    const first = await startEmulatorProcess(['--latency', '0-5']);
    // No retries: once the emulator is gone a write fails at once instead of waiting it out.
    const client = createClient({ baseUrl: first.baseUrl, credentials: { token: TOKEN }, env: {}, retries: 0, retryBaseMs: 1 });
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    await mapLimited(
      Array.from({ length: ZONES }, (_, index) => index.toString(16).padStart(32, 'a')),
      async (zone) => {
        try {
          await client.customFields.set(zone, { cookie: [`c-${zone}`] });
          acknowledged.push(zone);
          if (acknowledged.length === KILL_AFTER) killed = first.kill();
        } catch {
          // Writes after the kill fail; only the acknowledged ones are promised.
        }
      },
      6,
    );
    await killed;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length).toBeLessThan(ZONES);
    expect(() => JSON.parse(readFileSync(first.statePath, 'utf8'))).not.toThrow();

    const second = await startEmulatorProcess([], first.statePath);
    expect(readdirSync(dirname(first.statePath)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const reader = createClient({ baseUrl: second.baseUrl, credentials: { token: TOKEN }, env: {} });
    const missing: string[] = [];
    for (const zone of acknowledged) {
      const { ruleset } = await reader.customFields.get(zone);
      if (!customFieldNames(ruleset?.rules ?? []).cookie_fields.includes(`c-${zone}`)) missing.push(zone);
    }
    expect(missing).toEqual([]);
    await second.stop();
  });
});
