// The language server (`ironlog lsp`, src/cli/lsp*.cpp): recorded JSON-RPC exchanges for each
// method, driven on string streams in the process and through the binary as a child process,
// and hostile input (garbage, a header without body, a body not JSON, a huge Content-Length, a
// client that goes away mid-message).
#include "cli/lsp.hpp"
#include "cli/lsp_features.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <tuple>
#include <functional>
#include <sstream>

namespace {

using json = nlohmann::json;
using namespace testing_util;

std::string frame(const json& message) {
    const std::string body = message.dump();
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

json request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}
json notification(const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

// The messages of the server's output, in order (the test fails on a frame that does not read).
std::vector<json> messages(const std::string& out) {
    std::vector<json> all;
    std::size_t at = 0;
    while (at < out.size()) {
        const std::size_t end = out.find("\r\n\r\n", at);
        EXPECT_NE(end, std::string::npos) << out.substr(at);
        if (end == std::string::npos) break;
        const std::string header = out.substr(at, end - at);
        EXPECT_EQ(header.rfind("Content-Length: ", 0), 0u) << header;
        const std::size_t length = std::stoul(header.substr(16));
        all.push_back(json::parse(out.substr(end + 4, length)));
        at = end + 4 + length;
    }
    return all;
}

struct Exchange {
    int status = -1;
    std::vector<json> out;
    json response(int id) const {
        for (const json& m : out)
            if (m.contains("id") && m["id"] == id) return m;
        return nullptr;
    }
    // the diagnostics of the last publishDiagnostics
    json diagnostics() const {
        json last;
        for (const json& m : out)
            if (m.value("method", "") == "textDocument/publishDiagnostics") last = m["params"]["diagnostics"];
        return last;
    }
    std::size_t published() const {
        return static_cast<std::size_t>(std::count_if(out.begin(), out.end(), [](const json& m) { return m.value("method", "") == "textDocument/publishDiagnostics"; }));
    }
};

Exchange serve(const std::string& input, ironlog::lsp::ServerOptions options = {}) {
    std::istringstream in(input);
    std::ostringstream out;
    Exchange e;
    e.status = ironlog::lsp::serve(in, out, options);
    e.out = messages(out.str());
    return e;
}

const std::string kSampleUri = "file://" + (kSource / "fixtures/games/ironclads-lissa-sample.ngn").string();

std::string opening(const std::string& text, const std::string& uri = kSampleUri) {
    return frame(request(1, "initialize", {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", json::object()}})) +
           frame(notification("initialized")) +
           frame(notification("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"languageId", "ngn"}, {"version", 1}, {"text", text}}}}));
}
std::string closing() { return frame(request(99, "shutdown")) + frame(notification("exit")); }

json pos(int line, int character) { return {{"line", line}, {"character", character}}; }
json doc() { return {{"uri", kSampleUri}}; }
std::string change(int line0, int char0, int line1, int char1, const std::string& text) {
    return frame(notification("textDocument/didChange", {{"textDocument", {{"uri", kSampleUri}, {"version", 2}}},
                                                   {"contentChanges", json::array({{{"range", {{"start", pos(line0, char0)}, {"end", pos(line1, char1)}}}, {"text", text}}})}}));
}

std::string sample() { return read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn"); }

// The 0-based line of the first line of the sample holding `what`.
int line_of(const std::string& text, const std::string& what, bool whole = false) {
    std::istringstream in(text);
    std::string l;
    for (int n = 0; std::getline(in, l); ++n)
        if (whole ? l == what : l.find(what) != std::string::npos) return n;
    return -1;
}

TEST(Lsp, InitializeAnnouncesTheCapabilitiesAndShutdownExitsZero) {
    const Exchange e = serve(frame(request(1, "initialize", {{"capabilities", json::object()}})) + closing());
    EXPECT_EQ(e.status, 0);
    const json caps = e.response(1)["result"]["capabilities"];
    EXPECT_EQ(caps["textDocumentSync"]["change"], 2);
    EXPECT_EQ(caps["textDocumentSync"]["openClose"], true);
    for (const char* p : {"completionProvider", "hoverProvider", "codeActionProvider", "definitionProvider", "documentSymbolProvider", "documentFormattingProvider"})
        EXPECT_TRUE(caps.contains(p)) << p;
    EXPECT_TRUE(caps["semanticTokensProvider"]["full"].get<bool>());
    EXPECT_GE(caps["semanticTokensProvider"]["legend"]["tokenTypes"].size(), 8u);
    EXPECT_TRUE(e.response(99)["result"].is_null());
    EXPECT_FALSE(e.response(99).contains("error"));
}

// Input handed over in parts, an action run before each part after the first: the files on disk
// change while the server runs.
class PartsInput : public std::streambuf {
public:
    std::vector<std::pair<std::function<void()>, std::string>> parts;

protected:
    int_type underflow() override {
        while (next_ < parts.size()) {
            auto& [before, text] = parts[next_++];
            if (before) before();
            if (text.empty()) continue;
            setg(text.data(), text.data(), text.data() + text.size());
            return traits_type::to_int_type(text[0]);
        }
        return traits_type::eof();
    }

private:
    std::size_t next_ = 0;
};

// A saved file may be one a record names: every open record is checked again from its files.
TEST(Lsp, ASavedFileHasEveryRecordCheckedAgain) {
    const std::filesystem::path dir = temp_dir();
    std::filesystem::create_directories(dir / "games");
    std::filesystem::create_directories(dir / "ships");
    const std::string uri = "file://" + (dir / "games" / "lissa.ngn").string();
    const std::string library_uri = "file://" + (dir / "ships" / "lissa-1866.ngn").string();
    // the ship library the record names is missing when the record is opened, then written and saved
    PartsInput input;
    input.parts.push_back({nullptr, opening(sample(), uri)});
    input.parts.push_back({[&] { std::filesystem::copy_file(kSource / "fixtures/ships/lissa-1866.ngn", dir / "ships" / "lissa-1866.ngn"); },
                           frame(notification("textDocument/didSave", {{"textDocument", {{"uri", library_uri}}}})) + closing()});
    std::istream in(&input);
    std::ostringstream out;
    EXPECT_EQ(ironlog::lsp::serve(in, out), 0);
    std::vector<json> published;
    for (const json& m : messages(out.str()))
        if (m.value("method", "") == "textDocument/publishDiagnostics") published.push_back(m["params"]["diagnostics"]);
    ASSERT_EQ(published.size(), 2u);
    EXPECT_GT(published[0].size(), 0u) << "no finding without the ship library";
    EXPECT_EQ(published[1].size(), 0u) << published[1].dump();
}

TEST(Lsp, ExitWithoutShutdownAndEndOfInputExitOne) {
    EXPECT_EQ(serve(frame(request(1, "initialize")) + frame(notification("exit"))).status, 1);
    EXPECT_EQ(serve(frame(request(1, "initialize"))).status, 1);
    EXPECT_EQ(serve("").status, 1);
}

TEST(Lsp, UnknownRequestsAndBadParamsAnswerWithErrors) {
    const Exchange e = serve(frame(request(1, "initialize")) + frame(request(2, "workspace/frobnicate")) + frame(notification("$/frobnicate")) +
                             frame(notification("$/cancelRequest", {{"id", 2}})) + frame(request(3, "textDocument/hover", {{"nonsense", 1}})) +
                             frame(request(4, "textDocument/hover", {{"textDocument", {{"uri", "file:///not/open.ngn"}}}, {"position", pos(0, 0)}})) + closing());
    EXPECT_EQ(e.response(2)["error"]["code"], -32601);
    EXPECT_EQ(e.response(3)["error"]["code"], -32602);
    EXPECT_EQ(e.response(4)["error"]["code"], -32602);
    EXPECT_EQ(e.status, 0);
    // nothing answers the notifications: the responses are to 1, 2, 3, 4, 99
    EXPECT_EQ(e.out.size(), 5u);
}

TEST(Lsp, RequestsBeforeInitializeAreRefused) {
    const Exchange e = serve(frame(request(5, "textDocument/hover", {{"textDocument", doc()}, {"position", pos(0, 0)}})) + frame(request(1, "initialize")) + closing());
    EXPECT_EQ(e.response(5)["error"]["code"], -32002);
    EXPECT_EQ(e.status, 0);
}

TEST(Lsp, HostileInputNeverStopsTheServer) {
    std::string input = frame(request(1, "initialize"));
    input += "garbage without any header at all\r\n\r\n";             // no Content-Length
    input += "Content-Length: 9\r\n\r\nnot json!";                     // not JSON
    input += "Content-Length: 2\r\n\r\n[]";                            // JSON, not a request
    input += "Content-Length: 7\r\n\r\n\"hello\"";                     // a string
    input += std::string(20000, 'x') + "\r\n\r\n";                     // a header line beyond any limit
    input += frame(request(2, "shutdown")) + frame(notification("exit"));
    const Exchange e = serve(input);
    EXPECT_EQ(e.status, 0);
    std::vector<int> codes;
    for (const json& m : e.out)
        if (m.contains("error")) {
            EXPECT_TRUE(m["id"].is_null()) << m;
            codes.push_back(m["error"]["code"]);
        }
    EXPECT_EQ(codes, (std::vector<int>{-32700, -32700, -32600, -32600, -32700}));
    EXPECT_TRUE(e.response(2)["result"].is_null());
}

// JSON nested a hundred thousand deep, as params and as an id: answered, never recursed into.
TEST(Lsp, DeeplyNestedJsonIsAnsweredWithoutRecursion) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string body1 = R"({"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":)" + deep + "}";
    const std::string body2 = R"({"jsonrpc":"2.0","id":)" + deep + R"(,"method":"shutdown"})";
    auto raw = [](const std::string& body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; };
    const Exchange e = serve(frame(request(1, "initialize")) + raw(body1) + raw(body2) + frame(notification("exit")));
    EXPECT_EQ(e.response(2)["error"]["code"], -32602);
    ASSERT_EQ(e.out.size(), 3u);
    EXPECT_TRUE(e.out[2]["id"].is_null());
}

// Random bytes, and a real exchange cut and spliced at random places: the server always ends,
// with 0 or 1, and every frame it writes reads.
TEST(Lsp, RandomInputNeverCrashesTheServer) {
    std::mt19937 rng(20261128);
    const std::string real = opening(sample()) + change(27, 17, 27, 24, "=> rough") +
                             frame(request(3, "textDocument/codeAction", {{"textDocument", doc()}, {"range", {{"start", pos(27, 0)}, {"end", pos(27, 0)}}}, {"context", json::object()}})) +
                             frame(request(4, "textDocument/semanticTokens/full", {{"textDocument", doc()}})) +
                             frame(request(5, "textDocument/documentSymbol", {{"textDocument", doc()}})) + closing();
    for (int round = 0; round < 40; ++round) {  // a tenth of a second: no scaling under sanitizers
        std::string input = real;
        for (int k = 0; k < 4; ++k) {
            const std::size_t at = rng() % input.size();
            switch (rng() % 3) {
                case 0: input.erase(at, rng() % 64); break;
                case 1: input.insert(at, std::string(1 + rng() % 8, static_cast<char>(rng() % 256))); break;
                default: input[at] = static_cast<char>(rng() % 256);
            }
        }
        const Exchange e = serve(input);
        EXPECT_TRUE(e.status == 0 || e.status == 1) << round;
    }
}

TEST(Lsp, AMessageAboveTheLimitIsRefusedUnreadAndTheServerGoesOn) {
    ironlog::lsp::ServerOptions small;
    small.max_document_bytes = 1024;
    const std::string big = frame(notification("textDocument/didOpen", {{"textDocument", {{"uri", kSampleUri}, {"languageId", "ngn"}, {"version", 1}, {"text", std::string(10000, ';')}}}}));
    const Exchange e = serve(frame(request(1, "initialize")) + big + frame(request(2, "shutdown")) + frame(notification("exit")), small);
    ASSERT_GE(e.out.size(), 3u);
    EXPECT_TRUE(e.out[1]["id"].is_null());
    EXPECT_NE(e.out[1]["error"]["message"].get<std::string>().find("above the limit"), std::string::npos) << e.out[1];
    EXPECT_EQ(e.out[2]["method"], "window/showMessage");
    EXPECT_EQ(e.status, 0);
    // a document that grows above the limit is dropped, with one diagnostic saying why
    ironlog::lsp::ServerOptions tiny;
    tiny.max_document_bytes = 800;
    const Exchange grown = serve(opening("; small\n") + change(0, 0, 0, 0, std::string(900, ';')) + closing(), tiny);
    ASSERT_EQ(grown.diagnostics().size(), 1u);
    EXPECT_NE(grown.diagnostics()[0]["message"].get<std::string>().find("above the limit"), std::string::npos);
}

TEST(Lsp, TheBinaryServesAndSurvivesAClientThatGoesAway) {
    // the whole exchange through `ironlog lsp`: exit 0 after shutdown and exit
    const testing_util::Run ok = run_ironlog({"lsp"}, opening(sample()) + closing());
    EXPECT_EQ(ok.status, 0) << ok.err;
    Exchange e;
    e.out = messages(ok.out);
    EXPECT_EQ(e.published(), 1u);
    EXPECT_TRUE(e.diagnostics().empty()) << e.diagnostics();
    // a header promising 100 MB, then the client dies: no allocation of it, a clean exit 1
    const testing_util::Run gone = run_ironlog({"lsp"}, frame(request(1, "initialize")) + "Content-Length: 104857600\r\n\r\n{\"jsonrpc\":");
    EXPECT_EQ(gone.status, 1) << gone.err;
    // a header and no body
    EXPECT_EQ(run_ironlog({"lsp"}, frame(request(1, "initialize")) + "Content-Length: 40\r\n").status, 1);
    EXPECT_EQ(run_ironlog({"lsp"}, "\x01\x02\xff garbage").status, 1);
}

TEST(Lsp, CleanSampleHasNoDiagnosticsAndAWrongClaimGivesOneWithItsRule) {
    const std::string text = sample();
    const int calm = line_of(text, "ITA roll d6: 2 => calm");
    ASSERT_GE(calm, 0);
    const int character = static_cast<int>(std::string("  ITA roll d6: 2 ").size());
    const Exchange e = serve(opening(text) + change(calm, character + 3, calm, character + 7, "rough") + closing());
    ASSERT_EQ(e.published(), 2u);
    EXPECT_TRUE(e.out[1]["params"]["diagnostics"].empty()) << e.out[1];
    const json d = e.diagnostics();
    ASSERT_EQ(d.size(), 1u) << d;
    EXPECT_EQ(d[0]["code"], "ironclads Sea state");
    EXPECT_EQ(d[0]["severity"], 1);
    EXPECT_EQ(d[0]["source"], "ironlog");
    EXPECT_EQ(d[0]["range"]["start"], pos(calm, character));
    EXPECT_EQ(d[0]["range"]["end"], pos(calm, character + 8));  // the claim: "=> rough"
    const std::string message = d[0]["message"];
    EXPECT_NE(message.find("expected: calm"), std::string::npos) << message;
    EXPECT_NE(message.find("recorded: rough"), std::string::npos) << message;
}

// A range after characters of two and four bytes (one and two UTF-16 units): LSP counts units.
TEST(Lsp, IncrementalChangesCountUtf16UnitsOnNonAsciiLines) {
    const std::string text = sample();
    const int at = line_of(text, "ship RdP \"Re di Portogallo\" at (135, 60, 270)", true);
    ASSERT_GE(at, 0);
    // "Re" -> "Ré 𝔄" (5 units, 8 bytes): the 135 moves from characters 32-35 to 35-38
    const Exchange e = serve(opening(text) + change(at, 10, at, 12, "R\xC3\xA9 \xF0\x9D\x94\x84") + change(at, 35, at, 38, "136") +
                             frame(request(7, "textDocument/hover", {{"textDocument", doc()}, {"position", pos(at, 6)}})) + closing());
    // the new name has no Data Card in the library, and RdP now starts 1 cm further: its first
    // move claims 12 cm where the positions show 11 (the edit landed where it was meant)
    const json d = e.diagnostics();
    ASSERT_EQ(d.size(), 2u) << d;
    EXPECT_EQ(d[0]["code"], "ironclads Appendix A Data Cards");
    EXPECT_NE(d[1]["message"].get<std::string>().find("expected: 11cm\nrecorded: 12cm"), std::string::npos) << d[1];
    const std::string hover = e.response(7)["result"]["contents"]["value"];
    EXPECT_NE(hover.find("**RdP** R\xC3\xA9 \xF0\x9D\x94\x84 di Portogallo"), std::string::npos) << hover;
    EXPECT_NE(hover.find("at (136, 60)"), std::string::npos) << hover;
}

TEST(Lsp, Utf16Offsets) {
    using ironlog::lsp::byte_offset;
    using ironlog::lsp::utf16_length;
    EXPECT_EQ(utf16_length("abc"), 3u);
    EXPECT_EQ(utf16_length("\xC3\xA9"), 1u);
    EXPECT_EQ(utf16_length("\xF0\x9D\x94\x84"), 2u);
    EXPECT_EQ(byte_offset("a\xF0\x9D\x94\x84" "b", 3), 5u);
    EXPECT_EQ(byte_offset("ab", 99), 2u);
    EXPECT_EQ(ironlog::lsp::text_offset("ab\ncd\n", {{"line", 1}, {"character", 1}}), 4u);
    EXPECT_EQ(ironlog::lsp::text_offset("ab\r\ncd", {{"line", 0}, {"character", 9}}), 2u);
    EXPECT_EQ(ironlog::lsp::text_offset("ab", {{"line", 5}, {"character", 0}}), 2u);
}

TEST(Lsp, CodeActionReplacesTheRecordedValueWithTheExpected) {
    std::string text = sample();
    const std::string from = "ITA roll d6: 2 => calm";
    text.replace(text.find(from), from.size(), "ITA roll d6: 2 => rough");
    const int at = line_of(text, "=> rough");
    const Exchange e = serve(opening(text) + frame(request(3, "textDocument/codeAction", {{"textDocument", doc()},
                                                                                          {"range", {{"start", pos(at, 0)}, {"end", pos(at, 0)}}},
                                                                                          {"context", {{"diagnostics", json::array()}}}})) + closing());
    const json actions = e.response(3)["result"];
    ASSERT_EQ(actions.size(), 1u) << actions;
    EXPECT_EQ(actions[0]["title"], "Replace 'rough' with 'calm'");
    EXPECT_EQ(actions[0]["kind"], "quickfix");
    const json edit = actions[0]["edit"]["changes"][kSampleUri][0];
    EXPECT_EQ(edit["newText"], "calm");
    EXPECT_EQ(edit["range"]["start"], pos(at, 20));
    EXPECT_EQ(edit["range"]["end"], pos(at, 25));
    EXPECT_EQ(actions[0]["diagnostics"][0]["code"], "ironclads Sea state");
}

// Hover on a ruling's citation: the cited case's row of the ruleset's coverage table
// (docs/rules/<id>.md, compiled in at build time), or that the table has no such case.
TEST(Lsp, HoverOnACitationGivesTheCoverageRow) {
    const std::string text =
        "[NGN \"1\"]\n[Event \"citations\"]\n[Ruleset \"tmbv\"]\n[Variant \"lissa\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
        "ruling tmbv 7.3.3 \"the counter was knocked\"\n"
        "ruling 7.3.5 \"the ruleset from the header\"\n"
        "ruling tmbv 99.9 \"a case the book lacks\"\n"
        "ruling ironclads Sea-state \"another ruleset's section, hyphens for blanks\"\n"
        "ruling ngn 5.4 \"the notation's own rule\"\n"
        "ruling admiral Units-Movement/Rotation \"a section of words\"\n"
        "ruling eia-naval 6.2.1 \"the second case of a row of two\"\n"
        "\n[NGN \"1\"]\n[Event \"unknown\"]\n[Ruleset \"chess\"]\n"
        "ruling 7.3.3 \"a ruleset ironlog lacks\"\n";
    auto hover_at = [&](int id, int line, int character) {
        return frame(request(id, "textDocument/hover", {{"textDocument", doc()}, {"position", pos(line, character)}}));
    };
    const Exchange e = serve(opening(text) + hover_at(2, 6, 14) + hover_at(3, 7, 8) + hover_at(4, 8, 13) + hover_at(5, 9, 20) + hover_at(6, 10, 11) +
                             hover_at(7, 6, 25) + hover_at(8, 11, 20) + hover_at(9, 12, 20) + hover_at(10, 17, 9) + closing());
    auto value = [&](int id) { return e.response(id)["result"].is_null() ? std::string() : e.response(id)["result"]["contents"]["value"].get<std::string>(); };
    // what is said of the citation comes first; the findings of the line follow (here each
    // ruling's warning that it matches no finding: there is no play to rule on)
    auto citation = [&](int id) { return value(id).substr(0, value(id).find("\n\n")); };
    const std::string no_finding = "**ngn 6 Rulings and agreements** this ruling matches no finding in the game";
    // tmbv 7.3.3: its row, the case's words and its status
    EXPECT_EQ(citation(2), "**tmbv 7.3.3**\n- 7.3.3 one hex side a hex; 1 MP, free for small ships\n  - enforced (small: needs the manifest)");
    EXPECT_EQ(value(2), citation(2) + "\n\n" + no_finding);
    // a section alone is the game's ruleset's
    EXPECT_EQ(citation(3), "**tmbv 7.3.5**\n- 7.3.5 never backwards\n  - enforced");
    EXPECT_EQ(citation(4), "**tmbv 99.9**: no such case in the coverage table of tmbv (docs/rules/tmbv.md)");
    // ironclads' table has a column of the rule in short; the section has several rows
    const std::string sea = citation(5);
    EXPECT_EQ(sea.rfind("**ironclads Sea-state**\n- Sea state: one D6 per side before play\n  - enforced\n", 0), 0u) << sea;
    EXPECT_NE(sea.find("\n- Sea state: rough only on a double 1\n  - enforced (the claim is checked)"), std::string::npos) << sea;
    EXPECT_EQ(sea.find("Initiative"), std::string::npos) << sea;
    // the notation's sections have no coverage table; the quoted text is no citation
    EXPECT_EQ(value(6), no_finding);
    EXPECT_EQ(value(7), no_finding);
    EXPECT_EQ(citation(8).rfind("**admiral Units-Movement/Rotation**\n- Units Movement/Rotation\n  - enforced: at most 22.5 degrees a rotation", 0), 0u) << value(8);
    EXPECT_EQ(citation(9).rfind("**eia-naval 6.2.1**\n- 6.2, 6.2.1\n  - enforced: 7 MP per fleet and sequence", 0), 0u) << value(9);
    // a ruleset ironlog lacks has no table: nothing of the citation
    EXPECT_EQ(value(10).find("7.3.3"), std::string::npos) << value(10);
    EXPECT_EQ(value(10).find("no such case"), std::string::npos) << value(10);
}

// Hover on a line with a finding of a ruleset's rule: the finding, and the case it cites as that
// ruleset's coverage table words it (the notation's own rules have no table).
TEST(Lsp, HoverOnAFindingGivesTheCaseItCites) {
    const std::string text = read_file(kSource / "fixtures/errors/play-mistakes.ngn");
    const std::string uri = "file://" + (kSource / "fixtures/errors/play-mistakes.ngn").string();
    const int sea = line_of(text, "=> rough");
    const int result = line_of(text, "[Result \"Prussia\"]", true);
    ASSERT_GE(sea, 0);
    const Exchange e = serve(opening(text, uri) +
                             frame(request(2, "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", pos(sea, 6)}})) +
                             frame(request(3, "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", pos(result, 10)}})) + closing());
    const std::string rough = e.response(2)["result"]["contents"]["value"];
    EXPECT_NE(rough.find("**ironclads Sea state** the sea is rough only when every side rolls a 1"), std::string::npos) << rough;
    EXPECT_NE(rough.find("\n- the case: Sea state: rough only on a double 1 (enforced (the claim is checked))"), std::string::npos) << rough;
    EXPECT_EQ(rough.find("Initiative"), std::string::npos) << rough;
    const std::string cited = e.response(3)["result"]["contents"]["value"];
    EXPECT_NE(cited.find("**ngn 3.4 Result**"), std::string::npos) << cited;
    EXPECT_EQ(cited.find("the case:"), std::string::npos) << cited;
}

TEST(Lsp, CodeActionInsertsTheMissingHeading) {
    const std::string text = read_file(kSource / "fixtures/errors/play-mistakes.ngn");
    const std::string uri = "file://" + (kSource / "fixtures/errors/play-mistakes.ngn").string();
    const int at = line_of(text, "turn 3", true);
    auto ask = [&](int id, int line) {
        return frame(request(id, "textDocument/codeAction", {{"textDocument", {{"uri", uri}}},
                                                             {"range", {{"start", pos(line, 0)}, {"end", pos(line, 6)}}},
                                                             {"context", {{"diagnostics", json::array()}}}}));
    };
    const int result = line_of(text, "[Result \"Prussia\"]", true);
    const int faces = line_of(text, "FM fire port RdI 40cm 2d6: 1 2 3");
    const int ruling_line = line_of(text, "  ruling \"the umpire let the miscounted total stand\"", true);
    ASSERT_GE(ruling_line, 0);
    const Exchange e = serve(opening(text, uri) + ask(3, at) + ask(4, result) + ask(5, faces) +
                             frame(request(6, "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", pos(ruling_line, 4)}})) +
                             frame(request(7, "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", pos(result, 10)}})) + closing());
    // hover on a ruling: the finding it stands for; on a line with a finding: the rule cited
    const std::string ruled = e.response(6)["result"]["contents"]["value"];
    EXPECT_NE(ruled.find("ruled for line 20: **ngn 5.4 Dice**"), std::string::npos) << ruled;
    EXPECT_NE(ruled.find("- expected: 3\n- recorded: 4"), std::string::npos) << ruled;
    const std::string cited = e.response(7)["result"]["contents"]["value"];
    EXPECT_NE(cited.find("**ngn 3.4 Result**"), std::string::npos) << cited;
    const json actions = e.response(3)["result"];
    ASSERT_GE(actions.size(), 1u) << actions;
    EXPECT_EQ(actions[0]["title"], "Insert 'turn 2' before this line");
    EXPECT_EQ(actions[0]["edit"]["changes"][uri][0]["newText"], "turn 2\n");
    // "one of AUT, ITA, draw, both-lost, *": an action for each
    const json choices = e.response(4)["result"];
    std::vector<std::string> titles;
    for (const json& a : choices) titles.push_back(a["title"]);
    EXPECT_EQ(titles, (std::vector<std::string>{"Replace 'Prussia' with 'AUT'", "Replace 'Prussia' with 'ITA'", "Replace 'Prussia' with 'draw'",
                                                "Replace 'Prussia' with 'both-lost'", "Replace 'Prussia' with '*'"}));
    // "expected: 2 faces" describes, it is no value to write: no action
    EXPECT_TRUE(e.response(5)["result"].empty()) << e.response(5);
    // the diagnostics of that file: one per finding of `ironlog check`, a ruling's line related
    const json d = e.diagnostics();
    EXPECT_EQ(d.size(), 14u);
    bool ruling = false;
    for (const json& x : d)
        if (x.contains("relatedInformation"))
            for (const json& r : x["relatedInformation"]) ruling = ruling || r["message"] == "the ruling that stands for this line";
    EXPECT_TRUE(ruling);
    // the sea state's finding (line 22) points at the salvo excused as following from it (line
    // 31); the second FM's finding at the first declaration it names (line 13)
    bool follows = false, named = false;
    for (const json& x : d)
        for (const json& r : x.value("relatedInformation", json::array())) {
            const std::string m = r["message"];
            if (x["range"]["start"]["line"] == 21 && r["location"]["range"]["start"]["line"] == 30 && m.rfind("follows from this mistake: ", 0) == 0) follows = true;
            if (x["range"]["start"]["line"] == 13 && r["location"]["range"]["start"]["line"] == 12) named = true;
        }
    EXPECT_TRUE(follows) << d;
    EXPECT_TRUE(named) << d;
    // asked for, the excused lines are shown too, as hints pointing at their cause
    const std::string init = frame(request(1, "initialize", {{"capabilities", json::object()}, {"initializationOptions", {{"excused", true}}}}));
    const Exchange with = serve(init + frame(notification("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"languageId", "ngn"}, {"version", 1}, {"text", text}}}})) + closing());
    std::size_t hints = 0;
    for (const json& x : with.diagnostics())
        if (x["severity"] == 4) {
            ++hints;
            EXPECT_EQ(x["range"]["start"]["line"], 30) << x;
            EXPECT_EQ(x["relatedInformation"][0]["location"]["range"]["start"]["line"], 21) << x;
        }
    EXPECT_EQ(hints, 1u) << with.diagnostics();
    EXPECT_EQ(with.diagnostics().size(), 15u);
}

// A sinking the claim leaves out: the action adds "sunk"; a sinking claimed too early: it goes.
TEST(Lsp, CodeActionAddsOrRemovesSunk) {
    const std::string path = (kSource / "fixtures/games/admiral-sample.ngn").string();
    const std::string uri = "file://" + path;
    std::string text = read_file(path);
    const std::string sinking = "d8: 5 +5(side) = 10 => hit severe sunk";
    ASSERT_NE(text.find(sinking), std::string::npos);
    text.replace(text.find(sinking), sinking.size(), "d8: 5 +5(side) = 10 => hit severe");
    const int at = line_of(text, "d8: 5 +5(side) = 10 => hit severe");
    auto ask = [&](int line) {
        return frame(request(line, "textDocument/codeAction", {{"textDocument", {{"uri", uri}}},
                                                               {"range", {{"start", pos(line, 0)}, {"end", pos(line, 0)}}},
                                                               {"context", {{"diagnostics", json::array()}}}}));
    };
    const Exchange e = serve(opening(text, uri) + ask(at) + closing());
    const json actions = e.response(at)["result"];
    ASSERT_EQ(actions.size(), 1u) << actions << e.diagnostics();
    EXPECT_EQ(actions[0]["title"], "Add the missing 'sunk'");
    const json edit = actions[0]["edit"]["changes"][uri][0];
    EXPECT_EQ(edit["newText"], " sunk");
    std::string line_text;
    {
        std::istringstream in(text);
        for (int n = 0; n <= at; ++n) std::getline(in, line_text);
    }
    ASSERT_EQ(line_text.substr(line_text.size() - 13), "=> hit severe");
    EXPECT_EQ(edit["range"]["start"], pos(at, static_cast<int>(line_text.size())));  // at the claim's end
    // the other way: a ship claimed sunk that is afloat
    std::string early = read_file(path);
    const std::string light = "=> hit light";
    const std::size_t l = early.find(light);
    ASSERT_NE(l, std::string::npos);
    early.insert(l + light.size(), " sunk");
    const int line = line_of(early, "=> hit light sunk");
    const Exchange r = serve(opening(early, uri) + ask(line) + closing());
    const json removes = r.response(line)["result"];
    ASSERT_GE(removes.size(), 1u) << removes << r.diagnostics();
    EXPECT_EQ(removes[0]["title"], "Remove 'sunk': the ship is afloat");
    EXPECT_EQ(removes[0]["edit"]["changes"][uri][0]["newText"], "");
}

TEST(Lsp, CompletionHoverDefinitionSymbolsAndTokens) {
    const std::string text = sample();
    const int fire = line_of(text, "FM fire port RdI 48cm");
    const int ship = line_of(text, "ship FM ");
    const int heading = line_of(text, "turn 3", true);
    const Exchange e = serve(
        opening(text) + frame(request(10, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(fire, 0)}})) +
        frame(request(11, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(fire, 9)}})) +
        frame(request(12, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(4, 0)}})) +
        frame(request(18, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(fire, 19)}})) +
        frame(request(13, "textDocument/hover", {{"textDocument", doc()}, {"position", pos(fire, 7)}})) +
        frame(request(14, "textDocument/definition", {{"textDocument", doc()}, {"position", pos(fire, 7)}})) +
        frame(request(15, "textDocument/documentSymbol", {{"textDocument", doc()}})) +
        frame(request(16, "textDocument/semanticTokens/full", {{"textDocument", doc()}})) +
        frame(request(17, "textDocument/hover", {{"textDocument", doc()}, {"position", pos(heading, 1)}})) + closing());
    auto labels = [](const json& items) {
        std::vector<std::string> all;
        for (const json& i : items) all.push_back(i["label"]);
        return all;
    };
    auto has = [](const std::vector<std::string>& v, const std::string& w) { return std::find(v.begin(), v.end(), w) != v.end(); };
    const auto at_start = labels(e.response(10)["result"]);
    EXPECT_TRUE(has(at_start, "FM") && has(at_start, "RdI")) << ::testing::PrintToString(at_start);
    const json starts = e.response(10)["result"];
    for (const json& i : starts)
        if (i["label"] == "FM") {
            EXPECT_EQ(i["detail"], "ship, Austria: Erzherzog Ferdinand Max");
        }
    const auto after_actor = labels(e.response(11)["result"]);  // "      FM " -> verbs
    EXPECT_TRUE(has(after_actor, "fire")) << ::testing::PrintToString(after_actor);
    const auto target = labels(e.response(18)["result"]);  // "      FM fire port " -> the ships
    EXPECT_TRUE(has(target, "RdI") && has(target, "RdP") && !has(target, "fire") && !has(target, "AUT")) << ::testing::PrintToString(target);
    const auto header = labels(e.response(12)["result"]);
    EXPECT_TRUE(has(header, "[Event \"\"]")) << ::testing::PrintToString(header);
    const std::string hover = e.response(13)["result"]["contents"]["value"];
    EXPECT_NE(hover.find("**FM** Erzherzog Ferdinand Max (ship, Austria)"), std::string::npos) << hover;
    EXPECT_NE(hover.find("at (53, 20)"), std::string::npos) << hover;
    EXPECT_NE(hover.find("heading 90"), std::string::npos) << hover;
    EXPECT_EQ(e.response(14)["result"]["range"]["start"], pos(ship, 5));
    EXPECT_EQ(e.response(14)["result"]["uri"], kSampleUri);
    const json symbols = e.response(15)["result"];
    ASSERT_EQ(symbols.size(), 1u);
    EXPECT_EQ(symbols[0]["name"], "Adriatic League, club evening");
    std::vector<std::string> turns;
    for (const json& c : symbols[0]["children"]) turns.push_back(c["name"]);
    EXPECT_TRUE(has(turns, "phase sea-state") && has(turns, "turn 1") && has(turns, "turn 4")) << ::testing::PrintToString(turns);
    for (const json& c : symbols[0]["children"])
        if (c["name"] == "turn 3") {
            EXPECT_EQ(c["range"]["start"]["line"], heading);
            std::vector<std::string> phases;
            for (const json& p : c["children"]) phases.push_back(p["name"]);
            EXPECT_EQ(phases, (std::vector<std::string>{"phase initiative", "phase movement", "phase firing", "phase end"}));
        }
    const json data = e.response(16)["result"]["data"];
    ASSERT_EQ(data.size() % 5, 0u);
    EXPECT_GT(data.size(), 500u);
    const std::string heading_hover = e.response(17)["result"]["contents"]["value"];
    EXPECT_NE(heading_hover.find("turn 3"), std::string::npos) << heading_hover;
}

// After a line's arguments, the roll the rules fix is offered: the checker's own count (a salvo's
// dice from its guns and range, a save's from the armour), and nothing where no rule fixes it.
TEST(Lsp, CompletionOffersTheDiceTheRulesFix) {
    std::string text = sample();
    const int fire = line_of(text, "FM fire port RdI 48cm on port 2d6");
    const int save = line_of(text, "RdI save 6d6: 5 1 2 3 3 1");
    const std::string fire_args = "      FM fire port RdI 48cm on port ";
    const Exchange e = serve(
        opening(text) +
        frame(request(10, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(fire, static_cast<int>(fire_args.size()))}})) +
        frame(request(11, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(save, 15)}})) +
        frame(request(12, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(fire, static_cast<int>(fire_args.size()) + 1)}})) +
        frame(request(13, "textDocument/completion", {{"textDocument", doc()}, {"position", pos(fire, 16)}})) + closing());
    auto dice_item = [](const json& items) {
        for (const json& i : items)
            if (i["kind"] == 12) return i;
        return json();
    };
    const json salvo = dice_item(e.response(10)["result"]);
    ASSERT_TRUE(salvo.is_object()) << e.response(10).dump();
    EXPECT_EQ(salvo["label"], "2d6: ");
    EXPECT_EQ(salvo["detail"].get<std::string>().rfind("ironclads ", 0), 0u) << salvo["detail"];
    const json armour = dice_item(e.response(11)["result"]);  // "      RdI save " -> the armour's dice
    ASSERT_TRUE(armour.is_object()) << e.response(11).dump();
    EXPECT_EQ(armour["label"], "6d6: ");
    EXPECT_EQ(dice_item(e.response(12)["result"])["label"], "2d6: ");  // "2" typed: still offered
    EXPECT_TRUE(dice_item(e.response(13)["result"]).is_null());       // "FM fire port " -> a target, not dice
}

// The semantic tokens decoded against the legend: each class of the notation where it stands.
TEST(Lsp, SemanticTokensClassifyEachPartOfALine) {
    const std::string text = std::string("; a comment\n") + R"([NGN "1"]
[Event "Tokens"]
[Ruleset "ironclads"]
[Library "../ships/lissa-1866.ngn"]

side AUT "Austria"
ship FM "Erzherzog Ferdinand Max" at (20, 20, 90)
side ITA "Italy"
ship RdI "Re d'Italia" at (120, 60, 270)

phase sea-state
  AUT roll d6: 4 {a note}
  ITA roll d6: 2 => calm ; both low
  ruling "agreed"
)";
    const Exchange e = serve(opening(text) + frame(request(3, "textDocument/semanticTokens/full", {{"textDocument", doc()}})) + closing());
    const json legend = e.response(1)["result"]["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"];
    const json data = e.response(3)["result"]["data"];
    ASSERT_EQ(data.size() % 5, 0u);
    // (line, character, length) -> type name (with "+doc" for the documentation modifier)
    std::map<std::tuple<int, int, int>, std::string> tokens;
    int line = 0, character = 0;
    for (std::size_t i = 0; i < data.size(); i += 5) {
        const int dl = data[i], dc = data[i + 1];
        character = dl == 0 ? character + dc : dc;
        line += dl;
        tokens[{line, character, data[i + 2].get<int>()}] = legend[data[i + 3].get<int>()].get<std::string>() + (data[i + 4] == 1 ? "+doc" : "");
    }
    auto at = [&](int l, int c, int n) {
        const auto it = tokens.find({l, c, n});
        return it == tokens.end() ? std::string("none") : it->second;
    };
    EXPECT_EQ(at(0, 0, 11), "comment");
    EXPECT_EQ(at(2, 0, 7), "property");   // [Event
    EXPECT_EQ(at(2, 7, 8), "string");     // "Tokens"
    EXPECT_EQ(at(7, 0, 4), "keyword");    // ship
    EXPECT_EQ(at(7, 5, 2), "variable");   // FM
    EXPECT_EQ(at(7, 8, 25), "string");    // its full name
    EXPECT_EQ(at(7, 37, 12), "number");   // (20, 20, 90)
    EXPECT_EQ(at(11, 0, 5), "keyword");   // phase
    EXPECT_EQ(at(11, 6, 9), "keyword");   // sea-state
    EXPECT_EQ(at(12, 2, 3), "variable");  // AUT
    EXPECT_EQ(at(12, 6, 4), "function");  // roll
    EXPECT_EQ(at(12, 11, 3), "operator"); // d6:
    EXPECT_EQ(at(12, 15, 1), "number");   // 4
    EXPECT_EQ(at(12, 17, 8), "comment+doc");  // {a note}
    EXPECT_EQ(at(13, 17, 2), "operator"); // =>
    EXPECT_EQ(at(13, 20, 4), "enumMember");  // calm
    EXPECT_EQ(at(13, 25, 10), "comment"); // ; both low
    EXPECT_EQ(at(14, 2, 6), "macro");     // ruling
    EXPECT_EQ(at(14, 9, 8), "string");    // "agreed"
}

// A range's tokens are the whole document's tokens on those lines, encoded from the document's start.
TEST(Lsp, SemanticTokensOfARangeAreTheWholeDocumentsOnItsLines) {
    const std::string text = sample();
    const int first = line_of(text, "FM fire port RdI 48cm on port 2d6"), last = first + 2;
    const json range = {{"start", pos(first, 0)}, {"end", pos(last, 0)}};
    const Exchange e = serve(opening(text) + frame(request(3, "textDocument/semanticTokens/full", {{"textDocument", doc()}})) +
                             frame(request(4, "textDocument/semanticTokens/range", {{"textDocument", doc()}, {"range", range}})) + closing());
    EXPECT_TRUE(e.response(1)["result"]["capabilities"]["semanticTokensProvider"]["range"].get<bool>());
    // (line, character, length, type) of each token, decoded
    auto decode = [](const json& data) {
        std::vector<std::array<int, 4>> all;
        int line = 0, character = 0;
        for (std::size_t i = 0; i + 4 < data.size(); i += 5) {
            const int dl = data[i], dc = data[i + 1];
            character = dl == 0 ? character + dc : dc;
            line += dl;
            all.push_back({line, character, data[i + 2].get<int>(), data[i + 3].get<int>()});
        }
        return all;
    };
    std::vector<std::array<int, 4>> expected;
    for (const auto& t : decode(e.response(3)["result"]["data"]))
        if (t[0] >= first && t[0] <= last) expected.push_back(t);
    ASSERT_GT(expected.size(), 10u);
    EXPECT_EQ(decode(e.response(4)["result"]["data"]), expected);
}

TEST(Lsp, FormattingGivesTheCanonicalTextOrRefusesASyntaxError) {
    const std::string canonical = sample();
    std::string messy = canonical;
    const std::string from = "    FM speed 10 move 10cm";
    messy.replace(messy.find(from), from.size(), "FM   speed 10   move 10cm");
    const Exchange e = serve(opening(messy) + frame(request(5, "textDocument/formatting", {{"textDocument", doc()}, {"options", json::object()}})) + closing());
    const json edits = e.response(5)["result"];
    ASSERT_EQ(edits.size(), 1u) << e.response(5);
    const testing_util::Run fmt = run_ironlog({"fmt", "-"}, messy);
    EXPECT_EQ(edits[0]["newText"], fmt.out);
    EXPECT_EQ(edits[0]["range"]["start"], pos(0, 0));
    const Exchange bad = serve(opening("[Event \"x\"]\n\nturn 1\n  FM move (1, \n") + frame(request(5, "textDocument/formatting", {{"textDocument", doc()}})) + closing());
    EXPECT_EQ(bad.response(5)["error"]["code"], -32803);
}

}  // namespace
