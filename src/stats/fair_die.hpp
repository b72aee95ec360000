// Is a die fair? Goodness-of-fit tests of the counts of a die's faces against equal chances:
// Pearson's chi-square test (its distribution from Boost.Math), and for small samples an exact
// multinomial p-value or, where the outcomes are too many to enumerate, a Monte-Carlo one. This
// library knows dice only as counts: no archive, no notation, no ruleset.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace stats {

// Pearson's statistic against a fair die: the sum over the faces of (observed - expected)^2 /
// expected, the expected count being the number of dice over the number of faces. 0 for no dice.
double chi_square_statistic(std::span<const std::int64_t> counts);

// P(X >= x) for X chi-square distributed with df degrees of freedom (Boost.Math's complement of
// the cdf); 1 for x <= 0.
double chi_square_upper_tail(double x, int df);

// How many different count vectors n dice can give over k faces (C(n+k-1, k-1)); cap + 1 when
// there are more than cap (the number can overflow any integer type long before it matters).
std::uint64_t count_outcomes(std::int64_t n, int k, std::uint64_t cap);

// The exact p-value: the probability that a fair die rolled as many times gives a chi-square
// statistic at least the observed one, summed over every count vector the dice can give. Its
// cost grows with count_outcomes(n, k): call it for small samples only.
double exact_multinomial_p(std::span<const std::int64_t> counts);

// A seeded Monte-Carlo estimate of the same p-value: `draws` samples of as many fair dice, the p
// being (1 + samples at least as far from even) / (draws + 1), which is never 0 and keeps the
// test's rate of false alarms at its level (Davison and Hinkley 1997, section 4.2).
struct MonteCarlo {
    std::uint64_t seed = 20261127;
    std::int64_t draws = 100000;
};
double monte_carlo_p(std::span<const std::int64_t> counts, const MonteCarlo& mc);

// The smallest p-value any count of n dice over k faces can give (all on one face: k^(1-n)). A
// group whose smallest p is above the level can never be called uneven, and leaving it out of a
// family before looking at its counts keeps the correction valid and the family smaller
// (Tarone 1990): its number of dice alone decides.
double smallest_p(std::int64_t n, int k);

enum class Test {
    None,        // no dice: nothing to test
    ChiSquare,   // Pearson's chi-square, its p from the chi-square distribution
    Exact,       // exact multinomial
    MonteCarlo,  // Monte-Carlo
};
const char* test_name(Test test);  // "chi-square", "exact", "monte-carlo", "none"

struct FitOptions {
    double min_expected = 5;                 // below this many expected per face the sample is small
    std::uint64_t max_outcomes = 2000000;    // small samples with at most this many outcomes are enumerated
    MonteCarlo monte_carlo;                  // the others are simulated
};

struct Fit {
    std::int64_t dice = 0;
    int faces = 0;
    double expected = 0;     // per face
    double chi_square = 0;
    int df = 0;
    double chi_square_p = 1;  // from the chi-square distribution, whatever the test used
    Test test = Test::None;
    double p = 1;             // the p-value of the test used
    bool small() const { return test == Test::Exact || test == Test::MonteCarlo; }
};

// The test a club should read for these counts: chi-square when every face expects at least
// min_expected, else exact when the outcomes can be enumerated, else Monte-Carlo.
Fit test_fair_die(std::span<const std::int64_t> counts, const FitOptions& options = {});

// Holm's step-down adjustment of p-values tested together (Holm 1979): the i-th smallest of m
// is multiplied by m - i + 1, each kept at least the one before it and at most 1. Rejecting where
// the adjusted p is under alpha keeps the chance of any false alarm in the family at most alpha,
// whatever the dependence between the tests. Returned in the order given.
std::vector<double> holm(std::span<const double> p);

}  // namespace stats
