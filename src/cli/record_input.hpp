// Where the recorder's lines come from: a terminal, with line editing, Tab completion and a
// history (libedit, BSD-licensed), or a pipe, read a line at a time (scripted input, tests).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog::cli {

// The dice the rules fix for a line, given its text before them; none where they fix none.
using DiceHint = std::function<std::optional<std::string>(std::string_view before)>;

class LineInput {
public:
    virtual ~LineInput() = default;
    // The next line, without its ending, after showing `prompt`; nullopt at the end of input
    // (Ctrl-D). `remember`: the line goes into the history (up arrow).
    virtual std::optional<std::string> read(const std::string& prompt, bool remember) = 0;
    // The words Tab completes for the next line: "FM", "move", "phase firing", "[Event ".
    virtual void set_words(std::vector<std::string> words) { static_cast<void>(words); }
    // Where Tab asks for the dice a line needs, given what comes before them ("2d6: ").
    virtual void set_dice(DiceHint hint) { static_cast<void>(hint); }
    // Whether the player sees what they type (a terminal) or not (a pipe: the recorder echoes it).
    virtual bool echoes() const = 0;
};

// libedit on standard input and output (a terminal).
std::unique_ptr<LineInput> terminal_input();
// std::getline on standard input; the prompt is written to standard output all the same.
std::unique_ptr<LineInput> pipe_input();

// Tab completion of the text before the cursor: what to put in place of its last `replace`
// characters, one entry per word that fits. A heading or a tag is completed from the start of
// the line ("phase f" -> "phase firing"), a piece or a verb as the word under the cursor; after
// a line's arguments, its dice, where `dice` says the rules fix them ("2d6: ").
struct Completion {
    std::size_t replace = 0;
    std::vector<std::string> matches;
};
Completion complete(std::string_view before_cursor, const std::vector<std::string>& words, const DiceHint& dice = nullptr);
// The longest text every match begins with.
std::string common_prefix(const std::vector<std::string>& matches);

}  // namespace ironlog::cli
