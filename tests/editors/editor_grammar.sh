#!/bin/sh
# CTest editor_grammar: installs the exact versions of npm's vscode-textmate and vscode-oniguruma
# into the build folder (once; npm reaches the registry on the CI machines, .ci/run installs node
# and npm) and runs tests/editors/tokenize.js. Without node or npm the test fails: it is not skipped.
#   editor_grammar.sh SOURCE_DIR NODE_PREFIX NGN_SPANS IRONLOG
set -eu
source_dir=$1 prefix=$2 spans=$3 ironlog=$4
textmate=vscode-textmate@9.3.2
oniguruma=vscode-oniguruma@2.0.1

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "editor_grammar: FAIL: '$tool' is not installed; the TextMate grammar test needs node and npm (.ci/run installs them: apt-get install nodejs npm)" >&2
    exit 1
  fi
done
installed() {  # the package's version in the prefix, if any
  node -e "try{console.log(require('$prefix/node_modules/$1/package.json').version)}catch(e){}"
}
if [ "$(installed vscode-textmate)" != "${textmate#*@}" ] || [ "$(installed vscode-oniguruma)" != "${oniguruma#*@}" ]; then
  mkdir -p "$prefix"
  if ! npm install --no-audit --no-fund --prefix "$prefix" "$textmate" "$oniguruma" >"$prefix/npm-install.log" 2>&1; then
    cat "$prefix/npm-install.log" >&2
    echo "editor_grammar: FAIL: npm could not install $textmate $oniguruma" >&2
    exit 1
  fi
fi
exec node "$source_dir/tests/editors/tokenize.js" "$source_dir" "$prefix" "$spans" "$ironlog"
