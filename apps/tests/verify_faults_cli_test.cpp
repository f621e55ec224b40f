// `retrocheck verify` as a user runs it, over table files in which one stored value was
// rewritten (checksums valid): every kind of wrong value (the six win/draw/loss swaps, a
// distance two plies too long and too short) on positions of 2, 3 and 4 pieces, both sides to
// move. Each must exit 1 with exactly one finding, at the changed position, naming the rule the
// value breaks; whatever else it breaks is listed as consequences of it. The JUnit report of each
// run is valid and names the position and the rule.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "apps/tests/cli_run.h"
#include "engine/checkers/notation.h"
#include "tablebases/tests/corruption.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/table_files.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb {
namespace {

namespace fs = std::filesystem;
using testing::Corruption;

nlohmann::json value_json(const Outcome& o) {
    return {{"result", to_string(o.wld())},
            {"plies", o.plies() >= 0 ? nlohmann::json(o.plies()) : nlohmann::json(nullptr)},
            {"metric", "dtw"}};
}

// Rewrites the file of c's slice with c's value, runs verify, and puts the file back.
nlohmann::json verify_with(const fs::path& dir, const TableSet& set, const Corruption& c) {
    const Corruption one[] = {c};
    const TableSet changed = testing::with_changes(set, one);
    const fs::path file = store::table_path(dir, c.slice);
    EXPECT_TRUE(store::write_table(*changed.find(c.slice), file, {1 << 14, 3}).ok());
    const fs::path junit = dir.parent_path() / (dir.filename().string() + ".xml");
    const CliRun r =
        run("verify " + dir.string() + " --json --junit " + junit.string(), "2>/dev/null");
    EXPECT_TRUE(store::write_table(*set.find(c.slice), file, {1 << 14, 3}).ok());
    EXPECT_EQ(r.status, 1) << r.out;
    // The JUnit report: valid, the changed slice's case failing with the position and its rule.
    const std::string check = std::string(RETROCHECK_PYTHON) + " " + JUNIT_CHECK + " " +
                              junit.string() + " --some-failures --contains '" +
                              checkers::format_fen(c.position) + "' --contains '" + c.rule() +
                              "' >/dev/null";
    EXPECT_EQ(std::system(check.c_str()), 0) << check;
    return nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
}

TEST(VerifyCli, EveryKindOfRewrittenValueIsFoundAtThatPosition) {
    testing::KindCoverage covered;
    for (const testing::FaultSlice& f : testing::kFaultSlices) {
        const TableSet set = testing::closed_subset(testing::built_tables(4), {f.slice});
        const fs::path dir = testing::scratch("verify_faults_" + name(f.slice));
        testing::write_all(set, dir, 1 << 14);
        // Unchanged, the same files pass.
        ASSERT_EQ(run("verify " + dir.string()).status, 0) << name(f.slice);
        for (const Corruption& c : testing::every_kind_of_corruption(set, f, 31)) {
            SCOPED_TRACE(c.what());
            const nlohmann::json j = verify_with(dir, set, c);
            ASSERT_TRUE(j.is_object());
            ASSERT_EQ(j["findings"], 1) << j.dump();
            const auto& finding = j["examples"][0];
            EXPECT_EQ(finding["fen"], checkers::format_fen(c.position)) << j.dump();
            EXPECT_EQ(finding["rule"], c.rule());
            EXPECT_EQ(finding["stored"], value_json(c.changed));
            EXPECT_EQ(j["violations"].get<std::size_t>(), 1 + j["consequences"].size());
            for (const auto& v : j["consequences"]) {
                EXPECT_FALSE(v["cause"].is_null()) << v.dump();
            }
            covered.add(c);
        }
    }
    covered.expect_complete();
}

// The report without its timings.
nlohmann::json untimed(nlohmann::json j) {
    j.erase("seconds");
    j.erase("positions_per_second");
    return j;
}

// verify under `mpirun -np 3` (ranks 1 and 2 verify slices, rank 0 walks again those with
// violations) prints the one-process report, findings, consequences and their causes included.
TEST(VerifyCli, UnderMpirunTheReportIsTheOneProcessOne) {
#ifndef RETROCHECK_MPIRUN
    GTEST_SKIP() << "no mpirun was found when this test was configured";
#else
    const testing::FaultSlice& f = testing::kFaultSlices[0];
    const TableSet set = testing::closed_subset(testing::built_tables(4), {f.slice});
    std::vector<Corruption> changes;
    for (const Corruption& c : testing::every_kind_of_corruption(set, f, 5))
        if (changes.size() < 3) changes.push_back(c);
    ASSERT_EQ(changes.size(), 3u);
    const fs::path dir = testing::scratch("verify_mpi");
    testing::write_all(testing::with_changes(set, changes), dir, 1 << 14);
    const std::string mpirun =
        "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " RETROCHECK_MPIRUN
        " --oversubscribe -np 3";
    const CliRun one = run("verify " + dir.string() + " --json", "2>/dev/null");
    const CliRun farmed = run("verify " + dir.string() + " --json", "2>/dev/null", 600, mpirun);
    ASSERT_EQ(one.status, 1) << one.out;
    ASSERT_EQ(farmed.status, 1) << farmed.out;
    const auto a = nlohmann::json::parse(one.out, nullptr, false);
    const auto b = nlohmann::json::parse(farmed.out, nullptr, false);
    ASSERT_TRUE(a.is_object() && b.is_object()) << farmed.out;
    EXPECT_GE(a["findings"].get<int>(), 1);
    EXPECT_EQ(untimed(a), untimed(b));
#endif
}

}  // namespace
}  // namespace retrocheck::tb
