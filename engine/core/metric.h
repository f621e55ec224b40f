// What a table's distances count. Every value a command prints names its metric, so a reader
// never has to guess whether "win in 11 plies" is to the end of the game, to mate or to a
// zeroing move.
#pragma once

namespace retrocheck {

enum class Metric {
    Wld,  // win, draw or loss only (Chinook, Cake)
    Dtw,  // plies to the end of the game (checkers)
    Dtm,  // plies to mate (chess)
    Dtz,  // plies to a zeroing move (chess, Syzygy)
};

constexpr const char* to_string(Metric m) {
    switch (m) {
        case Metric::Dtw:
            return "dtw";
        case Metric::Dtm:
            return "dtm";
        case Metric::Dtz:
            return "dtz";
        default:
            return "wld";
    }
}

}  // namespace retrocheck
