/**
 * The CLI's side of @logfilter/terraform: the files it reads from disk, each within its size limit
 * (core's INPUT_LIMITS), and the package's TerraformInputError as the CLI's usage error.
 */
import { cliHint } from '../report/advice.js';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type PathKind, TerraformInputError, type TerraformFile, type TerraformFileSystem, terraformFiles } from '@logfilter/terraform';
import { inCwd, type Io, readTextFile, UsageError } from '../io.js';

/** Node's file system, as the package's folder search asks it, with relative paths taken from the run's working folder. */
const fileSystem = (io: Io): TerraformFileSystem => ({
  kind(path) {
    try {
      const stats = statSync(inCwd(io, path));
      return stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';
    } catch {
      return undefined;
    }
  },
  entries(folder) {
    return readdirSync(inCwd(io, folder), { withFileTypes: true }).map((entry) => {
      const kind: PathKind = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other';
      return { name: entry.name, path: join(folder, entry.name), kind };
    });
  },
});

/** The `.tf` files the paths name (folders searched), each read within the Terraform file limit. */
export function readTerraformFiles(io: Io, paths: readonly string[]): TerraformFile[] {
  return terraformInput(() => terraformFiles(paths, fileSystem(io))).map((name) => ({ name, text: readTextFile(io, name, 'terraform') }));
}

/** A plan in JSON, read within the plan limit (refused by its size before it is read). */
export function readPlanFile(io: Io, path: string): TerraformFile {
  return { name: path, text: readTextFile(io, path, 'plan') };
}

/** Runs the package's readers: an input they cannot read is a usage error (exit 2) with its hint. */
export function terraformInput<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TerraformInputError) throw new UsageError(error.message, error.code, undefined, cliHint(error));
    throw error;
  }
}
