// Tables as the search of either game sees them (search::EndgameProbeOf): a source of the game,
// for example our files, a capture resolver over a Chinook or Cake database, or chess tables of
// any format (Syzygy's WDL, Gaviota's DTM), probed at the search's interior nodes.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>

#include "engine/checkers/search/search.h"
#include "engine/chess/search/search.h"
#include "tablebases/chess/source.h"
#include "tablebases/probe/source.h"

namespace retrocheck::tb {

// What one probe gave, in the search's terms.
struct SearchProbeAnswer {
    enum class Kind { Known, Absent, Failed, GaveUp } kind = Kind::Absent;
    Outcome value = Outcome::draw();
    std::string error;  // Failed: names the file and the call
};

inline SearchProbeAnswer ask(const TableSource& source, const checkers::Position& pos) {
    const ProbeResult r = source.probe(pos);
    using K = SearchProbeAnswer::Kind;
    if (r.status == ProbeStatus::Ok) return {K::Known, r.value, {}};
    if (r.status == ProbeStatus::Corrupt) return {K::Failed, Outcome::draw(), r.error};
    if (r.status == ProbeStatus::TooMuchWork) return {K::GaveUp, Outcome::draw(), {}};
    return {};
}

// Chess tables hold no position with a castling right; a result without the 50-move rule.
inline SearchProbeAnswer ask(const chess::ChessTableSource& source,
                             const retrocheck::chess::Position& pos) {
    using K = SearchProbeAnswer::Kind;
    const auto v = chess::value_of(source, pos);
    if (!v) return {K::Failed, Outcome::draw(), v.error()};
    if (*v) return {K::Known, **v, {}};
    return {};
}

template <class Source, class Position>
class SearchProbeOf final : public search::EndgameProbeOf<Position> {
  public:
    SearchProbeOf(const Source& source, int max_pieces)
        : source_(source), max_pieces_(max_pieces) {}

    std::optional<Outcome> probe(const Position& pos) override {
        // A resolver that gave up once would give up again: not asked twice.
        if (given_up_.count(pos)) return std::nullopt;
        const SearchProbeAnswer a = ask(source_, pos);
        using K = SearchProbeAnswer::Kind;
        if (a.kind == K::Known) return a.value;
        if (a.kind == K::Failed && first_error_.empty()) first_error_ = a.error;
        if (a.kind == K::Failed) ++errors_;
        if (a.kind == K::GaveUp) given_up_.insert(pos);
        return std::nullopt;
    }
    int max_pieces() const override { return max_pieces_; }

    // Probes the source could not read (a damaged block): the search went on without them,
    // but a caller must report them.
    std::uint64_t errors() const { return errors_; }
    const std::string& first_error() const { return first_error_; }
    // Positions a resolver gave up on (its work bound).
    std::uint64_t over_work() const { return given_up_.size(); }

  private:
    struct ByHash {
        std::size_t operator()(const Position& p) const { return p.hash(); }
    };
    const Source& source_;
    int max_pieces_;
    std::uint64_t errors_ = 0;
    std::unordered_set<Position, ByHash> given_up_;
    std::string first_error_;
};

using SearchProbe = SearchProbeOf<TableSource, checkers::Position>;
using ChessSearchProbe = SearchProbeOf<chess::ChessTableSource, retrocheck::chess::Position>;

}  // namespace retrocheck::tb
