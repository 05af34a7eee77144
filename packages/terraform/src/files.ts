/**
 * Which `.tf` files a list of paths names, through a small file-system interface the caller gives
 * (the CLI gives Node's; a test or an editor can give its own), so that this package reads no disk
 * itself. Reading each file, with whatever size limit the caller keeps, is the caller's.
 */
import { TerraformInputError } from './errors.js';

/** What a path is: a folder, a file, or something else; undefined when nothing is there. */
export type PathKind = 'folder' | 'file' | 'other';

/** The little of a file system that finding `.tf` files needs. */
export interface TerraformFileSystem {
  /** What is at `path`, or undefined when nothing is. */
  kind(path: string): PathKind | undefined;
  /** The entries of a folder: each one's name, its path as the caller writes paths, and its kind. */
  entries(folder: string): ReadonlyArray<{ name: string; path: string; kind: PathKind }>;
}

/** A Terraform file given to the readers: its name (for reports) and its text. */
export interface TerraformFile {
  name: string;
  text: string;
}

/**
 * The `.tf` files the paths name: a file itself, or those under a folder in name order (hidden
 * entries, `.terraform` among them, skipped). A path with nothing there is an `io-error`.
 */
export function terraformFiles(paths: readonly string[], fs: TerraformFileSystem): string[] {
  return paths.flatMap((path) => {
    const kind = fs.kind(path);
    if (kind === undefined) throw new TerraformInputError(`cannot read ${path}: no such file or folder`, 'io-error', { file: path });
    return kind === 'folder' ? inFolder(path, fs) : [path];
  });
}

function inFolder(folder: string, fs: TerraformFileSystem): string[] {
  const found: string[] = [];
  for (const entry of [...fs.entries(folder)].sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    if (entry.kind === 'folder') found.push(...inFolder(entry.path, fs));
    else if (entry.kind === 'file' && entry.name.endsWith('.tf')) found.push(entry.path);
  }
  return found;
}
