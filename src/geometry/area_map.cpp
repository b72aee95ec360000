#include "geometry/area_map.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/spelling.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"

#include <deque>
#include <fstream>
#include <sstream>

namespace geometry {

using ironlog::Kind;

namespace {

const ironlog::RuleRef kMapFormat{"ngn", "3.6", "Files a record uses"};

std::vector<std::string> names_of(const ngn::Item& it) {
    std::vector<std::string> out;
    for (const ngn::Item* e : ironlog::elements(it)) {
        if (const auto* a = e->as<ngn::AreaPos>()) out.emplace_back(a->area);
        else out.push_back(ironlog::reference_text(*e));
    }
    return out;
}

}  // namespace

AreaMap AreaMap::load(const std::filesystem::path& path, const std::string& shown_name, ironlog::Findings& findings) {
    AreaMap map;
    map.file_ = shown_name;
    const std::string text = ironlog::read_named_file(path).value_or("");  // the header said why, if not read
    auto problem = [&](ngn::SourcePos pos, const std::string& message) {
        findings.error(Kind::Inconsistent, kMapFormat, pos, message).file = shown_name;
    };
    std::vector<std::pair<std::string, std::pair<std::string, ngn::SourcePos>>> links;  // place -> named place
    ngn::for_each_line(text, [&](ngn::LineResult&& r) {
        if (r.error) {
            problem(r.error->pos, r.error->message);
            return;
        }
        const auto* e = r.line ? r.line->as<ngn::Event>() : nullptr;
        if (!e) {
            if (r.line && !r.line->is<ngn::Blank>())
                problem(r.line->pos, "a map line names a place, then what it is: \"English Channel\" sea adjacent \"North Sea\"");
            return;
        }
        const std::string name = ironlog::reference_text(e->subject);
        const std::string kind = e->args.empty() || !ironlog::word_text(e->args[0]) ? "" : ironlog::lower(*ironlog::word_text(e->args[0]));
        if (name == "source" && e->subject.is<ngn::Word>()) {
            const auto* t = e->args.size() == 1 ? e->args[0].as<ngn::Text>() : nullptr;
            if (!t) problem(e->subject.pos, "a source line says where the map's values come from: source \"...\"");
            else map.source_ = ironlog::reference_text(e->args[0]);
            return;
        }
        if (name == "winter" && e->subject.is<ngn::Word>()) {
            map.winter_known_ = true;
            for (const ngn::Item* it : ironlog::elements(e->args)) {
                const auto* n = it->as<ngn::Number>();
                if (!n || !n->is_integer || n->value < 1 || n->value > 12) problem(it->pos, "winter lists months, 1 to 12");
                else map.winter_.insert(n->as_int());
            }
            return;
        }
        if (kind != "sea" && kind != "port") {
            problem(e->args.empty() ? e->subject.pos : e->args[0].pos, "say whether " + name + " is a sea area (sea) or a port (port)");
            return;
        }
        if (map.places_.count(name)) {
            problem(e->subject.pos, name + " is already on the map (line " + std::to_string(map.places_[name].line) + ")");
            return;
        }
        Place p;
        p.name = name;
        p.port = kind == "port";
        p.line = e->subject.pos.line;
        for (std::size_t i = 1; i < e->args.size(); ++i) {
            const std::string w = ironlog::word_text(e->args[i]) ? ironlog::lower(*ironlog::word_text(e->args[i])) : "";
            const bool has_next = i + 1 < e->args.size();
            if ((w == "adjacent" && !p.port) || (w == "touches" && p.port)) {
                if (!has_next) {
                    problem(e->args[i].pos, "expected the sea areas after '" + w + "'");
                    continue;
                }
                for (const auto& other : names_of(e->args[++i])) links.push_back({name, {other, e->args[i].pos}});
            } else if (w == "ice" && !p.port) {
                p.ice = true;
            } else if (w == "dardanelles" && !p.port) {
                p.dardanelles = true;
            } else if (w == "boxes" && !p.port) {
                p.boxes = true;
            } else if (w == "mediterranean" && !p.port) {
                p.mediterranean = true;
            } else if (w == "land" && p.port && has_next) {
                p.land = ironlog::reference_text(e->args[++i]);
            } else if (w == "harbour" && p.port && has_next && e->args[i + 1].is<ngn::Number>()) {
                p.harbour = e->args[++i].as<ngn::Number>()->as_int();
            } else if (w == "controller" && has_next) {
                p.controller = ironlog::reference_text(e->args[++i]);
            } else {
                problem(e->args[i].pos, p.port ? "a port takes land <area>, touches <sea areas>, harbour <n> and controller <power>; not '" +
                                                     e->args[i].to_ngn() + "'"
                                               : "a sea area takes adjacent <sea areas>, ice, dardanelles, boxes, mediterranean and controller "
                                                 "<power>; not '" + e->args[i].to_ngn() + "'");
            }
        }
        map.places_[name] = p;
    });
    // links are written once, either way round; a port's box touches sea areas only
    for (const auto& [from, to] : links) {
        auto it = map.places_.find(to.first);
        if (it == map.places_.end()) {
            std::string hint = map.suggest(to.first);
            problem(to.second, "'" + to.first + "' is not on the map" + (hint.empty() ? std::string() : " (did you mean '" + hint + "'?)"));
            continue;
        }
        if (it->second.port) {
            problem(to.second, to.first + " is a port: ports touch sea areas through their blockade box");
            continue;
        }
        map.places_[from].touches.insert(to.first);
        if (!map.places_[from].port) it->second.touches.insert(from);
    }
    for (const auto& [name, p] : map.places_)
        if (p.port && p.touches.empty()) problem(ngn::SourcePos{p.line, 1}, "port " + name + " touches no sea area");
    return map;
}

const Place* AreaMap::find(const std::string& name) const {
    auto it = places_.find(name);
    if (it != places_.end()) return &it->second;
    for (const auto& [n, p] : places_)
        if (ironlog::lower(n) == ironlog::lower(name)) return &p;
    return nullptr;
}

bool AreaMap::adjacent(const std::string& a, const std::string& b) const {
    const Place* p = find(a);
    return p && !p->port && p->touches.count(b) > 0;
}

std::map<std::string, int> AreaMap::steps_from(const std::string& start) const {
    std::map<std::string, int> steps{{start, 0}};
    std::deque<std::string> next{start};
    while (!next.empty()) {
        const std::string at = next.front();
        next.pop_front();
        const Place* p = find(at);
        if (!p) continue;
        for (const std::string& n : p->touches)
            if (!steps.count(n)) steps[n] = steps[at] + 1, next.push_back(n);
    }
    return steps;
}

std::string AreaMap::suggest(const std::string& name) const {
    std::vector<std::string> names;
    for (const auto& [n, p] : places_) names.push_back(n);
    return ironlog::nearest(name, names);
}

}  // namespace geometry
