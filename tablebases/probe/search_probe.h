// Tables as the search sees them (checkers::EndgameProbe): a TableSource, for example our files
// or a capture resolver over a Chinook or Cake database, probed at the search's interior nodes.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>

#include "engine/checkers/search/search.h"
#include "tablebases/probe/source.h"

namespace retrocheck::tb {

class SearchProbe final : public checkers::EndgameProbe {
  public:
    SearchProbe(const TableSource& source, int max_pieces)
        : source_(source), max_pieces_(max_pieces) {}

    std::optional<Outcome> probe(const checkers::Position& pos) override {
        // A resolver that gave up once would give up again: not asked twice.
        if (given_up_.count(pos)) return std::nullopt;
        const ProbeResult r = source_.probe(pos);
        if (r.status == ProbeStatus::Ok) return r.value;
        if (r.status == ProbeStatus::Corrupt && first_error_.empty()) first_error_ = r.error;
        if (r.status == ProbeStatus::Corrupt) ++errors_;
        if (r.status == ProbeStatus::TooMuchWork) given_up_.insert(pos);
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
    const TableSource& source_;
    int max_pieces_;
    std::uint64_t errors_ = 0;
    std::unordered_set<checkers::Position> given_up_;
    std::string first_error_;
};

}  // namespace retrocheck::tb
