/**
 * The API reports (packages/NAME/api.md, scripts/api-report.mjs): each committed one is what the
 * built declarations make now, and a report lists what the entry points export and what that names.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { apiReports } from '../../scripts/api-report.mjs';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REFRESH = "run `pnpm api:report` and commit the report (a change of the package's public API)";

describe('the committed API reports', () => {
  const reports = apiReports();

  it('cover every published package', () => {
    expect(reports.map((report) => report.file)).toContain(join('packages', 'core', 'api.md'));
    expect(reports.map((report) => report.file)).not.toContain(join('packages', 'playground', 'api.md'));
  });

  for (const { file, text } of reports) {
    it(`${file} is the API the build declares`, () => {
      const path = join(REPO_ROOT, file);
      expect(existsSync(path), `${file} is missing: ${REFRESH}`).toBe(true);
      expect(readFileSync(path, 'utf8'), `${file} differs from the built declarations: ${REFRESH}`).toBe(text);
    });
  }
});

describe('a report', () => {
  const root = mkdtempSync(join(tmpdir(), 'api-report-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** packages/NAME with its package.json and files (path -> text). */
  function pkg(folder: string, manifest: object, files: Record<string, string>): void {
    mkdirSync(join(root, 'packages', folder, 'dist'), { recursive: true });
    writeFileSync(join(root, 'packages', folder, 'package.json'), JSON.stringify(manifest));
    for (const [path, text] of Object.entries(files)) writeFileSync(join(root, 'packages', folder, path), text);
  }
  pkg(
    'lib',
    { name: '@x/lib', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } },
    {
      'dist/index.d.ts': ["export { zeta, type Alpha } from './alpha.js';", "export { beta as renamed } from './alpha.js';", ''].join('\n'),
      'dist/alpha.d.ts': [
        '/** Kept to itself, but named by Alpha. */',
        'interface Hidden { size: number; }',
        'interface Unnamed { never: true; }',
        '/** The first. */',
        'export interface Alpha { hidden: Hidden; }',
        'export declare function zeta(alpha: Alpha): void;',
        'export declare const beta = 2;',
        '',
      ].join('\n'),
    },
  );
  pkg('app', { name: '@x/app', private: true, exports: { '.': { types: './dist/index.d.ts' } } }, { 'dist/index.d.ts': 'export declare const app = 1;\n' });

  it('lists the exports sorted, without comments, then what they name that is not exported; a private package has none', () => {
    const reports = apiReports(root);
    expect(reports.map((report) => report.file)).toEqual([join('packages', 'lib', 'api.md')]);
    const text = reports[0].text;
    expect(text).toContain('# API report: @x/lib');
    const [exported, named] = text.split('## Not exported, named by the exports');
    expect(exported).toContain(
      '## @x/lib\n\n```ts\ninterface Alpha {\n    hidden: Hidden;\n}\n// exported as renamed\nconst beta = 2;\nfunction zeta(alpha: Alpha): void;\n```',
    );
    expect(named).toContain('interface Hidden {\n    size: number;\n}');
    expect(text).not.toContain('Unnamed');
    expect(text).not.toContain('The first');
    expect(text).not.toContain('export ');
  });

  it('asks for a build when a declaration file is missing', () => {
    rmSync(join(root, 'packages', 'lib', 'dist', 'index.d.ts'));
    expect(() => apiReports(root)).toThrow(`${join('packages', 'lib', 'dist', 'index.d.ts')} missing: build the packages first (pnpm exec tsc -b)`);
  });
});
