#include "tablebases/formats/native_chess.h"

#include <fmt/format.h>

#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>

#include "engine/chess/fen.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"

namespace retrocheck::tb::chess {

// The folder's tables of one metric, through a window that drops nothing (store/window.h): a
// material's table and those its moves lead to are read when a probe first needs them, under
// the lock; probes read them under a shared lock, since a read adds to the set.
template <typename G>
class NativeChessTables::OnDemand {
  public:
    explicit OnDemand(store::TableWindow<G> window) : window_(std::move(window)) {}
    const store::TableWindow<G>& window() const { return window_; }

    // f(tables) with pos's material and those its moves lead to in memory; Corrupt, naming the
    // file, when one of them cannot be read.
    template <typename F>
    ChessProbe with(const retrocheck::chess::Position& pos, F&& f) const {
        const Material m = Material::of(pos).canonical();
        for (;;) {
            {
                std::shared_lock lock(mutex_);
                if (ready_.count(m)) return f(window_.tables());
                if (const auto it = failed_.find(m); it != failed_.end())
                    return ChessProbe::corrupt(it->second);
            }
            std::unique_lock lock(mutex_);
            if (ready_.count(m) || failed_.count(m)) continue;
            if (auto e = window_.focus(store::verify_window<ChessGame>(m)))
                failed_.emplace(m, e->message);
            else
                ready_.insert(m);
        }
    }

  private:
    mutable store::TableWindow<G> window_;
    mutable std::shared_mutex mutex_;
    mutable std::set<Material> ready_;
    mutable std::map<Material, std::string> failed_;
};

Result<std::shared_ptr<NativeChessTables>> NativeChessTables::open(
    const std::filesystem::path& dir) {
    const store::ChessMetricsHeld held = store::chess_metrics_in(dir);
    std::shared_ptr<NativeChessTables> out(new NativeChessTables);
    out->dir_ = dir;
    constexpr std::uint64_t kKeepAll = std::numeric_limits<std::uint64_t>::max();
    if (held.dtm || !held.dtz) {  // neither: the DTM reader says what the folder lacks
        auto window = store::TableWindow<ChessGame>::open(dir, kKeepAll);
        if (!window) return Error{window.error()};
        out->dtm_ = std::make_shared<OnDemand<ChessGame>>(std::move(window).value());
    }
    if (held.dtz) {
        auto window = store::TableWindow<ChessDtzGame>::open(dir, kKeepAll);
        if (!window) return Error{window.error()};
        out->dtz_ = std::make_shared<OnDemand<ChessDtzGame>>(std::move(window).value());
    }
    out->materials_ = out->dtm_ ? out->dtm_->window().slices() : out->dtz_->window().slices();
    return out;
}

ChessProbe NativeChessTables::probe(const retrocheck::chess::Position& pos) const {
    ChessProbe p = probe_dtz(pos);
    p.dtz.reset();
    return p;
}

ChessProbe NativeChessTables::probe_dtz(const retrocheck::chess::Position& pos,
                                        std::vector<ChildDtz>* children) const {
    if (children) children->clear();
    if (pos.castling())
        return ChessProbe::missing("castling rights are not in our tables: " +
                                   retrocheck::chess::format_fen(pos));
    const Material m = Material::of(pos);
    const auto lacks = [&](const char* metric, const char* option) {
        return ChessProbe::missing(fmt::format(
            "{} holds no {} table of {} (build it with `retrocheck build chess --material {}{} "
            "--out {}`)",
            dir_.string(), metric, m.name(), m.name(), option, dir_.string()));
    };
    ChessProbe p;
    p.status = ChessProbeStatus::Ok;
    if (dtm_) {
        p = dtm_->with(pos, [&](const MaterialTableSet& tables) {
            const auto v = tables.probe(pos);
            if (!v) return lacks("DTM", "");
            p.wdl = v->is_win() ? Wdl5::Win : v->is_loss() ? Wdl5::Loss : Wdl5::Draw;
            if (!v->is_draw()) p.dtm = v->plies();
            return p;
        });
        if (!p.ok()) return p;
    }
    if (dtz_) {
        p = dtz_->with(pos, [&](const DtzTableSet& tables) {
            const auto d = tables.probe(pos);
            if (!d) return lacks("DTZ50", " --metric dtz");
            p.wdl = d->wdl;
            p.dtz = d->dtz;
            return p;
        });
    }
    return p;
}

}  // namespace retrocheck::tb::chess
