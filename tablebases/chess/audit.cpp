#include "tablebases/chess/audit.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <limits>
#include <type_traits>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/zeroing.h"
#include "tablebases/verify/dtz_rules.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::Move;
using retrocheck::chess::MoveKind;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;
using retrocheck::chess::Square;

namespace {

using StoredDtz = ChessTableSource::StoredDtz;

// One slot's values from the source, packed: a material's worth stays in memory while it is
// judged.
struct Read {
    static constexpr std::int8_t kNoPosition = -1;
    // distance when it holds no stored DTZ: none read (a draw, a source without DTZ, a failed
    // WDL), the DTZ file stores the other side to move, or the read failed.
    static constexpr std::int16_t kNoDtz = std::numeric_limits<std::int16_t>::min(),
                                  kOtherSide = kNoDtz + 1, kDtzFailed = kNoDtz + 2;
    std::int8_t status = kNoPosition;  // else a ChessProbeStatus
    std::int8_t wdl = 0;               // a Wdl5
    std::int16_t distance = kNoDtz;    // DTM (Gaviota) or the stored DTZ (Syzygy)
};
static_assert(sizeof(Read) == 4);

using Tally = AuditTally<ChessGame, ChessProbe>;
using Local = Tally::Local;

// WDL, plus DTZ through the root probe where the source has it (positions no file stores).
ChessProbe read_value(const ChessTableSource& source, const Position& pos, bool dtz) {
    ChessProbe p = source.probe(pos);
    if (!p.ok() || !dtz) return p;
    const ChessProbe z = source.probe_dtz(pos);
    if (!z.ok()) return z;
    p.dtz = z.dtz;
    return p;
}

Read pack(const ChessProbe& p) {
    Read r;
    r.status = static_cast<std::int8_t>(p.status);
    r.wdl = static_cast<std::int8_t>(p.wdl);
    if (p.dtm) r.distance = static_cast<std::int16_t>(*p.dtm);
    return r;
}

std::int16_t pack(const StoredDtz& z) {
    switch (z.kind) {
        case StoredDtz::Kind::Value:
            return static_cast<std::int16_t>(z.dtz);
        case StoredDtz::Kind::OtherSide:
            return Read::kOtherSide;
        case StoredDtz::Kind::Failed:
            break;
    }
    return Read::kDtzFailed;
}

ChessProbe unpack(const Read& r, const ChessTableSource& source) {
    ChessProbe p;
    p.status = static_cast<ChessProbeStatus>(r.status);
    p.wdl = static_cast<Wdl5>(r.wdl);
    if (source.has_dtm() && p.wdl != Wdl5::Draw) p.dtm = r.distance;
    if (r.distance > Read::kDtzFailed && !source.has_dtm()) p.dtz = r.distance;
    return p;
}

// Our tables of either metric, seen the same way by the walk.
template <typename Set>
struct Ours;
template <>
struct Ours<MaterialTableSet> {
    using Table = MaterialTable;
    static bool holds(ChessValue v) { return v != kNoPosition; }
    static Outcome outcome(ChessValue v) { return decode(v); }
    static std::optional<Outcome> probe(const MaterialTableSet& s, const Position& p) {
        return s.probe(p);
    }
    static std::optional<Dtz> dtz(const MaterialTableSet&, const Position&) { return {}; }
};
template <>
struct Ours<DtzTableSet> {
    using Table = DtzTable;
    static bool holds(DtzCode c) { return c != Dtz50Metric::kUnknown; }
    static Outcome outcome(DtzCode c) { return Outcome::of(wld_of(dtz_of_code(c).wdl)); }
    static std::optional<Outcome> probe(const DtzTableSet& s, const Position& p) {
        const auto d = s.probe(p);
        if (!d) return std::nullopt;
        return Outcome::of(wld_of(d->wdl));
    }
    static std::optional<Dtz> dtz(const DtzTableSet& s, const Position& p) { return s.probe(p); }
};

// How a DTZ the source answers stands against ours (the rule in audit.h).
enum class DtzMatch : std::uint8_t { Exact, Rounded, Wrong };

// A position's DTZ as Syzygy answers it against ours: `searched` for a value a prober works out
// over rounded children (en passant positions), which may be one under ours at any |d|.
DtzMatch match_dtz(const Dtz& ours, int theirs, bool searched) {
    if (theirs == ours.dtz) return DtzMatch::Exact;
    const int d = std::abs(ours.dtz), r = std::abs(theirs);
    const bool same_sign = (theirs > 0) == (ours.dtz > 0);
    if (same_sign && r == d - 1 && r > 0 && (searched || d % 2 == 0)) return DtzMatch::Rounded;
    return DtzMatch::Wrong;
}

std::string dtz_text(const Dtz& d) { return fmt::format("{} (dtz {})", to_string(d.wdl), d.dtz); }

template <typename Set>
struct Context {
    using O = Ours<Set>;
    const ChessTableSource& source;
    const Set& ours;
    const typename O::Table& table;
    const std::vector<Read>& reads;
    bool dtz = false;  // DTZ read and compared
    // A slot a byte, written by compare_dtz: how its stored DTZ matched ours (DtzMatch + 1; 0
    // none compared), for the rounding check (check_rounding).
    std::vector<std::uint8_t>* matches = nullptr;

    // A finding at x, with the move that proves ours and both values of its child, when given.
    void note_with_child(Local& mine, std::uint64_t key, const Position& x,
                         const ChessProbe& theirs, const std::optional<Outcome>& ours_value,
                         std::string rule, std::optional<Move> m, std::string expected) const {
        ChessAuditExample e{std::move(rule),    x, theirs, ours_value, {}, {}, {},
                            std::move(expected)};
        if (m) {
            e.child_move = *m;
            e.child_theirs = child(x.after(*m));
            e.child_ours = O::probe(ours, x.after(*m));
        }
        mine.note(key, std::move(e));
    }

    // A child's value from the source: from memory when it is a slot of this material.
    ChessProbe child(const Position& c) const {
        if (!c.en_passant() && Material::of(c) == table.material()) {
            const Read& r = reads[table.id(c)];
            if (r.status != Read::kNoPosition) {
                ChessProbe p = unpack(r, source);
                if (!p.ok()) p.error = "the source failed on " + retrocheck::chess::format_fen(c);
                return p;
            }
        }
        return source.probe(c);
    }

    // Whether a zeroing move of x achieves our result, a win: then no prober reads x's DTZ.
    bool zeroing_wins(const Position& x, const Dtz& d,
                      const retrocheck::chess::MoveList& moves) const {
        if (d.dtz <= 0) return false;
        for (const Move m : moves)
            if (retrocheck::chess::zeroing(x, m)) {
                const auto c = ours.probe(x.after(m));
                if (c && static_cast<int>(c->wdl) == -static_cast<int>(d.wdl)) return true;
            }
        return false;
    }

    // Disagreement and rules for one position; key orders the examples. `stored` is the
    // distance read from the DTZ file for a slot (Read::kNoDtz for a position with an en
    // passant right, whose DTZ theirs.dtz holds from the root probe).
    void judge(const Position& x, const ChessProbe& theirs,
               const std::optional<Outcome>& ours_value, Local& mine, std::uint64_t key,
               std::int16_t stored = Read::kNoDtz) const {
        auto note = [&](ChessAuditExample e) {
            e.position = x;
            e.theirs = theirs;
            e.ours = ours_value;
            mine.note(key, std::move(e));
        };
        ++mine.counts.checked;
        if (x.en_passant()) ++mine.counts.en_passant;
        if (!theirs.ok()) {
            ++mine.counts.violations;
            note({"corrupt: " + theirs.error, x, theirs, ours_value, {}, {}, {}, {}});
            return;
        }
        const std::optional<Dtz> our_dtz = O::dtz(ours, x);
        const bool differs = !ours_value || (source.has_dtm() ? comparable(theirs) != *ours_value
                                             : our_dtz        ? theirs.wdl != our_dtz->wdl
                                                       : wld_of(theirs.wdl) != ours_value->wld());
        const retrocheck::chess::MoveList moves = retrocheck::chess::legal_moves(x);
        if (differs) {
            ++mine.counts.disagreements;
            ChessAuditExample e{"disagreement",
                                x,
                                theirs,
                                ours_value,
                                {},
                                {},
                                {},
                                our_dtz ? dtz_text(*our_dtz) : ""};
            // The child that proves our value.
            for (const Move m : moves) {
                const auto v = O::probe(ours, x.after(m));
                if (v && ours_value && v->parent_view() == *ours_value) {
                    e.child_move = m;
                    e.child_ours = v;
                    e.child_theirs = child(x.after(m));
                    break;
                }
            }
            note(std::move(e));
        }
        std::vector<ChessProbe> kids;
        kids.reserve(moves.size());
        for (const Move m : moves) {
            kids.push_back(child(x.after(m)));
            if (!kids.back().ok()) {
                ++mine.counts.violations;
                note({"child-corrupt: " + kids.back().error,
                      x,
                      theirs,
                      ours_value,
                      m,
                      kids.back(),
                      O::probe(ours, x.after(m)),
                      {}});
                return;
            }
        }
        auto child_note = [&](const char* rule, std::optional<Move> m, std::string expected) {
            note_with_child(mine, key, x, theirs, ours_value, rule, m, std::move(expected));
        };
        const Outcome stored_value = comparable(theirs);
        if (moves.empty()) {
            const bool mated = x.in_check();
            const bool ok = mated ? stored_value.is_loss() &&
                                        (!stored_value.has_distance() || stored_value.plies() == 0)
                                  : stored_value.is_draw();
            if (!ok) {
                ++mine.counts.violations;
                child_note(mated ? "mate-is-loss" : "stalemate-is-draw", std::nullopt,
                           mated ? "a loss in 0" : "a draw");
            }
            return;
        }
        std::vector<Outcome> values;
        values.reserve(kids.size());
        for (const ChessProbe& k : kids) values.push_back(comparable(k));
        if (const auto broken = tb::judge(stored_value, values)) {
            ++mine.counts.violations;
            const auto i = static_cast<std::size_t>(broken->child);
            child_note(broken->rule,
                       broken->child >= 0 ? std::optional<Move>(moves[i]) : std::nullopt,
                       implied(values).to_string());
            return;
        }
        if constexpr (std::is_same_v<Set, DtzTableSet>)
            if (dtz && our_dtz && !differs && theirs.wdl != Wdl5::Draw)
                compare_dtz(x, theirs, ours_value, *our_dtz, moves, stored, mine, key);
    }

    // Syzygy's DTZ against ours (the rule in audit.h).
    void compare_dtz(const Position& x, const ChessProbe& theirs,
                     const std::optional<Outcome>& ours_value, const Dtz& our_dtz,
                     const retrocheck::chess::MoveList& moves, std::int16_t stored, Local& mine,
                     std::uint64_t key) const {
        ChessProbe shown = theirs;  // with the DTZ compared
        if (!x.en_passant() && stored > Read::kDtzFailed) shown.dtz = stored;
        auto child_note = [&](std::string rule, std::optional<Move> m, std::string expected) {
            note_with_child(mine, key, x, shown, ours_value, std::move(rule), m,
                            std::move(expected));
        };
        if (stored == Read::kOtherSide) {
            ++mine.counts.dtz_other_side;
            return;
        }
        if (stored == Read::kDtzFailed) {
            ++mine.counts.violations;
            child_note("corrupt: " + source.stored_dtz(x, theirs.wdl).error, std::nullopt, "");
            return;
        }
        const bool slot = !x.en_passant();
        if (slot && zeroing_wins(x, our_dtz, moves)) {
            ++mine.counts.dtz_from_wdl;
            return;
        }
        const int answer = slot ? stored : theirs.dtz.value_or(0);
        const DtzMatch match = match_dtz(our_dtz, answer, !slot);
        if (slot && matches) (*matches)[table.id(x)] = static_cast<std::uint8_t>(match) + 1;
        switch (match) {
            case DtzMatch::Exact:
                ++mine.counts.dtz_exact;
                return;
            case DtzMatch::Rounded:
                ++mine.counts.dtz_rounded;
                return;
            case DtzMatch::Wrong:
                break;
        }
        ++mine.counts.disagreements;
        const bool may_round = std::abs(our_dtz.dtz) % 2 == 0 || !slot;
        const int rounded = our_dtz.dtz > 0 ? our_dtz.dtz - 1 : our_dtz.dtz + 1;
        child_note(
            "dtz", dtz_proof(ours, x),
            fmt::format("{}{}", dtz_text(our_dtz),
                        may_round ? fmt::format(" or dtz {} (a table in full moves)", rounded)
                                  : std::string()));
    }

    static Outcome comparable(const ChessProbe& p) { return p.outcome(); }
};

// The source's values of every slot of a material: WDL (and DTM) through the probe, and with
// DTZ the number the DTZ file stores.
template <typename Table>
std::vector<Read> read_material(const ChessTableSource& source, const Table& table, bool dtz,
                                std::atomic<std::uint64_t>* progress) {
    using O =
        Ours<std::conditional_t<std::is_same_v<Table, DtzTable>, DtzTableSet, MaterialTableSet>>;
    const std::uint64_t n = table.values.size();
    std::vector<Read> reads(n);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1024), [&](const auto& r) {
        for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
            if (!O::holds(table.values[id])) continue;
            const Position pos = *table.position(id);
            const ChessProbe p = source.probe(pos);
            reads[id] = pack(p);
            if (dtz && p.ok() && p.wdl != Wdl5::Draw)
                reads[id].distance = pack(source.stored_dtz(pos, p.wdl));
        }
        if (progress) progress->fetch_add(r.size(), std::memory_order_relaxed);
    });
    return reads;
}

// Our table of m, or of its colour flip (whose positions the source answers as well).
template <typename Set>
const typename Ours<Set>::Table* table_of(const Set& ours, const Material& m) {
    const auto* t = ours.find(m);
    return t ? t : ours.find(m.flipped());
}

// The rounding check of one side of a pawnless material (audit.h), from what compare_dtz
// recorded: a class (wins, losses) whose even DTZs are stored both exactly and rounded has its
// fewer reported.
template <typename Set>
void check_rounding(const Context<Set>& ctx, std::uint64_t base, std::uint64_t half,
                    typename AuditTally<ChessGame, ChessProbe>::Locals& locals) {
    const auto& table = ctx.table;
    const std::vector<std::uint8_t>& matches = *ctx.matches;
    std::array<std::array<std::uint64_t, 2>, 2> counts{};  // [loss, win][exact, rounded]
    const auto each_even = [&](auto&& f) {
        for (std::uint64_t id = base; id != base + half; ++id) {
            if (matches[id] == 0) continue;  // not compared
            const auto m = static_cast<DtzMatch>(matches[id] - 1);
            if (m == DtzMatch::Wrong) continue;  // a finding of its own
            const Dtz d = dtz_of_code(table.values[id]);
            if (std::abs(d.dtz) % 2 == 0) f(id, d, m);
        }
    };
    each_even([&](std::uint64_t, const Dtz& d, DtzMatch m) {
        ++counts[d.dtz > 0][m == DtzMatch::Rounded];
    });
    std::array<std::optional<DtzMatch>, 2> odd_one;
    for (std::size_t c = 0; c < 2; ++c)
        if (counts[c][0] && counts[c][1])
            odd_one[c] = counts[c][1] <= counts[c][0] ? DtzMatch::Rounded : DtzMatch::Exact;
    if (!odd_one[0] && !odd_one[1]) return;
    Local& mine = locals.local();
    each_even([&](std::uint64_t id, const Dtz& d, DtzMatch m) {
        if (odd_one[d.dtz > 0] != m) return;
        ++mine.counts.violations;
        ChessAuditExample e{"dtz-rounding-mixed",
                            *table.position(id),
                            unpack(ctx.reads[id], ctx.source),
                            Outcome::of(wld_of(d.wdl)),
                            {},
                            {},
                            {},
                            fmt::format("dtz {} as the rest of this table stores {}", d.dtz,
                                        m == DtzMatch::Exact ? "full moves" : "plies")};
        mine.note(8 * id + 7, std::move(e));
    });
}

template <typename Set>
Result<ChessAudit> audit_with(const ChessTableSource& source, const OursFor<Set>& ours_for,
                              const ChessAuditOptions& options,
                              std::atomic<std::uint64_t>* progress) {
    using O = Ours<Set>;
    Tally tally(options.max_examples);
    for (const Material& m : source.materials()) {
        if (!options.only.empty() &&
            std::find(options.only.begin(), options.only.end(), m) == options.only.end())
            continue;
        const Result<const Set*> held = ours_for(m);
        if (!held) return Error{held.error()};
        const Set& ours = **held;
        const auto* table = table_of(ours, m);
        if (!table) continue;
        const bool dtz = std::is_same_v<Set, DtzTableSet> && source.has_dtz() &&
                         m.pieces() <= options.dtz_max_pieces;
        const std::vector<Read> reads = read_material(source, *table, dtz, progress);
        const std::uint64_t half = table->index.size();
        // What each slot's stored DTZ matched (pawnless materials: the rounding check).
        std::vector<std::uint8_t> matches;
        if (dtz && table->material().pawns() == 0) matches.assign(table->values.size(), 0);
        const Context<Set> ctx{source, ours, *table,
                               reads,  dtz,  matches.empty() ? nullptr : &matches};
        for (const Color side : {Color::White, Color::Black}) {
            const std::uint64_t base = side == Color::White ? 0 : half;
            auto locals = tally.locals();
            tbb::parallel_for(tbb::blocked_range<std::uint64_t>(base, base + half, 1024),
                              [&](const auto& r) {
                                  Local& mine = locals.local();
                                  for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
                                      if (!O::holds(table->values[id])) continue;
                                      const Position pos = *table->position(id);
                                      ChessProbe theirs = unpack(reads[id], source);
                                      if (!theirs.ok())
                                          theirs = source.probe(pos);  // for its message
                                      ctx.judge(pos, theirs, O::outcome(table->values[id]), mine,
                                                8 * id, reads[id].distance);
                                      std::uint64_t k = 0;
                                      for (const Position& q : en_passant_variants(pos))
                                          ctx.judge(q, read_value(source, q, dtz),
                                                    O::probe(ours, q), mine, 8 * id + ++k);
                                  }
                                  if (progress)
                                      progress->fetch_add(r.size(), std::memory_order_relaxed);
                              });
            if constexpr (std::is_same_v<Set, DtzTableSet>)
                if (ctx.matches) check_rounding(ctx, base, half, locals);
            tally.close_row(table->material(), side, locals, dtz);
        }
    }
    return tally.take();
}

// A set held whole: every material's tables at once.
template <typename Set>
OursFor<Set> all_of(const Set& ours) {
    return [&ours](const Material&) -> Result<const Set*> { return &ours; };
}

}  // namespace

std::vector<Position> en_passant_variants(const Position& pos) {
    std::vector<Position> out;
    const Color us = pos.side_to_move(), them = ~us;
    for (Bitboard b = pos.pieces(them, PieceType::Pawn); b;) {
        const Square s = retrocheck::chess::pop_lowest(b);
        if (retrocheck::chess::relative_rank(them, s) != 3) continue;
        const Square ep = retrocheck::chess::square_at(retrocheck::chess::index_of(s) +
                                                       (them == Color::White ? -8 : 8));
        if (!retrocheck::chess::double_push_problem(pos, ep) &&
            retrocheck::chess::en_passant_capturable(pos, us, ep))
            out.push_back(pos.with_en_passant(ep));
    }
    return out;
}

ChessAudit audit(const ChessTableSource& source, const MaterialTableSet& ours,
                 const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress) {
    return audit_with<MaterialTableSet>(source, all_of(ours), options, progress).value();
}
ChessAudit audit(const ChessTableSource& source, const DtzTableSet& ours,
                 const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress) {
    return audit_with<DtzTableSet>(source, all_of(ours), options, progress).value();
}
Result<ChessAudit> audit(const ChessTableSource& source, const OursFor<MaterialTableSet>& ours,
                         const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress) {
    return audit_with(source, ours, options, progress);
}
Result<ChessAudit> audit(const ChessTableSource& source, const OursFor<DtzTableSet>& ours,
                         const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress) {
    return audit_with(source, ours, options, progress);
}

}  // namespace retrocheck::tb::chess
