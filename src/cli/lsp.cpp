#include "cli/lsp.hpp"

#include "cli/lsp_features.hpp"
#include "rules/registry.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace ironlog::lsp {

namespace {

// JSON-RPC and LSP error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestFailed = -32803;

constexpr std::size_t kMaxHeaderLine = 8192;  // a longer header line is garbage, skipped

std::string mib(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// What a read of one message found.
struct Message {
    enum Status { Body, Oversized, NoLength, End } status = End;
    std::string body;
    std::size_t length = 0;
};

// One header line without its line ending; none at the end of the input. A line longer than
// kMaxHeaderLine is cut there (the rest is read and dropped).
std::optional<std::string> header_line(std::istream& in) {
    std::string line;
    int c;
    while ((c = in.get()) != std::char_traits<char>::eof()) {
        if (c == '\n') {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (line.size() < kMaxHeaderLine) line.push_back(static_cast<char>(c));
    }
    return std::nullopt;
}

std::optional<std::size_t> content_length(const std::string& line) {
    const std::string name = "content-length:";
    if (line.size() < name.size()) return std::nullopt;
    for (std::size_t i = 0; i < name.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(line[i])) != name[i]) return std::nullopt;
    std::size_t at = name.size();
    while (at < line.size() && line[at] == ' ') ++at;
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(line.data() + at, line.data() + line.size(), value);
    if (ec != std::errc() || end == line.data() + at) return std::nullopt;
    return value;
}

// Reads the next message: its headers up to the blank line, then as many bytes as
// Content-Length says, in blocks, so that a length the body does not fill allocates nothing
// more than what came. A body above the limit is read and dropped.
Message read_message(std::istream& in, std::size_t limit) {
    Message m;
    std::optional<std::size_t> length;
    bool any = false;
    for (;;) {
        const auto line = header_line(in);
        if (!line) return m;  // End
        if (line->empty()) {
            if (any) break;
            continue;  // blank lines between messages
        }
        any = true;
        if (const auto n = content_length(*line)) length = n;
    }
    if (!length) {
        m.status = Message::NoLength;
        return m;
    }
    m.length = *length;
    const bool keep = *length <= limit;
    std::size_t left = *length;
    char block[65536];
    while (left > 0) {
        in.read(block, static_cast<std::streamsize>(std::min(left, sizeof block)));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0) return Message{};  // the client went away mid-message: End
        if (keep) m.body.append(block, got);
        left -= got;
    }
    m.status = keep ? Message::Body : Message::Oversized;
    return m;
}

void write_message(std::ostream& out, const json& message) {
    const std::string body = message.dump(-1, ' ', false, json::error_handler_t::replace);
    out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
    out.flush();
}

json error_response(const json& id, int code, const std::string& text) {
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", text}}}};
}

json notification(const std::string& method, json params) {
    return json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

// A request the server cannot answer as asked: the error code and message to give.
struct Refusal {
    int code;
    std::string text;
};

// The folder a document's files ([Library], [Map], [Tables]) are looked for in: its own, for a
// file: URI (percent-escapes decoded); the current folder otherwise.
std::filesystem::path folder_of(const std::string& uri) {
    const std::string scheme = "file://";
    if (uri.rfind(scheme, 0) != 0) return ".";
    std::string path;
    for (std::size_t i = scheme.size(); i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            path.push_back(static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16)));
            i += 2;
        } else {
            path.push_back(uri[i]);
        }
    }
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    return folder.empty() ? std::filesystem::path(".") : folder;
}

// A request's id as JSON-RPC allows it (a number or a string); anything else is answered as
// null, never echoed (a value nested deep would be copied and written recursively).
json plain_id(const json& message) {
    if (!message.is_object() || !message.contains("id")) return nullptr;
    const json& id = message["id"];
    return id.is_number() || id.is_string() ? id : json(nullptr);
}

class Server {
public:
    Server(std::ostream& out, const ServerOptions& options) : out_(out), options_(options) {}
    // Handles one message; true once `exit` came.
    bool handle(const json& message);
    bool shut_down() const { return shutdown_; }
    void refuse_oversized(std::size_t length);

private:
    struct Document {
        std::unique_ptr<Session> session;
        std::string uri;
        bool too_big = false;
    };
    json request(const std::string& method, const json& params);
    void notify(const std::string& method, const json& params);
    void open(const json& params);
    void change(const json& params);
    void publish(Document& doc);
    void refuse_document(Document& doc, std::size_t bytes);
    Document& document(const json& params);

    std::ostream& out_;
    ServerOptions options_;
    bool initialized_ = false, shutdown_ = false, show_excused_ = false;
    std::map<std::string, Document> documents_;
};

json capabilities() {
    return {
        {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"completionProvider", {{"triggerCharacters", json::array({" ", "["})}}},
        {"hoverProvider", true},
        {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}},
        {"definitionProvider", true},
        {"documentSymbolProvider", true},
        {"documentFormattingProvider", true},
        {"semanticTokensProvider", {{"legend", semantic_legend()}, {"full", true}, {"range", true}}},
    };
}

Server::Document& Server::document(const json& params) {
    const std::string uri = params.at("textDocument").at("uri").get<std::string>();
    const auto it = documents_.find(uri);
    if (it == documents_.end()) throw Refusal{kInvalidParams, "the document " + uri + " is not open"};
    return it->second;
}

json Server::request(const std::string& method, const json& params) {
    if (method == "initialize") {
        initialized_ = true;
        if (params.contains("initializationOptions") && params["initializationOptions"].is_object())
            show_excused_ = params["initializationOptions"].value("excused", false);
        return {{"capabilities", capabilities()}, {"serverInfo", {{"name", "ironlog"}, {"version", IRONLOG_VERSION}}}};
    }
    if (!initialized_) throw Refusal{kServerNotInitialized, "initialize first"};
    if (shutdown_) throw Refusal{kInvalidRequest, "the server is shutting down: only exit is answered"};
    if (method == "shutdown") {
        shutdown_ = true;
        return nullptr;
    }
    if (method.rfind("textDocument/", 0) != 0) throw Refusal{kMethodNotFound, "unknown method " + method};
    const std::string what = method.substr(13);
    static const char* const known[] = {"completion", "hover", "codeAction", "definition", "documentSymbol", "formatting", "semanticTokens/full", "semanticTokens/range"};
    if (std::find(std::begin(known), std::end(known), what) == std::end(known)) throw Refusal{kMethodNotFound, "unknown method " + method};
    Document& doc = document(params);
    if (doc.too_big) return nullptr;
    Session& s = *doc.session;
    if (what == "completion") return completion(s, params);
    if (what == "hover") return hover(s, params);
    if (what == "codeAction") return code_actions(s, doc.uri, params);
    if (what == "definition") return definition(s, doc.uri, params);
    if (what == "documentSymbol") return document_symbols(s);
    if (what == "semanticTokens/full") return semantic_tokens(s);
    if (what == "semanticTokens/range") return semantic_tokens(s, lines_of(params.at("range")));
    json edits;
    std::string error;
    if (!formatting(s, edits, error)) throw Refusal{kRequestFailed, error};
    return edits;
}

void Server::publish(Document& doc) {
    write_message(out_, notification("textDocument/publishDiagnostics",
                                     {{"uri", doc.uri}, {"diagnostics", diagnostics(*doc.session, doc.uri, show_excused_)}}));
}

// A document above the limit: dropped, and said so, until it is opened again.
void Server::refuse_document(Document& doc, std::size_t bytes) {
    doc.too_big = true;
    doc.session->set_text("");
    const std::string text = "ironlog: the document is " + std::to_string(bytes) + " bytes, above the limit of " +
                             mib(options_.max_document_bytes) + ": not checked";
    json d = {{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
              {"severity", 1}, {"source", "ironlog"}, {"message", text}};
    write_message(out_, notification("textDocument/publishDiagnostics", {{"uri", doc.uri}, {"diagnostics", json::array({d})}}));
    write_message(out_, notification("window/showMessage", {{"type", 1}, {"message", text}}));
}

void Server::open(const json& params) {
    const json& item = params.at("textDocument");
    const std::string uri = item.at("uri").get<std::string>();
    Document doc;
    doc.uri = uri;
    doc.session = std::make_unique<Session>(CheckOptions(all_rulesets(), folder_of(uri)), uri);
    std::string text = item.at("text").get<std::string>();
    auto& at = documents_[uri] = std::move(doc);
    if (text.size() > options_.max_document_bytes) return refuse_document(at, text.size());
    at.session->set_text(std::move(text));
    publish(at);
}

void Server::change(const json& params) {
    Document& doc = document(params);
    if (doc.too_big) return;
    std::string text = doc.session->text();
    for (const json& c : params.at("contentChanges")) {
        const std::string add = c.at("text").get<std::string>();
        if (!c.contains("range")) {
            text = add;
        } else {
            const std::size_t from = text_offset(text, c["range"].at("start"));
            const std::size_t to = std::max(from, text_offset(text, c["range"].at("end")));
            text.replace(from, to - from, add);
        }
        if (text.size() > options_.max_document_bytes) return refuse_document(doc, text.size());
    }
    doc.session->set_text(std::move(text));
    publish(doc);
}

void Server::notify(const std::string& method, const json& params) {
    if (!initialized_ || shutdown_) return;
    if (method == "textDocument/didOpen") return open(params);
    if (method == "textDocument/didChange") return change(params);
    if (method == "textDocument/didSave") {
        // the saved file may be one a record names (a ship library, a table pack): the games
        // kept as checked may read differently now
        for (auto& [uri, doc] : documents_)
            if (!doc.too_big) {
                doc.session->forget_checks();
                publish(doc);
            }
        return;
    }
    if (method == "textDocument/didClose") {
        const std::string uri = params.at("textDocument").at("uri").get<std::string>();
        documents_.erase(uri);
        write_message(out_, notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
    }
    // initialized, $/cancelRequest, $/setTrace and the rest: nothing to do
}

bool Server::handle(const json& message) {
    if (!message.is_object() || !message.contains("method") || !message["method"].is_string()) {
        if (message.is_object() && !message.contains("method") && message.contains("id")) return false;  // a response to us: none asked
        write_message(out_, error_response(plain_id(message), kInvalidRequest, "not a JSON-RPC request or notification"));
        return false;
    }
    const std::string method = message["method"].get<std::string>();
    static const json no_params = json::object();
    const json& params = message.contains("params") ? message["params"] : no_params;  // not copied: it may nest deep
    if (method == "exit") return true;
    const bool is_request = message.contains("id");
    const json id = plain_id(message);
    try {
        if (!is_request) {
            notify(method, params);
            return false;
        }
        json result = request(method, params);
        write_message(out_, json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
    } catch (const Refusal& r) {
        if (is_request) write_message(out_, error_response(id, r.code, r.text));
    } catch (const json::exception& e) {
        if (is_request) write_message(out_, error_response(id, kInvalidParams, std::string("invalid params: ") + e.what()));
    } catch (const std::exception& e) {
        if (is_request) write_message(out_, error_response(id, kRequestFailed, e.what()));
    }
    return false;
}

void Server::refuse_oversized(std::size_t length) {
    const std::string text = "ironlog: a message of " + std::to_string(length) + " bytes is above the limit of " +
                             mib(options_.max_document_bytes) + ": not read";
    write_message(out_, error_response(nullptr, kInvalidRequest, text));
    write_message(out_, notification("window/showMessage", {{"type", 1}, {"message", text}}));
}

}  // namespace

int serve(std::istream& in, std::ostream& out, const ServerOptions& options) {
    Server server(out, options);
    // the framing's own bytes on top of a document of the limit
    const std::size_t limit = options.max_document_bytes + options.max_document_bytes / 8 + 4096;
    for (;;) {
        Message m = read_message(in, limit);
        if (m.status == Message::End) return 1;  // the client went away without exit
        if (m.status == Message::NoLength) {
            write_message(out, error_response(nullptr, kParseError, "a message without a Content-Length header"));
            continue;
        }
        if (m.status == Message::Oversized) {
            server.refuse_oversized(m.length);
            continue;
        }
        json message = json::parse(m.body, nullptr, false);
        if (message.is_discarded()) {
            write_message(out, error_response(nullptr, kParseError, "the message is not JSON"));
            continue;
        }
        if (server.handle(message)) return server.shut_down() ? 0 : 1;
        if (!out) return 1;  // the client no longer reads: nothing more to say to it
    }
}

}  // namespace ironlog::lsp
