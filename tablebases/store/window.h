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
#include <optional>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
#include "tablebases/game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/game_files.h"

namespace retrocheck::tb::store {

// The table an earlier run left at path for s, read with every block checked; nothing when there
// is no file, and the reason when it cannot be used (damaged, another slice's or metric's).
template <typename G>
Result<std::shared_ptr<typename G::StoredTable>> read_table_file(const std::filesystem::path& path,
                                                                 const typename G::Slice& s) {
    using Files = GameFiles<G>;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::shared_ptr<typename G::StoredTable>{};
    const auto file = TableFile::open(path, 1);
    if (!file) return Error{file.error()};
    if (!Files::holds(**file) || !(Files::slice(**file) == s))
        return Error{path.string() + ": its header names another table (" + (*file)->table_name() +
                     ")"};
    auto table = Files::read(**file);
    if (!table) return Error{table.error()};
    return *table;
}

// Bytes of tables a walk over a directory (verify, audit) keeps in memory beyond those the slice
// it is at needs, to read tables many slices need (the largest successors) less often.
inline constexpr std::uint64_t kWalkSpareBytes = std::uint64_t{256} << 20;

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

    // A window on a directory being written (a build's): no slice listed, each file read when
    // first needed.
    static TableWindow at(const std::filesystem::path& dir, std::uint64_t spare) {
        TableWindow w;
        w.dir_ = dir;
        w.spare_ = spare;
        return w;
    }

    // Every slice the directory holds, in build order.
    const std::vector<Slice>& slices() const { return slices_; }
    bool holds(const Slice& s) const { return files_.count(s) > 0; }
    // The file of a slice listed, or nullptr.
    const TableFile* file(const Slice& s) const {
        const auto it = files_.find(s);
        return it == files_.end() ? nullptr : it->second.get();
    }
    // The slots of every file.
    std::uint64_t slots() const {
        std::uint64_t n = 0;
        for (const auto& entry : files_) n += entry.second->size();
        return n;
    }

    // The bytes of tables no longer needed that stay in memory, from the next focus() or trim()
    // on.
    void set_spare(std::uint64_t spare) { spare_ = spare; }

    // Every slice of `need` the directory holds in memory (each block checked as it is read),
    // the least recently needed others dropped first while they hold more than the budget. The
    // error of a file that cannot be read.
    std::optional<Error> focus(const std::vector<Slice>& need) {
        make_room(need);
        for (const Slice& s : need) {
            if (!set_.find(s)) {
                std::shared_ptr<Table> table;
                if (const auto file = files_.find(s); file != files_.end()) {
                    auto r = GameFiles<G>::read(*file->second);
                    if (!r) return Error{r.error()};
                    table = std::move(r).value();
                } else if (!dir_.empty()) {
                    const std::filesystem::path path = GameFiles<G>::path(dir_, s);
                    auto r = read_table_file<G>(path, s);
                    if (!r) return Error{r.error()};
                    if (!*r) return Error{path.string() + ": missing (" + G::name(s) + ")"};
                    table = std::move(r).value();
                } else {
                    continue;  // not in the directory
                }
                hold(s, std::move(table));
            }
            used_[s] = tick_;
        }
        if (held_ > peak_) peak_ = held_;
        return std::nullopt;
    }

    // The tables of `need` held stay, as needed now; of the others, the least recently needed are
    // dropped while they hold more than the spare. Nothing is read: room before a build.
    void make_room(const std::vector<Slice>& need) {
        ++tick_;
        for (const Slice& s : need)
            if (set_.find(s)) used_[s] = tick_;
        drop_spare();
    }

    // Every table held is no longer needed: the least recently needed dropped while they hold
    // more than the spare.
    void trim() {
        ++tick_;
        drop_spare();
    }

    // A table made here (a build's) joins the window as one needed now.
    void adopt(const Slice& s, std::shared_ptr<const Table> table) {
        if (set_.find(s)) drop(s);
        hold(s, std::move(table));
        if (held_ > peak_) peak_ = held_;
    }

    // A table no later work needs leaves memory now, not when the budget presses.
    void release(const Slice& s) {
        if (set_.find(s)) drop(s);
    }

    const typename G::Tables& tables() const { return set_; }
    // The most bytes of tables in memory at any time, and those now.
    std::uint64_t peak_bytes() const { return peak_; }
    std::uint64_t held_bytes() const { return held_; }

  private:
    // The tables not needed at this tick, least recently needed first, dropped while they hold
    // more than the spare.
    void drop_spare() {
        std::uint64_t spare_held = 0;
        std::multimap<std::uint64_t, Slice> by_use;
        for (const auto& [s, tick] : used_)
            if (tick != tick_) {
                spare_held += table_bytes(*set_.find(s));
                by_use.emplace(tick, s);
            }
        for (auto it = by_use.begin(); spare_held > spare_ && it != by_use.end(); ++it) {
            spare_held -= table_bytes(*set_.find(it->second));
            drop(it->second);
        }
    }
    static std::uint64_t table_bytes(const Table& t) {
        return static_cast<std::uint64_t>(t.values.capacity()) * sizeof(t.values[0]);
    }
    void hold(const Slice& s, std::shared_ptr<const Table> table) {
        held_ += table_bytes(*table);
        set_.add(std::move(table));
        used_[s] = tick_;
    }
    void drop(const Slice& s) {
        held_ -= table_bytes(*set_.find(s));
        set_.remove(s);
        used_.erase(s);
    }

    std::filesystem::path dir_;  // a build's directory: files opened when needed
    std::vector<Slice> slices_;
    std::map<Slice, std::shared_ptr<TableFile>> files_;
    typename G::Tables set_;
    std::map<Slice, std::uint64_t> used_;  // the tick each table was last needed at
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
