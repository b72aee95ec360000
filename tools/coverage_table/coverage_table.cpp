// Build step: the rows of each ruleset's coverage table (docs/rules/<id>.md, the table under
// "## Coverage") written as a C++ table (src/cli/coverage.hpp), so that the binary knows each
// case's short description and status from the one source, the docs, without reading markdown
// when it runs. Usage: coverage_table <output.cpp> <docs/rules/id.md>...
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The cells of a table row "| a | b |", trimmed; a | inside `...` is text.
std::vector<std::string> cells_of(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    bool code = false;
    for (std::size_t i = 1; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '`') code = !code;
        if (c == '|' && !code) {
            const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
            cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
            cell.clear();
        } else {
            cell += c;
        }
    }
    return cells;
}

std::string quoted(const std::string& text) { return "R\"ironlog_cov(" + text + ")ironlog_cov\""; }

// The rows of one page's coverage table, as initialisers of CoverageCase.
int write_rows(const std::filesystem::path& page, std::ostream& out) {
    std::ifstream in(page);
    if (!in) {
        std::cerr << "coverage_table: cannot read " << page << "\n";
        return -1;
    }
    const std::string ruleset = page.stem().string();
    int rows = 0;
    bool in_coverage = false, header_seen = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) {
            in_coverage = line == "## Coverage";
            header_seen = false;
            continue;
        }
        if (!in_coverage || line.empty() || line[0] != '|') continue;
        if (!header_seen) {  // the header row; the |---| row is skipped below
            header_seen = true;
            continue;
        }
        if (line.rfind("|---", 0) == 0 || line.rfind("| ---", 0) == 0) continue;
        const auto cells = cells_of(line);
        if (cells.size() < 2) continue;
        // two columns: rule, status; three: section, rule in short, status
        const std::string in_short = cells.size() >= 3 ? cells[1] : "";
        out << "        {" << quoted(ruleset) << ", " << quoted(cells.front()) << ", " << quoted(in_short) << ", " << quoted(cells.back()) << "},\n";
        ++rows;
    }
    return rows;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: coverage_table <output.cpp> <docs/rules/id.md>...\n";
        return 2;
    }
    std::ostringstream out;
    out << "// Generated from docs/rules/*.md by tools/coverage_table; do not edit.\n"
        << "#include \"cli/coverage.hpp\"\n\nnamespace ironlog {\n\n"
        << "const std::vector<CoverageCase>& coverage_cases() {\n    static const std::vector<CoverageCase> all = {\n";
    for (int i = 2; i < argc; ++i) {
        const int rows = write_rows(argv[i], out);
        if (rows < 0) return 1;
        if (rows == 0) {
            std::cerr << "coverage_table: " << argv[i] << " has no coverage table\n";
            return 1;
        }
    }
    out << "    };\n    return all;\n}\n\n}  // namespace ironlog\n";
    std::ofstream file(argv[1]);
    file << out.str();
    return file ? 0 : 1;
}
