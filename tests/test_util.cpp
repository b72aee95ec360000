#include "cli/coverage.hpp"
#include "rules/registry.hpp"
#include "test_util.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/wait.h>

namespace testing_util {

namespace fs = std::filesystem;

std::string with_options(std::string text, const std::string& options) {
    const auto at = text.find("[Side1");
    EXPECT_NE(at, std::string::npos) << "a record without a [Side1] tag";
    return at == std::string::npos ? text : text.insert(at, "[Options \"" + options + "\"]\n");
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void write_file(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
}

fs::path temp_dir() {
    // Tests run ironlog from several threads at once: each call needs a folder of its own.
    static std::atomic<int> counter = 0;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    fs::path dir = fs::temp_directory_path() / ("ironlog-test-" + std::to_string(::getpid()) + "-" +
                                                 (info ? std::string(info->name()) : "x") + "-" + std::to_string(counter++));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

namespace {
std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}
}  // namespace

Run run_ironlog(const std::vector<std::string>& args, const std::string& input) {
    fs::path dir = temp_dir();
    fs::path in = dir / "stdin", out = dir / "stdout", err = dir / "stderr";
    write_file(in, input);
    std::string cmd = shell_quote(kBinary);
    for (const auto& a : args) cmd += " " + shell_quote(a);
    cmd += " < " + shell_quote(in.string()) + " > " + shell_quote(out.string()) + " 2> " + shell_quote(err.string());
    int raw = std::system(cmd.c_str());
    Run r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = read_file(out);
    r.err = read_file(err);
    fs::remove_all(dir);
    return r;
}

Archived archive_of(const std::vector<std::string>& records) {
    Archived a{temp_dir(), ""};
    a.db = (a.dir / "archive.db").string();
    std::vector<std::string> args{"archive", "--db", a.db, "add"};
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto file = a.dir / ("game" + std::to_string(i + 1) + ".ngn");
        write_file(file, records[i]);
        args.push_back(file.string());
    }
    const Run r = run_ironlog(args);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return a;
}

std::vector<fs::path> ngn_files(const fs::path& folder) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(kSource / folder))
        if (e.is_regular_file() && e.path().extension() == ".ngn") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string dump(const ngn::Item& item) {
    struct V {
        std::string operator()(const ngn::Word& w) const { return "word(" + std::string(w.text) + ")"; }
        std::string operator()(const ngn::Text& t) const { return "text(" + std::string(t.text) + ")"; }
        std::string operator()(const ngn::Number& n) const {
            std::ostringstream s;
            s << "number(" << n.value << "," << n.unit << "," << n.has_sign << "," << n.is_integer << ")";
            return s.str();
        }
        std::string operator()(const ngn::TablePos& p) const {
            std::ostringstream s;
            s << "table(" << p.x << "," << p.y << "," << (p.heading ? std::to_string(*p.heading) : "-") << ")";
            return s.str();
        }
        std::string operator()(const ngn::HexPos& h) const { return "hex(" + std::string(h.board) + "," + std::string(h.hex) + "," + std::string(h.facing) + ")"; }
        std::string operator()(const ngn::AreaPos& a) const { return "area(" + std::string(a.area) + "," + std::string(a.box) + ")"; }
        std::string operator()(const ngn::Dice& d) const {
            std::string s = "dice(" + (d.count ? std::to_string(*d.count) : std::string("-")) + "d" + std::to_string(d.sides) + ":";
            for (const auto& f : d.faces) s += " " + std::to_string(f.value);
            for (const auto& m : d.modifiers) s += " mod" + std::to_string(m.value) + "[" + std::string(m.label) + "]";
            if (d.total) s += " =" + std::to_string(*d.total);
            return s + ")";
        }
        std::string operator()(const ngn::List& l) const {
            std::string s = "list(";
            for (const auto& i : l.items) s += dump(i) + ";";
            return s + ")";
        }
    };
    return std::visit(V{}, item.value);
}

namespace {
std::string dump_items(ngn::Items items) {
    std::string s;
    for (const auto& i : items) s += " " + dump(i);
    return s;
}
}  // namespace

std::string dump(const ngn::Game& game) {
    std::vector<std::string> tags;
    std::string body;
    for (const auto& l : game.lines) {
        std::string c = l.comment ? " ;" + std::string(l.comment->text) : "";
        if (const auto* t = l.as<ngn::Tag>()) {
            tags.push_back("tag " + std::string(t->name) + "=" + std::string(t->value) + c);
        } else if (const auto* h = l.as<ngn::Heading>()) {
            body += std::string("heading ") + ngn::heading_keyword(h->kind) + " " + std::string(h->label) + dump_items(h->args) + c + "\n";
        } else if (const auto* d = l.as<ngn::Declaration>()) {
            body += std::string("declare ") + ngn::entity_keyword(d->kind) + " " + dump(d->name) +
                    (d->full_name ? " full=" + dump(*d->full_name) : "") + dump_items(d->args);
            for (const auto& n : d->notes) body += " {" + std::string(n.text) + "}";
            body += c + "\n";
        } else if (const auto* s = l.as<ngn::Setup>()) {
            body += "setup " + dump(s->subject) + dump_items(s->args);
            for (const auto& n : s->notes) body += " {" + std::string(n.text) + "}";
            body += c + "\n";
        } else if (const auto* t = l.as<ngn::Terrain>()) {
            body += "terrain " + dump(t->kind) + dump_items(t->args);
            for (const auto& n : t->notes) body += " {" + std::string(n.text) + "}";
            body += c + "\n";
        } else if (const auto* e = l.as<ngn::Event>()) {
            body += "event " + dump(e->subject) + dump_items(e->args);
            if (e->claim) body += " =>" + dump_items(*e->claim);
            for (const auto& n : e->notes) body += " {" + std::string(n.text) + "}";
            body += c + "\n";
        } else if (const auto* r = l.as<ngn::Ruling>()) {
            body += "ruling";
            for (const auto& x : r->citation) body += " " + std::string(x);
            body += " \"" + std::string(r->text) + "\"" + c + "\n";
        } else if (l.comment) {
            body += "comment" + c + "\n";
        }
    }
    std::sort(tags.begin(), tags.end());
    std::string out;
    for (const auto& t : tags) out += t + "\n";
    return out + body;
}

const ironlog::RulesetList& kit_rulesets() {
    static const ironlog::Ruleset plain = [] {
        ironlog::Ruleset r = *ironlog::all_rulesets().find("admiral");
        r.make_engine = nullptr;
        return r;
    }();
    static const ironlog::RulesetList list = [] {
        ironlog::RulesetList l = ironlog::all_rulesets();
        for (auto& r : l.all)
            if (r->info.id == "admiral") r = &plain;
        return l;
    }();
    return list;
}

namespace {
const ironlog::RulesetList* g_rulesets = nullptr;
}  // namespace

const ironlog::RulesetList& test_rulesets() { return g_rulesets ? *g_rulesets : ironlog::all_rulesets(); }
void use_rulesets(const ironlog::RulesetList& list) { g_rulesets = &list; }

ironlog::FileReport check(const std::string& text, const std::string& name) {
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = kSource / "fixtures";
    return ironlog::check_text(name, text, o);
}

std::vector<ironlog::Finding> findings_of(const std::string& text) {
    auto r = check(text);
    EXPECT_EQ(r.games.size(), 1u) << "expected one game";
    EXPECT_TRUE(r.findings.empty()) << describe(r.findings);
    return r.games.empty() ? std::vector<ironlog::Finding>{} : r.games.front().findings;
}

std::vector<ironlog::Finding> problems_of(const std::string& text) {
    std::vector<ironlog::Finding> out;
    for (auto& f : findings_of(text))
        if (f.severity != ironlog::Severity::Note) out.push_back(std::move(f));
    return out;
}

std::string describe(const std::vector<ironlog::Finding>& findings) {
    std::string s;
    for (const auto& f : findings)
        s += std::to_string(f.pos.line) + ":" + std::to_string(f.pos.column) + " " + ironlog::to_string(f.severity) + " " +
             ironlog::to_string(f.kind) + " [" + f.rule.text() + "] " + f.message + "\n";
    return s;
}

std::vector<ironlog::Finding> problems_in(const std::string& text, const std::string& folder) {
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = kSource / "fixtures" / folder;
    auto report = ironlog::check_text("t.ngn", text, o);
    std::vector<ironlog::Finding> out;
    for (const auto& f : report.findings) out.push_back(f);
    for (const auto& g : report.games)
        for (const auto& f : g.findings)
            if (f.severity != ironlog::Severity::Note) out.push_back(f);
    return out;
}

std::vector<ironlog::Excused> excused_in(const std::string& text, const std::string& folder) {
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = kSource / "fixtures" / folder;
    const auto report = ironlog::check_text("t.ngn", text, o);
    EXPECT_EQ(report.games.size(), 1u) << "expected one game";
    return report.games.empty() ? std::vector<ironlog::Excused>{} : report.games.front().excused;
}

std::uint32_t line_of(const std::string& text, const std::string& part) {
    const auto at = text.find(part);
    EXPECT_NE(at, std::string::npos) << part;
    return at == std::string::npos ? 0 : static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
}

void expect_each_mistake_once(const std::string& sample, const std::vector<SeededMistake>& mistakes, const std::string& folder) {
    for (const auto& m : mistakes) {
        std::string text = sample;
        auto at = text.find(m.from);
        ASSERT_NE(at, std::string::npos) << m.from;
        text.replace(at, std::string(m.from).size(), m.to);
        auto p = problems_in(text, folder);
        ASSERT_EQ(p.size(), 1u) << m.to << "\n" << describe(p);
        EXPECT_EQ(p[0].rule.text(), m.rule) << m.to;
        EXPECT_EQ(p[0].kind, m.kind) << m.to;
    }
}

void expect_random_edits_never_throw(const std::string& sample, int rounds, unsigned seed, const std::string& folder) {
    std::vector<std::string> lines;
    std::istringstream in(sample);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::mt19937 rng(seed);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = kSource / "fixtures" / folder;
    for (int round = 0; round < rounds; ++round) {
        std::vector<std::string> v = lines;
        for (int k = 0, edits = 1 + static_cast<int>(pick(4)); k < edits; ++k) {
            std::size_t i = pick(v.size());
            switch (pick(6)) {
                case 0: v.erase(v.begin() + static_cast<std::ptrdiff_t>(i)); break;
                case 1: v.insert(v.begin() + static_cast<std::ptrdiff_t>(i), v[pick(v.size())]); break;
                case 2:
                    if (!v[i].empty()) v[i].erase(pick(v[i].size()), 1);
                    break;
                case 3:
                    for (char& c : v[i])
                        if (std::isdigit(static_cast<unsigned char>(c)) && pick(3) == 0) c = static_cast<char>('0' + pick(10));
                    break;
                case 4: std::swap(v[i], v[pick(v.size())]); break;
                case 5: v[i] += " " + std::string(1, "0123456789CHDSx,=>(){}#@;/"[pick(26)]); break;
            }
            if (v.empty()) v.push_back("");
        }
        std::string text;
        for (const auto& l : v) text += l + "\n";
        EXPECT_NO_THROW(ironlog::check_text("random.ngn", text, o)) << text;
    }
}

void expect_clean(const std::string& text, const std::string& folder) {
    auto p = problems_in(text, folder);
    EXPECT_TRUE(p.empty()) << describe(p);
}

ironlog::Finding expect_one(const std::string& text, const std::string& rule, ironlog::Kind kind, const std::string& folder) {
    auto p = problems_in(text, folder);
    EXPECT_EQ(p.size(), 1u) << describe(p);
    if (p.empty()) return {};
    EXPECT_EQ(p[0].rule.text(), rule) << describe(p);
    EXPECT_EQ(p[0].kind, kind) << describe(p);
    return p[0];
}

ironlog::Finding expect_one(const std::string& text, const std::string& rule, ironlog::Kind kind, const std::string& expected,
                            const std::string& recorded, const std::string& folder) {
    const ironlog::Finding f = expect_one(text, rule, kind, folder);
    EXPECT_EQ(f.expected.value_or("(none)"), expected) << f.message;
    EXPECT_EQ(f.recorded.value_or("(none)"), recorded) << f.message;
    return f;
}

std::map<std::string, std::size_t> cases_judged(const ironlog::FileReport& report) {
    std::map<std::string, std::size_t> cases;
    for (const auto& g : report.games)
        for (const auto& [id, n] : g.cases) cases[id] += n;
    return cases;
}

std::vector<CoverageRow> coverage_rows(const std::string& ruleset) {
    // the table the build read from the docs (tools/coverage_table): one reader of the pages
    std::vector<CoverageRow> rows;
    for (const ironlog::CoverageCase& c : ironlog::coverage_cases())
        if (c.ruleset == ruleset) rows.push_back(CoverageRow{c.rule, c.status});
    return rows;
}

std::string generated_games(const std::string& ruleset, int games, std::uint64_t seed) {
    ironlog::GenerateOptions files;
    if (ruleset == "admiral") files.library = (kSource / "fixtures/ships/admiral-test-cards.ngn").string();
    if (ruleset == "eia-naval") {
        files.map = (kSource / "fixtures/maps/eia-sample-map.ngn").string();
        files.tables = (kSource / "fixtures/tables/eia-naval-tables.ngn").string();
    }
    if (ruleset == "tmbv") {
        files.tables = (kSource / "fixtures/tables/tmbv-test-pack.ngn").string();
        files.library = (kSource / "fixtures/tables/tmbv-lissa-test-manifest.ngn").string();
    }
    std::string all;
    for (int i = 0; i < games; ++i) all += ironlog::all_rulesets().find(ruleset)->generate(seed, i, files) + "\n";
    return all;
}

}  // namespace testing_util
