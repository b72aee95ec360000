// There Must Be a Victory (Against the Odds, 2009). Rulebook 000_67b85be8b31fd984.txt.
// Cited by case number. The book numbers the end of the turn two ways: the sequence of play
// (4.0) lists "Repair (11.1), Reinforcement (11.2), Victory Determination (11.3)", while the
// rules themselves are 11.1 Weather Damage, 11.2 Repair, 11.2 Reinforcement and 12.0 Victory
// Determination. Citations follow the rules' own headings; docs/rules/tmbv.md lists this.
#include "rules/tmbv/ruleset.hpp"

#include "rules/tmbv/engine.hpp"
#include "rules/tmbv/generator.hpp"

namespace ironlog::rules::tmbv {

namespace {

std::vector<SequenceNode> impulse_steps() {
    SequenceNode formation = step("formation", cite("7.5.1", "Formation Phases"), {"7.5.1", "7.5.2", "7.5.3", "7.5.4"});
    formation.repeatable = true;  // initiative and non-initiative players alternate, one formation each
    return {formation, step("non-formation", cite("7.5.5", "Non-Formation Ship Activation"), {"7.5.5"})};
}

RulesetInfo declare() {
    RulesetInfo r;
    r.id = "tmbv";
    r.title = "There Must Be a Victory (Against the Odds, 2009)";
    r.book = "000_67b85be8b31fd984.txt";
    r.dice = {DieSpec{10, 0, 9, 0, "one ten-sided die; 0 reads 0, not 10"}};
    r.dice_rule = cite("2.0", "Game Components");
    r.engine_scope = "the Battle of Lissa on the Tactical Battle Board ([Variant \"lissa\"], 7.0-7.9, 12.1-12.2, 13.2, 14.1-14.4), checked "
                     "end to end with the players' manifest and table pack; the campaign's Turn Start Phase (5.0-5.3: weather, random event draws, initiative with the FMLs of 6.1.1 and "
                     "13.1) and Operations Phase (6.0-6.2: impulses, passes, mobilization, activations and their VP; the fleets and their make-up, 6.3 and "
                     "6.4.5; moves on the players' operational map, 6.4; interception, 6.5; the Mediterranean's lone ships, 6.7), Tactical Combat Phase (7.0, 7.1, the second 7.9: each battle a record of its own "
                     "([Variant \"battle\"]) that the campaign names, replayed on the TBB, its damage, sinkings and VP carried back), Return to Port "
                     "Phase (8.0, the Low Fuel markers), Bombardment Phase (9.0-9.3, with the manifest's ports), End of Turn Phase (11.1 weather damage, "
                     "11.2 ship and port repair) and the VP track (10.0 blockades, 12.0-12.2: totals, FML per 10 VP, no deficit spending, the End of "
                     "Game VP, the winner after turn 12); the Support and Reserve Fleets' arrival (11.2.1 a, 11.2.2 a); not "
                     "yet: towing, the random events' reinforcements (sequence of play only)";

    Sequence campaign;
    campaign.variant = "campaign";
    campaign.description = "13.1 Campaign Game: twelve turns on the operational map and the Tactical Battle Board";
    campaign.rule = cite("4.0", "Sequence of Play");
    campaign.max_turns = 12;
    SequenceNode battle = segment("battle", cite("7.0", "Tactical Combat Phase"), {},
                                  {impulses(cite("7.5", "Combat Impulse Sequence of Play"), 12, impulse_steps())});
    battle.repeatable = true;  // one battle per sea area with opposing fleets
    campaign.turn = {
        phase("turn-start", cite("5.0", "Turn Start Phase"), {"5.0", "5"},
              {segment("weather", cite("5.1", "Weather Determination Segment"), {"5.1"}),
               segment("random-event", cite("5.2", "Random Event Segment"), {"5.2"}),
               segment("initiative", cite("5.3", "Initiative Determination Segment"), {"5.3"})}),
        phase("operations", cite("6.0", "Operations Phase"), {"6.0", "6"}, {impulses(cite("6.0", "Operations Phase"), 0)}),
        phase("tactical-combat", cite("7.0", "Tactical Combat Phase"), {"7.0", "7"}, {battle}),
        phase("return-to-port", cite("8.0", "Return to Port Phase"), {"8.0", "8"}),
        phase("bombardment", cite("9.0", "Bombardment Phase"), {"9.0", "9"}),
        phase("blockade", cite("10.0", "Blockade Phase"), {"10.0", "10"}),
        phase("end-of-turn", cite("11.0", "End of Turn Phase"), {"11.0", "11"},
              {segment("weather-damage", cite("11.1", "Weather Damage Segment"), {"11.1"}),
               segment("repair", cite("11.2", "Repair Segment")),
               segment("reinforcement", cite("11.2", "Reinforcement Segment"))}),
        phase("victory", cite("12.0", "Victory Determination Phase"), {"12.0", "12"}),
    };

    Sequence lissa;
    lissa.variant = "lissa";
    lissa.description = "13.2 Battle of Lissa: one battle of twelve impulses on the Tactical Battle Board";
    lissa.rule = cite("13.2", "Battle of Lissa");
    lissa.max_turns = 1;
    lissa.turn = {phase("tactical-combat", cite("7.0", "Tactical Combat Phase"), {"7.0", "7"},
                        {impulses(cite("7.5", "Combat Impulse Sequence of Play"), 12, impulse_steps())})};

    // A battle of the campaign as a record of its own, named by the campaign's record (7.0): the
    // same Tactical Battle Board as Lissa's, with the turn's weather and initiative in its header.
    Sequence battle_record = lissa;
    battle_record.variant = "battle";
    battle_record.description = "a battle of the 13.1 campaign on the Tactical Battle Board, named by the campaign's record (7.0-7.9)";
    battle_record.rule = cite("7.0", "Tactical Combat Phase");

    r.sequences = {campaign, lissa, battle_record};
    r.entity_kinds = {ngn::EntityKind::Ship, ngn::EntityKind::Fleet, ngn::EntityKind::Leader, ngn::EntityKind::Formation};
    // Readings where the book is silent or reads two ways; the first value is the default.
    r.options = {
        RuleOption{"hex-columns", {"even-low", "odd-low"}, cite("7.2.2", "TBB Deployment"),
                   "which columns of the TBB sit half a hex lower: the even ones or the odd ones (docs/hexes.md)"},
        RuleOption{"los-edge", {"both", "either"}, cite("7.7", "Line-of-Sight"),
                   "a line of sight running exactly along a hex edge is blocked when ships stand on both sides of it, or on either"},
        RuleOption{"visibility-count", {"firers", "firers-and-targets"}, cite("7.6.4", "Visibility"),
                   "the ships that 'engaged in fire combat' in an impulse are the ships that fired, or those and the ships fired at"},
        RuleOption{"initiative-tie", {"roll-again", "last-holder"}, cite("5.3", "Initiative Determination Segment"),
                   "equal initiative totals (5.3 gives no tie): both players roll again, or the player who had the initiative last turn keeps it "
                   "(on turn 1, roll again)"},
        RuleOption{"impulse-fleets", {"one", "any"}, cite("6.0", "Operations Phase"),
                   "what an operational impulse holds (6.0 and 6.2.4 do not say): one fleet's mobilization or activation (with the fleets "
                   "that sail with the admiral's, 6.1.5), or any number of fleets"},
        RuleOption{"main-fleet-turn-one", {"first-attempt", "at-sea"}, cite("13.1.1", "Campaign Game set-up"),
                   "on turn 1 the Italian Main Fleet counts as mobilized at its first attempt wherever its die set it up (13.1.1), or, set "
                   "up at sea or in the Mediterranean, as a fleet that began the turn at sea (6.1.4, 6.2.1, 6.2.3)"},
        RuleOption{"coastal-at-sea", {"whole-area", "none"}, cite("6.4.6", "Movement"),
                   "a coastal area or the Mediterranean, which have no boxes (3.0, 6.4.6), is one At Sea box for another activation "
                   "(6.2.4), interception (6.5.2) and return to port (8.1.1), or has no At Sea box at all"},
        RuleOption{"italian-support-set-up", {"scenario", "composition"}, cite("13.1.1", "Campaign Game set-up"),
                   "the Italian Support Fleet set up as 13.1.1 lists it (three G ships, three F or C, up to two B or I), or held to 6.3.3's "
                   "make-up at set-up too (at least four small ships, up to two ironclads, no other large ship)"},
        RuleOption{"interception-tie", {"moving", "intercepting"}, cite("6.5.4", "Interception Procedure"),
                   "equal interception rolls (6.5.4: the high roll wins): the moving fleet's, as no interception was won, or the "
                   "intercepting fleet's"},
        RuleOption{"at-sea-intercept", {"first", "compulsory"}, cite("6.5.2", "Interception"),
                   "fleets in the At Sea box of the area a move stops in try to intercept first, if their player wishes (6.5, 6.5.1), or "
                   "must all try (6.5.2's 'must always')"},
        RuleOption{"third-attempt-cost", {"double", "difference"}, cite("6.1.2", "Mobilization"),
                   "a third mobilization attempt costs twice the second's difference (6.1.2) or the difference alone (12.1's summary)"},
        RuleOption{"end-in-port", {"allowed", "barred"}, cite("6.4.3", "Movement"),
                   "a fleet's move may end in a friendly Port box (6.4.3), or a fleet reaches port only in the Return to Port Phase (8.0)"},
        RuleOption{"low-fuel-on-station", {"marked", "exempt"}, cite("8.1.4", "Return to Port"),
                   "fleets on station (Blockade, Bombard) get Low Fuel as all fleets out of port do (8.1.4), or are not marked"},
        RuleOption{"unmobilized-fight", {"no", "yes"}, cite("6.1", "Mobilization"),
                   "a fleet in its Port box (not mobilized, or back in port) brings on no battle (6.1), or fights opposing fleets in its "
                   "sea area as any fleet there does (7.0, 7.1.1)"},
        RuleOption{"fought-fleets-return", {"this-turn", "next-turn"}, cite("8.1.3", "Return to Port"),
                   "a fleet marked Low Fuel and Ammo by this turn's battle (7.9.6) returns in this turn's Return to Port Phase (8.1.3), "
                   "or in the next turn's"},
        RuleOption{"blockade-vp", {"blockade-phase", "victory-phase"}, cite("10.0", "Blockade Phase"),
                   "the blockades' VP go on the track at the Blockade Phase (10.0), or at the Victory Determination Phase (12.1 Per Turn)"},
        RuleOption{"reserve-release-roll", {"below", "at-most"}, cite("11.2.2 a)", "Reinforcement Segment"),
                   "the Italian Reserve Fleet's release roll passes below the FML (11.2.2 a), or at most the FML as every other FML check"},
        RuleOption{"reserve-release-cost", {"sum-to-austria", "difference-from-italy"}, cite("11.2.2 a)", "Reinforcement Segment"),
                   "after a failed release roll the Reserve Fleet comes for the roll plus the FML in VP to Austria (11.2.2 a), or for "
                   "the difference paid by Italy (6.1.2, 12.1)"},
        RuleOption{"campaign-diw", {"no-movement", "marker"}, cite("6.6", "Towing"),
                   "a ship is DIW in the campaign (towing 6.6, return 8.1.6) when its hits leave it no MA (6.6), or also when its TBB "
                   "DIW marker (7.3.1) was on as its battle ended, till it is home"},
        RuleOption{"roma-joins", {"when-paid", "at-set-up"}, cite("14.5", "Ironclad Roma"),
                   "with optional rule 14.5 the Roma joins the Reserve Fleet on the turn its price is paid (14.5), or is in it in Taranto "
                   "from set-up (13.1.1, 11.2.2 a) and its price and hits are paid before that fleet first leaves port"},
        RuleOption{"three-times", {"major", "decisive"}, cite("12.2", "Determine the Winner"),
                   "a side with exactly three times its opponent's VP wins a major or a decisive victory (12.2 gives neither)"},
    };
    r.optional_rules = {
        OptionalRule{"critical-hits", cite("14.1", "Critical Hits"), "a 0 after damage rolls for a critical hit"},
        OptionalRule{"affondatore-not-ready", cite("14.2", "Affondatore Not Ready"), "Affondatore starts damaged"},
        OptionalRule{"austrian-rifled-guns", cite("14.3", "Austrian Rifled Guns"), "Ferdinand Max and Hapsburg fire as rifled"},
        OptionalRule{"dispatch-ships", cite("14.4", "Dispatch Ships"), "D ships relay signals for flagships"},
        OptionalRule{"ironclad-roma", cite("14.5", "Ironclad Roma"), "the Italian Reserve Fleet may add the Roma"},
    };
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), make_engine, generate_game, nullptr};
    return r;
}

}  // namespace ironlog::rules::tmbv
