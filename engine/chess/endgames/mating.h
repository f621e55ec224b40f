// Evaluators of the basic mates against a lone king, for the stronger side: the weaker king
// driven to the edge (KRvK, KQvK) or to a corner of the bishop's colour (KBNvK), the stronger
// king brought close. Without them a search whose horizon does not reach the mate has nothing to
// make progress by (the source text's KRK problem).
#pragma once

#include "engine/chess/position.h"
#include "engine/search/score.h"

namespace retrocheck::chess::endgames {

// How far from the centre s is: 28 on the four centre squares, up to 90 in a corner.
int push_to_edge(Square s);
// How close two squares are: 140 when next to each other, less by 20 a step of distance.
int push_close(Square a, Square b);
// The squares next to `strong`'s opponent's king that no piece of `strong` attacks: the lone
// king's room to move (an unguarded piece next to it is a square it may take).
int free_king_squares(const Position& pos, Color strong);
// Steps (files plus ranks) from s to the nearer corner of the colour of `colour_of`'s square:
// 0 there, at most 7 (on the long diagonal of the other colour, its corners included).
int corner_distance(Square s, Square colour_of);

// KXvK where X mates on its own (a queen or a rook): the material, the weak king on the edge,
// the kings close.
search::Score mate_at_edge(const Position& pos, Color strong);
// KBNvK: the weak king to a corner the bishop can cover with as few free squares as possible, the
// strong king and the knight close.
search::Score mate_bishop_knight(const Position& pos, Color strong);

}  // namespace retrocheck::chess::endgames
