#include "check/sequence.hpp"
#include "check/spelling.hpp"

#include <algorithm>
#include <charconv>

namespace ironlog {

namespace {

const RuleRef kTurns = ngn_rule("5.1", "Turns and headings");

std::string describe(const SequenceNode& n) { return std::string(ngn::heading_keyword(n.kind)) + " " + n.name; }

std::string describe(const ngn::Heading& h) { return std::string(ngn::heading_keyword(h.kind)) + " " + std::string(h.label); }

std::optional<int> parse_int(std::string_view s) {
    int v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < 0) return std::nullopt;
    return v;
}

// turn 1805-10 -> months since year 0
std::optional<int> parse_month(std::string_view s) {
    if (s.size() != 7 || s[4] != '-') return std::nullopt;
    auto y = parse_int(s.substr(0, 4));
    auto m = parse_int(s.substr(5, 2));
    if (!y || !m || *m < 1 || *m > 12) return std::nullopt;
    return *y * 12 + (*m - 1);
}

std::string month_text(int months) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d", months / 12, months % 12 + 1);
    return buf;
}

int index_of(const std::vector<SequenceNode>& v, const SequenceNode* n) {
    for (std::size_t i = 0; i < v.size(); ++i)
        if (&v[i] == n) return static_cast<int>(i);
    return -1;
}

std::string names_of(const std::vector<SequenceNode>& v) {
    std::string s;
    for (const auto& n : v) {
        if (!s.empty()) s += ", ";
        s += n.name;
    }
    return s;
}

// Finds a node with this kind and label anywhere under `nodes`, with its parent.
const SequenceNode* find_anywhere(const std::vector<SequenceNode>& nodes, const ngn::Heading& h, bool any_kind,
                                  const SequenceNode* parent, const SequenceNode** parent_out) {
    for (const auto& n : nodes) {
        if ((any_kind || n.kind == h.kind) && n.matches(h.label)) {
            *parent_out = parent;
            return &n;
        }
        if (const SequenceNode* f = find_anywhere(n.children, h, any_kind, &n, parent_out)) return f;
    }
    return nullptr;
}

}  // namespace

std::string Cursor::text() const {
    std::string s;
    if (started) s = "turn " + turn_label;
    for (const auto& l : path) {
        if (!s.empty()) s += ", ";
        s += std::string(ngn::heading_keyword(l.node->kind)) + " " + (l.node->numbered || l.node->name.empty() ? l.label : l.node->name);
    }
    return s.empty() ? "before play" : s;
}

std::string Cursor::open(ngn::HeadingKind kind) const {
    for (const auto& l : path)
        if (l.node->kind == kind) return l.node->numbered || l.node->name.empty() ? l.label : l.node->name;
    return {};
}

SequenceTracker::SequenceTracker(const Sequence& sequence, bool setup, Findings& findings)
    : sequence_(sequence), setup_(setup), findings_(findings) {}

const std::vector<SequenceNode>& SequenceTracker::children_at(std::size_t depth) const {
    if (depth == 0) return cursor_.started ? sequence_.turn : sequence_.before_play;
    return cursor_.path[depth - 1].node->children;
}

void SequenceTracker::turn(const ngn::Heading& h, ngn::SourcePos pos) {
    std::optional<int> n;
    const char* form = "a whole number";
    if (sequence_.turn_label == TurnLabel::Month) {
        n = parse_month(h.label);
        form = "a year and month such as 1805-10";
    } else {
        n = parse_int(h.label);
        if (n && *n == 0) n.reset();
    }
    if (!n) {
        findings_.error(Kind::Inconsistent, kTurns, h.label_pos,
                        "a turn is labelled with " + std::string(form), form, std::string(h.label));
    } else if (!cursor_.started) {
        if (sequence_.turn_label == TurnLabel::Number && *n != 1 && !setup_)
            findings_.error(Kind::Inconsistent, kTurns, h.label_pos,
                            "the record starts at turn " + std::string(h.label) +
                                " but has no [SetUp \"1\"] tag; a record without one starts at turn 1",
                            "turn 1", "turn " + std::string(h.label));
    } else if (*n != cursor_.turn_number + 1) {
        std::string expected = sequence_.turn_label == TurnLabel::Month ? month_text(cursor_.turn_number + 1)
                                                                        : std::to_string(cursor_.turn_number + 1);
        std::string what = *n == cursor_.turn_number ? "turn " + std::string(h.label) + " is written twice"
                           : *n < cursor_.turn_number ? "turn " + std::string(h.label) + " comes after turn " + cursor_.turn_label
                                                      : "turn " + std::string(h.label) + " follows turn " + cursor_.turn_label +
                                                            ": turn " + expected + " is missing";
        findings_.error(Kind::Inconsistent, kTurns, h.label_pos, what, "turn " + expected, "turn " + std::string(h.label));
    }
    if (n && sequence_.max_turns > 0 && sequence_.turn_label == TurnLabel::Number && *n > sequence_.max_turns)
        findings_.error(Kind::Illegal, sequence_.rule, h.label_pos,
                        "the game has " + std::to_string(sequence_.max_turns) + " turn" +
                            (sequence_.max_turns == 1 ? "" : "s") + "; this is turn " + std::string(h.label),
                        "at most turn " + std::to_string(sequence_.max_turns), "turn " + std::string(h.label));
    (void)pos;
    cursor_.started = true;
    cursor_.turn_label = h.label;
    if (n) cursor_.turn_number = *n;
    cursor_.path.clear();
    root_seen_.clear();
    root_last_fixed_ = -1;
}

bool SequenceTracker::check_numbered(const SequenceNode& node, const Cursor::Level* previous, const ngn::Heading& h,
                                     ngn::SourcePos, int& number) {
    auto n = parse_int(h.label);
    number = n.value_or(0);
    if (!n) return false;
    const bool continuing = previous && previous->node == &node;
    const int expected = continuing ? previous->number + 1 : 1;
    // A record set up mid-game may open at any impulse.
    const bool first_of_record = setup_ && !numbered_seen_;
    numbered_seen_ = true;
    if (*n != expected && !(first_of_record && !continuing)) {
        std::string word = std::string(ngn::heading_keyword(node.kind));
        std::string what = continuing ? word + " " + std::string(h.label) + " follows " + word + " " + previous->label
                                      : word + "s are numbered from 1";
        if (continuing && *n > expected) what += ": " + word + " " + std::to_string(expected) + " is missing";
        findings_.error(Kind::Inconsistent, kTurns, h.label_pos, what, word + " " + std::to_string(expected),
                        word + " " + std::string(h.label));
    }
    if (node.max_count > 0 && *n > node.max_count)
        findings_.error(Kind::Illegal, node.rule, h.label_pos,
                        "there are " + std::to_string(node.max_count) + " " + ngn::heading_keyword(node.kind) + "s; this is " +
                            ngn::heading_keyword(node.kind) + " " + std::string(h.label),
                        "at most " + std::to_string(node.max_count), std::string(h.label));
    return true;
}

void SequenceTracker::misplaced(const ngn::Heading& h, ngn::SourcePos pos) {
    const SequenceNode* parent = nullptr;
    const RuleRef& rule = sequence_.rule;
    // The same label under another kind of heading?
    const SequenceNode* other = find_anywhere(sequence_.turn, h, true, nullptr, &parent);
    if (!other) other = find_anywhere(sequence_.before_play, h, true, nullptr, &parent);
    if (other && other->kind != h.kind) {
        findings_.error(Kind::Inconsistent, rule, h.label_pos,
                        "'" + std::string(h.label) + "' is a " + ngn::heading_keyword(other->kind) + " of the sequence of play, not a " +
                            ngn::heading_keyword(h.kind) + ": write '" + describe(*other) + "'",
                        describe(*other), describe(h));
        return;
    }
    if (other) {
        bool before_play = find_anywhere(sequence_.before_play, h, false, nullptr, &parent) == other;
        std::string where;
        if (before_play)
            where = cursor_.started ? "it is played once, before turn 1" : "it is played before turn 1";
        else if (!cursor_.started && !parent)
            where = "it is played within a turn: write the turn heading first";
        else if (parent)
            where = "it belongs in " + describe(*parent) + " (" + parent->rule.text() + ")";
        else
            where = "it is a " + std::string(ngn::heading_keyword(other->kind)) + " of the turn";
        findings_.error(Kind::Illegal, other->rule, h.label_pos, describe(h) + " is out of place here: " + where);
        return;
    }
    // The headings of its kind that may stand here: the children of the deepest heading open that
    // has some (a segment's siblings in the phase, not the phases), else the turn's or set-up's.
    std::vector<std::string> known;
    for (std::size_t depth = h.kind == ngn::HeadingKind::Phase ? 0 : cursor_.path.size(); known.empty(); --depth) {
        for (const auto& n : children_at(depth))
            if (n.kind == h.kind) known.push_back(n.name);
        if (depth == 0) break;
    }
    const std::string near = nearest(h.label, known);
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    findings_.error(Kind::Inconsistent, rule, h.label_pos,
                    "unknown " + std::string(ngn::heading_keyword(h.kind)) + " '" + std::string(h.label) + "'" +
                        (near.empty() ? std::string() : "; did you mean '" + near + "'?") +
                        (list.empty() ? std::string() : (near.empty() ? "; expected one of: " : " expected one of: ") + list));
    (void)pos;
}

void SequenceTracker::heading(const ngn::Heading& h, ngn::SourcePos pos) {
    event_reported_ = false;
    if (h.kind == ngn::HeadingKind::Turn) {
        turn(h, pos);
        any_heading_ = true;
        return;
    }
    // The deepest open level whose children include this heading.
    for (std::size_t depth = cursor_.path.size() + 1; depth-- > 0;) {
        const auto& siblings = children_at(depth);
        auto it = std::find_if(siblings.begin(), siblings.end(),
                               [&](const SequenceNode& n) { return n.kind == h.kind && n.matches(h.label); });
        if (it == siblings.end()) continue;
        const SequenceNode& node = *it;
        const int index = index_of(siblings, &node);
        std::vector<const SequenceNode*>& seen = depth == 0 ? root_seen_ : cursor_.path[depth - 1].seen;
        int& last_fixed = depth == 0 ? root_last_fixed_ : cursor_.path[depth - 1].last_fixed;
        const Cursor::Level* previous = cursor_.path.size() > depth ? &cursor_.path[depth] : nullptr;
        const SequenceNode* parent = depth == 0 ? nullptr : cursor_.path[depth - 1].node;
        const RuleRef& order_rule = !parent ? sequence_.rule : parent->order_rule.empty() ? parent->rule : parent->order_rule;

        int number = 0;
        if (node.numbered) {
            check_numbered(node, previous, h, pos, number);
        } else {
            const bool again = std::find(seen.begin(), seen.end(), &node) != seen.end();
            const bool repeating = node.repeatable && previous && previous->node == &node;
            if (again && !repeating && !node.repeatable) {
                findings_.error(Kind::Illegal, order_rule, h.label_pos,
                                describe(node) + " was already played" +
                                    (depth == 0 && cursor_.started ? " in turn " + cursor_.turn_label : std::string()));
            } else if (!node.floating && index < last_fixed) {
                findings_.error(Kind::Illegal, order_rule, h.label_pos,
                                describe(node) + " comes before " + describe(siblings[static_cast<std::size_t>(last_fixed)]) +
                                    " in the sequence of play");
            } else if (again && node.repeatable && index < last_fixed) {
                findings_.error(Kind::Illegal, order_rule, h.label_pos,
                                describe(node) + " comes before " + describe(siblings[static_cast<std::size_t>(last_fixed)]));
            }
        }
        // As played: the replay moves to this heading whatever was wrong with it.
        cursor_.path.resize(depth);
        if (std::find(seen.begin(), seen.end(), &node) == seen.end()) seen.push_back(&node);
        if (!node.floating) last_fixed = std::max(last_fixed, index);
        Cursor::Level level;
        level.node = &node;
        level.label = h.label;
        level.number = number;
        cursor_.path.push_back(std::move(level));
        any_heading_ = true;
        return;
    }
    // Unknown or misplaced: say so once, then stand inside it as played, so the events and the
    // headings under it are not reported again. Under an unknown heading nothing more is said.
    const bool under_unknown = std::any_of(cursor_.path.begin(), cursor_.path.end(),
                                           [](const Cursor::Level& l) { return l.node->name.empty(); });
    if (!under_unknown || h.kind == ngn::HeadingKind::Phase) misplaced(h, pos);
    SequenceNode& placeholder = unknown_.emplace_back();
    placeholder.kind = h.kind;
    placeholder.rule = sequence_.rule;
    if (h.kind == ngn::HeadingKind::Phase) cursor_.path.clear();
    while (!cursor_.path.empty() && cursor_.path.back().node->kind >= h.kind) cursor_.path.pop_back();
    Cursor::Level level;
    level.node = &placeholder;
    level.label = h.label;
    cursor_.path.push_back(std::move(level));
    any_heading_ = true;
}

void SequenceTracker::event_place(ngn::SourcePos pos) {
    if (!cursor_.path.empty() || event_reported_) return;
    event_reported_ = true;
    const RuleRef rule = ngn_rule("5.3", "Events");
    if (!cursor_.started) {
        std::string first = sequence_.before_play.empty() ? "turn 1" : "phase " + sequence_.before_play.front().name + " or turn 1";
        findings_.error(Kind::Inconsistent, rule, pos,
                        "an event before any heading: the play starts with '" + first + "'");
    } else {
        findings_.error(Kind::Inconsistent, rule, pos,
                        "an event directly under 'turn " + cursor_.turn_label + "': expected a phase heading first (" +
                            names_of(sequence_.turn) + ")");
    }
}

SequenceTracker::SequenceTracker(const SequenceTracker& from, Findings& findings)
    : sequence_(from.sequence_), setup_(from.setup_), findings_(findings), cursor_(from.cursor_), unknown_(from.unknown_),
      root_seen_(from.root_seen_), root_last_fixed_(from.root_last_fixed_), any_heading_(from.any_heading_),
      numbered_seen_(from.numbered_seen_), event_reported_(from.event_reported_) {
    // the placeholders of unknown headings are this copy's own: point at them
    auto own = [&](const SequenceNode*& node) {
        for (std::size_t i = 0; i < from.unknown_.size(); ++i)
            if (node == &from.unknown_[i]) node = &unknown_[i];
    };
    for (auto& level : cursor_.path) {
        own(level.node);
        for (auto& seen : level.seen) own(seen);
    }
    for (auto& seen : root_seen_) own(seen);
}

std::vector<std::string> SequenceTracker::next_headings() const {
    std::vector<std::string> next;
    auto offer = [&](std::string text) {
        if (std::find(next.begin(), next.end(), text) == next.end()) next.push_back(std::move(text));
    };
    for (std::size_t depth = cursor_.path.size() + 1; depth-- > 0;) {
        const auto& siblings = children_at(depth);
        const auto& seen = depth == 0 ? root_seen_ : cursor_.path[depth - 1].seen;
        const int last_fixed = depth == 0 ? root_last_fixed_ : cursor_.path[depth - 1].last_fixed;
        const Cursor::Level* current = cursor_.path.size() > depth ? &cursor_.path[depth] : nullptr;
        for (std::size_t i = 0; i < siblings.size(); ++i) {
            const SequenceNode& node = siblings[i];
            const std::string keyword = std::string(ngn::heading_keyword(node.kind)) + " ";
            const bool met = std::find(seen.begin(), seen.end(), &node) != seen.end();
            const bool is_current = current && current->node == &node;
            if (node.numbered) {
                const int number = is_current ? current->number + 1 : met ? 0 : 1;
                if (number > 0 && (node.max_count == 0 || number <= node.max_count)) offer(keyword + std::to_string(number));
            } else if (node.floating ? !met : static_cast<int>(i) > last_fixed || (node.repeatable && is_current)) {
                offer(keyword + node.name);
            }
        }
    }
    if (sequence_.max_turns == 0 || cursor_.turn_number < sequence_.max_turns) {
        if (sequence_.turn_label == TurnLabel::Month)
            offer(cursor_.started ? "turn " + month_text(cursor_.turn_number + 1) : "turn");
        else
            offer("turn " + std::to_string(cursor_.started ? cursor_.turn_number + 1 : 1));
    }
    return next;
}

}  // namespace ironlog
