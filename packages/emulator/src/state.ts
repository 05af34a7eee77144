/** The emulator's data: rulesets and jobs by zone, in memory, optionally kept in a JSON file. */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Job } from '@logfilter/api';
import type { CustomFieldRule } from '@logfilter/core';

/** Random bytes in a temporary file's name (`FILE.<16 hex digits>.tmp`). */
const TEMPORARY_NAME_BYTES = 8;

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

/** A job as the emulator keeps and answers it: the service's wire shape (`Job`), every member there. */
export interface StoredJob extends Job {
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
  /** Snapshots of each ruleset after each change, by ruleset id, oldest first (see versions.ts). */
  rulesetVersions?: Record<string, StoredRuleset[]>;
}

/** A change that could not be saved, and was undone: it must be answered as a failure, never acknowledged. */
export class SaveFailure extends Error {
  constructor(readonly cause: Error) {
    super(`the change was not kept: saving the state failed (${cause.message}); it was undone`);
    this.name = 'SaveFailure';
  }
}

export class EmulatorState {
  data: StateData;
  /** The state as last saved (or loaded), as written: what a failed save goes back to. */
  private saved: string;
  /** Set by the `fail-save` fault: the next save fails as a full disk would (with a state file only). */
  failNextSave = false;

  /** Loads `path` when it exists; a file that is not emulator state is an error, never overwritten. */
  constructor(private readonly path?: string) {
    this.data = path && checkStatePath(path) ? load(path) : { nextJobId: 1, zones: {} };
    this.saved = JSON.stringify(this.data);
    if (path) removeStaleTemporaries(path);
  }

  zone(id: string): ZoneState {
    return (this.data.zones[id] ??= { rulesets: [], jobs: [] });
  }

  nextJobId(): number {
    return this.data.nextJobId++;
  }

  /**
   * Writes the state file atomically: a crash (even kill -9) leaves the old file or the new one, never
   * half of one. It is synchronous, so a change is on disk before its answer is sent, and no other
   * request is handled in between. The temporary file beside it has an unpredictable name and is
   * created exclusively, so a link planted in the folder is never written through; it is removed
   * when the save fails. A save that fails (a full disk, a value that cannot be written) puts the state
   * back as last saved and throws SaveFailure: the change is undone, and its request answered 5xx.
   */
  save(): void {
    if (!this.path) return;
    const temporary = `${this.path}.${randomBytes(TEMPORARY_NAME_BYTES).toString('hex')}.tmp`;
    let text: string;
    try {
      if (this.failNextSave) {
        this.failNextSave = false;
        throw Object.assign(new Error('no space left on device (injected by the fail-save fault)'), { code: 'ENOSPC' });
      }
      text = JSON.stringify(this.data, null, 2);
      const fd = openSync(temporary, 'wx');
      try {
        writeSync(fd, `${text}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.path);
    } catch (error) {
      // Never a file of someone else's: 'wx' failed on an existing name before creating anything.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') rmSync(temporary, { force: true });
      // The change lives only in memory: undone, so that nothing unsaved is ever read or acknowledged.
      this.data = JSON.parse(this.saved) as StateData;
      throw new SaveFailure(error as Error);
    }
    this.saved = text;
    syncDirectory(dirname(this.path));
  }
}

/** True when there is a state file to load; a directory, or a file in a missing folder, stops the start. */
function checkStatePath(path: string): boolean {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) throw new Error(`the state path ${path} is a directory: name a file in it, such as ${join(path, 'emulator-state.json')}`);
  if (stats) return true;
  const folder = statSync(dirname(path), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) throw new Error(`the folder of the state file ${path} does not exist: create ${dirname(path)} first`);
  return false;
}

/**
 * A temporary file left by an emulator killed in the middle of a save (`FILE.<16 hex digits>.tmp`,
 * or `FILE.<pid>.tmp` from an older emulator); unlinking a link removes the link, never its target.
 */
function removeStaleTemporaries(path: string): void {
  const prefix = `${basename(path)}.`;
  const temporary = new RegExp(`^(\\d+|[0-9a-f]{${TEMPORARY_NAME_BYTES * 2}})\\.tmp$`);
  for (const name of readdirSync(dirname(path))) {
    if (name.startsWith(prefix) && temporary.test(name.slice(prefix.length))) unlinkSync(join(dirname(path), name));
  }
}

/** The rename itself is made durable by syncing the folder; where a folder cannot be opened, the rename stands. */
function syncDirectory(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
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
