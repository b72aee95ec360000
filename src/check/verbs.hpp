// A ruleset's actions: one table from the verb a record writes to the engine's handler, so that
// an engine's dispatch is one lookup, and the message that lists its actions is the table itself.
#pragma once

#include "check/engine.hpp"
#include "check/items.hpp"
#include "check/spelling.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog {

template <class Engine>
struct Verb {
    std::string_view word;  // lower case, as a record writes it (a view: no strlen per lookup)
    // Replays the event; false when the actor cannot do it (the line is then a line not read).
    bool (*handle)(Engine&, const ngn::Event&, const Entity&, GameContext&);
};

// The words of a verb table, in its order (Engine::verbs).
template <class Engine, std::size_t N>
std::vector<std::string_view> verb_words(const Verb<Engine> (&table)[N]) {
    std::vector<std::string_view> words;
    for (const auto& v : table) words.push_back(v.word);
    return words;
}

// The table's entry for `verb` (lower case); null when the ruleset has no such action.
template <class Engine, std::size_t N>
const Verb<Engine>* find_verb(const Verb<Engine> (&table)[N], std::string_view verb) {
    for (const auto& v : table)
        if (verb == v.word) return &v;
    return nullptr;
}

// The table's entry for the verb an event is written with (its first word, in any case); null
// when the ruleset has no such action. Matched in place: no string is made per event.
template <class Engine, std::size_t N>
const Verb<Engine>* find_verb(const Verb<Engine> (&table)[N], const ngn::Event& e) {
    const std::string_view* word = e.args.empty() ? nullptr : word_text(e.args.front());
    if (!word) return nullptr;
    for (const auto& v : table)
        if (same_lower(*word, v.word)) return &v;
    return nullptr;
}

// "move, intercept, ... and announce": the table's verbs for a message.
template <class Engine, std::size_t N>
std::string verb_list(const Verb<Engine> (&table)[N]) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        out += i == 0 ? "" : i + 1 == N ? " and " : ", ";
        out += table[i].word;
    }
    return out;
}

// "did you mean 'fire'? " when a word a record uses as a verb is a letter or two off one of the
// table's (check/spelling.hpp's nearest), else "": to go before the list of the actions.
template <class Engine, std::size_t N>
std::string did_you_mean(const Verb<Engine> (&table)[N], std::string_view word) {
    std::vector<std::string> words;
    for (const auto& v : table) words.emplace_back(v.word);
    std::string lowered(word);
    for (char& c : lowered) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    const std::string near = lowered.empty() ? std::string() : nearest(lowered, words);
    return near.empty() || near == lowered ? std::string() : "did you mean '" + near + "'? ";
}

// Verbs a record uses that the ruleset does not know: each is said once a game.
class UnknownVerbs {
public:
    // The finding that said this verb is not an action, the first time; none before then.
    std::optional<Cause> said_before(std::string_view verb) const {
        const auto it = said_.find(std::string(verb));
        return it == said_.end() ? std::nullopt : std::optional<Cause>(it->second);
    }
    void said(std::string_view verb, const Cause& why) { said_.emplace(std::string(verb), why); }

private:
    std::map<std::string, Cause> said_;
};

}  // namespace ironlog
