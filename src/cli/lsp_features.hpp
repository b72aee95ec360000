// What the language server answers of one open document: each function reads the document's
// check session and the request's params and gives the result as LSP JSON. Positions are LSP's
// (0-based lines, UTF-16 code units); the session counts lines from 1 and columns in bytes.
#pragma once

#include "check/session.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace ironlog::lsp {

using json = nlohmann::json;

// UTF-16 code units of a UTF-8 text (a byte that is not UTF-8 counts as one unit).
std::uint32_t utf16_length(std::string_view text);
// The byte offset of a UTF-16 offset on a line, clamped to the line's end.
std::size_t byte_offset(std::string_view line, std::uint32_t utf16);
// The byte offset in `text` of an LSP position (clamped to the text's end).
std::size_t text_offset(std::string_view text, const json& position);

json diagnostics(Session& session, const std::string& uri, bool show_excused);
json completion(Session& session, const json& params);
json hover(Session& session, const json& params);
json code_actions(Session& session, const std::string& uri, const json& params);
json definition(Session& session, const std::string& uri, const json& params);
json document_symbols(Session& session);
// The whole document in canonical form as one edit ([] when it is canonical already); false
// with `error` when it cannot be formatted (syntax errors, no game).
bool formatting(Session& session, json& edits, std::string& error);
// The lines first .. last (from 1), both included.
struct Lines {
    std::uint32_t first = 1, last = UINT32_MAX;
};
// The lines of an LSP range (0-based) as the session counts them (from 1).
Lines lines_of(const json& range);
// The tokens of the lines asked for (semanticTokens/range), or of the whole document.
json semantic_tokens(Session& session, Lines lines = {});
json semantic_legend();

}  // namespace ironlog::lsp
