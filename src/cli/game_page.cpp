#include "cli/cli_errors.hpp"
#include "cli/game_page.hpp"

#include "check/header.hpp"
#include "check/replay.hpp"
#include "cli/commands.hpp"
#include "cli/dice_tally.hpp"
#include "notation/labels.hpp"
#include "output/game_page.hpp"
#include "output/report.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>

namespace ironlog::cli {

namespace {

// Every line with dice: who rolled, the kind of roll, the dice as written and the claim they
// decided, as `archive dice` reads a line (dice_tally.hpp).
std::vector<output::DiceLine> dice_lines(const ngn::Game& game) {
    std::vector<output::DiceLine> out;
    for (const auto& l : game.lines) {
        const LineDice line = line_dice(l);
        output::DiceLine d{l.pos.line, line.subject.value_or(""), line.kind, {}, {}};
        for (const auto& items : line.items)
            each_dice(items, [&](const ngn::Item& dice) { d.dice += (d.dice.empty() ? "" : " ") + dice.to_ngn(); });
        if (const auto* e = l.as<ngn::Event>(); e && e->claim)
            for (const auto& it : *e->claim) d.decided += (d.decided.empty() ? "" : " ") + it.to_ngn();
        if (!d.dice.empty()) out.push_back(std::move(d));
    }
    return out;
}

// The game's sides with their players, as its header gives them ([SideN], [PlayerN]; the kit's
// reading of the header), with the alias a `side` line gives, for counting its dice by player.
DiceGame dice_game_of(const ngn::Game& game, const CheckOptions& options) {
    Findings unused;  // the header's findings are the replay's; here only its sides are wanted
    const HeaderInfo header = read_header(game, *options.rulesets, options.base_dir, unused);
    DiceGame g;
    if (const ngn::Tag* r = game.tag("Ruleset")) g.ruleset = std::string(r->value);
    if (const ngn::Tag* e = game.tag("Event")) g.event = std::string(e->value);
    for (const SideTag& side : header.sides) {
        DiceGame::Side s{side.number, side.name, {}, side.players};
        for (const auto& l : game.lines)
            if (const auto* d = l.as<ngn::Declaration>(); d && d->kind == ngn::EntityKind::Side && d->full_name &&
                                                          ngn::same_label(ngn::reference_text(*d->full_name), s.name))
                s.alias = ngn::reference_text(d->name);
        g.sides.push_back(std::move(s));
    }
    return g;
}

// The game's dice tested against a fair die, as the event page and `archive dice` show them.
output::DiceSection dice_statistics(const ngn::Game& game, const CheckOptions& options) {
    Tally tally;
    tally.shown = {true, true, false, true};  // one game: no breakdown by event
    tally.count_game(dice_game_of(game, options), game);
    ++tally.games;
    return dice_section(tally, stats::FitOptions{});
}

// The piece a line's subject names, as a scene calls it: by its id (the alias the lines write)
// or its full name, in any case.
std::string actor_in(const Scene& scene, const ngn::Line& line) {
    const auto* e = line.as<ngn::Event>();
    if (!e) return {};
    const std::string subject = ngn::reference_text(e->subject);
    for (const auto& p : scene.pieces)
        if (ngn::same_label(p.id, subject) || ngn::same_label(p.name, subject)) return p.id;
    return {};
}

bool shown_as_step(const ngn::Line& line) { return !line.is<ngn::Blank>() && !line.is<ngn::Tag>(); }

// The first replay: the frame that holds the board at every line.
output::Pictures fit_pictures(const ngn::Game& game, std::size_t index, const CheckOptions& options, GameReport& report, bool& drawn) {
    output::Pictures pictures;
    Replay replay(game, index, options);
    replay.after_each_line([&](const ngn::Line& line) {
        if (!shown_as_step(line)) return;
        if (auto scene = replay.scene()) pictures.fit(*scene), drawn = true;
    });
    replay.run();
    report = replay.report();
    return pictures;
}

// The second replay: each line's step drawn on that frame.
void draw_steps(const ngn::Game& game, std::size_t index, const CheckOptions& options, output::GamePage& page) {
    Replay replay(game, index, options);
    output::StepPlace place;
    replay.after_each_line([&](const ngn::Line& line) {
        if (const auto* h = line.as<ngn::Heading>()) {
            place.turn += h->kind == ngn::HeadingKind::Turn;
            place.phase += h->kind == ngn::HeadingKind::Turn || h->kind == ngn::HeadingKind::Phase;
        }
        if (!shown_as_step(line)) return;
        auto scene = replay.scene();
        if (!scene) return;
        place.line = line.pos.line;
        place.actor = actor_in(*scene, line);
        page.add_step(place, *scene);
    });
    replay.run();
}

output::GamePageText page_text(const ngn::Game& game, std::vector<std::string> lines, const std::string& path, const CheckOptions& options) {
    output::GamePageText text;
    const ngn::Tag* event = game.tag("Event");
    text.title = event && !event->value.empty() ? std::string(event->value) : path;
    text.file = path + ", lines " + std::to_string(game.first_line) + "-" + std::to_string(game.last_line);
    for (const ngn::Tag* t : game.tags()) text.tags.emplace_back(std::string(t->name), std::string(t->value));
    text.first_line = game.first_line;
    text.lines = std::move(lines);
    text.dice = dice_lines(game);
    text.dice_statistics = dice_statistics(game, options);
    return text;
}

bool render(std::ostream& out, const ngn::Game& game, std::size_t index, std::vector<std::string> lines, const std::string& path,
            std::string& error) {
    if (!game.errors.empty()) {
        const auto& e = game.errors.front();
        error = path + ":" + std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + ": " + e.message +
                " (the game has syntax errors; correct them to see its report)";
        return false;
    }
    const CheckOptions options = options_for(path);
    GameReport report;
    bool drawn = false;
    output::Pictures pictures = fit_pictures(game, index, options, report, drawn);
    sort_by_position(report.findings);
    output::GamePage page(std::move(pictures), report.findings);
    if (drawn) draw_steps(game, index, options, page);
    output::GamePageText text = page_text(game, std::move(lines), path, options);
    if (!drawn && !report.replayed)
        text.notes.push_back("the game was not replayed (its findings say why: a ruleset ironlog does not know, a header it cannot read): no board can be drawn");
    else if (!drawn)
        text.notes.push_back("the ruleset " + report.ruleset + " has no engine that draws: no board is shown");
    page.write(out, text);
    return true;
}

std::vector<std::string> split_lines(std::string_view text, std::uint32_t first, std::uint32_t last) {
    std::vector<std::string> out;
    std::uint32_t n = 1;
    std::size_t at = 0;
    while (at <= text.size() && n <= last) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(at, end - at);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (n >= first) out.emplace_back(line);
        ++n;
        at = end + 1;
    }
    return out;
}

}  // namespace

bool write_game_page(std::ostream& out, std::string_view text, const std::string& path, std::string& error, std::size_t game) {
    const ngn::ParsedFile parsed = ngn::parse_text(text);
    if (game < 1 || game > parsed.games.size()) {
        error = path + " holds " + std::to_string(parsed.games.size()) + " game" + (parsed.games.size() == 1 ? "" : "s") + "; there is no game " +
                std::to_string(game);
        return false;
    }
    const ngn::Game& g = parsed.games[game - 1];
    return render(out, g, game, split_lines(text, g.first_line, g.last_line), path, error);
}

int run_report(const ReportArgs& args) {
    ChosenGame chosen = read_game_number(args.file, args.game, args.max_game_bytes);
    if (chosen.open_error == kNotText) return report_not_text(args.file), 1;
    if (!chosen.game) {
        if (!chosen.open_error.empty()) spdlog::error("{}: {}", args.file, chosen.open_error);
        else error_out() << chosen.missing << "\n";
        return 2;
    }
    std::string error;
    std::ostringstream page;
    if (!render(page, *chosen.game, args.game, std::move(chosen.lines), args.file, error)) {
        error_out() << error << "\n";
        return 1;
    }
    if (args.output.empty()) {
        std::cout << page.str();
        return 0;
    }
    if (!write_atomically(args.output, page.str(), error)) {
        error_out() << args.output << ": " << error << "\n";
        return 2;
    }
    return 0;
}

}  // namespace ironlog::cli
