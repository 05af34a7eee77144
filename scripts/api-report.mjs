#!/usr/bin/env node
/**
 * The API report of each published package: packages/NAME/api.md, every declaration its entry
 * points export, read from the built declarations (dist/*.d.ts, so run `tsc -b` first) with
 * TypeScript's checker, comments left out, sorted by name; then the declarations the package keeps
 * to itself that those name (a change to one of them changes the API too). `pnpm api:report`
 * rewrites the reports; test/lint/api-report.test.ts fails while a committed one differs from a
 * fresh one, so a change of a package's API shows in review as a change of its api.md.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REFRESH = 'pnpm api:report';
/** Kinds of symbol a report lists when an exported declaration names one the package does not export. */
const DECLARED = ts.SymbolFlags.Type | ts.SymbolFlags.Value;

/** The published packages (`private` not set) of packages/*, with their entry points' declaration files. */
function publicPackages(root = REPO_ROOT) {
  const found = [];
  for (const entry of readdirSync(join(root, 'packages'), { withFileTypes: true })) {
    const folder = join(root, 'packages', entry.name);
    const manifestFile = join(folder, 'package.json');
    if (!entry.isDirectory() || !existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.private) continue;
    const entries = [];
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target === 'object' && typeof target.types === 'string') entries.push({ subpath, types: join(folder, target.types) });
    }
    found.push({ name: manifest.name, folder, report: join(folder, 'api.md'), entries });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The reports as they would be written now: [{ file, text }], file relative to `root`. */
export function apiReports(root = REPO_ROOT) {
  const packages = publicPackages(root);
  const entryFiles = packages.flatMap((pkg) => pkg.entries.map((entry) => entry.types));
  const missing = entryFiles.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`${missing.map((file) => relative(root, file)).join(', ')} missing: build the packages first (pnpm exec tsc -b)`);
  }
  const program = ts.createProgram(entryFiles, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  return packages.map((pkg) => ({ file: relative(root, pkg.report), text: packageReport(pkg, program, checker, printer) }));
}

function packageReport(pkg, program, checker, printer) {
  const own = pkg.folder + sep;
  const exported = new Set();
  const sections = [];
  for (const entry of pkg.entries) {
    const source = program.getSourceFile(entry.types);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const lines = [];
    for (const symbol of [...checker.getExportsOfModule(moduleSymbol)].sort(byName)) {
      const target = resolved(checker, symbol);
      exported.add(target);
      if (target.name !== symbol.name) lines.push(`// exported as ${symbol.name}`);
      for (const node of declarationsOf(target)) lines.push(printed(printer, node));
    }
    const specifier = entry.subpath === '.' ? pkg.name : `${pkg.name}/${entry.subpath.replace(/^\.\//, '')}`;
    sections.push(`## ${specifier}\n\n\`\`\`ts\n${lines.join('\n')}\n\`\`\``);
  }

  // What the exported declarations name from the package's own files without exporting it, and so on from those.
  const named = new Set();
  const queue = [...exported];
  while (queue.length > 0) {
    for (const node of declarationsOf(queue.shift())) {
      visitNames(node, (name) => {
        const symbol = checker.getSymbolAtLocation(name);
        if (!symbol) return;
        const target = resolved(checker, symbol);
        if (!(target.flags & DECLARED) || exported.has(target) || named.has(target)) return;
        const declarations = target.declarations ?? [];
        if (declarations.length === 0 || !declarations.every((d) => d.getSourceFile().fileName.startsWith(own) && isTopLevel(d))) return;
        named.add(target);
        queue.push(target);
      });
    }
  }
  if (named.size > 0) {
    const lines = [...named].sort(byName).flatMap((symbol) => declarationsOf(symbol).map((node) => printed(printer, node)));
    sections.push(`## Not exported, named by the exports\n\n\`\`\`ts\n${lines.join('\n')}\n\`\`\``);
  }
  const entries = pkg.entries.map((entry) => relative(pkg.folder, entry.types).split(sep).join('/')).join(', ');
  const header = [
    `# API report: ${pkg.name}`,
    `<!-- Written by \`${REFRESH}\` (scripts/api-report.mjs) from ${entries}; do not edit. test/lint/api-report.test.ts checks it. -->`,
  ];
  return `${[...header, ...sections].join('\n\n')}\n`;
}

const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function resolved(checker, symbol) {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** A symbol's declarations as statements (a variable's is its `const` statement), each once. */
function declarationsOf(symbol) {
  const nodes = new Set();
  for (const declaration of symbol.declarations ?? []) {
    nodes.add(ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration);
  }
  return [...nodes];
}

function isTopLevel(declaration) {
  const statement = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  return ts.isSourceFile(statement.parent);
}

/** The identifiers a declaration names as a type or a value of its signature (`typeof X`, `extends X`, `X<T>`). */
function visitNames(node, visit) {
  if (ts.isTypeReferenceNode(node)) visit(rightmost(node.typeName));
  else if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)) visit(node.expression);
  else if (ts.isTypeQueryNode(node)) visit(rightmost(node.exprName));
  ts.forEachChild(node, (child) => visitNames(child, visit));
}

function rightmost(name) {
  return ts.isQualifiedName(name) ? name.right : name;
}

/** A declaration as the report shows it: without `export`, `declare` or `default`, which say nothing here. */
function printed(printer, node) {
  const text = printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile());
  return text.replace(/^(?:(?:export|declare|default)\s+)+/, '');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let reports;
  try {
    reports = apiReports();
  } catch (error) {
    process.stderr.write(`api-report: ${error.message}\n`);
    process.exit(2);
  }
  for (const { file, text } of reports) {
    const path = join(REPO_ROOT, file);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (before === text) continue;
    writeFileSync(path, text);
    process.stdout.write(`api-report: ${before === undefined ? 'wrote' : 'updated'} ${file}\n`);
  }
  process.stdout.write(`api-report: ${reports.length} reports up to date\n`);
}
