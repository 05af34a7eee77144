/** What every command shares: the global options, the catalog, and how results are written. */
import { cliHint, withCliHint } from './report/advice.js';
import {
  builtinCatalog,
  parseCatalog,
  renderDiagnostics,
  resolveDataset,
  type Catalog,
  type Dataset,
  type DatasetResolution,
  type JobScope,
} from '@logfilter/core';
import { readTextFile, UsageError } from './io.js';
import type { ReportDiagnostic } from './report/types.js';
import { useColor } from './terminal.js';

export interface GlobalOptions {
  catalog?: string;
  color?: boolean;
}

export class Context {
  /** Set by each command's action. */
  exitCode = 0;
  private loaded: Catalog | undefined;
  private userDatasets: string[] = [];

  constructor(private readonly globals: () => GlobalOptions) {}

  /** The built-in catalog, with the datasets of `--catalog FILE` on top. */
  catalog(): Catalog {
    if (this.loaded) return this.loaded;
    const path = this.globals().catalog;
    if (!path) return (this.loaded = builtinCatalog());
    const text = readTextFile(path, 'catalog');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`catalog ${path} is not valid JSON: ${(error as Error).message}`, 'io-error');
    }
    const { datasets, errors } = parseCatalog(value);
    if (errors.length > 0) throw new UsageError(`catalog ${path} is not usable:\n  ${errors.join('\n  ')}`, 'io-error');
    this.userDatasets = datasets.map((dataset) => dataset.id);
    return (this.loaded = builtinCatalog().extend(datasets));
  }

  /** Core's one resolver over this catalog: the dataset named, else the user catalog's only dataset, else the default (`http_requests`). */
  resolveDataset(name: string | undefined, scope?: JobScope): DatasetResolution {
    const only = this.catalog() && this.userDatasets.length === 1 ? this.userDatasets[0] : undefined;
    return resolveDataset({ dataset: name ?? only, catalog: this.catalog(), scope });
  }

  /** The dataset `resolveDataset` finds; an unknown name is a usage error (exit 2). */
  dataset(name: string | undefined): Dataset {
    const resolved = this.resolveDataset(name);
    if (resolved.error) throw new UsageError(`${resolved.error.message}; ${cliHint(resolved.error)}`, 'unknown-dataset');
    return resolved.dataset;
  }

  /** Wraps a command action that returns its exit code. */
  action<A extends unknown[]>(run: (...args: A) => number | Promise<number>): (...args: A) => Promise<void> {
    return async (...args: A) => {
      this.exitCode = await run(...args);
    };
  }

  colorFor(stream: NodeJS.WriteStream): boolean {
    return useColor(stream, this.globals().color);
  }

  printDiagnostics(diagnostics: readonly ReportDiagnostic[], text: string, fileName?: string): void {
    if (diagnostics.length === 0) return;
    process.stderr.write(`${renderDiagnostics(diagnostics.map(withCliHint), text, { fileName, color: this.colorFor(process.stderr) })}\n`);
  }
}
