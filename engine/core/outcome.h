// The game-theoretic value of a position for the side to move: win, draw or loss, with the
// distance in plies to the end of the game under optimal play (DTW for checkers) for wins and
// losses. A loss in 0 is a position with no legal move.
#pragma once

#include <cstdint>
#include <string>

namespace retrocheck {

enum class Wld : std::uint8_t { Loss, Draw, Win };

constexpr const char* to_string(Wld w) {
    return w == Wld::Win ? "win" : w == Wld::Loss ? "loss" : "draw";
}

class Outcome {
  public:
    static constexpr Outcome win(int plies) { return Outcome(Wld::Win, plies); }
    static constexpr Outcome loss(int plies) { return Outcome(Wld::Loss, plies); }
    static constexpr Outcome draw() { return Outcome(Wld::Draw, -1); }
    // A win or loss whose distance is not known (from a WLD-only database).
    static constexpr Outcome of(Wld w) { return Outcome(w, -1); }

    constexpr Wld wld() const { return wld_; }
    constexpr bool is_win() const { return wld_ == Wld::Win; }
    constexpr bool is_loss() const { return wld_ == Wld::Loss; }
    constexpr bool is_draw() const { return wld_ == Wld::Draw; }
    // Plies to the end of the game; -1 for a draw or an unknown distance.
    constexpr int plies() const { return plies_; }
    constexpr bool has_distance() const { return plies_ >= 0; }
    // The same result without its distance.
    constexpr Outcome wld_only() const { return Outcome(wld_, -1); }

    // The value of the parent reached through a move to a child of this value, one ply up.
    constexpr Outcome parent_view() const {
        if (is_draw()) return draw();
        const int plies = has_distance() ? plies_ + 1 : -1;
        return is_loss() ? win(plies) : loss(plies);
    }

    friend constexpr bool operator==(const Outcome&, const Outcome&) = default;

    // "win in 11 plies", "loss in 1 ply", "draw", "win" (no distance known).
    std::string to_string() const {
        if (is_draw() || !has_distance()) return retrocheck::to_string(wld_);
        return std::string(retrocheck::to_string(wld_)) + " in " + plies_text(plies_);
    }
    static std::string plies_text(int plies) {
        return std::to_string(plies) + (plies == 1 ? " ply" : " plies");
    }

  private:
    constexpr Outcome(Wld w, int plies) : wld_(w), plies_(static_cast<std::int16_t>(plies)) {}
    Wld wld_;
    std::int16_t plies_;
};

// Better for the side to move: any win beats a draw beats any loss; a shorter win is better,
// a longer loss is better.
constexpr bool better(const Outcome& a, const Outcome& b) {
    if (a.wld() != b.wld()) return a.wld() > b.wld();
    if (a.is_win()) return a.plies() < b.plies();
    if (a.is_loss()) return a.plies() > b.plies();
    return false;
}

}  // namespace retrocheck
