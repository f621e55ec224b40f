#include "apps/games.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/text.h"
#include "tablebases/chess/probe.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"

namespace retrocheck::app {

Result<tb::TableSet> AppGame<tb::CheckersGame>::load(const std::filesystem::path& dir) {
    return tb::store::load_directory(dir);
}

Result<tb::chess::MaterialTableSet> AppGame<tb::chess::ChessGame>::load(
    const std::filesystem::path& dir) {
    return tb::store::load_chess_directory(dir);
}

Result<std::vector<tb::Slice>> AppGame<tb::CheckersGame>::roots(const std::string& materials,
                                                                int pieces, bool pieces_given,
                                                                bool build) {
    if (build && !pieces_given) return Error{"build checkers: --pieces is required"};
    if (!materials.empty()) return Error{"--material: checkers tables are built by --pieces"};
    return tb::slices_up_to(pieces);
}

nlohmann::json AppGame<tb::CheckersGame>::build_json(const BuildSummary& s, const BuildArgs& args,
                                                     const std::vector<tb::Slice>&) {
    return app::build_json(s, args);
}

Result<std::vector<tb::chess::Material>> AppGame<tb::chess::ChessGame>::roots(
    const std::string& names, int pieces, bool pieces_given, bool build) {
    using tb::chess::Material;
    if (build && pieces_given == !names.empty())
        return Error{"build chess: give --material or --pieces (one of them)"};
    std::vector<Material> out;
    if (names.empty()) return tb::chess::materials_up_to(pieces);
    for (std::size_t at = 0; at <= names.size();) {
        const std::size_t comma = std::min(names.find(',', at), names.size());
        auto m = Material::parse(trim(std::string_view(names).substr(at, comma - at)));
        at = comma + 1;
        if (!m) return Error{"--material: " + m.error()};
        if (m->pieces() < 3)
            return Error{"--material: " + m->name() + " is a draw without a table"};
        if (m->pieces() > tb::store::kMaxPieces)
            return Error{fmt::format("--material: {} has {} pieces; tables go up to {}", m->name(),
                                     m->pieces(), tb::store::kMaxPieces)};
        out.push_back(*m);
    }
    return out;
}

nlohmann::json AppGame<tb::chess::ChessGame>::build_json(
    const BuildSummary& s, const BuildArgs& args,
    const std::vector<tb::chess::Material>& materials) {
    nlohmann::json j = app::build_json(s, args);
    int most = 0;
    j["game"] = "chess";
    j["materials"] = nlohmann::json::array();
    for (const tb::chess::Material& m : materials) {
        j["materials"].push_back(m.name());
        most = std::max(most, m.pieces());
    }
    j["pieces"] = most;
    return j;
}

std::string game_of_tables(const std::filesystem::path& dir) {
    // By the files' names, not their contents: a damaged chess file is then reported by the
    // chess loader, not taken for a sign of a checkers directory.
    const auto formats = tb::chess::formats_in(dir);
    return !formats.empty() && formats.front() == "native" ? AppGame<tb::chess::ChessGame>::kName
                                                           : AppGame<tb::CheckersGame>::kName;
}

}  // namespace retrocheck::app
