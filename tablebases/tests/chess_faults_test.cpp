// Every rule of the chess verifier made to fire by a wrong value put into built tables, in memory
// and through files written again (their checksums sealed anew): every kind of wrong value of
// wrong_values.h in materials with queens, rooks and pawns, with either side to move; a
// checkmate stored as a win, a draw or a longer loss; a stalemate stored as a win or a loss; a
// value in an illegal slot; a legal slot left without a value; a material left out of the set;
// and a parent valued as if its child's en passant capture did not exist. Each is the one
// finding, at the changed position, under the rule its new value breaks; everything else
// reported is a consequence of it.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "tablebases/chess/audit.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/wrong_values.h"
#include "tablebases/verify/rules.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb::chess {
namespace {

namespace fs = std::filesystem;
using retrocheck::chess::format_fen;
using retrocheck::chess::Position;
using testing::Change;

Material material(std::string_view name) { return *Material::parse(name); }

// The tables of a material, its colour flip and every material their moves lead to.
MaterialTableSet closed_set(const Material& m) {
    return build_closure({m, m.flipped()}, BuildMethod::OutCounting);
}

const MaterialTableSet& set_of(const std::string& name) {
    static std::map<std::string, MaterialTableSet> sets;
    auto it = sets.find(name);
    if (it == sets.end()) it = sets.emplace(name, closed_set(material(name))).first;
    return it->second;
}

// One slot's value changed: what it was, what it is now, and the rule it breaks.
struct Fault {
    Material material;
    std::uint64_t id = 0;
    Position position;                // the slot's position
    std::optional<Outcome> old, now;  // nothing: the slot holds no value
    std::string rule;
    std::string what() const {
        return rule + ": " + (old ? old->to_string() : "no value") + " -> " +
               (now ? now->to_string() : "no value") + " at " + format_fen(position);
    }
};

// The rule the game gives a position without moves, when it has none.
std::optional<std::string> terminal_rule(const Position& pos) {
    if (!retrocheck::chess::legal_moves(pos).empty()) return std::nullopt;
    return std::string(pos.in_check() ? "mate-is-loss-0" : "stalemate-is-draw");
}

// A copy of the set with the fault's slot holding its new value (or none).
MaterialTableSet with_fault(const MaterialTableSet& set, const Fault& f) {
    MaterialTableSet out;
    for (const auto& [m, t] : set.tables()) {
        if (!(m == f.material)) {
            out.add(t);
            continue;
        }
        auto copy = std::make_shared<MaterialTable>(*t);
        copy->values[f.id] = f.now ? encode<ChessValue>(*f.now) : kNoPosition;
        out.add(copy);
    }
    return out;
}

// The set written to files and read back (the changed table's checksums sealed anew).
MaterialTableSet through_files(const MaterialTableSet& set, const std::string& name) {
    const fs::path dir = testing::scratch(name);
    for (const auto& [m, t] : set.tables())
        EXPECT_TRUE(store::write_table(*t, store::table_path(dir, m)).ok());
    auto loaded = store::load_directory<tb::chess::ChessGame>(dir);
    EXPECT_TRUE(loaded.ok()) << loaded.error();
    return std::move(loaded).value();
}

std::string all_of(const VerifyReport<ChessGame>& r) {
    std::string s;
    for (const auto& v : r.examples) s += describe(v);
    for (const auto& v : r.consequences) s += describe(v);
    return s;
}

// The fault is the one finding, first, at its position, under its rule, with its old value as
// what it should be; every other violation names it (or its flip's, for the flip) as its cause.
void expect_reported_alone(const MaterialTableSet& set, const Fault& f) {
    // The fault's material and its flip: every position a wrong value there can reach.
    const VerifyReport<ChessGame> r =
        verify(set, 1000, nullptr, {f.material, f.material.flipped()});
    ASSERT_EQ(r.findings, 1u) << f.what() << "\n" << all_of(r);
    const Violation<ChessGame>& v = r.examples.front();
    EXPECT_EQ(format_fen(v.position), format_fen(f.position)) << f.what() << "\n" << all_of(r);
    EXPECT_EQ(v.rule, f.rule) << f.what() << "\n" << describe(v);
    EXPECT_EQ(v.stored, f.now) << f.what();
    if (f.old && f.now) {
        EXPECT_EQ(v.expected, f.old) << f.what() << "\n" << describe(v);
    }
    const std::string head = "finding: " + f.rule + " at " + format_fen(f.position) + "\n";
    EXPECT_EQ(describe(v).substr(0, head.size()), head) << describe(v);
    // A cause is named as the position reached (a symmetric image of the slot's), so it is
    // compared by its slot: the fault's own, or its colour flip's.
    const auto slot = [&](const Position& p) {
        return std::pair{material_key(p), set.find(p)->id(p)};
    };
    for (const Violation<ChessGame>& c : r.consequences) {
        EXPECT_FALSE(c.finding);
        ASSERT_TRUE(c.cause) << describe(c);
        const bool at_fault =
            slot(*c.cause) == slot(f.position) || slot(*c.cause) == slot(f.position.flipped());
        EXPECT_TRUE(at_fault) << f.what() << "\n" << describe(c);
    }
}

// The fault through memory and through files.
void expect_found(const MaterialTableSet& set, const Fault& f) {
    SCOPED_TRACE(f.what());
    const MaterialTableSet changed = with_fault(set, f);
    expect_reported_alone(changed, f);
    expect_reported_alone(through_files(changed, "chess-fault"), f);
}

// The first legal slot of m (from a seeded place) with `side` to move whose value passes
// `wanted` and, changed by k, gives a value: a Fault, or nothing.
template <typename Wanted>
std::optional<Fault> find_fault(const MaterialTableSet& set, const Material& m, Color side,
                                Change k, std::uint64_t seed, Wanted wanted) {
    const MaterialTable& t = *set.find(m);
    const std::uint64_t half = t.index.size(), base = side == Color::White ? 0 : half;
    std::mt19937_64 rng(seed);
    const std::uint64_t start = rng() % half;
    for (std::uint64_t j = 0; j < half; ++j) {
        const std::uint64_t id = base + (start + j) % half;
        if (t.values[id] == kNoPosition) continue;
        const Outcome old = decode(t.values[id]);
        if (!wanted(old)) continue;
        const auto now = testing::changed(old, k);
        if (!now) continue;
        const Position pos = *t.position(id);
        return Fault{m, id, pos, old, now, testing::rule_broken(old, k, *now, terminal_rule(pos))};
    }
    return std::nullopt;
}

const auto any = [](const Outcome&) { return true; };

// Every kind of wrong value, either side to move, in a queen, a rook and a pawn material (the
// pawn's positions promote, and its flip is a black pawn's).
TEST(FastChessFaults, EveryKindOfWrongValueIsOneFindingAtItsPosition) {
    for (const char* name : {"KQvK", "KRvK", "KPvK"}) {
        const MaterialTableSet& set = set_of(name);
        std::set<std::pair<Change, Color>> covered;
        for (const Color side : {Color::White, Color::Black})
            for (const Change k : testing::kEveryChange)
                if (const auto f = find_fault(set, material(name), side, k, 7, any)) {
                    expect_found(set, *f);
                    covered.insert({k, side});
                }
        // Black (the bare king) has no win and no distance to shorten in every material, but
        // each change goes in with one side or the other.
        for (const Change k : testing::kEveryChange)
            EXPECT_TRUE(covered.count({k, Color::White}) || covered.count({k, Color::Black}))
                << name << ": " << testing::to_string(k);
    }
}

// A checkmate is a loss in 0, a stalemate a draw: stored as anything else, their own rules.
TEST(FastChessFaults, AMateOrAStalemateStoredAsAnythingElseBreaksItsOwnRule) {
    const MaterialTableSet& set = set_of("KQvK");
    const Material kqk = material("KQvK");
    const auto mated = [](const Outcome& o) { return o == Outcome::loss(0); };
    int mates = 0, stalemates = 0;
    for (const Change k : {Change::LossToWin, Change::LossToDraw, Change::TwoPliesLonger}) {
        const auto f = find_fault(set, kqk, Color::Black, k, 11, mated);
        ASSERT_TRUE(f);
        EXPECT_EQ(f->rule, "mate-is-loss-0");
        expect_found(set, *f);
        ++mates;
    }
    const MaterialTable& t = *set.find(kqk);
    for (const Change k : {Change::DrawToWin, Change::DrawToLoss}) {
        std::optional<Fault> f;
        for (std::uint64_t id = t.index.size(); id < t.values.size() && !f; ++id) {
            if (t.values[id] == kNoPosition || !decode(t.values[id]).is_draw()) continue;
            const Position pos = *t.position(id);
            if (terminal_rule(pos) != std::optional<std::string>("stalemate-is-draw")) continue;
            const Outcome old = decode(t.values[id]);
            const auto now = testing::changed(old, k);
            f = Fault{kqk, id, pos, old, now, "stalemate-is-draw"};
        }
        ASSERT_TRUE(f);
        expect_found(set, *f);
        ++stalemates;
    }
    EXPECT_EQ(mates, 3);
    EXPECT_EQ(stalemates, 2);
}

// A slot whose position is illegal (the side not to move in check) holds no value; one that does
// is the finding there.
TEST(FastChessFaults, AValueInAnIllegalSlotIsFound) {
    const MaterialTableSet& set = set_of("KRvK");
    // The rook's side to move with the other king in check: White in KRvK, Black in KvKR.
    for (const auto& [name, side] : {std::pair{"KRvK", Color::White}, {"KvKR", Color::Black}}) {
        const MaterialTable& t = *set.find(material(name));
        const std::uint64_t base = side == Color::White ? 0 : t.index.size();
        std::optional<Fault> f;
        for (std::uint64_t id = base; id < base + t.index.size() && !f; ++id) {
            const auto pos = t.position(id);
            if (!pos || legal_slot(*pos)) continue;
            ASSERT_EQ(t.values[id], kNoPosition);
            f = Fault{material(name),
                      id,
                      *pos,
                      std::nullopt,
                      Outcome::win(1),
                      "illegal-slot-holds-value"};
        }
        ASSERT_TRUE(f) << "no illegal slot in " << name;
        expect_found(set, *f);
    }
}

// A legal slot without a value is the finding there; its parents, which cannot be judged, are its
// consequences.
TEST(FastChessFaults, ALegalSlotWithoutAValueIsFoundThere) {
    const MaterialTableSet& set = set_of("KRvK");
    for (const Color side : {Color::White, Color::Black}) {
        auto f = find_fault(set, material("KRvK"), side, Change::TwoPliesLonger, 3, any);
        if (!f) f = find_fault(set, material("KRvK"), side, Change::LossToDraw, 3, any);
        ASSERT_TRUE(f);
        f->now = std::nullopt;
        f->rule = "known-value";
        expect_found(set, *f);
    }
}

// A material the set lacks: every position whose moves lead into it is found, naming the move.
TEST(FastChessFaults, AMissingMaterialIsFoundAtEveryPositionThatNeedsIt) {
    MaterialTableSet set;
    for (const auto& [m, t] : set_of("KPvK").tables())
        if (!(m == material("KQvK"))) set.add(t);
    const VerifyReport<ChessGame> r = verify(set, 20);
    ASSERT_GT(r.findings, 0u);
    // Each is a finding of its own: no other position's value explains it.
    EXPECT_EQ(r.findings, r.violations);
    const Violation<ChessGame>& v = r.examples.front();
    EXPECT_EQ(v.rule, "known-value");
    ASSERT_TRUE(v.child_move) << describe(v);
    EXPECT_EQ(Material::of(v.position.after(*v.child_move)), material("KQvK")) << describe(v);
    for (const Violation<ChessGame>& f : r.examples)
        EXPECT_EQ(f.rule, "known-value") << describe(f);
}

// A builder that ignored en passant would value a double push by the child's stored value alone,
// not by the better of it and the capture it allows. Such a parent is the finding, whichever rule
// its value breaks.
// KPvKP's set holds every 4-piece material its promotions lead to (about 10 s to build on 2
// cores, once for the program): the smallest set where en passant exists.
TEST(FastChessFaults, AParentValuedWithoutItsChildsEnPassantCaptureIsFound) {
    const MaterialTableSet& set = set_of("KPvKP");
    const Material m = material("KPvKP");
    const MaterialTable& t = *set.find(m);
    int found = 0;
    for (std::uint64_t id = 0; id < t.values.size() && found < 2; ++id) {
        if (t.values[id] == kNoPosition) continue;
        const Position pos = *t.position(id);
        std::vector<Outcome> truth, blind;
        bool differs = false;
        for (const auto move : retrocheck::chess::legal_moves(pos)) {
            const Position child = pos.after(move);
            const auto right = set.probe(child), stored = set.probe_stored(child);
            ASSERT_TRUE(right && stored);
            truth.push_back(*right);
            blind.push_back(*stored);
            differs = differs || *right != *stored;
        }
        if (!differs) continue;
        const Outcome old = decode(t.values[id]);
        ASSERT_EQ(implied(truth), old) << format_fen(pos);
        const Outcome now = implied(blind);
        if (now == old) continue;  // the capture does not change the parent's value
        const auto broken = judge(now, truth);
        ASSERT_TRUE(broken) << format_fen(pos);
        // In memory only: KPvKP's set is 35 materials, written once below.
        expect_reported_alone(with_fault(set, Fault{m, id, pos, old, now, broken->rule}),
                              Fault{m, id, pos, old, now, broken->rule});
        ++found;
    }
    EXPECT_EQ(found, 2) << "too few parents whose value an en passant capture decides";
}

// A position with an en passant right is valued by its own moves: the better of its stored
// value and its captures, each capture's value turned to the side to move. Checked as the rule
// checks any position, on every position of KPvKP with a right to capture en passant.
TEST(FastChessFaults, APositionWithAnEnPassantRightIsValuedByItsMoves) {
    const MaterialTableSet& set = set_of("KPvKP");
    const MaterialTable& t = *set.find(material("KPvKP"));
    int checked = 0;
    for (std::uint64_t id = 0; id < t.values.size(); ++id) {
        if (t.values[id] == kNoPosition) continue;
        const Position pos = *t.position(id);
        for (const Position& x : en_passant_variants(pos)) {
            std::vector<Outcome> children;
            for (const auto move : retrocheck::chess::legal_moves(x))
                children.push_back(*set.probe(x.after(move)));
            ASSERT_EQ(set.probe(x), implied(children)) << format_fen(x);
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace retrocheck::tb::chess
