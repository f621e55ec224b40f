#include "tablebases/chess/audit.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <limits>

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

// One slot's values from the source, packed: a material's worth stays in memory while it is
// judged.
struct Read {
    static constexpr std::int8_t kNoPosition = -1;
    std::int8_t status = kNoPosition;  // else a ChessProbeStatus
    std::int8_t wdl = 0;               // a Wdl5
    std::int16_t distance = 0;         // DTM (Gaviota) or DTZ (Syzygy)
};
static_assert(sizeof(Read) == 4);

using Tally = AuditTally<ChessGame, ChessProbe>;
using Local = Tally::Local;

// WDL, plus DTZ through the second library call where the source has it.
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
    r.distance = static_cast<std::int16_t>(p.dtm ? *p.dtm : p.dtz ? *p.dtz : 0);
    return r;
}

ChessProbe unpack(const Read& r, const ChessTableSource& source, bool dtz) {
    ChessProbe p;
    p.status = static_cast<ChessProbeStatus>(r.status);
    p.wdl = static_cast<Wdl5>(r.wdl);
    if (source.has_dtm() && p.wdl != Wdl5::Draw) p.dtm = r.distance;
    if (dtz) p.dtz = r.distance;
    return p;
}

// What rules.h compares: DTM where the source has it, else win/draw/loss.
Outcome comparable(const ChessProbe& p) { return p.outcome(); }

struct Context {
    const ChessTableSource& source;
    const MaterialTableSet& ours;
    const MaterialTable& table;
    const std::vector<Read>& reads;
    bool dtz = false;  // DTZ read and judged

    // A child's value from the source: from memory when it is a slot of this material.
    ChessProbe child(const Position& c) const {
        if (!c.en_passant() && Material::of(c) == table.material()) {
            const Read& r = reads[table.id(c)];
            if (r.status != Read::kNoPosition) {
                ChessProbe p = unpack(r, source, dtz);
                if (!p.ok()) p.error = "the source failed on " + retrocheck::chess::format_fen(c);
                return p;
            }
        }
        return source.probe(c);
    }

    // Disagreement and rules for one position; key orders the examples.
    void judge(const Position& x, const ChessProbe& theirs,
               const std::optional<Outcome>& ours_value, Local& mine, std::uint64_t key) const {
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
        const bool differs =
            !ours_value || (source.has_dtm() ? comparable(theirs) != *ours_value
                                             : wld_of(theirs.wdl) != ours_value->wld());
        const retrocheck::chess::MoveList moves = retrocheck::chess::legal_moves(x);
        if (differs) {
            ++mine.counts.disagreements;
            ChessAuditExample e{"disagreement", x, theirs, ours_value, {}, {}, {}, {}};
            // The child that proves our value.
            for (const Move m : moves) {
                const auto v = ours.probe(x.after(m));
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
                      ours.probe(x.after(m)),
                      {}});
                return;
            }
        }
        auto child_note = [&](const char* rule, int i, std::string expected) {
            ++mine.counts.violations;
            ChessAuditExample e{rule, x, theirs, ours_value, {}, {}, {}, std::move(expected)};
            if (i >= 0) {
                const auto k = static_cast<std::size_t>(i);
                e.child_move = moves[k];
                e.child_theirs = kids[k];
                e.child_ours = ours.probe(x.after(moves[k]));
            }
            note(std::move(e));
        };
        const Outcome stored = comparable(theirs);
        if (moves.empty()) {
            const bool mated = x.in_check();
            const bool ok =
                mated ? stored.is_loss() && (!stored.has_distance() || stored.plies() == 0)
                      : stored.is_draw();
            if (!ok)
                child_note(mated ? "mate-is-loss" : "stalemate-is-draw", -1,
                           mated ? "a loss in 0" : "a draw");
            return;
        }
        std::vector<Outcome> values;
        values.reserve(kids.size());
        for (const ChessProbe& k : kids) values.push_back(comparable(k));
        if (const auto broken = tb::judge(stored, values)) {
            child_note(broken->rule, broken->child, implied(values).to_string());
            return;
        }
        if (!dtz || !theirs.dtz) return;
        std::vector<DtzChild> dtz_children(kids.size());
        for (std::size_t i = 0; i < kids.size(); ++i) {
            DtzChild& d = dtz_children[i];
            d.zeroing = retrocheck::chess::zeroing(x, moves[i]);
            d.wdl = kids[i].wdl;
            d.dtz = kids[i].dtz.value_or(0);
            if (wld_of(d.wdl) == Wld::Loss) {
                const Position c = x.after(moves[i]);
                d.mated = c.in_check() && retrocheck::chess::count_moves(c) == 0;
            }
        }
        if (const auto broken = judge_dtz(theirs.wdl, *theirs.dtz, dtz_children))
            child_note(broken->rule, broken->child,
                       broken->high > 0 ? fmt::format("|dtz| {} to {}",
                                                      std::max(1, broken->low - 1), broken->high)
                                        : std::string("a dtz of the result's sign"));
    }
};

// Seconds to root-probe a spread of one side's positions: the side a DTZ file stores answers at
// once, the other through a one-ply search, and a root probe searches every move's child too.
double root_probe_seconds(const ChessTableSource& source, const MaterialTable& table, Color side) {
    const std::uint64_t half = table.index.size(), base = side == Color::White ? 0 : half;
    const std::uint64_t step = std::max<std::uint64_t>(1, half / 256);
    const auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < half; i += step)
        if (table.values[base + i] != kNoPosition) source.probe_dtz(*table.position(base + i));
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The source's values of every slot of a material. With DTZ, the root probes of one side also
// value the children of its non-zeroing moves (the other side), which then need no probe of
// their own: the side probed first is the one whose root probes are cheaper (whose children the
// file stores). Only speed depends on that choice, never a value.
std::vector<Read> read_material(const ChessTableSource& source, const MaterialTable& table,
                                bool dtz, std::atomic<std::uint64_t>* progress) {
    const std::uint64_t n = table.values.size(), half = table.index.size();
    std::vector<Read> reads(n);
    auto each = [&](std::uint64_t from, std::uint64_t to, auto&& f) {
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(from, to, 1024), [&](const auto& r) {
            for (std::uint64_t id = r.begin(); id != r.end(); ++id)
                if (table.values[id] != kNoPosition) f(id, *table.position(id));
        });
    };
    each(0, n, [&](std::uint64_t id, const Position& pos) { reads[id] = pack(source.probe(pos)); });
    if (progress) progress->fetch_add(n / 2, std::memory_order_relaxed);
    if (!dtz) {
        if (progress) progress->fetch_add(n - n / 2, std::memory_order_relaxed);
        return reads;
    }
    const Color first = root_probe_seconds(source, table, Color::White) <=
                                root_probe_seconds(source, table, Color::Black)
                            ? Color::White
                            : Color::Black;
    constexpr std::int16_t kUnset = std::numeric_limits<std::int16_t>::min();
    std::vector<std::int16_t> harvested(n, kUnset);
    auto read_dtz = [&](std::uint64_t id, const ChessProbe& z) {
        if (!z.ok())
            reads[id] = pack(z);
        else if (reads[id].status == static_cast<std::int8_t>(ChessProbeStatus::Ok))
            reads[id].distance = static_cast<std::int16_t>(*z.dtz);
    };
    const std::uint64_t first_base = first == Color::White ? 0 : half;
    each(first_base, first_base + half, [&](std::uint64_t id, const Position& pos) {
        std::vector<ChessTableSource::ChildDtz> kids;
        read_dtz(id, source.probe_dtz(pos, &kids));
        for (const auto& k : kids) {
            const Position c = pos.after(Move::make(k.from, k.to));
            std::atomic_ref<std::int16_t>(harvested[table.id(c)])
                .store(static_cast<std::int16_t>(k.dtz), std::memory_order_relaxed);
        }
    });
    const std::uint64_t second_base = half - first_base;
    each(second_base, second_base + half, [&](std::uint64_t id, const Position& pos) {
        if (harvested[id] != kUnset &&
            reads[id].status == static_cast<std::int8_t>(ChessProbeStatus::Ok))
            reads[id].distance = harvested[id];
        else
            read_dtz(id, source.probe_dtz(pos));
    });
    if (progress) progress->fetch_add(n - n / 2, std::memory_order_relaxed);
    return reads;
}

// Our table of m, or of its colour flip (whose positions the source answers as well).
const MaterialTable* table_of(const MaterialTableSet& ours, const Material& m) {
    const MaterialTable* t = ours.find(m);
    return t ? t : ours.find(m.flipped());
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

std::uint64_t audit_work(const ChessTableSource& source, const MaterialTableSet& ours) {
    std::uint64_t total = 0;
    for (const Material& m : source.materials())
        if (const MaterialTable* t = table_of(ours, m)) total += 2 * t->values.size();
    return total;
}

ChessAudit audit(const ChessTableSource& source, const MaterialTableSet& ours,
                 const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress) {
    Tally tally(options.max_examples);
    for (const Material& m : source.materials()) {
        const MaterialTable* table = table_of(ours, m);
        if (!table) continue;
        if (!options.only.empty() &&
            std::find(options.only.begin(), options.only.end(), m) == options.only.end())
            continue;
        const bool dtz = source.has_dtz() && m.pieces() <= options.dtz_max_pieces;
        const std::vector<Read> reads = read_material(source, *table, dtz, progress);
        const std::uint64_t half = table->index.size();
        for (const Color side : {Color::White, Color::Black}) {
            const Context ctx{source, ours, *table, reads, dtz};
            const std::uint64_t base = side == Color::White ? 0 : half;
            auto locals = tally.locals();
            tbb::parallel_for(
                tbb::blocked_range<std::uint64_t>(base, base + half, 1024), [&](const auto& r) {
                    Local& mine = locals.local();
                    for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
                        if (table->values[id] == kNoPosition) continue;
                        const Position pos = *table->position(id);
                        ChessProbe theirs = unpack(reads[id], source, dtz);
                        if (!theirs.ok()) theirs = read_value(source, pos, dtz);  // for its message
                        ctx.judge(pos, theirs, decode(table->values[id]), mine, 8 * id);
                        std::uint64_t k = 0;
                        for (const Position& q : en_passant_variants(pos))
                            ctx.judge(q, read_value(source, q, dtz), ours.probe(q), mine,
                                      8 * id + ++k);
                    }
                    if (progress) progress->fetch_add(r.size(), std::memory_order_relaxed);
                });
            tally.close_row(table->material(), side, locals, dtz);
        }
    }
    return tally.take();
}

}  // namespace retrocheck::tb::chess
