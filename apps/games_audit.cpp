// Each game's half of `retrocheck audit` (apps/audit_run.h writes the report): opening the
// source, our tables to compare with (loaded from --db, or built in memory when small),
// and the walk under a progress line.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "apps/build_plan.h"
#include "apps/child_process.h"
#include "apps/databases.h"
#include "apps/games.h"
#include "apps/progress.h"
#include "engine/chess/fen.h"
#include "tablebases/chess/audit_window.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/probe.h"
#include "tablebases/formats/gaviota.h"
#include "tablebases/formats/library_calls.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"

namespace retrocheck::app {

using tb::chess::ChessProbe;
using tb::chess::ChessTableSource;
using tb::chess::Material;
using tb::chess::MaterialTableSet;

namespace {

// Building our tables in memory for an audit takes seconds for checkers up to 5 pieces, minutes
// for chess at 4 and hours beyond.
constexpr int kMaxCheckersBuilt = 5;
constexpr int kMaxChessBuilt = 4;

std::string build_hint(const AuditArgs& args, int pieces, const std::string& build) {
    return fmt::format(
        "{} holds {} pieces; build our tables with `retrocheck build {}` and pass them with --db",
        args.path, pieces, build);
}

}  // namespace

Result<AppGame<tb::CheckersGame>::AuditDone> AppGame<tb::CheckersGame>::audit(
    const AuditArgs& args) {
    using namespace tb;
    if (!args.materials.empty())
        return Error{"--material: a chess option (checkers audits by slice)"};
    const auto opened = open_database(args.format, args.path);
    if (!opened) return Error{opened.error()};
    AuditDone done;
    done.pieces = opened->max_pieces;
    done.metric = opened->metric();
    TableSet ours;
    if (!args.db.empty()) {
        auto loaded = store::load_directory<tb::CheckersGame>(args.db, done.pieces);
        if (!loaded) return Error{loaded.error()};
        ours = std::move(loaded).value();
        for (const Slice& s : slices_up_to(done.pieces))
            if (!ours.find(s))
                return Error{fmt::format(
                    "{} lacks slice {} ({}; {} pieces are audited): build it with `retrocheck "
                    "build checkers --pieces {} --out {}`",
                    args.db, name(s), material(s), done.pieces, done.pieces, args.db)};
    } else if (done.pieces > kMaxCheckersBuilt) {
        return Error{
            build_hint(args, done.pieces, fmt::format("checkers --pieces {}", done.pieces))};
    } else {
        ProgressLine line([] { return std::string("building our tables in memory"); });
        ours = build_up_to(done.pieces, BuildMethod::OutCounting);
    }
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<std::uint64_t> walked{0};
    std::uint64_t total = 0;
    for (const auto& [s, t] : ours.tables())
        if (s.pieces() <= done.pieces) total += t->values.size();
    ProgressLine line([&] {
        return counted_progress("audit", walked.load(), total, "positions", seconds_since(t0));
    });
    done.report = tb::audit(*opened->stored, ours, done.pieces, args.max_examples, &walked);
    done.seconds = seconds_since(t0);
    return done;
}

namespace {

// Our tables of game G (ChessGame: DTM, ChessDtzGame: DTZ50) for the materials audited and
// every one their moves lead to: from --db through a window that holds a material and those its
// moves lead to at a time (a 5-piece set is far larger than memory), else built in memory when
// small.
template <typename G>
struct OurChessTables {
    using Tables = typename G::Tables;
    std::optional<Tables> built;
    std::optional<tb::store::TableWindow<G>> window;

    // For the walk; valid while this stays where it is.
    tb::chess::OursFor<Tables> ours() {
        if (window) return tb::chess::through_window(*window);
        return [this](const Material&) -> Result<const Tables*> { return &*built; };
    }
    // The slots of m's table.
    std::uint64_t slots(const Material& m) const {
        if (window) {
            const auto* file = window->file(m.canonical());
            return file ? file->size() : 0;
        }
        const auto* t = built->find(m) ? built->find(m) : built->find(m.flipped());
        return t ? t->values.size() : 0;
    }
};

template <typename G>
Result<std::unique_ptr<OurChessTables<G>>> our_chess_tables(const std::vector<Material>& audited,
                                                            const AuditArgs& args,
                                                            std::vector<std::string>& notes) {
    int pieces = 0;
    for (const Material& m : audited) pieces = std::max(pieces, m.pieces());
    constexpr bool dtz = std::is_same_v<G, tb::chess::ChessDtzGame>;
    const std::string metric = dtz ? " --metric dtz" : "";
    auto out = std::make_unique<OurChessTables<G>>();
    auto build = [&]() -> Result<std::unique_ptr<OurChessTables<G>>> {
        if (pieces > kMaxChessBuilt)
            return Error{
                build_hint(args, pieces, fmt::format("chess --pieces {}{}", pieces, metric))};
        ProgressLine line([] { return std::string("building our tables in memory"); });
        if constexpr (dtz)
            out->built = tb::chess::build_dtz_closure(audited, tb::BuildMethod::OutCounting);
        else
            out->built = tb::chess::build_closure(audited, tb::BuildMethod::OutCounting);
        return std::move(out);
    };
    if (args.db.empty()) return build();
    auto opened = tb::store::TableWindow<G>::open(args.db, tb::store::kWalkSpareBytes);
    if (!opened && dtz && pieces <= kMaxChessBuilt &&
        opened.error().find("holds no chess DTZ tables") != std::string::npos) {
        notes.push_back(fmt::format(
            "{} holds no DTZ tables: ours were built in memory (`retrocheck build chess "
            "--metric dtz --out {}` keeps them)",
            args.db, args.db));
        return build();
    }
    if (!opened) return Error{opened.error()};
    for (const Material& m : tb::closure<tb::chess::ChessGame>(audited))
        if (!opened->holds(m) && !opened->holds(m.flipped()))
            return Error{fmt::format(
                "{} lacks {}{}, a material {} holds or leads to: build it with `retrocheck build "
                "chess --material {}{} --out {}`",
                args.db, m.name(), dtz ? "'s DTZ table" : "", args.path, m.name(), metric,
                args.db)};
    out->window = std::move(opened).value();
    return out;
}

// The source's materials the audit walks: all, or those --material names (in the source's
// colouring).
Result<std::vector<Material>> audited_materials(const ChessTableSource& source,
                                                const AuditArgs& args) {
    if (args.materials.empty()) return source.materials();
    const auto listed = Material::parse_list(args.materials);
    if (!listed) return Error{"--material: " + listed.error()};
    std::vector<Material> out;
    for (const Material& m : *listed) {
        const auto& held = source.materials();
        const auto it = std::find_if(held.begin(), held.end(),
                                     [&](const Material& h) { return h == m || h == m.flipped(); });
        if (it == held.end())
            return Error{fmt::format("--material: {} holds no {}", args.path, m.name())};
        out.push_back(*it);
    }
    return out;
}

// The file that holds m and those its captures lead to, as the user would look for it.
std::string file_of(const AuditArgs& args, const Material& m, std::string_view call) {
    const std::filesystem::path dir(args.path);
    if (args.format != "syzygy") return (dir / (tb::chess::gaviota_stem(m) + ".gtb.*")).string();
    const std::string stem = (dir / tb::chess::syzygy_name(m)).string();
    // The WDL probe reads the .rtbw, the DTZ table reader the .rtbz, the root probe both.
    return call == "probe_table"     ? stem + ".rtbz"
           : call == "tb_probe_root" ? stem + ".rtbw or .rtbz"
                                     : stem + ".rtbw";
}

// What the probe library was doing when the child died or was stopped: the call, the position,
// the file; or that no library call was under way.
std::string library_failure(const AuditArgs& args, const ChildKilled& killed) {
    const auto calls = tb::chess::library_calls_in_progress();
    const std::string memory = fmt::format("{} in use, its limit {} (--memory)",
                                           bytes_text(killed.memory_used), bytes_text(args.memory));
    if (calls.empty()) {
        if (killed.exited >= 0)
            return fmt::format(
                "the audit of {} ended with exit status {} before it finished: a probe library "
                "exited on an error of its own (what it printed is above)",
                args.path, killed.exited);
        if (killed.out_of_memory)
            return fmt::format("the audit of {} ran out of memory ({}; {})", args.path, memory,
                               killed.name);
        return fmt::format(
            "the audit of {} was killed by {} outside the probe libraries (a signal from "
            "outside, or a bug in retrocheck)",
            args.path, killed.name);
    }
    const std::string how =
        killed.overdue ? fmt::format("gave no answer within {} s (--call-time)", args.call_time)
        : killed.out_of_memory ? fmt::format("ran out of memory ({}; {})", memory, killed.name)
        : killed.exited >= 0
            ? fmt::format("exited with status {} (what it printed is above)", killed.exited)
            : fmt::format("crashed ({})", killed.name);
    const tb::chess::LibraryCallSnapshot& c = calls.front();
    const Material m = Material::of(c.position);
    return fmt::format(
        "{} {} in {} on {} ({} to move, material {}): {}, or a table its captures and "
        "promotions lead to, is damaged; the audit was stopped",
        c.library, how, c.call, chess::format_fen(c.position),
        chess::to_string(c.position.side_to_move()), m.name(), file_of(args, m, c.call));
}

}  // namespace

Result<AppGame<tb::chess::ChessGame>::AuditDone> AppGame<tb::chess::ChessGame>::audit(
    const AuditArgs& args) {
    const auto source = tb::chess::open_tables(args.format, args.path);
    if (!source) return Error{source.error()};
    AuditDone done;
    const auto audited = audited_materials(**source, args);
    if (!audited) return Error{audited.error()};
    done.pieces = 0;
    for (const Material& m : *audited) done.pieces = std::max(done.pieces, m.pieces());
    done.metric = (*source)->has_dtm() ? Metric::Dtm : Metric::Wld;
    // Syzygy against our DTZ50 tables, Gaviota against our DTM ones.
    auto walk = [&](auto& ours) -> std::optional<Error> {
        const auto t0 = std::chrono::steady_clock::now();
        std::atomic<std::uint64_t> walked{0};
        std::uint64_t total = 0;
        for (const Material& m : *audited) total += 2 * ours.slots(m);
        ProgressLine line([&] {
            return counted_progress("audit", walked.load(), total, "slot reads and judgements",
                                    seconds_since(t0));
        });
        tb::chess::ChessAuditOptions options;
        options.max_examples = args.max_examples;
        options.dtz_max_pieces = args.dtz_pieces;
        if (!args.materials.empty()) options.only = *audited;
        auto report = tb::chess::audit(**source, ours.ours(), options, &walked);
        if (!report) return Error{report.error()};
        done.report = std::move(report).value();
        done.seconds = seconds_since(t0);
        if (ours.window)
            done.notes.push_back(fmt::format(
                "our tables read from {} a material at a time: at most {} of them in memory",
                args.db, bytes_text(ours.window->peak_bytes())));
        return std::nullopt;
    };
    std::optional<Error> failed;
    if ((*source)->has_dtz()) {
        const auto ours = our_chess_tables<tb::chess::ChessDtzGame>(*audited, args, done.notes);
        if (!ours) return Error{ours.error()};
        failed = walk(**ours);
    } else {
        const auto ours = our_chess_tables<tb::chess::ChessGame>(*audited, args, done.notes);
        if (!ours) return Error{ours.error()};
        failed = walk(**ours);
    }
    if (failed) return *failed;
    if ((*source)->has_dtz() && args.dtz_pieces < done.pieces)
        done.notes.push_back(
            fmt::format("DTZ compared for materials of up to {} pieces (--dtz-pieces); WDL for all",
                        args.dtz_pieces));
    return done;
}

nlohmann::json AppGame<tb::chess::ChessGame>::stored_json(const ChessProbe& p, Metric) {
    return {{"status", tb::chess::to_string(p.status)},
            {"wdl", p.ok() ? nlohmann::json(tb::chess::to_string(p.wdl)) : nlohmann::json(nullptr)},
            {"dtm", p.dtm ? nlohmann::json(*p.dtm) : nlohmann::json(nullptr)},
            {"dtz", p.dtz ? nlohmann::json(*p.dtz) : nlohmann::json(nullptr)},
            {"error", p.ok() ? nlohmann::json(nullptr) : nlohmann::json(p.error)}};
}

// The probe libraries do not check what they read: a damaged Syzygy file can make Fathom read
// outside its mapping or loop for ever. The audit runs in a child process under a time limit a
// library call and a memory limit, so that a crash, a hang or a runaway allocation becomes an
// error that names the call, the position and the file.
int AppGame<tb::chess::ChessGame>::guard_audit(const AuditArgs& in,
                                               const std::function<int()>& run) {
    AuditArgs args = in;
    if (args.memory == 0) args.memory = usable_memory_bytes();
    tb::chess::library_calls_shared();
    ChildWatch watch;
    watch.memory_bytes = args.memory;
    const double limit = args.call_time;
    watch.overdue = [limit] { return tb::chess::library_call_overdue(limit); };
    const auto ended = run_in_child(run, watch);
    if (const int* code = std::get_if<int>(&ended)) return *code;
    return fail(library_failure(args, std::get<ChildKilled>(ended)));
}

}  // namespace retrocheck::app
