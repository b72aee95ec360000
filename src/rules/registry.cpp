// The only place that names every ruleset: a new ruleset is one folder under src/rules/ and one
// line here (docs/architecture.md, "Adding a ruleset").
#include "rules/registry.hpp"

#include "rules/admiral/ruleset.hpp"
#include "rules/eia_naval/ruleset.hpp"
#include "rules/ironclads/ruleset.hpp"
#include "rules/late19c/ruleset.hpp"
#include "rules/tmbv/ruleset.hpp"

namespace ironlog {

const RulesetList& all_rulesets() {
    static const RulesetList list{{
        &rules::tmbv::ruleset(),
        &rules::late19c::ruleset(),
        &rules::admiral::ruleset(),
        &rules::eia_naval::ruleset(),
        &rules::ironclads::ruleset(),
    }};
    return list;
}

const Ruleset* find_ruleset(std::string_view id) { return all_rulesets().find(id); }

}  // namespace ironlog
