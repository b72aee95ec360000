// The oracle of the editor grammar test (tests/editors/tokenize.js): reads an NGN file line by
// line with the reader's own grammar (src/notation/grammar.hpp, rule `line`, applied to each
// line on its own as the reader does) and prints, as JSON, where each construct of each line
// lies: its grammar rule and its byte range, nested as the rules nest. A line that does not
// read is printed with "ok": false. The test compares the editor grammars' scopes with these.
#include "notation/grammar.hpp"

#include <tao/pegtl/contrib/parse_tree.hpp>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace {

namespace pegtl = tao::pegtl;
namespace g = ngn::grammar;

// The rules the test looks at; the others' matches belong to the nearest selected rule.
template <class Rule>
using selected = pegtl::parse_tree::selector<
    Rule,
    pegtl::parse_tree::store_content::on<
        g::tag, g::tag_name, g::tag_value, g::tag_close, g::turn_heading, g::phase_heading,
        g::segment_heading, g::impulse_heading, g::step_heading, g::turn_label, g::phase_label,
        g::segment_label, g::impulse_label, g::step_label, g::ruling, g::ruling_cite, g::ruling_text,
        g::declaration, g::declaration_keyword, g::declaration_name, g::full_name, g::setup,
        g::setup_subject, g::terrain, g::terrain_kind, g::event, g::subject, g::item, g::claim,
        g::claim_arrow, g::claim_item, g::note, g::comment, g::dice, g::dice_spec, g::dice_colon,
        g::first_face, g::die_face, g::modifier, g::modifier_label, g::dice_total, g::number,
        g::string_item, g::word, g::table_position, g::hex_position, g::area_position,
        g::list_comma, g::list_element>>;

// "ngn::grammar::tag_name" -> "tag_name"
std::string_view short_name(std::string_view type) {
    const auto colon = type.rfind(':');
    return colon == std::string_view::npos ? type : type.substr(colon + 1);
}

void print_node(const pegtl::parse_tree::node& n, const char* line_start, std::ostream& out) {
    out << "{\"r\":\"" << short_name(n.type) << "\",\"b\":" << (n.m_begin.data - line_start)
        << ",\"e\":" << (n.m_end.data - line_start) << ",\"c\":[";
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        if (i) out << ',';
        print_node(*n.children[i], line_start, out);
    }
    out << "]}";
}

void print_line(std::string_view text, std::size_t number, std::ostream& out) {
    pegtl::memory_input in(text.data(), text.size(), "line");
    out << "{\"n\":" << number << ",\"ok\":";
    try {
        auto root = pegtl::parse_tree::parse<g::line, selected>(in);
        if (!root) {
            out << "false}";
            return;
        }
        out << "true,\"nodes\":[";
        for (std::size_t i = 0; i < root->children.size(); ++i) {
            if (i) out << ',';
            print_node(*root->children[i], text.data(), out);
        }
        out << "]}";
    } catch (const pegtl::parse_error&) {
        out << "false}";
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: ngn_spans FILE.ngn\n";
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    if (!file) {
        std::cerr << "ngn_spans: cannot read " << argv[1] << '\n';
        return 2;
    }
    std::stringstream buffer;
    buffer << file.rdbuf();
    std::string text = buffer.str();
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // a byte-order mark is not the line's

    std::cout << '[';
    std::size_t start = 0, number = 1;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (number > 1) std::cout << ",\n";
        print_line(line, number, std::cout);
        start = end + 1;
        ++number;
    }
    std::cout << "]\n";
    return 0;
}
