// The documentation site's VitePress configuration. It builds as plain pages without client-side
// routing (`mpa`), and scripts/docs-generate.mjs --relative then makes every address in the output
// relative, so the site can be served from any path (GitHub Pages too): VitePress's router and
// hydration need the base address fixed at build time, plain pages and relative links do not.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';

const DOCS = join(dirname(fileURLToPath(import.meta.url)), '..');
const pagesIn = (folder) =>
  readdirSync(join(DOCS, folder))
    .filter((file) => file.endsWith('.md') && file !== 'index.md')
    .map((file) => file.slice(0, -3))
    .sort();

export default defineConfig({
  title: 'logfilter',
  description: 'Readable log delivery filters, compiled to the checked JSON the service takes',
  // docs/README.md describes the site's sources; it is not a page.
  srcExclude: ['README.md'],
  base: '/',
  mpa: true,
  cleanUrls: false,
  // The pages moved from the README link to repository files and the playground by full address.
  ignoreDeadLinks: [/^https?:/],
  lastUpdated: false,
  // `pnpm docs:dev` listens on loopback only.
  vite: { server: { host: '127.0.0.1' } },
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Language', link: '/language' },
      { text: 'CLI', link: '/reference/cli/index' },
      { text: 'Diagnostics', link: '/diagnostics/index' },
      { text: 'Playground', link: '/playground' },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'The filter language', link: '/language' },
          { text: 'Grammar', link: '/reference/grammar' },
          { text: 'The command line', link: '/command-line' },
          { text: 'Playground', link: '/playground' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Terraform', link: '/guides/terraform' },
          { text: 'The service API with the emulator', link: '/guides/service' },
          { text: 'Live logs', link: '/guides/live-logs' },
          { text: 'SQL dialects', link: '/guides/sql' },
          { text: 'Reviewing changes with diff', link: '/guides/diff' },
          { text: 'Round trip and evaluation', link: '/guides/round-trip' },
          { text: 'Reliability', link: '/guides/reliability' },
          { text: 'The library', link: '/guides/library' },
          { text: 'Performance', link: '/guides/performance' },
        ],
      },
      {
        text: 'CLI reference',
        collapsed: true,
        items: [
          { text: 'All commands', link: '/reference/cli/index' },
          ...pagesIn('reference/cli').map((page) => ({ text: page.replace(/-/g, ' '), link: `/reference/cli/${page}` })),
        ],
      },
      {
        text: 'Diagnostic codes',
        collapsed: true,
        items: [{ text: 'All codes', link: '/diagnostics/index' }, ...pagesIn('diagnostics').map((page) => ({ text: page, link: `/diagnostics/${page}` }))],
      },
    ],
  },
});
