// The NGN extension: starts `ironlog lsp` (the Language Server Protocol over standard input and
// output) for every .ngn file, through Microsoft's vscode-languageclient. Highlighting comes
// from the grammar in syntaxes/, which needs no server.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('ironlog').get('path', 'ironlog');
  // An Executable with no transport given speaks over stdio, with no extra argument.
  const serverOptions = { command, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ngn' },
      { scheme: 'untitled', language: 'ngn' },
    ],
  };
  client = new LanguageClient('ironlog', 'ironlog', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
