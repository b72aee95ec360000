#include "stats/fair_die.hpp"

#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace stats {

namespace {

std::int64_t total(std::span<const std::int64_t> counts) { return std::accumulate(counts.begin(), counts.end(), std::int64_t{0}); }

// The sum of the squared counts: with n and k fixed, the chi-square statistic is k/n times it,
// less n, so comparing it compares the statistic, in integers (no ties lost to rounding).
std::int64_t sum_of_squares(std::span<const std::int64_t> counts) {
    std::int64_t s = 0;
    for (auto c : counts) s += c * c;
    return s;
}

// The least sum of squares `dice` can give over `faces` faces: as even as they can fall.
std::int64_t least_squares(std::int64_t dice, int faces) {
    const std::int64_t each = dice / faces, over = dice % faces;
    return over * (each + 1) * (each + 1) + (faces - over) * each * each;
}

// Every count vector of n dice over k faces, face by face, each weighed by its multinomial
// probability n! / (c1! ... ck!) / k^n; where every way the remaining faces can fall is at least
// (or none can reach) the observed sum of squares, the whole branch is taken (or left) at once.
class Enumeration {
public:
    Enumeration(std::int64_t n, int k, std::int64_t observed) : n_(n), k_(k), observed_(observed), log_fact_(static_cast<std::size_t>(n) + 1, 0.0) {
        for (std::int64_t i = 2; i <= n; ++i) log_fact_[static_cast<std::size_t>(i)] = log_fact_[static_cast<std::size_t>(i - 1)] + std::log(static_cast<double>(i));
        log_start_ = log_fact_.back() - static_cast<double>(n) * std::log(static_cast<double>(k));
    }
    double p() {
        walk(0, n_, 0, 0.0);
        return std::min(1.0, sum_);
    }

private:
    // Faces before `face` hold their counts: `squares` their sum of squares, `log_weight` the log
    // of 1 / (their counts' factorials); `left` dice are still to fall on the rest.
    void walk(int face, std::int64_t left, std::int64_t squares, double log_weight) {
        const int faces_left = k_ - face;
        if (squares + left * left < observed_) return;  // not even all on one face reaches it
        if (faces_left == 1 || squares + least_squares(left, faces_left) >= observed_) {
            // every way the rest can fall counts: faces_left^left of them, over left!
            sum_ += std::exp(log_start_ + log_weight - log_fact_[static_cast<std::size_t>(left)] +
                             static_cast<double>(left) * std::log(static_cast<double>(faces_left)));
            return;
        }
        for (std::int64_t c = 0; c <= left; ++c) walk(face + 1, left - c, squares + c * c, log_weight - log_fact_[static_cast<std::size_t>(c)]);
    }

    std::int64_t n_;
    int k_;
    std::int64_t observed_;
    std::vector<double> log_fact_;
    double log_start_ = 0;  // log(n! / k^n)
    double sum_ = 0;
};

// A face of a fair k-sided die, 0 to k-1, from the 64-bit Mersenne Twister (whose output the C++
// standard fixes, unlike its distributions'): the same seed gives the same draws everywhere.
// Values past the last whole multiple of k are drawn again, so that every face is equally likely.
std::size_t fair_face(std::mt19937_64& rng, std::uint64_t k) {
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t limit = max - max % k;
    std::uint64_t x = rng();
    while (x >= limit) x = rng();
    return static_cast<std::size_t>(x % k);
}

}  // namespace

double chi_square_statistic(std::span<const std::int64_t> counts) {
    const std::int64_t n = total(counts);
    if (n == 0 || counts.empty()) return 0;
    const double expected = static_cast<double>(n) / static_cast<double>(counts.size());
    double x = 0;
    for (auto c : counts) x += (static_cast<double>(c) - expected) * (static_cast<double>(c) - expected) / expected;
    return x;
}

double chi_square_upper_tail(double x, int df) {
    if (!(x > 0) || df < 1) return 1;
    return boost::math::cdf(boost::math::complement(boost::math::chi_squared_distribution<double>(df), x));
}

std::uint64_t count_outcomes(std::int64_t n, int k, std::uint64_t cap) {
    if (n <= 0 || k <= 1) return 1;
    // C(n+k-1, k-1) = prod over i = 1..k-1 of (n+i)/i, each partial product a whole number
    std::uint64_t r = 1;
    for (int i = 1; i < k; ++i) {
        const auto factor = static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(i);
        if (r > std::numeric_limits<std::uint64_t>::max() / factor) return cap + 1;
        r = r * factor / static_cast<std::uint64_t>(i);
        if (r > cap) return cap + 1;
    }
    return r;
}

double exact_multinomial_p(std::span<const std::int64_t> counts) {
    const std::int64_t n = total(counts);
    if (n == 0 || counts.size() < 2) return 1;
    return Enumeration(n, static_cast<int>(counts.size()), sum_of_squares(counts)).p();
}

double monte_carlo_p(std::span<const std::int64_t> counts, const MonteCarlo& mc) {
    const std::int64_t n = total(counts);
    if (n == 0 || counts.size() < 2 || mc.draws < 1) return 1;
    const std::int64_t observed = sum_of_squares(counts);
    std::mt19937_64 rng(mc.seed);
    std::vector<std::int64_t> sample(counts.size());
    std::int64_t as_far = 0;
    for (std::int64_t d = 0; d < mc.draws; ++d) {
        std::fill(sample.begin(), sample.end(), 0);
        for (std::int64_t i = 0; i < n; ++i) ++sample[fair_face(rng, counts.size())];
        if (sum_of_squares(sample) >= observed) ++as_far;
    }
    return static_cast<double>(as_far + 1) / static_cast<double>(mc.draws + 1);
}

double smallest_p(std::int64_t n, int k) {
    if (n <= 1 || k <= 1) return 1;
    return std::pow(static_cast<double>(k), static_cast<double>(1 - n));
}

const char* test_name(Test test) {
    switch (test) {
        case Test::ChiSquare: return "chi-square";
        case Test::Exact: return "exact";
        case Test::MonteCarlo: return "monte-carlo";
        case Test::None: break;
    }
    return "none";
}

Fit test_fair_die(std::span<const std::int64_t> counts, const FitOptions& options) {
    Fit f;
    f.dice = total(counts);
    f.faces = static_cast<int>(counts.size());
    if (f.dice == 0 || f.faces < 2) return f;
    f.expected = static_cast<double>(f.dice) / f.faces;
    f.chi_square = chi_square_statistic(counts);
    f.df = f.faces - 1;
    f.chi_square_p = chi_square_upper_tail(f.chi_square, f.df);
    if (f.expected >= options.min_expected) {
        f.test = Test::ChiSquare;
        f.p = f.chi_square_p;
    } else if (count_outcomes(f.dice, f.faces, options.max_outcomes) <= options.max_outcomes) {
        f.test = Test::Exact;
        f.p = exact_multinomial_p(counts);
    } else {
        f.test = Test::MonteCarlo;
        f.p = monte_carlo_p(counts, options.monte_carlo);
    }
    return f;
}

std::vector<double> holm(std::span<const double> p) {
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> adjusted(m);
    double running = 0;
    for (std::size_t rank = 0; rank < m; ++rank) {
        running = std::max(running, std::min(1.0, static_cast<double>(m - rank) * p[order[rank]]));
        adjusted[order[rank]] = running;
    }
    return adjusted;
}

}  // namespace stats
