// `ironlog lsp`: the Language Server Protocol over a pair of streams (standard input and output).
// JSON-RPC messages framed by a Content-Length header, read and answered one at a time; each open
// document is a check session (check/session.hpp). docs/lsp.md describes what it answers.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>

namespace ironlog::lsp {

struct ServerOptions {
    // A message or a document above this is refused with an error, never read into memory.
    std::size_t max_document_bytes = std::size_t{64} << 20;
};

// Serves until `exit` or the end of the input. Returns the exit status: 0 after shutdown and
// exit, 1 when the input ended or exit came without shutdown.
int serve(std::istream& in, std::ostream& out, const ServerOptions& options = {});

}  // namespace ironlog::lsp
