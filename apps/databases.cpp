#include "apps/databases.h"

#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "tablebases/checkers/probe.h"
#include "tablebases/chess/probe.h"

namespace retrocheck::app {

namespace {

// A path that does not exist, named with the system's reason.
std::optional<Error> no_such_path(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) return std::nullopt;
    return Error{
        path.string() + ": " +
        (ec ? ec.message() : std::make_error_code(std::errc::no_such_file_or_directory).message())};
}

}  // namespace

Result<TableKind> recognise_tables(const std::string& given, const std::filesystem::path& path) {
    const std::vector<std::string> chess = tb::chess::formats_in(path);
    if (given == "syzygy" || given == "gaviota") return TableKind{"chess", given};
    if (given == "chinook" || given == "cake") return TableKind{"checkers", given};
    const bool chess_native = !chess.empty() && chess.front() == "native";
    if (given == "native") return TableKind{chess_native ? "chess" : "checkers", "native"};
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return TableKind{"checkers", "chinook"};
    std::vector<TableKind> kinds;
    for (const auto& f : tb::formats_in(path)) kinds.push_back({"checkers", f});
    for (const auto& f : chess) kinds.push_back({"chess", f});
    if (kinds.size() > 1) {
        std::string names;
        for (const TableKind& k : kinds)
            names += (names.empty() ? "" : ", ") + k.game + " " + k.format;
        return Error{
            fmt::format("{} holds tables of {} kinds ({}): name the one to read with "
                        "--db-format",
                        path.string(), kinds.size(), names)};
    }
    return kinds.empty() ? TableKind{"checkers", "native"} : kinds.front();
}

void add_db_format_option(CLI::App* cmd, std::string& format) {
    cmd->add_option("--db-format", format,
                    "Format of the tables: auto (recognised by the files' names), native (ours), "
                    "chinook or cake (read through the capture resolver)")
        ->check(CLI::IsMember(kDatabaseFormats));
}

void add_table_format_option(CLI::App* cmd, std::string& format, const std::string& names) {
    cmd->add_option(names, format,
                    "Format of the tables: auto (recognised by the files' names), native (ours, "
                    "either game), chinook or cake (checkers, read through the capture resolver), "
                    "syzygy or gaviota (chess)")
        ->check(CLI::IsMember(kTableFormats));
}

Result<Database> open_database(const std::string& given, const std::filesystem::path& path) {
    if (auto missing = no_such_path(path)) return *missing;
    const auto kind = recognise_tables(given, path);
    if (!kind) return Error{kind.error()};
    if (kind->game == "chess")
        return Error{fmt::format("{} holds chess tables ({}); this command reads checkers tables",
                                 path.string(), kind->format)};
    return tb::open_tables(kind->format, path);
}

Result<std::shared_ptr<tb::chess::ChessTableSource>> open_chess_tables(
    const std::string& given, const std::filesystem::path& path) {
    if (auto missing = no_such_path(path)) return *missing;
    const auto kind = recognise_tables(given, path);
    if (!kind) return Error{kind.error()};
    if (kind->game != "chess")
        return Error{
            fmt::format("{} holds no chess tables ({} {}); this reads chess tables "
                        "(ours .rctb, Syzygy's .rtbw/.rtbz, Gaviota's .gtb.cp*)",
                        path.string(), kind->game, kind->format)};
    return tb::chess::open_tables(kind->format, path);
}

}  // namespace retrocheck::app
