// How the command line speaks (cli_errors.hpp).
#include "cli/cli_errors.hpp"

#include "check/spelling.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

namespace ironlog::cli {

std::string command_line_of(int argc, char** argv) {
    std::string line;
    for (int i = 0; i < argc; ++i) {
        const std::string word = argv[i];
        const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == std::string::npos;
        std::string quoted = "'";
        for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
        line += (i ? " " : "") + (plain ? word : quoted + "'");
    }
    return line;
}

std::ostream& error_out() { return std::cerr << "ironlog: error: "; }

std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + (n == 1 ? std::string(one) : many.empty() ? std::string(one) + "s" : std::string(many));
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    const std::string near = nearest(word, candidates);
    return near.empty() ? "" : "; did you mean '" + near + "'?";
}

namespace {

std::string joined(const std::vector<std::string>& words, const char* between) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : between) + w;
    return out;
}

std::vector<std::string> command_names(const CLI::App& at) {
    std::vector<std::string> names;
    for (const CLI::App* c : at.get_subcommands([](const CLI::App*) { return true; })) names.push_back(c->get_name());
    return names;
}

const CLI::App* command_named(const CLI::App& at, const std::string& name) {
    for (const CLI::App* c : at.get_subcommands([](const CLI::App*) { return true; }))
        if (c->get_name() == name) return c;
    return nullptr;
}

std::string unknown_command(const std::string& word, const CLI::App& at) {
    return "unknown command '" + word + "'" + did_you_mean(word, command_names(at)) + " (" +
           (at.get_parent() ? "'" + at.get_name() + " --help'" : std::string("--help")) + " lists them)";
}

// The first word of the command line that names no command where a command is expected, with
// the nearest command there. None when the parse failed for another reason.
std::optional<std::string> nearest_command(const CLI::App& app, int argc, char** argv) {
    const CLI::App* at = &app;
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word.rfind("-", 0) == 0) {  // an option: skip its value too when it takes one
            const CLI::Option* o = word.find('=') == std::string::npos ? at->get_option_no_throw(word) : nullptr;
            if (o && o->get_type_size() > 0) ++i;
            continue;
        }
        if (command_names(*at).empty()) return std::nullopt;  // a file or a value: not a command
        if (const CLI::App* named = command_named(*at, word)) {
            at = named;
            continue;
        }
        return unknown_command(word, *at);
    }
    return std::nullopt;
}

// The deepest command given, for "see 'ironlog check --help'".
std::string command_path(const CLI::App& app) {
    std::string path = "ironlog";
    const CLI::App* at = &app;
    while (true) {
        auto given = at->get_subcommands();
        if (given.empty()) return path;
        at = given.front();
        path += " " + at->get_name();
    }
}

int run_help(const CLI::App& app, const std::vector<std::string>& words) {
    const CLI::App* at = &app;
    std::string name = "ironlog";
    for (const auto& word : words) {
        const CLI::App* named = command_named(*at, word);
        if (!named) {
            error_out() << unknown_command(word, *at) << "\n";
            return 2;
        }
        at = named;
        name += " " + word;
    }
    // the formatter itself: App::help would give the help of the command given, `help`
    std::cout << at->get_formatter()->make_help(at, name, CLI::AppFormatMode::Normal);
    return 0;
}

}  // namespace

CLI::Validator one_of(std::vector<std::string> words, std::string what) {
    const std::string list = joined(words, ", ");
    return CLI::Validator(
        [words, list, what](std::string& value) -> std::string {
            if (std::find(words.begin(), words.end(), value) != words.end()) return "";
            return "'" + value + "' is not " + (what.empty() ? "one of" : what + ":") + " " + list + did_you_mean(value, words);
        },
        "{" + joined(words, ",") + "}");
}

namespace {
std::vector<std::string> help_words;  // the command `ironlog help` is asked about
}  // namespace

CLI::Validator at_least(long long least) {
    return CLI::Validator(
        [least](std::string& value) -> std::string {
            try {
                std::size_t used = 0;
                if (std::stoll(value, &used) >= least && used == value.size()) return "";
            } catch (const std::exception&) {
            }
            return "'" + value + "' is not a whole number of " + std::to_string(least) + " or more";
        },
        "INT>=" + std::to_string(least));
}

CLI::App* add_help_command(CLI::App& app) {
    CLI::App* help = app.add_subcommand("help", "show the help of a command: ironlog help, ironlog help check, ironlog help archive add");
    help->add_option("command", help_words, "the command (and its subcommand)")->type_name("COMMAND");
    return help;
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == "--generate") return generate_from_cli(app, std::vector<std::string>(argv + 2, argv + argc), std::cout);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version: as CLI11 writes them
        if (const auto hint = nearest_command(app, argc, argv)) error_out() << *hint << "\n";
        else error_out() << e.what() << " (see '" << command_path(app) << " --help')\n";
        return 2;
    }
    if (const CLI::App* help = command_named(app, "help"); help && help->parsed()) {
        return run_help(app, help_words);
    }
    return std::nullopt;
}

}  // namespace ironlog::cli
