/** `logfilter datasets` and `logfilter fields DATASET`: what the catalog holds. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { EXIT_OK } from '../io.js';
import { registerCatalogPull } from './catalog-pull.js';

export function registerCatalog(program: Command, context: Context): void {
  const { io } = context;
  registerCatalogPull(program, context);
  program
    .command('datasets')
    .description('list the datasets of the catalog')
    .option('--json', 'machine output')
    .action(
      context.action((flags: { json?: boolean }) => {
        const datasets = context.catalog().all();
        if (flags.json) {
          io.stdout.write(`${JSON.stringify(datasets.map((d) => ({ id: d.id, name: d.name, scope: d.scope, fields: d.fields.length })))}\n`);
          return EXIT_OK;
        }
        const width = Math.max(...datasets.map((d) => d.id.length));
        for (const dataset of datasets) {
          io.stdout.write(`${dataset.id.padEnd(width)}  ${dataset.scope.padEnd(7)}  ${dataset.fields.length} fields\n`);
        }
        return EXIT_OK;
      }),
    );

  program
    .command('fields')
    .description('list the fields of a dataset with their types')
    .argument('<dataset>', 'dataset name, e.g. http_requests')
    .option('--json', 'machine output')
    .action(
      context.action((name: string, flags: { json?: boolean }) => {
        const dataset = context.dataset(name);
        if (flags.json) {
          io.stdout.write(
            JSON.stringify(dataset.fields.map(({ name, type, description, filterable, deprecated }) => ({ name, type, description, filterable, deprecated }))) +
              '\n',
          );
          return EXIT_OK;
        }
        const nameWidth = Math.max(...dataset.fields.map((f) => f.name.length));
        const typeWidth = Math.max(...dataset.fields.map((f) => f.type.length));
        for (const field of dataset.fields) {
          const notes = [!field.filterable && 'not filterable', field.deprecated && 'deprecated'].filter(Boolean).join(', ');
          const description = field.description + (notes ? ` [${notes}]` : '');
          io.stdout.write(`${field.name.padEnd(nameWidth)}  ${field.type.padEnd(typeWidth)}  ${description}\n`);
        }
        return EXIT_OK;
      }),
    );
}
