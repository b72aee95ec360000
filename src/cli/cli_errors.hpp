// How the command line speaks: every error as `ironlog: error: ...`, "did you mean" for every
// word it takes from a list, counts with their plurals, `ironlog help CMD`, and the parse of the
// command line that ends a run when it must (docs/cli.md, "Errors and suggestions").
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class Validator;
}  // namespace CLI

namespace ironlog::cli {

// The command line as given, each word quoted as a POSIX shell would need it (SARIF's invocations).
std::string command_line_of(int argc, char** argv);

// Standard error with `ironlog: error: ` written: the start of every error the command line gives.
std::ostream& error_out();

// "1 game", "2 games"; `many` when the plural is not the word and an s ("1 match", "2 matches").
std::string count_of(std::size_t n, std::string_view one, std::string_view many = {});

// "; did you mean 'check'?" when a candidate is near the word (spelling.hpp's nearest), else "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// A CLI11 check that the value is one of `words`: "'xml' is not one of text, json, sarif; did you
// mean ...?" otherwise.
CLI::Validator one_of(std::vector<std::string> words, std::string what = "");

// A CLI11 check that the value is a whole number of at least `least`: "'-1' is not a whole number
// of 0 or more" otherwise (rather than CLI11's range of doubles).
CLI::Validator at_least(long long least);

// `ironlog help [COMMAND ...]`: adds the command (run by parse_command_line).
CLI::App* add_help_command(CLI::App& app);

// Parses the command line. An exit status when the run ends there: --help, --version, `help`,
// `--generate` (0), or a command line that does not parse (2, its error printed as all are).
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv);

// `ironlog --generate completion bash|zsh|fish [-o FILE]` or `--generate man [-o FILE]`
// (cli_generate.cpp): the completion scripts and the man page, from the App's tree, to FILE or
// `out`; the exit status.
int generate_from_cli(const CLI::App& app, std::vector<std::string> what, std::ostream& out);

}  // namespace ironlog::cli
