// Test support: a shim between the chess auditor and a probe library. It answers as the library
// does, but at chosen positions (each of a slot: every symmetric image of the position, with
// the same side to move) it changes the answer: the WDL (cursed and blessed results too), the
// DTZ (as the root probe answers it and as the DTZ file stores it), the DTM. The root probe's
// values of its children are changed alike, so that no read of an altered position escapes.
// Positions with an en passant right are not altered.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "engine/chess/move.h"
#include "tablebases/chess/index.h"
#include "tablebases/chess/source.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::testing {

struct Alteration {
    std::optional<chess::Wdl5> wdl;  // the result to answer instead
    int dtz_delta = 0;               // added to |dtz|, away from zero
    int dtm_delta = 0;               // added to the DTM
};

class AlteredSource final : public chess::ChessTableSource {
  public:
    explicit AlteredSource(std::shared_ptr<chess::ChessTableSource> inner)
        : inner_(std::move(inner)) {
        // Every material the source answers, in both colourings: made here, read-only after,
        // so that probes from several threads share them.
        for (const chess::Material& m : inner_->materials())
            for (const chess::Material& c : {m, m.flipped()})
                indexes_.emplace(chess::material_key(c), std::make_shared<chess::MaterialIndex>(c));
    }

    // Alters the answers at pos's slot (pos as any of its symmetric images).
    void alter(const retrocheck::chess::Position& pos, const Alteration& a) {
        alterations_[*key(pos)] = a;
    }

    std::string format() const override { return inner_->format(); }
    const std::vector<chess::Material>& materials() const override { return inner_->materials(); }
    bool has_dtm() const override { return inner_->has_dtm(); }
    bool has_dtz() const override { return inner_->has_dtz(); }

    chess::ChessProbe probe(const retrocheck::chess::Position& pos) const override {
        chess::ChessProbe p = inner_->probe(pos);
        apply(pos, p);
        return p;
    }

    chess::ChessProbe probe_dtz(const retrocheck::chess::Position& pos,
                                std::vector<ChildDtz>* children) const override {
        chess::ChessProbe p = inner_->probe_dtz(pos, children);
        apply(pos, p);
        if (children)
            for (ChildDtz& c : *children) {
                const auto a = find(pos.after(retrocheck::chess::Move::make(c.from, c.to)));
                if (a && a->dtz_delta && c.dtz != 0)
                    c.dtz += c.dtz > 0 ? a->dtz_delta : -a->dtz_delta;
            }
        return p;
    }

    StoredDtz stored_dtz(const retrocheck::chess::Position& pos, chess::Wdl5 wdl) const override {
        StoredDtz z = inner_->stored_dtz(pos, wdl);
        const auto a = find(pos);
        if (a && a->dtz_delta && z.kind == StoredDtz::Kind::Value && z.dtz != 0)
            z.dtz += z.dtz > 0 ? a->dtz_delta : -a->dtz_delta;
        return z;
    }

  private:
    using Key = std::tuple<std::uint64_t, std::uint64_t, int>;  // material, slot, side

    std::optional<Key> key(const retrocheck::chess::Position& pos) const {
        const std::uint64_t m = chess::material_key(pos);
        const auto it = indexes_.find(m);
        if (it == indexes_.end()) return std::nullopt;
        return Key{m, it->second->index(pos),
                   pos.side_to_move() == retrocheck::chess::Color::White ? 0 : 1};
    }

    std::optional<Alteration> find(const retrocheck::chess::Position& pos) const {
        if (pos.en_passant() || pos.castling()) return std::nullopt;
        const auto k = key(pos);
        if (!k) return std::nullopt;
        const auto it = alterations_.find(*k);
        if (it == alterations_.end()) return std::nullopt;
        return it->second;
    }

    void apply(const retrocheck::chess::Position& pos, chess::ChessProbe& p) const {
        if (!p.ok()) return;
        const auto a = find(pos);
        if (!a) return;
        if (a->wdl) p.wdl = *a->wdl;
        if (a->dtz_delta && p.dtz && *p.dtz != 0)
            *p.dtz += *p.dtz > 0 ? a->dtz_delta : -a->dtz_delta;
        if (a->dtm_delta && p.dtm) *p.dtm += a->dtm_delta;
    }

    std::shared_ptr<chess::ChessTableSource> inner_;
    std::map<Key, Alteration> alterations_;
    std::map<std::uint64_t, std::shared_ptr<chess::MaterialIndex>> indexes_;
};

}  // namespace retrocheck::tb::testing
