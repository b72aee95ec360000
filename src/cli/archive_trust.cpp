// The archive commands that check and publish it: verify (with a manifest, signed or not), export
// (records that check the same wherever they are written, a manifest), keygen.
#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "archive/signature.hpp"
#include "check/named_file.hpp"
#include "cli/cli_errors.hpp"
#include "cli/archive_commands.hpp"
#include "cli/archive_shared.hpp"
#include "cli/commands.hpp"
#include "cli/progress.hpp"
#include "notation/format.hpp"
#include "notation/labels.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

namespace ironlog::cli {

namespace {

namespace fs = std::filesystem;

// What a signature covers: the manifest's head and a digest of its games, in the order listed.
std::string signed_statement(std::int64_t entries, const std::string& head, const std::string& games_digest) {
    return "ironlog manifest 2\nentries " + std::to_string(entries) + "\nhead " + head + "\ngames " + games_digest + "\n";
}

std::string game_line(std::int64_t id, const std::string& hash) { return std::to_string(id) + " " + hash + "\n"; }

// A key file: its hex digits, whatever space is around them.
std::optional<std::string> read_key(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read the key " + output::visible(path) + ": " + std::strerror(errno);
        return std::nullopt;
    }
    std::string key;
    in >> key;
    if (key.size() != 64) {
        error = output::visible(path) + " is not a key as 'archive keygen' writes it (64 hex digits)";
        return std::nullopt;
    }
    return key;
}

// A manifest read a piece at a time (nlohmann's SAX): memory does not grow with its games. The
// chain comes before the games, as export writes it.
class ManifestReader : public nlohmann::json_sax<nlohmann::json> {
public:
    // each game as it is read, with the manifest's chain length (read before the games)
    using Game = std::function<void(std::int64_t id, const std::string& hash, std::int64_t entries)>;
    explicit ManifestReader(Game on_game) : on_game_(std::move(on_game)) {}
    std::optional<std::int64_t> entries;
    std::optional<std::string> head, sig_algorithm, sig_key, sig_value;
    archive::Sha256 games_digest;
    std::string problem;  // why it is not a manifest

    bool null() override { return scalar(); }
    bool boolean(bool) override { return scalar(); }
    bool number_integer(number_integer_t v) override { return integer(v); }
    bool number_unsigned(number_unsigned_t v) override { return integer(static_cast<std::int64_t>(v)); }
    bool number_float(number_float_t, const string_t&) override { return scalar(); }
    bool binary(binary_t&) override { return scalar(); }
    bool string(string_t& v) override {
        const std::string at = where();
        if (at == "chain.head") head = v;
        else if (at == "games.[].hash") hash_ = v;
        else if (at == "signature.algorithm") sig_algorithm = v;
        else if (at == "signature.key") sig_key = v;
        else if (at == "signature.value") sig_value = v;
        else if (at == "games.[].id" || at == "chain.entries") return fail("a number was expected at " + at);
        return true;
    }
    bool start_object(std::size_t) override {
        path_.push_back("");
        if (where() == "games.[].") id_.reset(), hash_.reset();
        return true;
    }
    bool key(string_t& k) override {
        path_.back() = k;
        return true;
    }
    bool end_object() override {
        path_.pop_back();
        if (where() != "games.[]") return true;
        if (!id_ || !hash_) return fail("a game entry without an id and a hash");
        if (!entries || !head) return fail("the games come before the chain");
        games_digest.update(game_line(*id_, *hash_));
        on_game_(*id_, *hash_, *entries);
        return true;
    }
    bool start_array(std::size_t) override {
        path_.push_back("[]");
        return true;
    }
    bool end_array() override {
        path_.pop_back();
        return true;
    }
    bool parse_error(std::size_t at, const std::string&, const nlohmann::detail::exception&) override {
        return fail("it is not JSON (at byte " + std::to_string(at) + ")");
    }

private:
    std::string where() const {
        std::string out;
        for (std::size_t i = 0; i < path_.size(); ++i) out += (i ? "." : "") + path_[i];
        return out;
    }
    bool scalar() { return true; }
    bool integer(std::int64_t v) {
        const std::string at = where();
        if (at == "chain.entries") entries = v;
        else if (at == "games.[].id") id_ = v;
        return true;
    }
    bool fail(const std::string& why) {
        if (problem.empty()) problem = why;
        return false;
    }
    Game on_game_;
    std::vector<std::string> path_;
    std::optional<std::int64_t> id_;
    std::optional<std::string> hash_;
};

// The manifest's games against the archive, and its head against the chain.
int check_manifest(const ArchiveArgs& a, archive::Archive& ar, archive::Verification& v) {
    std::ifstream in(a.manifest, std::ios::binary);
    if (!in) {
        error_out() << "cannot read the manifest " << output::visible(a.manifest) << ": " << std::strerror(errno) << "\n";
        return 2;
    }
    ManifestReader m([&](std::int64_t id, const std::string& hash, std::int64_t entries) {
        const std::string name = "game #" + std::to_string(id);
        std::int64_t since = 0;
        switch (ar.manifest_match(id, hash, entries, &since)) {
            case archive::ManifestMatch::Same: break;
            case archive::ManifestMatch::Missing: v.problems.push_back({id, name + " of the manifest is not in the archive"}); break;
            case archive::ManifestMatch::Different: v.problems.push_back({id, name + " is not the game the manifest lists (its content hash differs)"}); break;
            case archive::ManifestMatch::ChangedSince:
                v.problems.push_back({id, name + " is not the game the manifest lists: it was changed after the manifest (chain entry " + std::to_string(since) +
                                              "), which the manifest does not cover"});
                break;
        }
    });
    const bool read = nlohmann::json::sax_parse(in, &m);
    if (!read || !m.entries || !m.head) {
        error_out() << output::visible(a.manifest) << " is not an ironlog manifest (as 'archive export --manifest' writes)"
                  << (m.problem.empty() ? "" : ": " + m.problem) << "\n";
        return 2;
    }
    const auto at = ar.chain_hash(*m.entries);
    if (!at || *at != *m.head)
        v.problems.push_back({0, "the chain's entry " + std::to_string(*m.entries) + (at ? " is not" : " is missing, not") +
                                     " the manifest's head: the archive is not the one the manifest was made from, or was rebuilt since"});
    if (const std::int64_t length = ar.chain_length(); length > *m.entries)
        v.notes.push_back({0, "chain entries " + std::to_string(*m.entries + 1) + " to " + std::to_string(length) +
                                  " were added after the manifest was made: it does not cover them (a manifest exported now would)"});
    const std::string statement = signed_statement(*m.entries, *m.head, m.games_digest.hex());
    if (!a.public_key.empty()) {
        std::string error;
        const auto key = read_key(a.public_key, error);
        if (!key) {
            error_out() << error << "\n";
            return 2;
        }
        if (!m.sig_value) v.problems.push_back({0, "the manifest is not signed, and --key asks for its signature"});
        else if (m.sig_key && *m.sig_key != *key) v.problems.push_back({0, "the manifest is signed with another key (" + *m.sig_key + ") than the one given"});
        else if (!archive::signature_holds(*key, statement, *m.sig_value))
            v.problems.push_back({0, "the manifest's signature does not hold: it was changed after it was signed"});
        else v.notes.push_back({0, "the manifest's signature holds (key " + *key + ")"});
    } else if (m.sig_value) {
        v.notes.push_back({0, "the manifest is signed (key " + m.sig_key.value_or("?") + "): --key PUBLIC-KEY-FILE checks the signature"});
    }
    return 0;
}

}  // namespace

namespace {

// `archive verify --format json` (docs/output.md, "archive verify").
nlohmann::ordered_json verification_json(const archive::Verification& v) {
    using json = nlohmann::ordered_json;
    auto listed = [](const std::vector<archive::Problem>& list) {
        auto out = json::array();
        for (const auto& p : list) out.push_back(json{{"game", p.game_id ? json(p.game_id) : json(nullptr)}, {"what", p.what}});
        return out;
    };
    return json{{"verified", v.problems.empty()},
                {"games", v.games},
                {"earlier_versions", v.versions},
                {"chain", json{{"entries", v.entries}, {"head", v.head}}},
                {"problems", listed(v.problems)},
                {"notes", listed(v.notes)}};
}

}  // namespace

// Each problem on a line of its own, then the verdict: exit 1 when anything does not match.
int archive_verify(const ArchiveArgs& a, archive::Archive& ar) {
    Progress progress("verifying", 1);
    archive::Archive::Snapshot snapshot(ar.database());  // the archive and the manifest against one state
    archive::Verification v = ar.verify(true, [&](archive::VerifyStage stage, std::int64_t done, std::int64_t total) {
        if (stage == archive::VerifyStage::Pages)
            progress.say(output::visible(ar.path()) + ": every page (SQLite's integrity check), " + std::to_string(done) + " s");
        else
            progress.show(1, ar.path(), static_cast<std::size_t>(done), [&] { return total ? static_cast<int>(done * 100 / total) : 100; });
    });
    progress.clear();
    if (!a.manifest.empty())
        if (int status = check_manifest(a, ar, v)) return status;
    if (a.format == "json") {
        std::cout << verification_json(v).dump(2) << "\n";
        return v.problems.empty() ? 0 : 1;
    }
    for (const auto& p : v.problems) std::cout << "verify: " << output::visible(p.what) << "\n";
    for (const auto& n : v.notes) std::cout << "note: " << output::visible(n.what) << "\n";
    std::cout << (v.problems.empty() ? "verified: " : "NOT verified: ") << count_of(v.games, "game") << ", " << count_of(v.versions, "earlier version") << ", a chain of "
              << count_of(v.entries, "entry", "entries") << ", head " << v.head
              << (v.problems.empty() ? "" : "; " + std::to_string(v.problems.size()) + (v.problems.size() == 1 ? " problem" : " problems")) << "\n";
    return v.problems.empty() ? 0 : 1;
}

namespace {

// What a published archive is checked against ('archive verify --manifest'): the chain's head
// and the content hash of each game exported, written a game at a time; with a key, signed.
// Written only when the archive verifies.
int write_manifest(const ArchiveArgs& a, archive::Archive& ar, const std::vector<std::int64_t>& ids) {
    std::optional<std::string> key;
    if (!a.sign_key.empty()) {
        std::string error;
        key = read_key(a.sign_key, error);
        if (!key) {
            error_out() << error << "\n";
            return 2;
        }
    }
    archive::Verification v = ar.verify(false);
    if (!v.problems.empty()) {
        for (const auto& p : v.problems) error_out() << output::visible(p.what) << "\n";
        error_out() << "the archive does not verify: no manifest written\n";
        return 1;
    }
    AtomicWrite out(a.manifest);
    out.write("{\n  \"ironlog_manifest\": 2,\n  \"chain\": {\"entries\": " + std::to_string(v.entries) + ", \"head\": \"" + v.head + "\"},\n  \"games\": [");
    archive::Sha256 digest;
    std::size_t written = 0;
    auto game = [&](std::int64_t id) {
        const auto c = ar.chained(id);
        if (!c || !c->content) return;
        out.write(std::string(written++ ? ",\n" : "\n") + "    {\"id\": " + std::to_string(id) + ", \"hash\": \"" + *c->content + "\"}");
        digest.update(game_line(id, *c->content));
    };
    if (ids.empty()) ar.for_each_id(game);
    else
        for (auto id : ids) game(id);
    out.write(written ? "\n  ]" : "]");
    if (key) {
        const std::string statement = signed_statement(v.entries, v.head, digest.hex());
        out.write(",\n  \"signature\": {\"algorithm\": \"ed25519\", \"key\": \"" + *archive::public_key_of(*key) + "\", \"value\": \"" +
                  *archive::sign(*key, statement) + "\"}");
    }
    out.write("\n}\n");
    if (!out.commit()) {
        error_out() << output::visible(a.manifest) << ": " << out.error() << "\n";
        return 2;
    }
    std::cerr << "manifest written to " << output::visible(a.manifest) << ": " << count_of(written, "game") << ", chain head " << v.head << (key ? ", signed" : "")
              << "\n";
    return 0;
}

// The files records written to a folder name, relative to that folder: their paths rewritten (or,
// with --bundle, the files copied in beside them and named alone).
class Relocation {
public:
    Relocation(fs::path folder, bool bundle) : folder_(std::move(folder)), bundle_(bundle) {}
    // The record with each [Library], [Map], [Tables] path made to name, from the new folder, the
    // file the stored game was checked with; the record as it is when there is nothing to change.
    std::optional<std::string> record(const archive::StoredGame& g, const std::vector<archive::UsedFile>& files, std::string& error);

private:
    std::optional<std::string> place(const archive::UsedFile& f, std::string& error);
    fs::path folder_;
    bool bundle_;
    std::map<std::string, std::string> copied_;  // name in the folder -> the file copied there
};

std::optional<std::string> Relocation::place(const archive::UsedFile& f, std::string& error) {
    if (!bundle_) {
        const fs::path rel = fs::path(f.path).lexically_relative(folder_);
        return rel.empty() ? f.path : rel.generic_string();
    }
    const std::string name = fs::path(f.path).filename().string();
    if (auto it = copied_.find(name); it != copied_.end()) {
        if (it->second == f.path) return name;
        error = "--bundle: two different files named " + output::visible(name) + " (" + output::visible(it->second) + " and " + output::visible(f.path) + ")";
        return std::nullopt;
    }
    const auto text = read_named_file(f.path);
    if (!text) {
        error = "--bundle: " + output::visible(f.path) + " cannot be read (" + named_file_problem(f.path) + ")";
        return std::nullopt;
    }
    std::string why;
    if (!write_atomically((folder_ / name).string(), *text, why)) {
        error = "--bundle: " + why;
        return std::nullopt;
    }
    copied_[name] = f.path;
    return name;
}

std::optional<std::string> Relocation::record(const archive::StoredGame& g, const std::vector<archive::UsedFile>& files, std::string& error) {
    auto parsed = ngn::parse_text(g.record);
    if (parsed.games.size() != 1) return g.record;
    std::string text = g.record;
    for (const ngn::Tag* t : parsed.games.front().tags()) {
        if (!ngn::names_files(t->name)) continue;
        std::string value;
        for (const std::string& name : ngn::split_list(t->value)) {
            auto f = std::find_if(files.begin(), files.end(), [&](const archive::UsedFile& u) { return u.tag == t->name && u.name == name; });
            std::optional<std::string> placed = f == files.end() ? std::optional(name) : place(*f, error);
            if (!placed) return std::nullopt;
            value += (value.empty() ? "" : ", ") + *placed;
        }
        if (value != t->value)
            if (auto rewritten = ngn::with_tag_value(text, t->pos.line, value)) text = std::move(*rewritten);
    }
    return text;
}

}  // namespace

// The games (all by default) as NGN, the records one after another, or JSON; to -o FILE or the
// standard output. The files they name are found from where they are written (the current folder
// for the standard output).
int archive_export(const ArchiveArgs& a, archive::Archive& ar) {
    const fs::path folder = a.output.empty() ? fs::current_path() : fs::absolute(a.output).parent_path();
    Relocation relocation(folder.lexically_normal(), a.bundle);
    std::optional<AtomicWrite> file;
    if (!a.output.empty()) file.emplace(a.output);
    auto write = [&](std::string_view text) {
        if (file) file->write(text);
        else std::cout << text;
    };
    archive::Archive::Snapshot snapshot(ar.database());  // the games and the manifest of one state
    int status = 0;
    bool first = true;
    std::string error;
    auto one = [&](std::int64_t id) {
        auto g = ar.get(id);
        if (!g) {
            error_out() << "no game #" << id << " in " << output::visible(ar.path()) << "\n";
            status = 1;
            return;
        }
        auto text = relocation.record(*g, ar.files(id), error);
        if (!text) return;
        if (a.format == "json") {
            nlohmann::ordered_json j = stored_game_json(*g);
            j["record"] = *text;
            write(array_element(j, first));
        } else {
            // NGN: the records one after another, as they were read, a blank line between games
            write(std::string(first ? "" : "\n") + *text + (!text->empty() && text->back() != '\n' ? "\n" : ""));
        }
        first = false;
    };
    if (a.ids.empty()) ar.for_each_id([&](std::int64_t id) {
            if (error.empty()) one(id);
        });
    else
        for (auto id : a.ids)
            if (error.empty()) one(id);
    if (!error.empty()) {
        error_out() << error << ": nothing exported\n";
        return 2;
    }
    if (a.format == "json") write(first ? "[]\n" : "\n]\n");
    if (file && !file->commit()) {
        error_out() << output::visible(a.output) << ": " << file->error() << "\n";
        return 2;
    }
    if (!a.manifest.empty()) status = std::max(status, write_manifest(a, ar, a.ids));
    return status;
}

// A new Ed25519 key pair: FILE (the private key, readable by its owner alone) and FILE.pub.
int archive_keygen(const ArchiveArgs& a) {
    const std::string pub = a.key_file + ".pub";
    std::error_code ec;
    if (fs::exists(a.key_file, ec) || fs::exists(pub, ec)) {
        error_out() << output::visible(a.key_file) << " or its .pub is there already: a key is not overwritten\n";
        return 2;
    }
    const auto pair = archive::new_key_pair();
    if (!pair) {
        error_out() << "the system gave no random bytes for a key\n";
        return 2;
    }
    std::string error;
    const mode_t old = ::umask(077);
    const bool written = write_atomically(a.key_file, pair->private_hex + "\n", error);
    ::umask(old);
    if (!written || !write_atomically(pub, pair->public_hex + "\n", error)) {
        error_out() << error << "\n";
        return 2;
    }
    std::cout << "private key written to " << output::visible(a.key_file) << " (keep it secret), public key to " << output::visible(pub) << ": "
              << pair->public_hex << "\n";
    return 0;
}

}  // namespace ironlog::cli
