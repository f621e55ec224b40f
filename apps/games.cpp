#include "apps/games.h"

#include "tablebases/chess/probe.h"
#include "tablebases/store/directory.h"
#include "tablebases/verify/chess_stats.h"
#include "tablebases/verify/stats.h"

namespace retrocheck::app {

Result<tb::TableSet> AppGame<tb::CheckersGame>::load(const std::filesystem::path& dir) {
    return tb::store::load_directory(dir);
}

std::vector<HtmlHistogram> AppGame<tb::CheckersGame>::histograms(const tb::TableSet& tables) {
    std::vector<HtmlHistogram> out;
    for (const auto& [slice, table] : tables.tables())
        for (auto& h : slice_histograms(slice, tb::table_stats(*table))) out.push_back(std::move(h));
    return out;
}

Result<tb::chess::MaterialTableSet> AppGame<tb::chess::ChessGame>::load(
    const std::filesystem::path& dir) {
    return tb::store::load_chess_directory(dir);
}

std::vector<HtmlHistogram> AppGame<tb::chess::ChessGame>::histograms(
    const tb::chess::MaterialTableSet& tables) {
    std::vector<HtmlHistogram> out;
    for (const auto& entry : tables.tables())
        for (auto& h : material_histograms(*entry.second, tb::chess::material_stats(*entry.second)))
            out.push_back(std::move(h));
    return out;
}

std::string game_of_tables(const std::filesystem::path& dir) {
    // By the files' names, not their contents: a damaged chess file is then reported by the
    // chess loader, not taken for a sign of a checkers directory.
    const auto formats = tb::chess::formats_in(dir);
    return !formats.empty() && formats.front() == "native" ? AppGame<tb::chess::ChessGame>::kName
                                                           : AppGame<tb::CheckersGame>::kName;
}

}  // namespace retrocheck::app
