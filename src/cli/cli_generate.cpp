// `ironlog --generate completion bash|zsh|fish` and `--generate man`: the shell completions and
// the man page, written from the CLI11 App tree itself, so that they name every command and option
// the binary has. The build runs them (CMakeLists.txt) and `cmake --install` installs the files.
#include "cli/cli_errors.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace ironlog::cli {

namespace {

// One command of the tree: its path from ironlog ("" for ironlog, "archive add"), its
// subcommands and its options.
struct Command {
    std::string path;
    const CLI::App* app;
    std::vector<const CLI::App*> subcommands;
    std::vector<const CLI::Option*> options;    // named options (hidden ones left out)
    std::vector<const CLI::Option*> positional;
};

void collect(const CLI::App* app, const std::string& path, std::vector<Command>& out) {
    Command c{path, app, {}, {}, {}};
    for (const CLI::App* s : app->get_subcommands([](const CLI::App*) { return true; })) c.subcommands.push_back(s);
    for (const CLI::Option* o : app->get_options()) {
        if (o->get_group().empty()) continue;
        (o->get_positional() && o->get_lnames().empty() && o->get_snames().empty() ? c.positional : c.options).push_back(o);
    }
    out.push_back(c);
    for (const CLI::App* s : c.subcommands) collect(s, path.empty() ? s->get_name() : path + " " + s->get_name(), out);
}

std::vector<std::string> flags_of(const CLI::Option* o) {
    std::vector<std::string> names;
    for (const auto& s : o->get_snames()) names.push_back("-" + s);
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
    return names;
}

// The values an option takes from a list (one_of's "{text,json,sarif}" in its type name), or none.
std::vector<std::string> choices(const CLI::Option* o) {
    const std::string type = o->get_type_name();
    const auto open = type.find('{'), close = type.find('}');
    std::vector<std::string> out;
    if (open == std::string::npos || close == std::string::npos || close < open) return out;
    std::string word;
    for (char ch : type.substr(open + 1, close - open - 1) + ",") {
        if (ch != ',') word += ch;
        else if (!word.empty()) out.push_back(word), word.clear();
    }
    return out;
}

std::string words(const std::vector<std::string>& list) {
    std::string out;
    for (const auto& w : list) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string subcommand_words(const Command& c) {
    std::vector<std::string> names;
    for (const CLI::App* s : c.subcommands) names.push_back(s->get_name());
    return words(names);
}

std::string option_words(const Command& c) {
    std::vector<std::string> names;
    for (const CLI::Option* o : c.options)
        for (const auto& f : flags_of(o)) names.push_back(f);
    return words(names);
}

// For sh-like scripts: a case statement from a command's path to the words given.
void case_function(std::ostream& out, const std::string& name, const std::vector<Command>& all, std::string (*list)(const Command&)) {
    out << name << "() {\n    case \"$1\" in\n";
    for (const auto& c : all) out << "        \"" << c.path << "\") echo \"" << list(c) << "\" ;;\n";
    out << "    esac\n}\n";
}

// For sh-like scripts: a case statement from a command's path and an option to the values it takes.
void values_function(std::ostream& out, const std::vector<Command>& all) {
    out << "_ironlog_values() {\n    case \"$1 $2\" in\n";
    for (const auto& c : all)
        for (const CLI::Option* o : c.options)
            if (const auto values = choices(o); !values.empty())
                for (const auto& flag : flags_of(o)) out << "        \"" << c.path << " " << flag << "\") echo \"" << words(values) << "\" ;;\n";
    out << "    esac\n}\n";
}

// bash and zsh read the same script but for the names of the words typed, of the word being
// completed, and how words are offered: `shell` gives them (what the template's @NAMES@ stand for).
struct ShellWords {
    const char* first;  // the index of the first word after "ironlog"
    const char* cword;  // the index of the word being completed
    const char* words;  // the array of the words typed
    const char* offer;  // the body of _ironlog_offer WORDS
    const char* files;  // offers file names
};

void sh_script(std::ostream& out, const std::vector<Command>& all, const ShellWords& shell) {
    case_function(out, "_ironlog_commands", all, subcommand_words);
    case_function(out, "_ironlog_options", all, option_words);
    values_function(out, all);
    std::string body = R"SH(_ironlog_offer() { @OFFER@; }
_ironlog() {
    local cmdpath="" i w subs values
    for ((i = @FIRST@; i < @CWORD@; i++)); do
        w="${@WORDS@[i]}"
        subs=" $(_ironlog_commands "$cmdpath") "
        if [[ "$subs" == *" $w "* ]]; then cmdpath="${cmdpath:+$cmdpath }$w"; fi
    done
    values="$(_ironlog_values "$cmdpath" "${@WORDS@[@CWORD@-1]}")"
    if [[ -n "$values" ]]; then _ironlog_offer "$values"; return; fi
    if [[ "${@WORDS@[@CWORD@]}" == -* ]]; then _ironlog_offer "$(_ironlog_options "$cmdpath")"; return; fi
    subs="$(_ironlog_commands "$cmdpath")"
    if [[ -n "$subs" ]]; then _ironlog_offer "$subs"; else @FILES@; fi
}
)SH";
    for (const auto& [name, text] : {std::pair{"@OFFER@", shell.offer}, {"@FIRST@", shell.first}, {"@CWORD@", shell.cword},
                                     {"@WORDS@", shell.words}, {"@FILES@", shell.files}})
        for (auto at = body.find(name); at != std::string::npos; at = body.find(name, at)) body.replace(at, std::string(name).size(), text);
    out << body;
}

void bash(std::ostream& out, const std::vector<Command>& all) {
    out << "# bash completion for ironlog (written by 'ironlog --generate completion bash')\n";
    sh_script(out, all, {"1", "COMP_CWORD", "COMP_WORDS", R"SH(COMPREPLY=($(compgen -W "$1" -- "${COMP_WORDS[COMP_CWORD]}")))SH",
                         R"SH(COMPREPLY=($(compgen -f -- "${COMP_WORDS[COMP_CWORD]}")))SH"});
    out << "complete -o default -F _ironlog ironlog\n";
}

void zsh(std::ostream& out, const std::vector<Command>& all) {
    out << "#compdef ironlog\n# zsh completion for ironlog (written by 'ironlog --generate completion zsh')\n";
    sh_script(out, all, {"2", "CURRENT", "words", "compadd -- ${=1}", "_files"});
    out << "_ironlog \"$@\"\n";
}

std::string fish_quoted(const std::string& text) {
    std::string out = "'";
    for (char ch : text) {
        if (ch == '\'' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "'";
}

void fish(std::ostream& out, const std::vector<Command>& all) {
    out << "# fish completion for ironlog (written by 'ironlog --generate completion fish')\n";
    out << "function __ironlog_commands\n    switch \"$argv[1]\"\n";
    for (const auto& c : all)
        if (!c.subcommands.empty()) out << "        case " << fish_quoted(c.path) << "\n            echo " << fish_quoted(subcommand_words(c)) << "\n";
    out << "    end\nend\n";
    out << R"SH(function __ironlog_path
    set -l cmdpath ''
    for w in (commandline -opc)[2..-1]
        if contains -- $w (string split ' ' -- (__ironlog_commands $cmdpath))
            set cmdpath (string trim -- "$cmdpath $w")
        end
    end
    echo $cmdpath
end
function __ironlog_at
    set -l here (__ironlog_path)
    test "$here" = "$argv[1]"
end
complete -c ironlog -f
)SH";
    for (const auto& c : all) {
        const std::string at = "-n " + fish_quoted("__ironlog_at " + fish_quoted(c.path));
        for (const CLI::App* s : c.subcommands)
            out << "complete -c ironlog " << at << " -a " << fish_quoted(s->get_name()) << " -d " << fish_quoted(s->get_description()) << "\n";
        for (const CLI::Option* o : c.options) {
            out << "complete -c ironlog " << at;
            for (const auto& s : o->get_snames()) out << " -s " << s;
            for (const auto& l : o->get_lnames()) out << " -l " << l;
            const auto values = choices(o);
            if (!values.empty()) out << " -x -a " << fish_quoted(words(values));
            else if (o->get_type_size() > 0) out << " -r -F";
            out << " -d " << fish_quoted(o->get_description()) << "\n";
        }
        if (!c.positional.empty() && c.subcommands.empty() && !c.path.empty()) out << "complete -c ironlog " << at << " -F\n";
    }
}

// Text for roff: backslashes and hyphens escaped, no line starting with a control character.
std::string roff(const std::string& text) {
    std::string out;
    for (char ch : text) {
        if (ch == '\\') out += "\\e";
        else if (ch == '-') out += "\\-";
        else if (ch == '\n') out += "\n.br\n";
        else out += ch;
    }
    return out;
}

void man_options(std::ostream& out, const Command& c) {
    for (const CLI::Option* o : c.options) {
        out << ".TP\n";
        const auto flags = flags_of(o);
        for (std::size_t i = 0; i < flags.size(); ++i) out << (i ? ", " : "") << "\\fB" << roff(flags[i]) << "\\fR";
        if (o->get_type_size() > 0) out << " \\fI" << roff(o->get_type_name().empty() ? "VALUE" : o->get_type_name()) << "\\fR";
        out << "\n" << roff(o->get_description()) << "\n";
    }
}

void man(std::ostream& out, const std::vector<Command>& all) {
    const CLI::App* root = all.front().app;
    out << ".TH IRONLOG 1 \"\" \"ironlog " << IRONLOG_VERSION << "\" \"User Commands\"\n";
    out << ".SH NAME\nironlog \\- record, check and archive naval wargames played face to face\n";
    out << ".SH SYNOPSIS\n.B ironlog\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n";
    out << ".SH DESCRIPTION\n" << roff(root->get_description()) << "\n";
    out << ".SH OPTIONS\n";
    man_options(out, all.front());
    out << ".SH COMMANDS\n";
    for (std::size_t i = 1; i < all.size(); ++i) {
        const Command& c = all[i];
        out << ".SS \"ironlog " << roff(c.path) << "\"\n" << roff(c.app->get_description()) << "\n";
        for (const CLI::Option* p : c.positional) out << ".TP\n\\fI" << roff(p->get_name()) << "\\fR\n" << roff(p->get_description()) << "\n";
        man_options(out, c);
    }
    out << ".SH EXIT STATUS\n0: no error found; 1: errors found in the records (or a file not canonical, for fmt \\-\\-check); "
           "2: ironlog could not run (a usage error, a file it cannot read).\n";
    out << ".SH SEE ALSO\nThe project's docs/cli.md, docs/notation.md and docs/output.md.\n";
}

}  // namespace

int generate_from_cli(const CLI::App& app, std::vector<std::string> what, std::ostream& standard_out) {
    std::ofstream file;
    if (what.size() >= 2 && what[what.size() - 2] == "-o") {  // -o FILE: written there (the build's way)
        file.open(what.back(), std::ios::binary | std::ios::trunc);
        if (!file) {
            error_out() << what.back() << ": cannot write: " << std::strerror(errno) << "\n";
            return 2;
        }
        what.resize(what.size() - 2);
    }
    std::ostream& out = file.is_open() ? file : standard_out;
    std::vector<Command> all;
    collect(&app, "", all);
    if (what.size() == 2 && what[0] == "completion" && what[1] == "bash") bash(out, all);
    else if (what.size() == 2 && what[0] == "completion" && what[1] == "zsh") zsh(out, all);
    else if (what.size() == 2 && what[0] == "completion" && what[1] == "fish") fish(out, all);
    else if (what.size() == 1 && what[0] == "man") man(out, all);
    else {
        error_out() << "--generate takes 'completion bash', 'completion zsh', 'completion fish' or 'man' (then -o FILE, or standard output)\n";
        return 2;
    }
    return out.flush() ? 0 : 2;
}

}  // namespace ironlog::cli
