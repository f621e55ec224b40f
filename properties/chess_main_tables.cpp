#include "properties/chess_main_tables.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "properties/chess_gen.h"
#include "tablebases/store/directory.h"

namespace retrocheck::chess {

const tb::chess::MaterialTableSet& main_job_tables() {
    static const tb::chess::MaterialTableSet set = [] {
        const char* dir = std::getenv("RETROCHECK_CHESS4");
        if (!dir) throw std::runtime_error("RETROCHECK_CHESS4 is not set (ctest fixture chess4)");
        auto loaded = tb::store::load_directory<tb::chess::ChessGame>(dir, 4);
        if (!loaded) throw std::runtime_error(std::string(dir) + ": " + loaded.error());
        return std::move(*loaded);
    }();
    return set;
}

rc::Gen<Position> table_position() {
    return rc::gen::map(
        rc::gen::mapcat(gen::uniform(1, 3), [](int n) { return gen::position_with(n); }),
        without_castling);
}

Outcome table_value(const Position& pos) {
    const std::optional<Outcome> v = main_job_tables().probe(pos);
    if (!v) RC_FAIL("no table value for " + pos.material());
    return *v;
}

void classify_value(const Position& pos, const Outcome& v) {
    RC_TAG(pos.material());
    RC_CLASSIFY(v.is_win(), "win");
    RC_CLASSIFY(v.is_draw(), "draw");
    RC_CLASSIFY(v.is_loss(), "loss");
    RC_CLASSIFY(pos.en_passant().has_value(), "en passant right");
}

}  // namespace retrocheck::chess
