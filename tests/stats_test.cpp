// The dice statistics (src/stats): the chi-square p-values against published tables, the exact
// multinomial test against hand counts and against every sequence of rolls, the Monte-Carlo test
// against the exact one, Holm against a worked example, and the whole against simulated dice: a
// fair die is called uneven about as often as the level says, and a loaded one is caught.
#include "stats/fair_die.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace {

using Counts = std::vector<std::int64_t>;

// Counts of `rolls` rolls of a die whose faces come up with these weights.
Counts roll(std::mt19937_64& rng, int rolls, const std::vector<double>& weights) {
    std::discrete_distribution<int> die(weights.begin(), weights.end());
    Counts counts(weights.size(), 0);
    for (int i = 0; i < rolls; ++i) ++counts[static_cast<std::size_t>(die(rng))];
    return counts;
}

const std::vector<double> kFairD6(6, 1.0);

TEST(Stats, ChiSquareMatchesPublishedTables) {
    // Critical values of the chi-square distribution as printed in statistics tables
    // (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4): P(X >= value) for df degrees of freedom.
    struct Row {
        double value;
        int df;
        double p;
    };
    for (const Row& r : {Row{11.07, 5, 0.05}, Row{15.09, 5, 0.01}, Row{3.84, 1, 0.05}, Row{6.63, 1, 0.01}, Row{5.99, 2, 0.05},
                         Row{18.31, 10, 0.05}, Row{20.52, 5, 0.001}, Row{9.236, 5, 0.10}}) {
        SCOPED_TRACE(testing::Message() << r.value << " with " << r.df << " df");
        EXPECT_NEAR(stats::chi_square_upper_tail(r.value, r.df), r.p, 0.0005);
    }
    EXPECT_EQ(stats::chi_square_upper_tail(0, 5), 1.0);
}

TEST(Stats, ChiSquareStatisticByHand) {
    EXPECT_EQ(stats::chi_square_statistic(Counts{10, 10, 10, 10, 10, 10}), 0.0);
    // expected 10 a face: (20-10)^2/10 + (0-10)^2/10 = 20
    EXPECT_DOUBLE_EQ(stats::chi_square_statistic(Counts{20, 10, 10, 10, 10, 0}), 20.0);
    EXPECT_EQ(stats::chi_square_statistic(Counts{0, 0, 0}), 0.0);
}

TEST(Stats, ExactMultinomialCheckedByHand) {
    // A coin tossed 4 times: 16 sequences. 4-0 either way: 2 of 16; 3-1 either way: 8 more.
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{4, 0}), 2.0 / 16, 1e-12);
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{1, 3}), 10.0 / 16, 1e-12);
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{2, 2}), 1.0, 1e-12);
    // A three-sided die rolled 3 times: 27 sequences; all alike 3 of them, two alike 18, all
    // different 6. All alike is the farthest from even; two alike the next.
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{0, 3, 0}), 3.0 / 27, 1e-12);
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{2, 0, 1}), 21.0 / 27, 1e-12);
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{1, 1, 1}), 1.0, 1e-12);
    // Two d6 showing the same face: 6 of the 36 ways two dice fall.
    EXPECT_NEAR(stats::exact_multinomial_p(Counts{0, 0, 0, 2, 0, 0}), 6.0 / 36, 1e-12);
}

// Every sequence of n rolls of a k-sided die, one by one: the p-value counted the long way.
double p_by_every_sequence(const Counts& observed) {
    const std::size_t k = observed.size();
    std::int64_t n = 0, observed_squares = 0;
    for (auto c : observed) n += c, observed_squares += c * c;
    std::vector<std::size_t> seq(static_cast<std::size_t>(n), 0);
    std::int64_t as_far = 0, all = 0;
    for (;;) {
        Counts counts(k, 0);
        for (auto f : seq) ++counts[f];
        std::int64_t squares = 0;
        for (auto c : counts) squares += c * c;
        as_far += squares >= observed_squares;
        ++all;
        std::size_t i = 0;
        while (i < seq.size() && ++seq[i] == k) seq[i++] = 0;
        if (i == seq.size()) break;
    }
    return static_cast<double>(as_far) / static_cast<double>(all);
}

TEST(Stats, ExactMultinomialAgreesWithEverySequence) {
    for (const Counts& c : {Counts{3, 0, 1, 0, 2, 1}, Counts{0, 0, 5, 0, 1, 1}, Counts{1, 1, 1, 2, 1, 1}, Counts{2, 2, 0, 0, 3}}) {
        SCOPED_TRACE(testing::PrintToString(c));
        EXPECT_NEAR(stats::exact_multinomial_p(c), p_by_every_sequence(c), 1e-12);
    }
}

TEST(Stats, MonteCarloIsCloseToExactAndSeeded) {
    const Counts c{5, 3, 1, 1, 1, 1};  // twelve d6, one face often
    const double exact = stats::exact_multinomial_p(c);
    const stats::MonteCarlo mc{7, 100000};
    const double simulated = stats::monte_carlo_p(c, mc);
    // 100,000 draws: the standard error of the estimate is under 0.0016
    EXPECT_NEAR(simulated, exact, 0.01) << "exact " << exact;
    EXPECT_EQ(stats::monte_carlo_p(c, mc), simulated);  // the same seed, the same draws
    EXPECT_GT(stats::monte_carlo_p(Counts{1, 1, 1, 1, 1, 1}, mc), 0.99);
    // never 0, even when no draw is as far from even
    const double extreme = stats::monte_carlo_p(Counts{40, 0, 0, 0, 0, 0}, stats::MonteCarlo{1, 999});
    EXPECT_DOUBLE_EQ(extreme, 1.0 / 1000);
}

TEST(Stats, SmallestPIsAllOnOneFace) {
    EXPECT_NEAR(stats::smallest_p(2, 6), stats::exact_multinomial_p(Counts{2, 0, 0, 0, 0, 0}), 1e-12);
    EXPECT_NEAR(stats::smallest_p(4, 2), stats::exact_multinomial_p(Counts{0, 4}), 1e-12);
    EXPECT_NEAR(stats::smallest_p(3, 10), 0.01, 1e-12);
    EXPECT_EQ(stats::smallest_p(1, 6), 1.0);  // one die can show nothing
}

TEST(Stats, CountsOutcomes) {
    EXPECT_EQ(stats::count_outcomes(12, 6, 1000000), 6188u);     // C(17, 5)
    EXPECT_EQ(stats::count_outcomes(29, 6, 1000000), 278256u);   // C(34, 5)
    EXPECT_EQ(stats::count_outcomes(99, 20, 1000000), 1000001u); // far more: capped
    EXPECT_EQ(stats::count_outcomes(0, 6, 10), 1u);
}

TEST(Stats, ChoosesTheTestBySampleSize) {
    EXPECT_EQ(stats::test_fair_die(Counts{10, 10, 10, 10, 10, 10}).test, stats::Test::ChiSquare);
    const stats::Fit small = stats::test_fair_die(Counts{5, 3, 1, 1, 1, 1});
    EXPECT_EQ(small.test, stats::Test::Exact);
    EXPECT_DOUBLE_EQ(small.p, stats::exact_multinomial_p(Counts{5, 3, 1, 1, 1, 1}));
    EXPECT_EQ(small.df, 5);
    EXPECT_DOUBLE_EQ(small.expected, 2.0);
    Counts d20(20, 1);
    d20[0] = 11;  // thirty d20: too many outcomes to enumerate
    const stats::Fit simulated = stats::test_fair_die(d20);
    EXPECT_EQ(simulated.test, stats::Test::MonteCarlo);
    EXPECT_LT(simulated.p, 0.001);
    EXPECT_EQ(stats::test_fair_die(Counts{0, 0, 0, 0, 0, 0}).test, stats::Test::None);
}

TEST(Stats, HolmAgainstAWorkedExample) {
    // Sorted: 0.005 x4 = 0.02, 0.01 x3 = 0.03, 0.03 x2 = 0.06, 0.04 x1 = 0.04 -> kept at 0.06.
    // (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") gives 0.03 0.06 0.06 0.02.)
    const std::vector<double> p{0.01, 0.04, 0.03, 0.005};
    const std::vector<double> adjusted = stats::holm(p);
    ASSERT_EQ(adjusted.size(), 4u);
    EXPECT_NEAR(adjusted[0], 0.03, 1e-12);
    EXPECT_NEAR(adjusted[1], 0.06, 1e-12);
    EXPECT_NEAR(adjusted[2], 0.06, 1e-12);
    EXPECT_NEAR(adjusted[3], 0.02, 1e-12);
    EXPECT_EQ(stats::holm(std::vector<double>{0.5, 0.9}), (std::vector<double>{1.0, 1.0}));  // at most 1
    EXPECT_TRUE(stats::holm(std::vector<double>{}).empty());
}

// 10,000 groups of 60 rolls of a fair d6 (expected 10 a face: the chi-square test), in families of
// 10 groups tested together. Before correction about 5 % of groups are called uneven at 0.05, and
// 4 families in 10 hold at least one; after Holm at most about 5 % of families do.
TEST(Stats, FairDieRejectsAtTheLevelAndHolmKeepsTheFamilyRate) {
    const int groups = 10000, family = 10;  // fast enough for the sanitizer builds as it is
    std::mt19937_64 rng(20261127);
    int rejected = 0, families_with_any = 0, families_after_holm = 0;
    std::vector<double> p;
    for (int g = 0; g < groups; ++g) {
        const stats::Fit f = stats::test_fair_die(roll(rng, 60, kFairD6));
        ASSERT_EQ(f.test, stats::Test::ChiSquare);
        rejected += f.p < 0.05;
        p.push_back(f.p);
        if (p.size() < static_cast<std::size_t>(family)) continue;
        families_with_any += std::any_of(p.begin(), p.end(), [](double x) { return x < 0.05; });
        const auto adjusted = stats::holm(p);
        families_after_holm += std::any_of(adjusted.begin(), adjusted.end(), [](double x) { return x < 0.05; });
        p.clear();
    }
    // a binomial count of 10,000 at 5 %: standard deviation 0.22 %, so 4-6 % is over 4 of them
    const double rate = static_cast<double>(rejected) / groups;
    EXPECT_GE(rate, 0.04);
    EXPECT_LE(rate, 0.06);
    // 1,000 families: standard deviation 0.7 %; 1 - 0.95^10 = 40 % have a false alarm uncorrected
    const double families = static_cast<double>(groups / family);
    EXPECT_GT(families_with_any / families, 0.30);
    EXPECT_LE(families_after_holm / families, 0.05 + 0.015) << families_after_holm << " of " << families;
}

// The small-sample tests keep their level too: twelve d6 (2 expected a face), the exact test.
TEST(Stats, ExactTestRejectsAFairDieAtMostAtTheLevel) {
    const int groups = testing_util::scaled_for_sanitizers(2000, 500);
    std::mt19937_64 rng(7);
    int rejected = 0;
    for (int g = 0; g < groups; ++g) {
        const stats::Fit f = stats::test_fair_die(roll(rng, 12, kFairD6));
        ASSERT_EQ(f.test, stats::Test::Exact);
        rejected += f.p < 0.05;
    }
    // a discrete test rejects at most at its level (here 2,000 groups: standard deviation 0.5 %)
    EXPECT_LE(static_cast<double>(rejected) / groups, 0.05 + 0.015);
}

TEST(Stats, LoadedDieIsDetected) {
    // a six twice as likely as any other face, 300 rolls: caught nearly every time
    std::mt19937_64 rng(11);
    const std::vector<double> loaded{1, 1, 1, 1, 1, 2};
    int caught = 0;
    for (int g = 0; g < 200; ++g) caught += stats::test_fair_die(roll(rng, 300, loaded)).p < 0.05;
    EXPECT_GE(caught, 190);
    // a die showing its six 100 times in 300 (50 expected)
    EXPECT_LT(stats::test_fair_die(Counts{40, 40, 40, 40, 40, 100}).p, 1e-10);
    // and twelve rolls with nine sixes, by the exact test
    const stats::Fit few = stats::test_fair_die(Counts{1, 0, 1, 0, 1, 9});
    EXPECT_EQ(few.test, stats::Test::Exact);
    EXPECT_LT(few.p, 0.001);
}

}  // namespace
