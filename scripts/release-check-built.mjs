// The prepack guard of every published package: refuses to pack a package whose build output is
// missing (a tarball of package.json and README alone), naming the files and the command to run.
// Runs in the package's folder; checks every file its bin and exports (or publishConfig.exports) name.
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const targets = new Set();
const collect = (value) => {
  if (typeof value === 'string') targets.add(value);
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
};
collect(manifest.bin);
collect(manifest.publishConfig?.exports ?? manifest.exports);
if (manifest.name === '@logfilter/cli')
  for (const file of ['dist/logfilter.cjs', 'dist/language.cjs', 'dist/plain.cjs', 'dist/lsp.cjs', 'dist/ws.cjs', 'dist/test-worker.cjs']) targets.add(file);

// A pattern export (`./dist/catalog/*.json`) needs its folder; a plain one its file.
const missing = [...targets].map((target) => (target.includes('*') ? target.slice(0, target.lastIndexOf('/')) : target)).filter((path) => !existsSync(path));
if (missing.length > 0) {
  process.stderr.write(
    `error: ${manifest.name} is not built: missing ${missing.join(', ')}\n` +
      '  hint: run `pnpm run build` at the repository root before packing or publishing\n',
  );
  process.exit(1);
}
