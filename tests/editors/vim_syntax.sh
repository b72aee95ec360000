#!/bin/sh
# CTest vim_syntax: the Vim syntax file (editors/vim/) in headless Neovim (Debian's neovim,
# installed by .ci/run), asserted with synID/synIDattr by tests/editors/vim_syntax.lua against
# known places and against the reader's grammar (ngn_spans) on every fixture.
#   vim_syntax.sh SOURCE_DIR NGN_SPANS
set -eu
source_dir=$1 spans=$2
if ! command -v nvim >/dev/null 2>&1; then
  echo "vim_syntax: FAIL: nvim is not installed (.ci/run installs Debian's neovim)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
find "$source_dir/fixtures" -name '*.ngn' | sort | while read -r record; do
  n=$((n + 1))
  "$spans" "$record" >"$work/$n.json"
  printf '%s\t%s\n' "$record" "$work/$n.json" >>"$work/list"
done
NGN_SOURCE_DIR=$source_dir NGN_SPANS_LIST=$work/list \
  timeout 120 nvim --headless --clean --cmd "set rtp^=$source_dir/editors/vim" \
  -c 'filetype on' -c 'syntax on' -c "luafile $source_dir/tests/editors/vim_syntax.lua" </dev/null
