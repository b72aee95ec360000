// "checking 3/120 season.ngn, game 412, 37%" on one line of standard error, kept up to date: only
// on a terminal, and wiped before any other line is written so that the two never mix.
#pragma once

#include "output/report.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string_view>
#include <functional>
#include <iostream>
#include <string>

namespace ironlog::cli {

// TERM=dumb: a terminal without colours or cursor movement (Emacs' shell, some editors' consoles).
inline bool dumb_terminal() {
    const char* term = std::getenv("TERM");
    return term && std::string_view(term) == "dumb";
}

class Progress {
public:
    // Not on a terminal that cannot move the cursor back (TERM=dumb): the line would pile up.
    Progress(const char* verb, std::size_t total) : verb_(verb), total_(total), on_(isatty(STDERR_FILENO) && !dumb_terminal()) {}
    ~Progress() { clear(); }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;
    bool on() const { return on_; }

    // A file as it begins (games 0), then the games read in it and how far into it (percent(), or
    // -1 when not known: a pipe), ten times a second at most: one large file shows it is moving.
    // percent is asked only when the line is drawn (it asks the stream for its place: a system call).
    void show(std::size_t done, const std::string& path, std::size_t games = 0,
              const std::function<int()>& percent = {}) {
        if (!on_) return;
        const auto now = std::chrono::steady_clock::now();
        if (games > 0 && now - last_ < std::chrono::milliseconds(100)) return;
        last_ = now;
        std::cerr << "\r" << verb_ << " " << done << "/" << total_ << " " << output::visible(path);
        if (games > 0) std::cerr << ", game " << games;
        if (const int at = percent ? percent() : -1; at >= 0) std::cerr << ", " << at << "%";
        std::cerr << "\033[K" << std::flush;
        shown_ = true;
    }
    // A line of its own words (a stage with no count), redrawn in place.
    void say(const std::string& text) {
        if (!on_) return;
        std::cerr << "\r" << verb_ << " " << text << "\033[K" << std::flush;
        shown_ = true;
    }
    void clear() {
        if (!shown_) return;
        std::cerr << "\r\033[K" << std::flush;
        shown_ = false;
    }

private:
    const char* verb_;
    std::size_t total_;
    bool on_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace ironlog::cli
