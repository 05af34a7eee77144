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
import type { Command } from 'commander';
import { type Io, type Output, readTextFile, UsageError } from './io.js';
import { failureOutcome, OUTPUT_FORMATS, type Outcome, type OutputFormat, present, setRunningCommand } from './outcome.js';
import type { ReportDiagnostic } from './report/types.js';
import { useColor } from './terminal.js';
import { docsBase } from './docs/docs-url.js';

export interface GlobalOptions {
  catalog?: string;
  color?: boolean;
  docsUrl?: string;
}

/** The global options when none is given, as commander gives them (`--no-color` makes `color` true by default). */
export const NO_GLOBAL_OPTIONS: Readonly<GlobalOptions> = { color: true };

export class Context {
  /** Set by each command's action. */
  exitCode = 0;
  private loaded: Catalog | undefined;
  private userDatasets: string[] = [];

  constructor(
    private readonly globals: () => GlobalOptions,
    /** Where this run writes, reads and looks: every command goes through it, never through `process`. */
    readonly io: Io,
  ) {}

  /** The built-in catalog, with the datasets of `--catalog FILE` on top. */
  catalog(): Catalog {
    if (this.loaded) return this.loaded;
    const path = this.globals().catalog;
    if (!path) return (this.loaded = builtinCatalog());
    const text = readTextFile(this.io, path, 'catalog');
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

  /**
   * Wraps a command action. One that returns an Outcome has it presented here, in the format its
   * options ask for (`--json`, `--format`); one that returns a number has written its output itself.
   * With `--json`, a usage or I/O error is the envelope too (in text it goes on to main, which says it).
   */
  action<A extends unknown[]>(run: (...args: A) => number | Outcome | Promise<number | Outcome>): (...args: A) => Promise<void> {
    return async (...args: A) => {
      const command = args[args.length - 1] as Command;
      await this.perform(commandPath(command), outputFormat(command.opts()), () => run(...args));
    };
  }

  /** Runs the action of `command` (its words after `logfilter`) and presents its answer in `format`: what `action` does once commander has parsed the line. */
  async perform(command: string, format: OutputFormat, run: () => number | Outcome | Promise<number | Outcome>): Promise<void> {
    setRunningCommand(this.io, command);
    let answer: number | Outcome;
    try {
      answer = await run();
    } catch (error) {
      if (!(error instanceof UsageError) || format !== 'json') throw error;
      answer = failureOutcome(error);
    }
    this.exitCode = typeof answer === 'number' ? answer : this.present(command, answer, format);
  }

  /** Writes an outcome (stdout for machine formats, stderr for diagnostics in text); returns its exit code. */
  present(command: string, outcome: Outcome, format: OutputFormat): number {
    // Asked only when there is something to colour: a clean compile stays free of the terminal check.
    return present(command, outcome, format, this.io, () => format === 'text' && this.colorFor(this.io.stderr), docsBase(this.globals().docsUrl, this.io.env));
  }

  colorFor(stream: Output): boolean {
    return useColor(this.io, stream, this.globals().color);
  }

  printDiagnostics(diagnostics: readonly ReportDiagnostic[], text: string, fileName?: string): void {
    if (diagnostics.length === 0) return;
    this.io.stderr.write(`${renderDiagnostics(diagnostics.map(withCliHint), text, { fileName, color: this.colorFor(this.io.stderr) })}\n`);
  }
}

/** The format a command's options ask for: `--json` is `--format json`. */
export function outputFormat(options: { json?: boolean; format?: string }): OutputFormat {
  if (options.json) return 'json';
  // A command's --format of its own (tail's ndjson and table) is about its records, not its outcome.
  return OUTPUT_FORMATS.includes(options.format as OutputFormat) ? (options.format as OutputFormat) : 'text';
}

/** The command's words after `logfilter`: `check`, `jobs overlap`. */
function commandPath(command: Command): string {
  const words: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}
