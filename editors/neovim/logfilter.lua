-- logfilter for Neovim 0.7 and later: `.lf` files get the filetype `logfilter`, `#` comments,
-- highlighting (syntax/logfilter.vim beside this file, for Neovim before 0.9, which has no semantic
-- tokens), and the logfilter language server (`logfilter lsp`: diagnostics, completion, hover,
-- formatting, quick fixes) through Neovim's own LSP client, with no plugin needed. Where Neovim
-- does not do it itself, a buffer the server attaches to gets completion with CTRL-X CTRL-O
-- ('omnifunc', before 0.8) and hover on K (before 0.10).
--
-- Use it either way:
--   nvim -u editors/neovim/logfilter.lua file.lf        (on its own, e.g. to try it)
--   dofile('/path/to/logfilter.lua').setup({ ... })     (from init.lua; or put the file in
--   require('logfilter').setup({ ... })                  ~/.config/nvim/lua/ and require it)
-- Options (all optional; loading the file sets up with `vim.g.logfilter` or the defaults):
--   cmd          the server command, default { 'logfilter', 'lsp' }
--                (e.g. { 'node', '/path/to/packages/cli/bin/logfilter.cjs', 'lsp' })
--   dataset      the dataset of files whose first line names none (`# dataset: NAME`)
--   root_markers what marks a project's folder, looked for upwards from the file, default
--                { '.logfilter', '.git' }; without one, the file's own folder is the root
local M = {}

local DEFAULTS = { cmd = { 'logfilter', 'lsp' }, dataset = nil, root_markers = { '.logfilter', '.git' } }

M.config = vim.deepcopy(DEFAULTS)

local uv = vim.uv or vim.loop

-- The folder of this file, put on 'runtimepath' so that Neovim finds syntax/logfilter.vim.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')

--- The folder of `path` or of the nearest folder above it holding a root marker (no vim.fs.root before 0.10).
function M.root_dir(path)
  local start = vim.fn.fnamemodify(path, ':p:h')
  local dir = start
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start
    end
    dir = parent
  end
end

--- What the server reads its settings from: `initializationOptions` and `workspace/didChangeConfiguration`.
local function server_settings()
  if M.config.dataset and M.config.dataset ~= '' then
    return { dataset = M.config.dataset }
  end
  return vim.empty_dict()
end

--- What Neovim sets on a buffer the server attaches to from 0.8 ('omnifunc') and 0.10 (K for
--- hover), set here for earlier versions, unless the user has set them.
function M.on_attach(_, bufnr)
  if vim.bo[bufnr].omnifunc == '' then
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  if vim.fn.has('nvim-0.10') == 0 then
    local mapped = vim.fn.maparg('K', 'n', false, true)
    if type(mapped) ~= 'table' or mapped.buffer ~= 1 then
      vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr, desc = 'logfilter: hover' })
    end
  end
end

local function client_config(bufnr)
  return {
    name = 'logfilter',
    cmd = M.config.cmd,
    root_dir = M.root_dir(vim.api.nvim_buf_get_name(bufnr)),
    init_options = server_settings(),
    settings = { logfilter = server_settings() },
    on_attach = M.on_attach,
  }
end

-- Reported after the autocommand that found it, so that Neovim shows the message rather than an
-- "error in autocommand" with a Lua traceback.
local function report(message)
  vim.schedule(function()
    vim.notify(message, vim.log.levels.ERROR)
  end)
end

local function can_run(cmd)
  if type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' then
    report("logfilter: cmd must be a list such as { 'logfilter', 'lsp' }")
    return false
  end
  if vim.fn.executable(cmd[1]) ~= 1 then
    report(
      string.format(
        "logfilter: cannot start the language server: '%s' is not an executable on PATH; install logfilter (npm) or set cmd, e.g. require('logfilter').setup({ cmd = { 'node', '/path/to/logfilter.cjs', 'lsp' } })",
        cmd[1]
      )
    )
    return false
  end
  return true
end

-- Neovim 0.7: one client per root folder, started by hand and attached to each buffer.
local clients_by_root = {}

local function start_0_7(config, bufnr)
  local id = clients_by_root[config.root_dir]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    clients_by_root[config.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

--- Starts the server for a buffer (or attaches the running one of its root folder).
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not can_run(M.config.cmd) then
    return
  end
  local config = client_config(bufnr)
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
  else
    start_0_7(config, bufnr)
  end
end

local function is_logfilter_file(name)
  return name:match('%.lf$') ~= nil
end

function M.setup(options)
  M.config = vim.deepcopy(DEFAULTS)
  -- Each option replaces its default whole (a list is never merged into the default list).
  for key, value in pairs(options or {}) do
    if DEFAULTS[key] == nil and key ~= 'dataset' then
      report(string.format("logfilter: unknown option '%s' (the options are cmd, dataset and root_markers)", tostring(key)))
    else
      M.config[key] = value
    end
  end
  local group = vim.api.nvim_create_augroup('logfilter', { clear = true })
  if uv.fs_stat(here .. '/syntax/logfilter.vim') and not vim.tbl_contains(vim.opt.runtimepath:get(), here) then
    vim.opt.runtimepath:append(here)
  end
  -- Filetype: vim.filetype.add reads `.lf` from 0.8 on; 0.7 only asks it when g:do_filetype_lua is
  -- set, and else calls a `.lf` file starting with `#` `conf`, so there an autocmd sets it.
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { lf = 'logfilter' } })
  end
  if vim.fn.has('nvim-0.8') == 0 then
    vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
      group = group,
      pattern = '*.lf',
      callback = function(args)
        vim.bo[args.buf].filetype = 'logfilter'
      end,
    })
  end
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'logfilter',
    callback = function(args)
      vim.bo[args.buf].commentstring = '# %s'
      vim.bo[args.buf].comments = ':#'
      M.start(args.buf)
    end,
  })
  -- Buffers opened before setup (setup called late from a config) get the filetype now.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and is_logfilter_file(vim.api.nvim_buf_get_name(bufnr)) then
      if vim.bo[bufnr].filetype ~= 'logfilter' then
        vim.bo[bufnr].filetype = 'logfilter'
      end
    end
  end
  return M
end

M.setup(vim.g.logfilter)

return M
