// A line copied into another store, with everything it points at: a session moves the lines of
// a new reading of a game into the game it already holds (check/session.cpp), so that the lines
// before a change keep their addresses.
#include "notation/record.hpp"

#include <vector>

namespace ngn {

namespace {

class Copier {
public:
    explicit Copier(RecordStore& into) : into_(into) {}

    std::string_view text(std::string_view t) { return into_.keep(t); }

    Item item(const Item& from) {
        Item to = from;
        std::visit([&](auto& v) { own(v); }, to.value);
        return to;
    }

    Items items(Items from) {
        std::vector<Item> copies;
        copies.reserve(from.size());
        for (const Item& i : from) copies.push_back(item(i));
        return into_.keep(std::span<const Item>(copies));
    }

    Notes notes(Notes from) {
        std::vector<Note> copies(from.begin(), from.end());
        for (Note& n : copies) n.text = text(n.text);
        return into_.keep(std::span<const Note>(copies));
    }

    void own(Word& w) { w.text = text(w.text); }
    void own(Text& t) { t.text = text(t.text); }
    void own(Number& n) {
        n.text = text(n.text);
        n.unit = text(n.unit);
    }
    void own(TablePos& p) { p.text = text(p.text); }
    void own(HexPos& p) {
        p.board = text(p.board);
        p.hex = text(p.hex);
        p.facing = text(p.facing);
    }
    void own(AreaPos& p) {
        p.area = text(p.area);
        p.box = text(p.box);
    }
    void own(Dice& d) {
        d.faces = into_.keep(d.faces);
        std::vector<Modifier> modifiers(d.modifiers.begin(), d.modifiers.end());
        for (Modifier& m : modifiers) m.label = text(m.label);
        d.modifiers = into_.keep(std::span<const Modifier>(modifiers));
    }
    void own(List& l) { l.items = items(l.items); }

    void own(Blank&) {}
    void own(Tag& t) {
        t.name = text(t.name);
        t.value = text(t.value);
    }
    void own(Heading& h) {
        h.label = text(h.label);
        h.args = items(h.args);
    }
    void own(Declaration& d) {
        d.name = item(d.name);
        if (d.full_name) d.full_name = item(*d.full_name);
        d.args = items(d.args);
        d.notes = notes(d.notes);
    }
    void own(Setup& s) {
        s.subject = item(s.subject);
        s.args = items(s.args);
        s.notes = notes(s.notes);
    }
    void own(Terrain& t) {
        t.kind = item(t.kind);
        t.args = items(t.args);
        t.notes = notes(t.notes);
    }
    void own(Event& e) {
        e.subject = item(e.subject);
        e.args = items(e.args);
        if (e.claim) e.claim = items(*e.claim);
        e.notes = notes(e.notes);
    }
    void own(Ruling& r) {
        std::vector<std::string_view> citation(r.citation.begin(), r.citation.end());
        for (auto& c : citation) c = text(c);
        r.citation = into_.keep(std::span<const std::string_view>(citation));
        r.text = text(r.text);
    }

private:
    RecordStore& into_;
};

}  // namespace

Line copy_line(const Line& line, RecordStore& into) {
    Copier copier(into);
    Line copy = line;
    std::visit([&](auto& content) { copier.own(content); }, copy.content);
    if (copy.comment) copy.comment->text = copier.text(copy.comment->text);
    return copy;
}

}  // namespace ngn
