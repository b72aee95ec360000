#include "cli/record_input.hpp"

#include <histedit.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>

namespace ironlog::cli {

namespace {

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// A word completed from the start of a line only: a heading of two words, a tag.
bool whole_line_word(const std::string& w) { return w.find(' ') != std::string::npos || starts_with(w, "["); }

class PipeInput final : public LineInput {
public:
    std::optional<std::string> read(const std::string& prompt, bool) override {
        std::cout << prompt << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) return std::nullopt;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
    }
    bool echoes() const override { return false; }
};

// libedit's native interface (histedit.h): a prompt function, a history, and a function bound
// to Tab that completes from the words the recorder gives before each line.
class TerminalInput final : public LineInput {
public:
    TerminalInput() {
        history_ = history_init();
        HistEvent event;
        history(history_, &event, H_SETSIZE, 1000);
        editor_ = el_init("ironlog", stdin, stdout, stderr);
        el_set(editor_, EL_CLIENTDATA, this);
        el_set(editor_, EL_EDITOR, "emacs");
        el_set(editor_, EL_SIGNAL, 1);  // the terminal is put back as it was on a signal
        el_set(editor_, EL_PROMPT, &TerminalInput::prompt_of);
        el_set(editor_, EL_HIST, history, history_);
        el_set(editor_, EL_ADDFN, "ironlog-complete", "complete a piece, verb, heading or tag", &TerminalInput::on_tab);
        el_set(editor_, EL_BIND, "^I", "ironlog-complete", nullptr);
        el_source(editor_, nullptr);  // the player's ~/.editrc, as other libedit programs read it
    }
    ~TerminalInput() override {
        el_end(editor_);
        history_end(history_);
    }

    std::optional<std::string> read(const std::string& prompt, bool remember) override {
        prompt_ = prompt;
        std::cout << std::flush;
        int count = 0;
        const char* got = el_gets(editor_, &count);
        if (!got || count <= 0) {
            std::cout << "\n";
            return std::nullopt;
        }
        std::string line(got, static_cast<std::size_t>(count));
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        if (remember && line.find_first_not_of(" \t") != std::string::npos) {
            HistEvent event;
            history(history_, &event, H_ENTER, line.c_str());
        }
        return line;
    }
    void set_words(std::vector<std::string> words) override { words_ = std::move(words); }
    void set_dice(DiceHint hint) override { dice_ = std::move(hint); }
    bool echoes() const override { return true; }

private:
    static TerminalInput* self(EditLine* el) {
        void* data = nullptr;
        el_get(el, EL_CLIENTDATA, &data);
        return static_cast<TerminalInput*>(data);
    }
    static char* prompt_of(EditLine* el) { return self(el)->prompt_.data(); }
    static unsigned char on_tab(EditLine* el, int) { return self(el)->tab(); }

    unsigned char tab() {
        const LineInfo* info = el_line(editor_);
        const std::string_view before(info->buffer, static_cast<std::size_t>(info->cursor - info->buffer));
        const Completion c = complete(before, words_, dice_);
        if (c.matches.empty()) return CC_REFRESH_BEEP;
        if (c.matches.size() == 1) {
            std::string text = c.matches.front();
            if (text.back() != ' ' && text.back() != '"') text += ' ';
            return insert_over(c.replace, text);
        }
        const std::string prefix = common_prefix(c.matches);
        if (prefix.size() > c.replace) return insert_over(c.replace, prefix);
        std::cout << "\n";  // several fit and none is longer: show them, then the line again
        for (const auto& m : c.matches) std::cout << "  " << m << "\n";
        std::cout << std::flush;
        return CC_REDISPLAY;
    }
    unsigned char insert_over(std::size_t replace, const std::string& text) {
        el_deletestr(editor_, static_cast<int>(replace));
        el_insertstr(editor_, text.c_str());
        return CC_REFRESH;
    }

    EditLine* editor_ = nullptr;
    History* history_ = nullptr;
    std::string prompt_;
    std::vector<std::string> words_;
    DiceHint dice_;
};

}  // namespace

std::unique_ptr<LineInput> terminal_input() { return std::make_unique<TerminalInput>(); }
std::unique_ptr<LineInput> pipe_input() { return std::make_unique<PipeInput>(); }

Completion complete(std::string_view before_cursor, const std::vector<std::string>& words, const DiceHint& dice) {
    const std::size_t first = before_cursor.find_first_not_of(" \t");
    const std::string_view lead = first == std::string_view::npos ? std::string_view() : before_cursor.substr(first);
    const std::size_t space = before_cursor.find_last_of(" \t");
    const std::string_view word = space == std::string_view::npos ? before_cursor : before_cursor.substr(space + 1);
    const bool first_word = lead.find_first_of(" \t") == std::string_view::npos;
    Completion c;
    auto take = [&](bool whole_line, std::string_view typed) {
        for (const auto& w : words)
            if (whole_line_word(w) == whole_line && starts_with(w, typed) &&
                std::find(c.matches.begin(), c.matches.end(), w) == c.matches.end())
                c.matches.push_back(w);
        c.replace = typed.size();
    };
    if (first_word) {
        take(true, lead);
        take(false, lead);
        return c;
    }
    take(true, lead);
    if (!c.matches.empty()) return c;
    // the dice, once the actor, the verb and an argument are written and no roll or claim yet
    const bool dice_like = word.empty() || std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == 'd' || word[0] == 'D';
    std::size_t words_before = 0;  // whole words before the one under the cursor
    for (std::size_t i = 0; i + word.size() < lead.size(); ++i)
        if (lead[i] != ' ' && lead[i] != '\t' && (i == 0 || lead[i - 1] == ' ' || lead[i - 1] == '\t')) ++words_before;
    if (dice && dice_like && words_before >= 2 && lead.find_first_of(":{;") == std::string_view::npos && lead.find("=>") == std::string_view::npos)
        if (const auto roll = dice(before_cursor.substr(0, before_cursor.size() - word.size()))) {
            if (starts_with(*roll, word)) c.matches.push_back(*roll);
            c.replace = word.size();
            if (!c.matches.empty()) return c;
        }
    take(false, word);
    return c;
}

std::string common_prefix(const std::vector<std::string>& matches) {
    if (matches.empty()) return "";
    std::string prefix = matches.front();
    for (const auto& m : matches) {
        std::size_t n = 0;
        while (n < prefix.size() && n < m.size() && prefix[n] == m[n]) ++n;
        prefix.resize(n);
    }
    return prefix;
}

}  // namespace ironlog::cli
