#include "check/dice.hpp"
#include "check/items.hpp"

namespace ironlog {

namespace {
const RuleRef kDice = ngn_rule("5.4", "Dice");

std::string faces_text(const ngn::Dice& d) {
    std::string s;
    for (const auto& f : d.faces) s += (s.empty() ? "" : " ") + std::to_string(f.value);
    return s;
}
}  // namespace

std::vector<int> read_faces(const ngn::Dice& dice, const RulesetInfo& ruleset) {
    std::vector<int> out;
    const DieSpec* spec = ruleset.die(dice.sides);
    for (const auto& f : dice.faces) out.push_back(spec ? spec->read(f.value) : f.value);
    return out;
}

int dice_total(const ngn::Dice& dice, const RulesetInfo& ruleset) {
    long long sum = 0;
    for (int v : read_faces(dice, ruleset)) sum += v;
    for (const auto& m : dice.modifiers) sum = saturating_add(sum, m.value);
    if (sum > 1000000000LL) return 1000000000;
    if (sum < -1000000000LL) return -1000000000;
    return static_cast<int>(sum);
}

bool check_dice(const ngn::Dice& dice, ngn::SourcePos pos, const RulesetInfo& ruleset, Findings& findings) {
    const DieSpec* spec = ruleset.die(dice.sides);
    if (!spec) {
        std::string used;
        for (const auto& d : ruleset.dice) used += (used.empty() ? "d" : ", d") + std::to_string(d.sides);
        findings.error(Kind::Inconsistent, ruleset.dice_rule, pos,
                       ruleset.id + " is played with " + used + "; the record rolls " + dice.spec(), used, dice.spec());
        return false;
    }
    bool ok = true;
    if (dice.count && *dice.count == 0) {
        findings.error(Kind::Inconsistent, kDice, pos, "a roll of no dice: " + dice.spec(), "at least 1d" + std::to_string(dice.sides),
                       dice.spec());
        ok = false;
    } else if (static_cast<int>(dice.faces.size()) != dice.declared_count()) {
        const int n = dice.declared_count();
        findings.error(Kind::Inconsistent, kDice, pos,
                       dice.spec() + " is " + std::to_string(n) + (n == 1 ? " die" : " dice") + " but " +
                           std::to_string(dice.faces.size()) + (dice.faces.size() == 1 ? " face is" : " faces are") + " written",
                       std::to_string(n) + (n == 1 ? " face" : " faces"), faces_text(dice));
        ok = false;
    }
    for (const auto& f : dice.faces) {
        if (!spec->accepts(f.value)) {
            findings.error(Kind::Inconsistent, kDice, f.pos,
                           "a d" + std::to_string(dice.sides) + " in " + ruleset.id + " has no face " + std::to_string(f.value),
                           "a face " + spec->faces_text(), std::to_string(f.value));
            ok = false;
        }
    }
    if (ok && dice.total) {
        const int expected = dice_total(dice, ruleset);
        if (*dice.total != expected) {
            std::string sum;
            for (int v : read_faces(dice, ruleset)) sum += (sum.empty() ? "" : " + ") + std::to_string(v);
            for (const auto& m : dice.modifiers)
                sum += (m.value < 0 ? " - " : " + ") + std::to_string(std::abs(m.value)) + (m.label.empty() ? "" : "(" + std::string(m.label) + ")");
            const bool single = dice.faces.size() == 1 && dice.modifiers.empty();
            findings.error(Kind::WrongResult, kDice, dice.total_pos,
                           single ? "the total does not add up: the die reads " + std::to_string(expected)
                                  : "the total does not add up: " + sum + " = " + std::to_string(expected),
                           std::to_string(expected), std::to_string(*dice.total));
        }
    }
    return ok;
}

}  // namespace ironlog
