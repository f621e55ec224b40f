// A window on a directory of table files: the tables a piece of work needs, in memory, read from
// their files when first needed, and those no longer needed kept while they fit in a budget
// (least recently needed dropped first), so a walk over every slice of a large set holds only a
// few slices at a time. Used by the streaming verifier and by the ranks of a distributed build or
// verify, for any table game (tablebases/game.h) whose files the store knows (game_files.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
#include "tablebases/game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/game_files.h"

namespace retrocheck::tb::store {

template <typename G>
class TableWindow {
  public:
    using Slice = typename G::Slice;
    using Table = typename G::StoredTable;

    // The directory's table files of G (opened, headers checked); `spare`: bytes of tables no
    // longer needed that stay in memory.
    static Result<TableWindow> open(const std::filesystem::path& dir, std::uint64_t spare) {
        auto files = open_game_directory<G>(dir);
        if (!files) return Error{files.error()};
        TableWindow w;
        w.spare_ = spare;
        for (auto& f : *files) {
            const Slice s = GameFiles<G>::slice(*f);
            w.slices_.push_back(s);
            w.files_[s] = std::move(f);
        }
        if (const auto gap =
                closure_gap<G>(dir, w.slices_, [&](const Slice& s) { return w.holds(s); }))
            return *gap;
        return w;
    }

    // Every slice the directory holds, in build order.
    const std::vector<Slice>& slices() const { return slices_; }
    bool holds(const Slice& s) const { return files_.count(s) > 0; }
    // The slots of every file.
    std::uint64_t slots() const {
        std::uint64_t n = 0;
        for (const auto& entry : files_) n += entry.second->size();
        return n;
    }

    // Every slice of `need` the directory holds in memory (each block checked as it is read);
    // then the least recently needed others dropped while they hold more than the budget. The
    // bytes read.
    Result<std::uint64_t> focus(const std::vector<Slice>& need) {
        std::uint64_t read = 0;
        ++tick_;
        for (const Slice& s : need) {
            const auto file = files_.find(s);
            if (file == files_.end()) continue;
            if (!set_.find(s)) {
                auto table = GameFiles<G>::read(*file->second);
                if (!table) return Error{table.error()};
                bytes_[s] = table_bytes(**table);
                held_ += bytes_[s];
                read += bytes_[s];
                set_.add(std::move(table).value());
            }
            used_[s] = tick_;
        }
        if (held_ > peak_) peak_ = held_;
        std::uint64_t spare_held = 0;
        std::multimap<std::uint64_t, Slice> by_use;
        for (const auto& [s, tick] : used_)
            if (tick != tick_) {
                spare_held += bytes_[s];
                by_use.emplace(tick, s);
            }
        for (auto it = by_use.begin(); spare_held > spare_ && it != by_use.end(); ++it) {
            spare_held -= bytes_[it->second];
            drop(it->second);
        }
        return read;
    }

    // Every table dropped.
    void clear() {
        while (!used_.empty()) drop(used_.begin()->first);
    }

    const typename G::Tables& tables() const { return set_; }
    // Bytes of tables in memory now, and the most at any time.
    std::uint64_t bytes() const { return held_; }
    std::uint64_t peak_bytes() const { return peak_; }

  private:
    static std::uint64_t table_bytes(const Table& t) {
        return static_cast<std::uint64_t>(t.values.size()) * sizeof(t.values[0]);
    }
    void drop(const Slice& s) {
        set_.remove(s);
        held_ -= bytes_[s];
        bytes_.erase(s);
        used_.erase(s);
    }

    std::vector<Slice> slices_;
    std::map<Slice, std::shared_ptr<TableFile>> files_;
    typename G::Tables set_;
    std::map<Slice, std::uint64_t> bytes_, used_;
    std::uint64_t spare_ = 0, held_ = 0, peak_ = 0, tick_ = 0;
};

// What verifying s's positions reads: s, the slice of their mirrors, and every slice their moves
// lead to.
template <TableGame G>
std::vector<typename G::Slice> verify_window(const typename G::Slice& s) {
    std::vector<typename G::Slice> out{s, G::mirror_slice(s)};
    for (const auto& t : G::successors(s)) out.push_back(t);
    return out;
}

// What classifying a violation among s's positions can read: causes of causes lead through
// children and mirrors to every slice reachable from s and its mirror.
template <TableGame G>
std::vector<typename G::Slice> classify_window(const typename G::Slice& s) {
    return closure<G>({s, G::mirror_slice(s)});
}

}  // namespace retrocheck::tb::store
