/**
 * editors/neovim/logfilter.lua in a real Neovim (Debian's, 0.7.2 on Debian 12: `pnpm test:all` installs
 * it through scripts/ensure-debian-package.sh): headless, it opens a `.lf` file, gives it the
 * logfilter filetype, starts the built CLI's `logfilter lsp` in the right root folder and receives
 * its diagnostics, which a Lua snippet writes to a file before quitting. Every run is bounded.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TABLE } from '@logfilter/core';
import { CLI_BIN, REPO_ROOT } from '../support/cli.js';

const NVIM = '/usr/bin/nvim';
const PLUGIN = join(REPO_ROOT, 'editors', 'neovim', 'logfilter.lua');
/** The server command the tests give the plugin: the built CLI, run by this Node. */
const SERVER_CMD = [process.execPath, CLI_BIN, 'lsp'];
/** How long Neovim waits for diagnostics, and how long a run may take before it is killed. */
const WAIT_MS = 15_000;
const KILL_MS = 30_000;

/** Waits (polling, bounded) for the buffer's diagnostics, writes them and the LSP clients as JSON, and quits. */
const REPORT_LUA = `
local uv = vim.uv or vim.loop
local deadline = uv.now() + tonumber(vim.env.LOGFILTER_TEST_WAIT_MS)
local timer = uv.new_timer()
timer:start(50, 50, vim.schedule_wrap(function()
  local diagnostics = vim.diagnostic.get(0)
  if #diagnostics == 0 and uv.now() < deadline then return end
  timer:stop()
  local result = { filetype = vim.bo.filetype, diagnostics = {}, clients = {} }
  for _, d in ipairs(diagnostics) do
    table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message, source = d.source })
  end
  for _, client in pairs((vim.lsp.get_clients or vim.lsp.get_active_clients)()) do
    table.insert(result.clients, { name = client.name, root_dir = client.config.root_dir })
  end
  local file = assert(io.open(vim.env.LOGFILTER_TEST_OUTPUT, 'w'))
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end))
`;

/**
 * Once the buffer has diagnostics: what the plugin set ('omnifunc', a buffer mapping of K), the
 * syntax groups at the columns given in LOGFILTER_TEST_COLUMNS (line 2), then K on the field at
 * the start of line 2 (the hover's floating window), then CTRL-X CTRL-O at the end of line 2 (the
 * completion items, and any error). Writes them as JSON and quits; bounded by LOGFILTER_TEST_WAIT_MS.
 */
const EDITING_LUA = `
-- Insert mode's '-- INSERT --' and completion's 'match 1 of 2' would go to stderr, headless.
vim.o.showmode = false
vim.opt.shortmess:append('c')
local uv = vim.uv or vim.loop
local deadline = uv.now() + tonumber(vim.env.LOGFILTER_TEST_WAIT_MS)
local stage = 'diagnostics'
local result = { syntax = {} }
local timer = uv.new_timer()
local function finish()
  timer:stop()
  local file = assert(io.open(vim.env.LOGFILTER_TEST_OUTPUT, 'w'))
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end
timer:start(50, 50, vim.schedule_wrap(function()
  if uv.now() > deadline then
    result.timedOut = stage
    return finish()
  end
  if stage == 'diagnostics' then
    if #vim.diagnostic.get(0) == 0 then return end
    result.omnifunc = vim.bo.omnifunc
    local k = vim.fn.maparg('K', 'n', false, true)
    result.kBuffer = type(k) == 'table' and k.buffer == 1
    for column in string.gmatch(vim.env.LOGFILTER_TEST_COLUMNS, '%d+') do
      local id = vim.fn.synID(2, tonumber(column), 1)
      -- The file's group, and the highlight group it ends in (which shows it is coloured).
      result.syntax[column] = vim.fn.synIDattr(id, 'name') .. ' ' .. vim.fn.synIDattr(vim.fn.synIDtrans(id), 'name')
    end
    local comment = vim.fn.synID(1, 1, 1)
    result.syntax['1:1'] = vim.fn.synIDattr(comment, 'name') .. ' ' .. vim.fn.synIDattr(vim.fn.synIDtrans(comment), 'name')
    vim.api.nvim_win_set_cursor(0, { 2, 2 })
    vim.cmd('normal K')
    stage = 'hover'
  elseif stage == 'hover' then
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= '' then
        result.hover = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), '\\n')
      end
    end
    if not result.hover then return end
    vim.api.nvim_win_set_cursor(0, { 2, 0 })
    vim.v.errmsg = ''
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('A<C-x><C-o>', true, false, true), 'n', false)
    stage = 'completion'
  elseif stage == 'completion' then
    local info = vim.fn.complete_info({ 'items' })
    result.errmsg = vim.v.errmsg
    if #info.items == 0 and result.errmsg == '' then return end
    result.completion = {}
    for _, item in ipairs(info.items) do table.insert(result.completion, item.word) end
    finish()
  end
end))
`;

interface Report {
  filetype: string;
  diagnostics: { lnum: number; col: number; severity: number; message: string; source: string }[];
  clients: { name: string; root_dir: string }[];
}

interface Run<R = Report> {
  code: number | null;
  stderr: string;
  report?: R;
}

interface EditingReport {
  timedOut?: string;
  omnifunc: string;
  kBuffer: boolean;
  syntax: Record<string, string>;
  hover?: string;
  completion?: string[];
  errmsg?: string;
}

let dir: string;

beforeAll(() => {
  if (!existsSync(NVIM)) throw new Error(`${NVIM} is missing: pnpm test:all installs it (scripts/ensure-debian-package.sh neovim /usr/bin/nvim)`);
  dir = mkdtempSync(join(tmpdir(), 'logfilter-nvim-'));
  writeFileSync(join(dir, 'report.lua'), REPORT_LUA);
  writeFileSync(join(dir, 'editing.lua'), EDITING_LUA);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(path: string, text: string): string {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
  return full;
}

/** `nvim --headless [--cmd PRE] -u INIT FILE`, the report snippet run once the file is open. */
function nvim<R = Report>(
  init: string,
  target: string,
  options: { pre?: string; waitMs?: number; script?: string; env?: Record<string, string> } = {},
): Promise<Run<R>> {
  const output = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const script = join(dir, options.script ?? 'report.lua');
  const args = ['--headless', '-i', 'NONE', ...(options.pre ? ['--cmd', options.pre] : []), '-u', init, '-c', `luafile ${script}`, target];
  const env = {
    ...process.env,
    // Neovim's state, logs and the LSP log stay in the test's folder.
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    LOGFILTER_TEST_OUTPUT: output,
    LOGFILTER_TEST_WAIT_MS: String(options.waitMs ?? WAIT_MS),
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(NVIM, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr: Buffer[] = [];
    child.stdout.on('data', () => {});
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      const report = existsSync(output) ? (JSON.parse(readFileSync(output, 'utf8')) as R) : undefined;
      resolve({ code, stderr: Buffer.concat(stderr).toString('utf8'), report });
    });
  });
}

/** Sets the plugin's options the way a user can before loading it: `vim.g.logfilter`. */
function globalOptions(options: Record<string, unknown>): string {
  return `lua vim.g.logfilter = vim.fn.json_decode([==[${JSON.stringify(options)}]==])`;
}

describe('editors/neovim/logfilter.lua', () => {
  it('opened with nvim -u, shows the server error of a bad .lf file, rooted at the .logfilter marker above it', async () => {
    writeFileSync(file('project/.logfilter', ''), '');
    // A first line starting with '#' is what makes Neovim 0.7 call a .lf file 'conf' on its own.
    const target = file('project/filters/bad.lf', '# a bad filter\nClientCountry eq us AND\n');
    const run = await nvim(PLUGIN, target, { pre: globalOptions({ cmd: SERVER_CMD }) });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.report).toMatchObject({ filetype: 'logfilter', clients: [{ name: 'logfilter', root_dir: join(dir, 'project') }] });
    expect(run.report?.diagnostics).toEqual([expect.objectContaining({ lnum: 1, col: 23, severity: 1, source: 'logfilter' })]);
    expect(run.report?.diagnostics[0].message).toMatch(/^expected a field name or '\(' after 'AND'/);
  });

  it("loaded from a user's init.lua with setup(), checks against its dataset, rooted at the file's folder without a marker", async () => {
    // A marker list of its own replaces the default one: the '.git' above is no marker any more.
    mkdirSync(join(dir, '.git'), { recursive: true });
    const init = file(
      'config/init.lua',
      `dofile(${JSON.stringify(PLUGIN)}).setup({ cmd = vim.fn.json_decode([==[${JSON.stringify(SERVER_CMD)}]==]), dataset = 'dns_logs', root_markers = { '.none' } })\n`,
    );
    const target = file('loose/dns.lf', 'QueryNam eq example.com\n');
    const run = await nvim(init, target);
    expect(run.stderr).toBe('');
    expect(run.report).toMatchObject({ filetype: 'logfilter', clients: [{ name: 'logfilter', root_dir: join(dir, 'loose') }] });
    expect(run.report?.diagnostics).toEqual([expect.objectContaining({ lnum: 0, col: 0, severity: 1 })]);
    expect(run.report?.diagnostics[0].message).toContain("unknown field 'QueryNam' in dataset dns_logs");
  });

  it('completes with CTRL-X CTRL-O, hovers on K and highlights by syntax where Neovim (0.7) does none of it itself', async () => {
    const line = 'QueryName eq "a\\"b" AND ResponseCode lt 3 AND Query';
    const target = file('editing/dns.lf', `# dataset: dns_logs\n${line}\n`);
    const at = (text: string) => line.indexOf(text) + 1;
    const columns = { field: 1, operator: at('eq'), string: at('"a'), escape: at('\\'), keyword: at('AND'), number: at('3 ') };
    const run = await nvim<EditingReport>(PLUGIN, target, {
      pre: globalOptions({ cmd: SERVER_CMD }),
      script: 'editing.lua',
      env: { LOGFILTER_TEST_COLUMNS: Object.values(columns).join(' ') },
    });
    expect(run.stderr).toBe('');
    const report = run.report as EditingReport;
    expect(report.timedOut).toBeUndefined();
    expect(report.syntax['1:1']).toBe('logfilterComment Comment');
    expect(report.omnifunc).toBe('v:lua.vim.lsp.omnifunc');
    expect(report.kBuffer).toBe(true);
    const groups = Object.fromEntries(Object.entries(columns).map(([role, column]) => [role, report.syntax[String(column)]]));
    // Linked to Identifier, Operator, String, SpecialChar, Keyword and Number, which the colour scheme colours.
    expect(groups).toEqual({
      field: 'logfilterField Identifier',
      operator: 'logfilterOperator Statement',
      string: 'logfilterString Constant',
      escape: 'logfilterEscape Special',
      keyword: 'logfilterLogical Statement',
      number: 'logfilterNumber Constant',
    });
    expect(report.hover).toContain('QueryName: string');
    // Without 'omnifunc', Neovim 0.7 answers E764 here.
    expect(report.errmsg).toBe('');
    expect(report.completion).toEqual(expect.arrayContaining(['QueryName', 'QueryType']));
  });

  it("highlights every word of core's operator table, in syntax/logfilter.vim", () => {
    const syntax = readFileSync(join(REPO_ROOT, 'editors', 'neovim', 'syntax', 'logfilter.vim'), 'utf8');
    const listed = new Set(
      syntax
        .split('\n')
        .flatMap((line) => [...line.matchAll(/^syntax keyword logfilter(?:Operator|Logical) (.*)$/g), ...line.matchAll(/<(\w+)>/g)].map((match) => match[1]))
        .flatMap((words) => words.toLowerCase().split(' ')),
    );
    const spellings = Object.entries(OPERATOR_TABLE).flatMap(([name, facts]) => [name, ...facts.aliases, ...facts.deprecated]);
    const words = spellings.flatMap((spelling) => spelling.replace(/^!/, '').toLowerCase().split(' ')).filter((word) => /^\w+$/.test(word));
    expect(words.filter((word) => !listed.has(word))).toEqual([]);
  });

  it('names an option it does not know', async () => {
    const target = file('unknown/ok.lf', 'ClientCountry eq us\n');
    const run = await nvim(PLUGIN, target, { pre: globalOptions({ cmd: SERVER_CMD, datset: 'dns_logs' }), waitMs: 500 });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("logfilter: unknown option 'datset' (the options are cmd, dataset and root_markers)");
    expect(run.report).toMatchObject({ filetype: 'logfilter', diagnostics: [] });
  });

  it('says how to fix a server command that is not there, without a Lua traceback', async () => {
    const target = file('missing/bad.lf', 'ClientCountry eq us AND\n');
    const run = await nvim(PLUGIN, target, { pre: globalOptions({ cmd: ['logfilter-not-installed', 'lsp'] }), waitMs: 500 });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("logfilter: cannot start the language server: 'logfilter-not-installed' is not an executable on PATH");
    expect(run.stderr).toContain('setup({ cmd = {');
    expect(run.stderr).not.toMatch(/traceback|Error executing/i);
    expect(run.report).toMatchObject({ filetype: 'logfilter', diagnostics: [], clients: [] });
  });
});
