// What the store needs to know about a game to load its tables from a directory of our files:
// a specialization of GameFiles<G> beside the game's model (tablebases/<game>/files.h).
//   kGame              "checkers", "chess": the game's word in messages
//   kGameId            its number in the headers (format.h)
//   kTables            what its files hold, for messages: "chess DTZ tables (KQvK.dtz.rctb)"
//   holds(file)        whether a file holds one of the game's tables (by its header's game and
//                      metric)
//   path(dir, slice)   the file of a slice's table in dir (directory.h)
//   slice(file)        the slice its header's key names
//   read(file)         every block, checked, into a table in memory (read_table below)
//   pieces(slice)      the pieces of a slice (for loading up to a number of pieces)
#pragma once

#include <memory>

#include "engine/core/result.h"
#include "tablebases/store/reader.h"

namespace retrocheck::tb::store {

template <typename G>
struct GameFiles;

// Every block of a file, checked, into `table` (a new table of the file's slice).
template <typename Table>
Result<std::shared_ptr<Table>> read_table(const TableFile& f, std::shared_ptr<Table> table) {
    if (const auto r = f.read_values(table->values.data()); !r) return Error{r.error()};
    return table;
}

}  // namespace retrocheck::tb::store
