/** What every command shares: the global options, the catalog, and how results are written. */
import { builtinCatalog, parseCatalog, renderDiagnostics, resolveDataset, type Catalog, type Dataset, type Diagnostic } from '@logfilter/core';
import { readTextFile, UsageError } from './io.js';
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

  /** The dataset named, or the user catalog's only dataset, or the default (`http_requests`): core's one resolver. */
  dataset(name: string | undefined): Dataset {
    const only = this.catalog() && this.userDatasets.length === 1 ? this.userDatasets[0] : undefined;
    const resolved = resolveDataset({ dataset: name ?? only, catalog: this.catalog() });
    if (resolved.error) {
      const { message, hint } = resolved.error;
      throw new UsageError(`${message}; ${hint}${hint.startsWith('did you mean') ? ' (`logfilter datasets` lists them)' : ''}`, 'unknown-dataset');
    }
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

  printDiagnostics(diagnostics: readonly Diagnostic[], text: string, fileName?: string): void {
    if (diagnostics.length === 0) return;
    process.stderr.write(`${renderDiagnostics(diagnostics, text, { fileName, color: this.colorFor(process.stderr) })}\n`);
  }
}
