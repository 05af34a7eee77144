/** `logfilter datasets` and `logfilter fields DATASET`: what the catalog holds. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { EXIT_OK } from '../io.js';
import type { Outcome } from '../outcome.js';
import { registerCatalogPull } from './catalog-pull.js';

export function registerCatalog(program: Command, context: Context): void {
  registerCatalogPull(program, context);
  program
    .command('datasets')
    .description('list the datasets of the catalog')
    .option('--json', 'machine output: the JSON envelope with `datasets: [{id, name, scope, fields}]` on stdout')
    .action(
      context.action((): Outcome => {
        const datasets = context.catalog().all();
        const width = Math.max(...datasets.map((d) => d.id.length));
        return {
          exitCode: EXIT_OK,
          result: { datasets: datasets.map((d) => ({ id: d.id, name: d.name, scope: d.scope, fields: d.fields.length })) },
          stdout: datasets.map((dataset) => `${dataset.id.padEnd(width)}  ${dataset.scope.padEnd(7)}  ${dataset.fields.length} fields\n`).join(''),
        };
      }),
    );

  program
    .command('fields')
    .description('list the fields of a dataset with their types')
    .argument('<dataset>', 'dataset name, e.g. http_requests')
    .option('--json', 'machine output: the JSON envelope with `fields: [{name, type, description, filterable, deprecated}]` on stdout')
    .action(
      context.action((name: string): Outcome => {
        const dataset = context.dataset(name);
        const nameWidth = Math.max(...dataset.fields.map((f) => f.name.length));
        const typeWidth = Math.max(...dataset.fields.map((f) => f.type.length));
        const lines = dataset.fields.map((field) => {
          const notes = [!field.filterable && 'not filterable', field.deprecated && 'deprecated'].filter(Boolean).join(', ');
          const description = field.description + (notes ? ` [${notes}]` : '');
          return `${field.name.padEnd(nameWidth)}  ${field.type.padEnd(typeWidth)}  ${description}\n`;
        });
        const fields = dataset.fields.map(({ name, type, description, filterable, deprecated }) => ({ name, type, description, filterable, deprecated }));
        return { exitCode: EXIT_OK, result: { dataset: dataset.id, fields }, stdout: lines.join('') };
      }),
    );
}
