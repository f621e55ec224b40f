// What the store needs to know about a game to load its tables from a directory of our files:
// a specialization of GameFiles<G> beside the game's model (tablebases/<game>/files.h).
//   kGame              "checkers", "chess": the game's word in messages
//   holds(file)        whether a file holds one of the game's tables
//   slice(file)        the slice its header names
//   read(file)         every block, checked, into a table in memory
//   pieces(slice)      the pieces of a slice (for loading up to a number of pieces)
#pragma once

namespace retrocheck::tb::store {

template <typename G>
struct GameFiles;

}  // namespace retrocheck::tb::store
