// Test support, for every game: the kinds of wrong value a table can hold (the six swaps of win,
// draw and loss, a distance two plies off), what each turns a right value into, and the rule of
// rules.h the changed value breaks.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "engine/core/outcome.h"
#include "tablebases/value.h"

namespace retrocheck::tb::testing {

// Every kind of wrong value: the six swaps of win, draw and loss, and a distance one move (two
// plies) too long or too short.
enum class Change {
    WinToDraw,
    WinToLoss,
    DrawToWin,
    DrawToLoss,
    LossToWin,
    LossToDraw,
    TwoPliesLonger,
    TwoPliesShorter,
};
inline constexpr std::array kEveryChange{
    Change::WinToDraw, Change::WinToLoss,  Change::DrawToWin,      Change::DrawToLoss,
    Change::LossToWin, Change::LossToDraw, Change::TwoPliesLonger, Change::TwoPliesShorter};

inline const char* to_string(Change k) {
    constexpr std::array names{"win->draw", "win->loss",  "draw->win",        "draw->loss",
                               "loss->win", "loss->draw", "two plies longer", "two plies shorter"};
    return names[static_cast<std::size_t>(k)];
}

// `old` changed by k, nothing when k does not apply: a win or a loss made one ply longer when
// it changes side, a draw made a win in 3 or a loss in 4, a distance moved by two plies (not
// below a win in 1 or a loss in 0, nor beyond what a byte stores).
inline std::optional<Outcome> changed(const Outcome& old, Change k) {
    if (old.plies() + 2 > kMaxPlies) return std::nullopt;
    switch (k) {
        case Change::WinToDraw:
            if (old.is_win()) return Outcome::draw();
            break;
        case Change::WinToLoss:
            if (old.is_win()) return Outcome::loss(old.plies() + 1);
            break;
        case Change::DrawToWin:
            if (old.is_draw()) return Outcome::win(3);
            break;
        case Change::DrawToLoss:
            if (old.is_draw()) return Outcome::loss(4);
            break;
        case Change::LossToWin:
            if (old.is_loss()) return Outcome::win(old.plies() + 1);
            break;
        case Change::LossToDraw:
            if (old.is_loss()) return Outcome::draw();
            break;
        case Change::TwoPliesLonger:
            if (old.is_win()) return Outcome::win(old.plies() + 2);
            if (old.is_loss()) return Outcome::loss(old.plies() + 2);
            break;
        case Change::TwoPliesShorter:
            if (old.is_win() && old.plies() >= 3) return Outcome::win(old.plies() - 2);
            if (old.is_loss() && old.plies() >= 2) return Outcome::loss(old.plies() - 2);
            break;
    }
    return std::nullopt;
}

// The rule a changed value breaks, from the games' rules rather than from the verifier's code:
// the old value was right, so the position's children are as the old value says. A position
// without moves breaks the game's own rule for it (`terminal`: checkers' no-move-is-loss-0,
// chess's mate-is-loss-0 or stalemate-is-draw); any other is no loss in 0.
inline std::string rule_broken(const Outcome& old, Change k, const Outcome& now,
                               const std::optional<std::string>& terminal) {
    if (terminal) return *terminal;
    if (now == Outcome::loss(0)) return "no-move-is-loss-0";
    switch (k) {
        case Change::WinToDraw:
            return "draw-no-losing-child";  // the child lost in n-1
        case Change::WinToLoss:
        case Change::DrawToLoss:
            return "loss-children-win";  // that lost child, or a drawn one
        case Change::DrawToWin:
        case Change::LossToWin:
            return "win-has-losing-child";
        case Change::LossToDraw:
            return "draw-has-draw-child";  // every child is a win
        default:
            return old.is_win() ? "win-shortest" : "loss-longest";
    }
}

}  // namespace retrocheck::tb::testing
