-- The Vim syntax file of NGN (editors/vim/syntax/ngn.vim) in headless Neovim: run by
-- tests/editors/vim_syntax.sh as `nvim --headless --clean --cmd 'set rtp^=editors/vim'
-- -c 'filetype on' -c 'syntax on' -c 'luafile vim_syntax.lua'`, with NGN_SOURCE_DIR and
-- NGN_SPANS_LIST (lines "record<TAB>spans.json", the spans printed by ngn_spans) in the
-- environment. Asserts with synID/synIDattr:
--  (1) a .ngn file gets the filetype ngn (ftdetect);
--  (2) known places of two fixtures have their syntax group and the standard group it links to;
--  (3) on every fixture, the first character of each construct the reader reads (tags,
--      headings, declarations, rulings, actors, verbs, dice, claims, notes, comments,
--      positions, strings, numbers) has the group of its token class.
-- Exits with status 1 (cquit) on any failure.
local source = os.getenv('NGN_SOURCE_DIR')
local failures = 0
local function fail(msg)
  failures = failures + 1
  if failures <= 40 then io.stderr:write('FAIL ' .. msg .. '\n') end
end

-- The standard group each ngn group links to (the link written in the syntax file, not where
-- the colour scheme takes that group further), read once.
local links
local function read_links()
  links = {}
  for name, target in vim.fn.execute('highlight'):gmatch('(ngn%w+)%s+xxx links to (%w+)') do links[name] = target end
end

-- The syntax group at a place, and the group it links to.
local function group_at(line, col)
  local name = vim.fn.synIDattr(vim.fn.synID(line, col, 1), 'name')
  return name, links[name] or ''
end

vim.o.hidden = true
local function open(path)
  if vim.fn.expand('%:p') ~= vim.fn.fnamemodify(path, ':p') then
    vim.cmd('silent edit ' .. vim.fn.fnameescape(path))
    if vim.bo.filetype ~= 'ngn' then fail(path .. ': filetype is "' .. vim.bo.filetype .. '", not ngn') end
  end
  if not links then read_links() end
end

-- ---- (2) known places -----------------------------------------------------------------------
-- {file, text of the line (found with a plain search), token on it, group, linked group}
local known = {
  {'fixtures/games/eia-naval-campaign-sample.ngn', '[Ruleset "eia-naval"]', 'Ruleset', 'ngnTagName', 'PreProc'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', '[Ruleset "eia-naval"]', '"eia-naval"', 'ngnTagValue', 'String'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'turn 1806-01', 'turn', 'ngnHeading', 'Statement'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'turn 1806-01', '1806-01', 'ngnHeadingLabel', 'Title'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', '    segment russia', 'segment', 'ngnHeading', 'Statement'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'side GB "Great Britain" war France,Spain', 'side', 'ngnDeclaration', 'StorageClass'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'side GB "Great Britain" war France,Spain', 'GB', 'ngnDeclaredName', 'Type'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'leader NELSON @"Western Approaches"', '@"Western', 'ngnAreaPosition', 'Constant'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', 'GB', 'ngnActor', 'Identifier'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', 'intercept', 'ngnVerb', 'Function'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', 'd6', 'ngnDiceSpec', 'Special'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', '3', 'ngnDieFace', 'Number'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', '-1', 'ngnModifier', 'Number'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', '= 2', 'ngnTotal', 'Operator'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', '=>', 'ngnClaimArrow', 'Operator'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', 'fails', 'ngnClaimWord', 'Constant'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails', '{from', 'ngnNote', 'SpecialComment'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', 'step movement ; Kronstadt', '; Kronstadt', 'ngnComment', 'Comment'},
  {'fixtures/games/eia-naval-campaign-sample.ngn', '; Empires in Arms', 'Empires', 'ngnComment', 'Comment'},
  {'fixtures/errors/play-mistakes.ngn', 'ruling "the umpire let the miscounted total stand"', 'ruling', 'ngnRuling', 'Exception'},
  {'fixtures/errors/play-mistakes.ngn', 'ruling "the umpire let the miscounted total stand"', '"the umpire', 'ngnRulingText', 'String'},
  {'fixtures/errors/play-mistakes.ngn', 'FMX fire port RdI 40cm 2d6: 1 2', '40', 'ngnNumber', 'Number'},
  {'fixtures/errors/play-mistakes.ngn', 'FMX fire port RdI 40cm 2d6: 1 2', 'port', 'ngnWord', ''},
}
for _, k in ipairs(known) do
  local file, text, token, want, want_linked = unpack(k)
  open(source .. '/' .. file)
  local found = false
  for l = 1, vim.fn.line('$') do
    local line = vim.fn.getline(l)
    local at = line:find(text, 1, true)
    if at then
      found = true
      local col = line:find(token, at, true)
      local name, linked = group_at(l, col)
      if name ~= want or linked ~= want_linked then
        fail(string.format('%s:%d:%d: %s is %s (%s), not %s (%s)', file, l, col, token, name, linked, want, want_linked))
      end
      break
    end
  end
  if not found then fail(file .. ': no line holds ' .. text) end
end

-- ---- (3) every construct of every fixture, against the reader ------------------------------
local group_of_rule = {
  comment = 'ngnComment', note = 'ngnNote', tag_name = 'ngnTagName', tag_value = 'ngnTagValue',
  turn_heading = 'ngnHeading', phase_heading = 'ngnHeading', segment_heading = 'ngnHeading',
  impulse_heading = 'ngnHeading', step_heading = 'ngnHeading',
  turn_label = 'ngnHeadingLabel', phase_label = 'ngnHeadingLabel', segment_label = 'ngnHeadingLabel',
  impulse_label = 'ngnHeadingLabel', step_label = 'ngnHeadingLabel',
  ruling = 'ngnRuling', ruling_cite = 'ngnCitation', ruling_text = 'ngnRulingText',
  declaration_keyword = 'ngnDeclaration', declaration_name = 'ngnDeclaredName', full_name = 'ngnString',
  setup = 'ngnSetup', setup_subject = 'ngnSetupSubject', terrain = 'ngnTerrain', terrain_kind = 'ngnTerrainKind',
  subject = 'ngnActor', claim_arrow = 'ngnClaimArrow', dice_spec = 'ngnDiceSpec',
  first_face = 'ngnDieFace', die_face = 'ngnDieFace', modifier = 'ngnModifier', number = 'ngnNumber',
  string_item = 'ngnString', table_position = 'ngnTablePosition', hex_position = 'ngnHexPosition',
  area_position = 'ngnAreaPosition', list_comma = 'ngnListComma',
}
local checked = 0
local function check_node(file, l, node, ctx)
  local want = group_of_rule[node.r]
  if node.r == 'word' then
    want = (ctx.verb == node and 'ngnVerb') or (ctx.claim and 'ngnClaimWord') or 'ngnWord'
  end
  if want then
    checked = checked + 1
    local name = group_at(l, node.b + 1)
    if name ~= want then
      fail(string.format('%s:%d:%d: %s should be %s, is %s: %s', file, l, node.b + 1, node.r, want, name, vim.fn.getline(l)))
    end
  end
  local inner = ctx
  if node.r == 'event' then
    local first = node.c[2]
    local is_word = first and first.r == 'item' and #first.c == 1 and first.c[1].r == 'word'
                    and first.c[1].b == first.b and first.c[1].e == first.e
    inner = {verb = is_word and first.c[1] or nil, claim = ctx.claim}
  elseif node.r == 'claim' then
    inner = {verb = ctx.verb, claim = true}
  end
  for _, child in ipairs(node.c) do check_node(file, l, child, inner) end
end

for entry in io.lines(os.getenv('NGN_SPANS_LIST')) do
  local file, spans = entry:match('^(.-)\t(.*)$')
  open(file)
  local lines = vim.fn.json_decode(table.concat(vim.fn.readfile(spans), '\n'))
  for _, r in ipairs(lines) do
    if r.ok then
      for _, node in ipairs(r.nodes) do check_node(file, r.n, node, {}) end
    end
  end
end

io.stdout:write(string.format('%d known places and %d constructs of the fixtures checked\n', #known, checked))
if failures > 0 or checked == 0 then
  io.stderr:write(failures .. ' failure(s)\n')
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
