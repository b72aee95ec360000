// `ironlog record FILE`: the recorder for the table (docs/record.md). Each line typed is judged at
// once by a Session holding the record; a line is kept only when it reads and, if the rules find
// fault with it, the players accept it; every line kept is appended to FILE and synced at once.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace ironlog::cli {

struct RecordArgs {
    std::string file;
};

// The subcommand, registered on the app (main.cpp); run_record when it is the one given.
CLI::App* add_record_command(CLI::App& app, RecordArgs& args);
// 0 at the end of input or `quit`; 2 when FILE cannot be opened or written.
int run_record(const RecordArgs& args);

}  // namespace ironlog::cli
