// The game page's script: the stepper. It reads the steps (game_page.cpp writes them as JSON:
// f, the texts each kept once; s, each step as [line, turn, phase, place, board, act lines,
// finding marker, changes]; k, each piece's side colour for its track) and shows a step by rebuilding the pieces from the first step's (or
// the shown one's) onwards. Every text it inserts was escaped by the writer. A #line-N fragment
// opens at that line (the record's lines are L1, L2 ..., not line-N, so that the browser does not
// scroll the whole page to the fragment's element itself); #status carries what a test reads (step, line, pieces, markers).
#pragma once

namespace ironlog::output {

inline constexpr const char* kGamePageScript = R"JS(
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('steps-data').textContent);
  var F = D.f, S = D.s, n = S.length;
  var el = function (id) { return document.getElementById(id); };
  var board = el('board-area'), pieces = el('pieces'), acts = el('acts'), marks = el('markers');
  var rows = el('roster-rows'), at = el('at'), slider = el('slider'), status = el('status');
  var tracks = el('tracks');
  var cur = -1, shownBoard = -1, pic = [], row = [], track = [], lit = null;

  // A change is [slot, picture, roster row, x, y] (x, y in tenths of a pixel; -1: no point).
  function apply(i) {
    var c = S[i][7];
    for (var j = 0; j < c.length; j += 5) {
      var s = c[j];
      pic[s] = c[j + 1];
      row[s] = c[j + 2];
      if (c[j + 3] < 0) continue;
      var t = track[s] || (track[s] = []), p = (c[j + 3] / 10) + ',' + (c[j + 4] / 10);
      if (t[t.length - 1] !== p) t.push(p);
    }
  }
  // Each piece's track so far: the points it was drawn at, joined.
  function trackLines() {
    var out = '';
    for (var s = 0; s < track.length; s++) {
      if (!track[s] || track[s].length < 2) continue;
      out += '<polyline class="track" points="' + track[s].join(' ') + '" fill="none" stroke="' + D.k[s] +
             '" stroke-opacity="0.45" stroke-width="1.5"/>';
    }
    return out;
  }
  function joined(a) {
    var out = '';
    for (var i = 0; i < a.length; i++) out += F[a[i] || 0];
    return out;
  }
  function show(k, scroll) {
    if (!n) { status.dataset.ready = '1'; return; }
    k = Math.max(0, Math.min(n - 1, k | 0));
    if (k < cur) { cur = -1; pic = []; row = []; track = []; }
    while (cur < k) apply(++cur);
    var s = S[k];
    if (s[4] !== shownBoard) { board.innerHTML = F[s[4]]; shownBoard = s[4]; }
    pieces.innerHTML = joined(pic);
    tracks.innerHTML = trackLines();
    acts.innerHTML = F[s[5]];
    marks.innerHTML = F[s[6]];
    rows.innerHTML = joined(row);
    at.innerHTML = F[s[3]] + ' &#8212; line ' + s[0] + ', step ' + (k + 1) + ' of ' + n;
    slider.value = k;
    if (lit) lit.classList.remove('current');
    lit = el('L' + s[0]);
    if (lit) {
      lit.classList.add('current');
      if (scroll !== false) reveal(lit);
    }
    try { history.replaceState(null, '', '#line-' + s[0]); } catch (e) { /* a page opened where history is refused */ }
    status.dataset.step = k;
    status.dataset.line = s[0];
    status.dataset.pieces = pieces.querySelectorAll('g.piece').length;
    status.dataset.markers = marks.querySelectorAll('.finding-marker').length;
    if (!status.dataset.ready) status.dataset.readyMs = Math.round(performance.now());
    status.dataset.ready = '1';
  }
  // Scrolls the record's pane, not the page, to show a line a third of the way down.
  function reveal(line) {
    var pane = el('record-pane'), top = line.offsetTop;
    if (top < pane.scrollTop || top + line.offsetHeight > pane.scrollTop + pane.clientHeight)
      pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
  }
  // The last step at or before a line of the record.
  function stepAt(line) {
    var lo = 0, hi = n - 1, best = 0;
    while (lo <= hi) {
      var m = (lo + hi) >> 1;
      if (S[m][0] <= line) { best = m; lo = m + 1; } else hi = m - 1;
    }
    return best;
  }
  // To the next turn's (field 1) or phase's (field 2) first step; back, to the start of this one,
  // or of the one before when already there.
  function jump(field, dir) {
    var k = cur, v = S[k][field];
    if (dir > 0) {
      while (k < n - 1 && S[k][field] === v) k++;
    } else {
      while (k > 0 && S[k - 1][field] === v) k--;
      if (k === cur && k > 0) { v = S[--k][field]; while (k > 0 && S[k - 1][field] === v) k--; }
    }
    show(k);
  }
  function fromHash() {
    var m = /^#line-(\d+)$/.exec(location.hash);
    return m ? stepAt(parseInt(m[1], 10)) : 0;
  }
  var buttons = {
    'first': function () { show(0); }, 'last': function () { show(n - 1); },
    'prev': function () { show(cur - 1); }, 'next': function () { show(cur + 1); },
    'prev-phase': function () { jump(2, -1); }, 'next-phase': function () { jump(2, 1); },
    'prev-turn': function () { jump(1, -1); }, 'next-turn': function () { jump(1, 1); }
  };
  Object.keys(buttons).forEach(function (id) { el(id).addEventListener('click', buttons[id]); });
  el('arcs').addEventListener('change', function () { el('board').classList.toggle('show-arcs', el('arcs').checked); });
  slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
  var keys = {
    'ArrowLeft': 'prev', 'ArrowRight': 'next', 'ArrowUp': 'prev-phase', 'ArrowDown': 'next-phase',
    'PageUp': 'prev-turn', 'PageDown': 'next-turn', 'Home': 'first', 'End': 'last'
  };
  document.addEventListener('keydown', function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey || !n || !keys[e.key]) return;
    e.preventDefault();
    buttons[keys[e.key]]();
  });
  el('record').addEventListener('click', function (e) {
    var line = e.target.closest ? e.target.closest('#record > div') : null;
    if (line && n) show(stepAt(parseInt(line.id.slice(1), 10)), false);
  });
  window.addEventListener('hashchange', function () { show(fromHash()); });
  show(fromHash());
})();
)JS";

}  // namespace ironlog::output
