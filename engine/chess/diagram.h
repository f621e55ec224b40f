// A text board diagram: White's pieces in upper case, Black's in lower case, '.' an empty
// square, rank 8 at the top unless flipped, with the files and ranks along the edges.
#pragma once

#include <string>

#include "engine/chess/position.h"

namespace retrocheck::chess {

struct DiagramOptions {
    bool flip = false;  // Black's side (rank 1) at the top
};

std::string diagram(const Position& pos, DiagramOptions options = {});

// FEN, then the diagram, then the side to move (and a check): how every failure shows a
// position.
std::string describe(const Position& pos, DiagramOptions options = {});

}  // namespace retrocheck::chess
