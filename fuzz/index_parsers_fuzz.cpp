// Fuzzes the Chinook and Cake readers with whole databases in memory. Input: one byte choosing
// the format (even: Chinook, odd: Cake), then the index text, a NUL byte, and the data bytes.
// Whatever the bytes, opening must return a database or an error, and probes of an opened
// database must return a status, never crash or hang.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/notation.h"
#include "tablebases/formats/cake.h"
#include "tablebases/formats/chinook.h"

namespace {

using namespace retrocheck;

const std::vector<checkers::Position>& probes() {
    static const std::vector<checkers::Position> positions = [] {
        std::vector<checkers::Position> out;
        for (const char* fen :
             {"W:WK1:BK32", "B:WK1:BK32", "W:W16,K26:B25,K4", "B:W16,K26:B25,K4", "W:WK32,K30:B15",
              "B:W29:B4", "W:W21:BK5,K6", "B:W18:B14,K1", "W:WK9:BK1,K2,K3", "B:W30,31:B2,3"})
            out.push_back(*checkers::parse_fen(fen));
        return out;
    }();
    return positions;
}

template <typename Db>
void probe_all(const Db& db) {
    for (const auto& pos : probes()) {
        const auto r = db.probe(pos);
        const auto raw = db.raw(pos);
        if (r.status == tb::ProbeStatus::Ok && raw.status != tb::ProbeStatus::Ok) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string_view all(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto nul = all.find('\0');
    const std::string_view index = all.substr(0, nul);
    const std::string bytes(nul == std::string_view::npos ? std::string_view{}
                                                          : all.substr(nul + 1));
    if (data[0] % 2 == 0) {
        const auto db = tb::formats::ChinookDatabase::from_bytes(index, bytes, "fuzz/db");
        if (db) probe_all(**db);
    } else {
        for (int pieces = 2; pieces <= 4; ++pieces) {
            const auto db = tb::formats::CakeDatabase::from_bytes(pieces, index, bytes);
            if (db) probe_all(**db);
        }
    }
    return 0;
}
