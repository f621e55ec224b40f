// Chess tables read through another program's probe library (Syzygy through Fathom, Gaviota
// through libgaviotatb): the chess counterpart of tablebases/probe/source.h, kept apart because
// the values differ (Syzygy's five-valued WDL with its 50-move results, DTZ beside DTM).
//
// A probe answers with a status; a library call that fails is Missing (the material is not in
// the directory) or Corrupt (it is, and the library could not read it), never a guessed value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/chess/position.h"
#include "engine/core/outcome.h"
#include "engine/core/result.h"
#include "tablebases/chess/material.h"

namespace retrocheck::tb::chess {

enum class ChessProbeStatus { Ok, Missing, Corrupt };

constexpr const char* to_string(ChessProbeStatus s) {
    return s == ChessProbeStatus::Ok        ? "ok"
           : s == ChessProbeStatus::Missing ? "missing"
                                            : "corrupt";
}

// Syzygy's results for the side to move: a cursed win is a win the 50-move rule turns into a
// draw, a blessed loss a loss it saves. Sources without the 50-move rule answer Loss, Draw, Win.
enum class Wdl5 : std::int8_t { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

const char* to_string(Wdl5 w);
// The game-theoretic result without the 50-move rule (a cursed win is a win).
Wld wld_of(Wdl5 w);

struct ChessProbe {
    ChessProbeStatus status = ChessProbeStatus::Missing;
    Wdl5 wdl = Wdl5::Draw;
    std::optional<int> dtm;  // plies to mate (Gaviota): odd a win, even a loss, 0 checkmated
    // Syzygy's DTZ as its probe code reports it: plies to a zeroing move (capture or pawn move)
    // for the side to move, positive when it wins, negative when it loses, 0 a draw.
    std::optional<int> dtz;
    std::string error;  // names the file and the library call when the status is not Ok

    bool ok() const { return status == ChessProbeStatus::Ok; }
    // Win/draw/loss with the DTM distance when there is one.
    Outcome outcome() const;
    // "win in 11 plies (dtm)", "cursed win, dtz 105", "missing: ...".
    std::string to_string() const;

    static ChessProbe missing(std::string why) {
        return {ChessProbeStatus::Missing, Wdl5::Draw, std::nullopt, std::nullopt, std::move(why)};
    }
    static ChessProbe corrupt(std::string why) {
        return {ChessProbeStatus::Corrupt, Wdl5::Draw, std::nullopt, std::nullopt, std::move(why)};
    }
};

// Whether `held` answers m: m itself, its colour flip, or KvK (a draw without a table).
bool covers(const std::vector<Material>& held, const Material& m);
// The first material that moves from a held material lead to and `held` does not cover.
std::optional<Material> first_uncovered_successor(const std::vector<Material>& held,
                                                  Material* needed_by = nullptr);

class ChessTableSource {
  public:
    virtual ~ChessTableSource() = default;
    // "syzygy", "gaviota".
    virtual std::string format() const = 0;
    // The materials the directory holds, as the files name them (one colouring each: the
    // library answers the colour-flipped material from the same files), in build order.
    virtual const std::vector<Material>& materials() const = 0;
    // The largest number of pieces of any material held.
    int max_pieces() const;

    // WDL (and DTM where the format stores it) of a legal position without castling rights, its
    // en passant right honoured. Safe to call from several threads.
    virtual ChessProbe probe(const retrocheck::chess::Position& pos) const = 0;
    // WDL and DTZ; sources without DTZ answer probe() with no dtz. When `children` is given and
    // the library values the children in the same call (Syzygy's root probe does), it receives
    // the DTZ of each position a non-zeroing move (no capture, no pawn move) leads to, for that
    // position's side to move.
    struct ChildDtz {
        retrocheck::chess::Square from, to;
        int dtz = 0;
    };
    virtual ChessProbe probe_dtz(const retrocheck::chess::Position& pos,
                                 std::vector<ChildDtz>* children = nullptr) const {
        if (children) children->clear();
        return probe(pos);
    }
    // The DTZ a DTZ file stores for pos (no en passant right), as the library's probe turns the
    // stored number into plies for a position whose result is `wdl` (not a draw): Value, or
    // OtherSide when the file stores only the other side to move (a prober searches one ply
    // there), or Failed with the library's error. Sources without such a file answer Failed.
    struct StoredDtz {
        enum class Kind { Value, OtherSide, Failed } kind = Kind::Failed;
        int dtz = 0;  // Syzygy's signs: > 0 a win, < 0 a loss, past +-100 cursed or blessed
        std::string error;
    };
    virtual StoredDtz stored_dtz(const retrocheck::chess::Position& pos, Wdl5 wdl) const {
        (void)pos;
        (void)wdl;
        return {StoredDtz::Kind::Failed, 0, format() + " stores no DTZ"};
    }
    virtual bool has_dtm() const { return false; }
    virtual bool has_dtz() const { return false; }
};

// pos's value for its side to move (WDL, with DTM where the source stores it), as a search, a
// referee or a game's replay asks: nothing when the source does not hold it (a castling right, a
// material it lacks); a probe that could not read a file is the error, naming it.
Result<std::optional<Outcome>> value_of(const ChessTableSource& source,
                                        const retrocheck::chess::Position& pos);

}  // namespace retrocheck::tb::chess
