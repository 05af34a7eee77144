/** The emulator's data: rulesets and jobs by zone, in memory, optionally kept in a JSON file. */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { CustomFieldRule } from '@logfilter/core';

export interface StoredRule extends CustomFieldRule {
  id: string;
  version: string;
  ref: string;
  last_updated: string;
  enabled: boolean;
}

export interface StoredRuleset {
  id: string;
  name: string;
  description: string;
  kind: string;
  phase: string;
  version: string;
  last_updated: string;
  rules: StoredRule[];
}

export interface StoredJob {
  id: number;
  name: string | null;
  dataset: string;
  enabled: boolean;
  destination_conf: string;
  logpull_options: string | null;
  filter: string | null;
  frequency: string;
  kind: string;
  last_complete: string | null;
  last_error: string | null;
  error_message: string | null;
}

export interface ZoneState {
  rulesets: StoredRuleset[];
  jobs: StoredJob[];
}

export interface StateData {
  nextJobId: number;
  zones: Record<string, ZoneState>;
}

export class EmulatorState {
  data: StateData;

  /** Loads `path` when it exists; a file that is not emulator state is an error, never overwritten. */
  constructor(private readonly path?: string) {
    this.data = path && existsSync(path) ? load(path) : { nextJobId: 1, zones: {} };
  }

  zone(id: string): ZoneState {
    return (this.data.zones[id] ??= { rulesets: [], jobs: [] });
  }

  nextJobId(): number {
    return this.data.nextJobId++;
  }

  /** Writes the state file atomically: a crash leaves the old file or the new one, never half of one. */
  save(): void {
    if (!this.path) return;
    const temporary = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, `${JSON.stringify(this.data, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
  }
}

function load(path: string): StateData {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`the state file ${path} is not readable JSON: ${(error as Error).message}`);
  }
  const data = value as Partial<StateData>;
  if (typeof data !== 'object' || data === null || typeof data.nextJobId !== 'number' || typeof data.zones !== 'object' || data.zones === null) {
    throw new Error(`the state file ${path} does not hold emulator state ({"nextJobId": n, "zones": {...}})`);
  }
  return data as StateData;
}
