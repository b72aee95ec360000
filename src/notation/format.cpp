#include "notation/format.hpp"

#include "notation/labels.hpp"

#include <algorithm>
#include <charconv>

namespace ngn {

namespace {

void append_items(std::string& out, Items items) {
    for (const auto& it : items) {
        out += ' ';
        it.append_ngn(out);
    }
}

void append_notes(std::string& out, Notes notes) {
    for (const auto& n : notes) {
        out += " {";
        out += n.text;
        out += '}';
    }
}

// Indentation level of a heading: turn, phase, segment, impulse, step nest in that order.
int heading_rank(HeadingKind k) { return static_cast<int>(k); }

bool is_comment_line(const Line& l) { return l.is<Blank>() && l.comment.has_value(); }
bool is_empty_line(const Line& l) { return l.is<Blank>() && !l.comment.has_value(); }

}  // namespace

int tag_rank(std::string_view name) {
    static const char* fixed[] = {"NGN", "Event", "Site", "Date", "Round", "Ruleset", "Variant"};
    for (int i = 0; i < 7; ++i)
        if (name == fixed[i]) return i * 1000;
    // Side1, Player1, Side2, Player2, ...
    for (std::string_view prefix : {"Side", "Player"}) {
        if (name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix) {
            int n = 0;
            auto digits = name.substr(prefix.size());
            auto r = std::from_chars(digits.data(), digits.data() + digits.size(), n);
            if (r.ec == std::errc() && r.ptr == digits.data() + digits.size() && n > 0 && n < 100)
                return 7000 + n * 10 + (prefix == "Player" ? 1 : 0);
        }
    }
    static const char* later[] = {"Umpire", "Annotator", "Rules", "Options", "Tables", "Map", "Library", "Battles", "Tolerance", "SetUp", "Result"};
    for (int i = 0; i < 10; ++i)
        if (name == later[i]) return 9000 + i * 10;
    return 20000;  // other tags keep their written order after the known ones
}

std::string format_content(const Line& line) {
    std::string out;
    append_content(out, line);
    return out;
}

namespace {

void append_line(std::string& out, const Line& line, bool notes);

}  // namespace

void append_content(std::string& out, const Line& line) { append_line(out, line, true); }

bool names_files(std::string_view tag) { return tag == "Library" || tag == "Map" || tag == "Tables" || tag == "Battles"; }

namespace {

// "../ships/a.ngn, b.ngn" -> "a.ngn, b.ngn": each file by its name alone.
std::string file_names(std::string_view value) {
    std::string out;
    for (const std::string& path : split_list(value)) {
        const auto slash = path.find_last_of("/\\");
        if (!out.empty()) out += ", ";
        out += slash == std::string::npos ? path : path.substr(slash + 1);
    }
    return out;
}

}  // namespace

std::string identity_text(const Game& game) {
    std::vector<const Tag*> tags = game.tags();
    std::stable_sort(tags.begin(), tags.end(), [](const Tag* a, const Tag* b) { return tag_rank(a->name) < tag_rank(b->name); });
    std::string out;
    for (const Tag* t : tags) {
        out += '[';
        out += t->name;
        out += ' ';
        append_quoted(out, names_files(t->name) ? std::string_view(file_names(t->value)) : t->value);
        out += "]\n";
    }
    for (const auto& l : game.lines) {
        if (l.is<Blank>() || l.is<Tag>()) continue;
        append_line(out, l, false);
        out += '\n';
    }
    return out;
}

namespace {

void append_line(std::string& out, const Line& line, bool with_notes) {
    auto append_notes = [&](Notes notes) {
        if (with_notes) ngn::append_notes(out, notes);
    };
    if (const auto* t = line.as<Tag>()) {
        out += '[';
        out += t->name;
        out += ' ';
        append_quoted(out, t->value);
        out += ']';
    } else if (const auto* h = line.as<Heading>()) {
        out += heading_keyword(h->kind);
        out += ' ';
        if (h->label_quoted) append_quoted(out, h->label);
        else out += h->label;
        append_items(out, h->args);
    } else if (const auto* d = line.as<Declaration>()) {
        out += entity_keyword(d->kind);
        out += ' ';
        d->name.append_ngn(out);
        if (d->full_name) {
            out += ' ';
            d->full_name->append_ngn(out);
        }
        append_items(out, d->args);
        append_notes(d->notes);
    } else if (const auto* s = line.as<Setup>()) {
        out += "setup ";
        s->subject.append_ngn(out);
        append_items(out, s->args);
        append_notes(s->notes);
    } else if (const auto* t = line.as<Terrain>()) {
        out += "terrain ";
        t->kind.append_ngn(out);
        append_items(out, t->args);
        append_notes(t->notes);
    } else if (const auto* e = line.as<Event>()) {
        e->subject.append_ngn(out);
        append_items(out, e->args);
        if (e->claim) {
            out += " =>";
            append_items(out, *e->claim);
        }
        append_notes(e->notes);
    } else if (const auto* r = line.as<Ruling>()) {
        out += "ruling";
        for (const auto& c : r->citation) {
            out += ' ';
            out += c;
        }
        out += ' ';
        append_quoted(out, r->text);
    }
}

}  // namespace

std::string format_game(const Game& game) {
    // Split the header (tags and the comment lines among them) from the body.
    std::vector<const Line*> lead_comments, body;
    struct TagBlock {
        const Tag* tag;
        std::vector<const Line*> lines;  // comment lines before the tag, then the tag line
        std::size_t order;
    };
    std::vector<TagBlock> tags;
    std::vector<const Line*> pending;
    std::size_t i = 0;
    for (; i < game.lines.size(); ++i) {
        const Line& l = game.lines[i];
        if (const auto* t = l.as<Tag>()) {
            pending.push_back(&l);
            tags.push_back(TagBlock{t, std::move(pending), tags.size()});
            pending.clear();
        } else if (l.is<Blank>()) {
            if (l.comment) (tags.empty() ? lead_comments : pending).push_back(&l);
        } else {
            break;
        }
    }
    std::stable_sort(tags.begin(), tags.end(), [](const TagBlock& a, const TagBlock& b) {
        return tag_rank(a.tag->name) < tag_rank(b.tag->name);
    });
    for (; i < game.lines.size(); ++i) body.push_back(&game.lines[i]);

    std::string out;
    auto emit = [&out](int indent, const Line& l) {
        out.append(static_cast<std::size_t>(indent) * 2, ' ');
        std::string content = format_content(l);
        out += content;
        if (l.comment) {
            if (!content.empty()) out += " ";
            out += ";";
            out += l.comment->text;
        }
        out += '\n';
    };
    for (const Line* l : lead_comments) emit(0, *l);
    for (const auto& tb : tags)
        for (const Line* l : tb.lines) emit(0, *l);
    for (const Line* l : pending) emit(0, *l);

    // Body: indentation follows the open headings; runs of blank lines become one, and
    // each turn (with the comments just above it) is set off by a blank line.
    std::vector<int> indent(body.size(), 0);
    std::vector<int> open;  // ranks of the open headings
    for (std::size_t k = 0; k < body.size(); ++k) {
        if (const auto* h = body[k]->as<Heading>()) {
            int r = heading_rank(h->kind);
            while (!open.empty() && open.back() >= r) open.pop_back();
            indent[k] = static_cast<int>(open.size());
            open.push_back(r);
        } else {
            indent[k] = static_cast<int>(open.size());
        }
    }
    int next_indent = 0;  // comment lines take the indentation of the line they precede
    for (std::size_t k = body.size(); k-- > 0;) {
        if (is_comment_line(*body[k]))
            indent[k] = next_indent;
        else if (!is_empty_line(*body[k]))
            next_indent = indent[k];
    }
    std::vector<bool> blank_before(body.size(), false);
    for (std::size_t k = 0; k < body.size(); ++k) {
        if (is_empty_line(*body[k])) continue;
        bool after_blank = k > 0 && is_empty_line(*body[k - 1]);
        bool turn = body[k]->is<Heading>() && body[k]->as<Heading>()->kind == HeadingKind::Turn;
        if (turn) {
            std::size_t j = k;  // move the gap above the comments that introduce the turn
            while (j > 0 && is_comment_line(*body[j - 1])) --j;
            blank_before[j] = true;
        }
        if (after_blank) blank_before[k] = true;
    }
    bool first = true;
    for (std::size_t k = 0; k < body.size(); ++k) {
        if (is_empty_line(*body[k])) continue;
        if (first || blank_before[k]) out += '\n';  // the first one separates header and body
        first = false;
        emit(indent[k], *body[k]);
    }
    return out;
}

std::optional<std::string> with_tag_value(std::string_view text, std::uint32_t line, std::string_view value) {
    std::size_t at = 0;
    for (std::uint32_t l = 1; l < line; ++l) {
        at = text.find('\n', at);
        if (at == std::string_view::npos) return std::nullopt;
        ++at;
    }
    if (line == 1 && text.substr(0, 3) == "\xEF\xBB\xBF") at = 3;  // a byte-order mark
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    if (at >= text.size() || text[at] != '[') return std::nullopt;
    const std::size_t open = text.find('"', at);
    const std::size_t end_of_line = text.find('\n', at);
    if (open == std::string_view::npos || open > end_of_line) return std::nullopt;
    std::size_t close = open + 1;  // the closing quote: a backslash escapes the character after it
    while (close < text.size() && text[close] != '"' && text[close] != '\n') close += text[close] == '\\' ? 2 : 1;
    if (close >= text.size() || text[close] != '"') return std::nullopt;
    std::string out(text.substr(0, open));
    append_quoted(out, value);
    out += text.substr(close + 1);
    return out;
}

}  // namespace ngn
