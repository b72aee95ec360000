-- Neovim (0.7.2, Debian's) as a real client of `ironlog lsp`: run headless on a copy of a clean
-- sample by lsp_in_neovim.py, which reads the results this writes (key=value lines) and judges
-- them. Steps: attach the server, see no diagnostics on the clean record, type a wrong claim and
-- see its finding, apply the server's code action and see the finding go, ask completion and hover.
local binary = os.getenv("IRONLOG_BINARY")
local results_path = os.getenv("IRONLOG_RESULTS")
local results = {}
local function say(key, value) table.insert(results, key .. "=" .. tostring(value):gsub("\n", "\\n")) end

local published = 0
local function run()
  local id = vim.lsp.start_client({
    name = "ironlog",
    cmd = { binary, "lsp" },
    root_dir = vim.fn.expand("%:p:h"),
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        published = published + 1
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
  })
  say("client", id ~= nil)
  vim.lsp.buf_attach_client(0, id)
  say("published_on_open", vim.wait(20000, function() return published > 0 end, 50))
  say("clean_diagnostics", #vim.diagnostic.get(0))

  -- a wrong claim typed over the sea state's line
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local at, fire
  for i, l in ipairs(lines) do
    if l:find("ITA roll d6: 2 => calm", 1, true) then at = i - 1 end
    if l:find("FM fire port RdI 48cm", 1, true) then fire = i - 1 end
  end
  say("found_lines", at ~= nil and fire ~= nil)
  vim.api.nvim_buf_set_lines(0, at, at + 1, false, { "  ITA roll d6: 2 => rough" })
  say("finding_appeared", vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50))
  local d = vim.diagnostic.get(0)[1] or {}
  say("finding_count", #vim.diagnostic.get(0))
  say("finding_line", d.lnum)
  say("finding_code", d.code)
  say("finding_message", d.message)

  -- the code action, applied as the editor applies it
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    range = { start = { line = at, character = 0 }, ["end"] = { line = at, character = 0 } },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, at) },
  }
  local answers = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000) or {}
  local action
  for _, answer in pairs(answers) do
    if answer.result and answer.result[1] then action = answer.result[1] end
  end
  say("action_title", action and action.title)
  if action and action.edit then vim.lsp.util.apply_workspace_edit(action.edit, "utf-16") end
  say("line_after_action", vim.api.nvim_buf_get_lines(0, at, at + 1, false)[1])
  say("finding_gone", vim.wait(20000, function() return #vim.diagnostic.get(0) == 0 end, 50))

  -- completion at the start of a line of play, and hover on a ship
  local pos = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = fire, character = 0 } }
  local labels = {}
  for _, answer in pairs(vim.lsp.buf_request_sync(0, "textDocument/completion", pos, 10000) or {}) do
    local items = answer.result and (answer.result.items or answer.result) or {}
    for _, item in ipairs(items) do table.insert(labels, item.label) end
  end
  say("completion", table.concat(labels, " "))
  pos.position.character = 7
  local hover = ""
  for _, answer in pairs(vim.lsp.buf_request_sync(0, "textDocument/hover", pos, 10000) or {}) do
    if answer.result and answer.result.contents then hover = answer.result.contents.value or "" end
  end
  say("hover", hover)
end

local ok, err = pcall(run)
say("ok", ok)
if not ok then say("error", err) end
local f = io.open(results_path, "w")
f:write(table.concat(results, "\n") .. "\n")
f:close()
vim.cmd("qa!")
