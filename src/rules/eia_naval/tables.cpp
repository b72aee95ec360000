#include "rules/eia_naval/tables.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"

#include <fstream>
#include <sstream>

namespace ironlog::rules::eia_naval {

namespace {
const RuleRef kPack{"eia-naval", "6.3.3.2", "Naval Combat Resolution"};

std::optional<int> percent_of(const ngn::Item& it) {
    const auto* n = it.as<ngn::Number>();
    if (!n || !n->is_integer || n->unit != "%" || n->value < 0 || n->value > 100) return std::nullopt;
    return n->as_int();
}
}  // namespace

// Lines of NGN syntax:
//   source "where the values come from"
//   combat 1 5%        (a roll of 1 or less)
//   combat 6 25%       (6 or more)
//   casualty 5% 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1   (1 to 20 factors)
TablePack TablePack::load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings) {
    TablePack pack;
    const std::string text = ironlog::read_named_file(path).value_or("");  // the header said why, if not read
    auto problem = [&](ngn::SourcePos pos, const std::string& message) {
        findings.error(Kind::Inconsistent, kPack, pos, message).file = shown_name;
    };
    ngn::for_each_line(text, [&](ngn::LineResult&& r) {
        if (r.error) {
            problem(r.error->pos, r.error->message);
            return;
        }
        const auto* e = r.line ? r.line->as<ngn::Event>() : nullptr;
        if (!e) return;
        const std::string what = lower(reference_text(e->subject));
        if (what == "source" && !e->args.empty()) {
            pack.source_ = reference_text(e->args[0]);
        } else if (what == "combat" && e->args.size() == 2 && e->args[0].is<ngn::Number>() && percent_of(e->args[1])) {
            pack.combat_[e->args[0].as<ngn::Number>()->as_int()] = *percent_of(e->args[1]);
        } else if (what == "casualty" && e->args.size() == 21 && percent_of(e->args[0])) {
            std::vector<int> row;
            for (std::size_t i = 1; i < e->args.size(); ++i) {
                const auto* n = e->args[i].as<ngn::Number>();
                if (!n || !n->is_integer || n->value < 0) {
                    problem(e->args[i].pos, "a casualty row gives the losses for 1 to 20 factors, whole numbers");
                    row.clear();
                    break;
                }
                row.push_back(n->as_int());
            }
            if (!row.empty()) pack.casualty_[*percent_of(e->args[0])] = row;
        } else {
            problem(e->subject.pos,
                    "a table pack line is: source \"...\", combat <roll> <percent>%, or casualty <percent>% and 20 losses");
        }
    });
    if (pack.combat_.empty()) problem(ngn::SourcePos{1, 1}, "the pack has no Naval Combat Table (combat lines)");
    if (pack.casualty_.empty()) problem(ngn::SourcePos{1, 1}, "the pack has no Casualty Percentage Table (casualty lines)");
    for (const auto& [roll, percent] : pack.combat_)
        if (!pack.casualty_.count(percent))
            problem(ngn::SourcePos{1, 1}, "the Naval Combat Table gives " + std::to_string(percent) + "%, which the Casualty Percentage Table has no row for");
    return pack;
}

std::optional<int> TablePack::percentage(int roll) const {
    if (combat_.empty()) return std::nullopt;
    if (roll <= combat_.begin()->first) return combat_.begin()->second;
    if (roll >= combat_.rbegin()->first) return combat_.rbegin()->second;
    auto it = combat_.find(roll);
    if (it == combat_.end()) return std::nullopt;
    return it->second;
}

std::optional<int> TablePack::casualties(int percent, int ships) const {
    auto it = casualty_.find(percent);
    if (it == casualty_.end()) return std::nullopt;
    int losses = 0;
    for (; ships > 20; ships -= 20) losses += it->second[19];
    if (ships > 0) losses += it->second[static_cast<std::size_t>(ships - 1)];
    return losses;
}

}  // namespace ironlog::rules::eia_naval
