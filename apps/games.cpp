#include "apps/games.h"

#include "tablebases/chess/probe.h"
#include "tablebases/store/directory.h"

namespace retrocheck::app {

Result<tb::TableSet> AppGame<tb::CheckersGame>::load(const std::filesystem::path& dir) {
    return tb::store::load_directory(dir);
}

Result<tb::chess::MaterialTableSet> AppGame<tb::chess::ChessGame>::load(
    const std::filesystem::path& dir) {
    return tb::store::load_chess_directory(dir);
}

std::string game_of_tables(const std::filesystem::path& dir) {
    // By the files' names, not their contents: a damaged chess file is then reported by the
    // chess loader, not taken for a sign of a checkers directory.
    const auto formats = tb::chess::formats_in(dir);
    return !formats.empty() && formats.front() == "native" ? AppGame<tb::chess::ChessGame>::kName
                                                           : AppGame<tb::CheckersGame>::kName;
}

}  // namespace retrocheck::app
