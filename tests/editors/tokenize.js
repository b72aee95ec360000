#!/usr/bin/env node
// The TextMate grammar of NGN (editors/vscode/syntaxes/ngn.tmLanguage.json) under the real
// TextMate engine, npm's vscode-textmate with vscode-oniguruma (VS Code's own), against the
// reader's grammar as oracle (tests/editors/ngn_spans.cpp prints where each rule of
// src/notation/grammar.hpp matched on each line).
//
//   node tests/editors/tokenize.js SOURCE_DIR NODE_PREFIX NGN_SPANS IRONLOG
//
// It tokenizes every .ngn file under fixtures/, every ```ngn block of docs/*.md and a table of
// hand-written lines, and asserts:
//  (a) no non-blank character of any line is left with only the scope source.ngn;
//  (b) on each line the reader reads, each construct has the scope of its token class (tags,
//      headings, declarations, rulings, actors, verbs, positions, dice, claims, notes, comments,
//      strings, numbers) on each of its non-blank characters, and no character is invalid.illegal;
//  (c) the hand-written lines' tokens have the scopes written beside them;
//  (e) ngn_spans refuses exactly the lines `ironlog check` reports syntax errors on, so that the
//      oracle is the reader;
//  (d) the grammar file is the one editors/make-tmlanguage.js writes, and the VS Code extension
//      (editors/vscode/package.json) declares the language ngn for .ngn files with that grammar.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [sourceDir, nodePrefix, ngnSpans, ironlog] = process.argv.slice(2);
if (!sourceDir || !nodePrefix || !ngnSpans || !ironlog) {
  console.error('usage: tokenize.js SOURCE_DIR NODE_PREFIX NGN_SPANS IRONLOG');
  process.exit(2);
}
const modules = path.join(nodePrefix, 'node_modules');
const vsctm = require(path.join(modules, 'vscode-textmate'));
const oniguruma = require(path.join(modules, 'vscode-oniguruma'));
const grammarPath = path.join(sourceDir, 'editors', 'vscode', 'syntaxes', 'ngn.tmLanguage.json');

let failures = 0;
const failureLimit = 60;
function fail(where, message) {
  failures++;
  if (failures <= failureLimit) console.error(`FAIL ${where}: ${message}`);
}

// ---- the engine ---------------------------------------------------------------------------
async function loadGrammar() {
  const wasm = fs.readFileSync(path.join(modules, 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.ngn') return null;
      return vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath);
    },
  });
  return registry.loadGrammar('source.ngn');
}

// The lines of a text as the reader takes them: without a byte-order mark, split at LF, a CR
// before it dropped.
function splitLines(text) {
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.length && lines[lines.length - 1] === '' && text.endsWith('\n')) lines.pop();
  return lines;
}

// For each line, the scopes of each UTF-16 unit of it.
function tokenize(grammar, lines) {
  let stack = vsctm.INITIAL;
  return lines.map((line) => {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    const scopes = new Array(line.length);
    for (const t of r.tokens)
      for (let i = t.startIndex; i < Math.min(t.endIndex, line.length); i++) scopes[i] = t.scopes;
    return scopes;
  });
}

// ---- (a) nothing left unscoped ------------------------------------------------------------
function checkCoverage(where, lines, scopes) {
  lines.forEach((line, n) => {
    for (let i = 0; i < line.length; i++) {
      if (line[i] === ' ' || line[i] === '\t') continue;
      const s = scopes[n][i];
      if (!s || s.length < 2) {
        fail(`${where}:${n + 1}:${i + 1}`, `'${line[i]}' has no scope but source.ngn in: ${line}`);
        return;
      }
    }
  });
}

// ---- (b) the oracle -----------------------------------------------------------------------
// The scope each rule's characters must have, by rule name (ngn_spans prints the names of
// grammar.hpp). Rules not listed are checked through their children.
const scopeOfRule = {
  comment: 'comment.line.semicolon.ngn',
  note: 'comment.block.note.ngn',
  tag: 'meta.tag.ngn',
  tag_name: 'entity.name.tag.ngn',
  tag_value: 'string.quoted.double.ngn',
  tag_close: 'punctuation.definition.tag.end.ngn',
  turn_heading: 'meta.heading.ngn',
  phase_heading: 'meta.heading.ngn',
  segment_heading: 'meta.heading.ngn',
  impulse_heading: 'meta.heading.ngn',
  step_heading: 'meta.heading.ngn',
  turn_label: 'entity.name.section.ngn',
  phase_label: 'entity.name.section.ngn',
  segment_label: 'entity.name.section.ngn',
  impulse_label: 'entity.name.section.ngn',
  step_label: 'entity.name.section.ngn',
  ruling: 'meta.ruling.ngn',
  ruling_cite: 'constant.other.citation.ngn',
  ruling_text: 'string.quoted.double.ngn',
  declaration: 'meta.declaration.ngn',
  declaration_keyword: 'storage.type.declaration.ngn',
  declaration_name: 'entity.name.type.ngn',
  full_name: 'string.quoted.double.ngn',
  setup: 'meta.setup.ngn',
  setup_subject: 'variable.other.actor.ngn',
  terrain: 'meta.terrain.ngn',
  terrain_kind: 'support.type.terrain.ngn',
  event: 'meta.event.ngn',
  subject: 'variable.other.actor.ngn',
  claim: 'meta.claim.ngn',
  claim_arrow: 'keyword.operator.claim.ngn',
  dice: 'meta.dice.ngn',
  dice_spec: 'support.type.dice.ngn',
  dice_colon: 'punctuation.separator.dice.ngn',
  first_face: 'constant.numeric.die-face.ngn',
  die_face: 'constant.numeric.die-face.ngn',
  modifier: 'constant.numeric.modifier.ngn',
  modifier_label: 'string.unquoted.modifier-label.ngn',
  number: 'constant.numeric.ngn',
  string_item: 'string.quoted.double.ngn',
  table_position: 'constant.other.position.table.ngn',
  hex_position: 'constant.other.position.hex.ngn',
  area_position: 'constant.other.position.area.ngn',
  list_comma: 'punctuation.separator.list.ngn',
};
// The keyword that opens a line, by the line's rule.
const keywordScope = {
  turn_heading: 'keyword.control.heading.ngn',
  phase_heading: 'keyword.control.heading.ngn',
  segment_heading: 'keyword.control.heading.ngn',
  impulse_heading: 'keyword.control.heading.ngn',
  step_heading: 'keyword.control.heading.ngn',
  ruling: 'keyword.other.ruling.ngn',
  setup: 'keyword.other.setup.ngn',
  terrain: 'keyword.other.terrain.ngn',
};
const seen = {};  // token class -> how many constructs were checked

// UTF-16 index of each byte offset of a line (ngn_spans counts bytes of UTF-8).
function byteToIndex(line) {
  const map = [];
  let bytes = 0;
  for (let i = 0; i < line.length; i++) {
    const cp = line.codePointAt(i);
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let k = 0; k < n; k++) map[bytes + k] = i;
    bytes += n;
    if (cp >= 0x10000) i++;
  }
  map[bytes] = line.length;
  return map;
}

function expectRange(where, line, scopes, begin, end, scope, what) {
  seen[scope] = (seen[scope] || 0) + 1;
  for (let i = begin; i < end; i++) {
    if (line[i] === ' ' || line[i] === '\t') continue;
    const s = scopes[i] || [];
    if (!s.includes(scope)) {
      fail(`${where}:${i + 1}`, `${what} '${line.slice(begin, end)}' should be ${scope}, ` +
           `'${line[i]}' is [${s.join(' ')}] in: ${line}`);
      return;
    }
  }
}

// A word item whose characters are its whole item: a word, not a list.
function isWordItem(node) {
  return node && node.r === 'item' && node.c.length === 1 && node.c[0].r === 'word' &&
         node.c[0].b === node.b && node.c[0].e === node.e;
}

function checkNode(where, line, scopes, toIndex, node, context) {
  const b = toIndex[node.b], e = toIndex[node.e];
  const scope = scopeOfRule[node.r];
  if (scope) expectRange(where, line, scopes, b, e, scope, node.r);
  if (keywordScope[node.r]) {
    const kw = /^[a-z]+/.exec(line.slice(b))[0];
    expectRange(where, line, scopes, b, b + kw.length, keywordScope[node.r], 'keyword');
  }
  if (node.r === 'tag') expectRange(where, line, scopes, b, b + 1, 'punctuation.definition.tag.begin.ngn', 'tag');
  if (node.r === 'word') {
    const wordScope = context.verb === node ? 'keyword.other.verb.ngn'
                    : context.inClaim ? 'constant.other.claim.ngn' : 'variable.parameter.ngn';
    expectRange(where, line, scopes, b, e, wordScope, context.verb === node ? 'verb' : 'word');
  }
  if (node.r === 'dice_total') {
    const eq = line.indexOf('=', b);
    expectRange(where, line, scopes, eq, eq + 1, 'keyword.operator.total.ngn', 'total');
    expectRange(where, line, scopes, eq + 1, e, 'constant.numeric.total.ngn', 'total');
  }
  let inner = context;
  if (node.r === 'event') {
    const first = node.c.find((c) => c.r === 'item');
    // Event::verb(): the first argument when it is a word
    inner = { ...context, verb: node.c[1] === first && isWordItem(first) ? first.c[0] : null };
  }
  if (node.r === 'claim') inner = { ...context, inClaim: true };
  for (const child of node.c) checkNode(where, line, scopes, toIndex, child, inner);
}

function checkAgainstReader(where, file, lines, scopes) {
  const read = JSON.parse(execFileSync(ngnSpans, [file], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  checkReaderAgrees(where, file, read);
  if (read.length !== lines.length) {
    fail(where, `the reader has ${read.length} lines, the test ${lines.length}`);
    return 0;
  }
  let readLines = 0;
  read.forEach((r, n) => {
    if (!r.ok) return;
    readLines++;
    const line = lines[n];
    const at = `${where}:${n + 1}`;
    const toIndex = byteToIndex(line);
    for (const node of r.nodes) checkNode(at, line, scopes[n], toIndex, node, {});
    for (let i = 0; i < line.length; i++)
      if ((scopes[n][i] || []).some((s) => s.startsWith('invalid.'))) {
        fail(`${at}:${i + 1}`, `the reader reads this line, the grammar marks '${line[i]}' invalid: ${line}`);
        break;
      }
  });
  return readLines;
}

// (e) The lines ironlog's reader reports a syntax error on, against the lines ngn_spans refuses.
function syntaxErrorLines(file) {
  let out;
  try {
    out = execFileSync(ironlog, ['check', '--format', 'json', '--max-errors', '0', file],
                       { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    out = e.stdout;  // exit 1: the record has findings
  }
  const lines = new Set();
  for (const f of JSON.parse(out).files)
    for (const finding of [...(f.findings || []), ...(f.games || []).flatMap((g) => g.findings)])
      // (a line outside any game, as in a table pack or ship library read as a record, is a
      // fault of the file's shape, not of the line)
      if (finding.kind === 'syntax' && finding.severity === 'error' && !finding.file &&
          !finding.message.endsWith('to begin a game'))
        lines.add(finding.line);
  return lines;
}

function checkReaderAgrees(where, file, read) {
  const reader = syntaxErrorLines(file);
  for (const r of read)
    if (r.ok === reader.has(r.n))
      fail(`${where}:${r.n}`, r.ok ? 'ironlog reports a syntax error on a line ngn_spans reads'
                                    : 'ngn_spans refuses a line ironlog reads without a syntax error');
}

function checkFile(grammar, where, file, text) {
  const lines = splitLines(text);
  const scopes = tokenize(grammar, lines);
  checkCoverage(where, lines, scopes);
  return { lines: lines.length, read: checkAgainstReader(where, file, lines, scopes) };
}

// ---- the files ------------------------------------------------------------------------------
function ngnFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...ngnFiles(full));
    else if (entry.name.endsWith('.ngn')) out.push(full);
  }
  return out.sort();
}

// The ```ngn blocks of a Markdown page, each with the line it starts at.
function ngnBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```ngn') continue;
    const start = i + 1;
    let j = start;
    while (j < lines.length && lines[j].trim() !== '```') j++;
    blocks.push({ line: start + 1, text: lines.slice(start, j).join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

// ---- (c) hand-written lines -----------------------------------------------------------------
// Each line with tokens and the scope each must carry (the first occurrence of the text on the
// line; [text, scope, n] for the n-th). These are the cases a regular expression gets wrong
// most easily: keywords inside longer words, numbers against words, dice against words.
const handLines = require('./hand_lines.js');

function checkHandLines(grammar, tmp) {
  const file = path.join(tmp, 'hand.ngn');
  fs.writeFileSync(file, handLines.map((h) => h.line).join('\n') + '\n');
  const lines = handLines.map((h) => h.line);
  const scopes = tokenize(grammar, lines);
  checkCoverage('hand', lines, scopes);
  checkAgainstReader('hand', file, lines, scopes);
  handLines.forEach((h, n) => {
    for (const [text, scope, nth = 1] of h.expect) {
      let at = -1;
      for (let k = 0; k < nth; k++) at = h.line.indexOf(text, at + 1);
      if (at < 0) {
        fail(`hand:${n + 1}`, `'${text}' is not on the line: ${h.line}`);
        continue;
      }
      const negate = scope.startsWith('!');
      const wanted = negate ? scope.slice(1) : scope;
      for (let i = at; i < at + text.length; i++) {
        if (h.line[i] === ' ') continue;
        const has = (scopes[n][i] || []).includes(wanted);
        if (has === negate) {
          fail(`hand:${n + 1}:${i + 1}`, `'${text}' should ${negate ? 'not ' : ''}be ${wanted}, ` +
               `is [${(scopes[n][i] || []).join(' ')}] in: ${h.line}`);
          break;
        }
      }
    }
  });
  const read = JSON.parse(execFileSync(ngnSpans, [file], { encoding: 'utf8' }));
  handLines.forEach((h, n) => {
    if (read[n].ok !== !h.error)
      fail(`hand:${n + 1}`, `the reader ${read[n].ok ? 'reads' : 'does not read'} the line, the table says otherwise: ${h.line}`);
  });
}

// ---- (d) the VS Code extension uses this grammar ------------------------------------------------
function checkExtension() {
  const folder = path.join(sourceDir, 'editors', 'vscode');
  const where = 'editors/vscode/package.json';
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const language = (pkg.contributes.languages || []).find((l) => l.id === 'ngn');
  if (!language || !(language.extensions || []).includes('.ngn')) fail(where, 'does not declare the language ngn for .ngn files');
  else if (!fs.existsSync(path.join(folder, language.configuration)))
    fail(where, `its language configuration ${language.configuration} is not there`);
  const g = (pkg.contributes.grammars || []).find((x) => x.language === 'ngn');
  if (!g || g.scopeName !== 'source.ngn' || path.resolve(folder, g.path) !== path.resolve(grammarPath))
    fail(where, `does not point at ${path.relative(sourceDir, grammarPath)} with scope source.ngn`);
  if (!(pkg.activationEvents || []).includes('onLanguage:ngn') || !fs.existsSync(path.join(folder, pkg.main)))
    fail(where, 'does not start its extension.js on an ngn file');
  const extension = fs.readFileSync(path.join(folder, pkg.main), 'utf8');
  if (!/args:\s*\['lsp'\]/.test(extension)) fail('editors/vscode/extension.js', "does not run 'ironlog lsp'");
}

// ---- main -----------------------------------------------------------------------------------
async function main() {
  // (d) one grammar, written by its script
  const { text } = require(path.join(sourceDir, 'editors', 'make-tmlanguage.js'));
  if (fs.readFileSync(grammarPath, 'utf8') !== text)
    fail('editors/vscode/syntaxes/ngn.tmLanguage.json', 'differs from what editors/make-tmlanguage.js writes: run node editors/make-tmlanguage.js');

  checkExtension();
  const grammar = await loadGrammar();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ngn-editor-'));
  let files = 0, lines = 0, read = 0;
  for (const file of ngnFiles(path.join(sourceDir, 'fixtures'))) {
    const r = checkFile(grammar, path.relative(sourceDir, file), file, fs.readFileSync(file, 'utf8'));
    files++; lines += r.lines; read += r.read;
  }
  const docs = path.join(sourceDir, 'docs');
  for (const page of fs.readdirSync(docs).filter((f) => f.endsWith('.md')).sort()) {
    ngnBlocks(fs.readFileSync(path.join(docs, page), 'utf8')).forEach((block, k) => {
      const file = path.join(tmp, `${page}.${k}.ngn`);
      fs.writeFileSync(file, block.text);
      const r = checkFile(grammar, `docs/${page} (block at line ${block.line})`, file, block.text);
      files++; lines += r.lines; read += r.read;
    });
  }
  checkHandLines(grammar, tmp);
  fs.rmSync(tmp, { recursive: true, force: true });

  // every token class was met, so that the checks above cannot pass for want of cases
  for (const scope of new Set([...Object.values(scopeOfRule), ...Object.values(keywordScope),
                               'keyword.other.verb.ngn', 'constant.other.claim.ngn',
                               'variable.parameter.ngn', 'keyword.operator.total.ngn']))
    if (!seen[scope]) fail('corpus', `no construct of scope ${scope} was checked`);

  console.log(`${files} files, ${lines} lines (${read} read by the reader) tokenized; ` +
              `${Object.values(seen).reduce((a, b) => a + b, 0)} constructs checked against the reader; ` +
              `${handLines.length} hand-written lines`);
  if (failures) {
    console.error(`${failures} failure(s)${failures > failureLimit ? ` (first ${failureLimit} shown)` : ''}`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
