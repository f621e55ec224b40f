// A text board diagram, Black's side at the top unless flipped, with the PDN numbers of each
// row beside it: b/w men, B/W kings, '.' an empty dark square.
#pragma once

#include <string>

#include "engine/checkers/position.h"

namespace retrocheck::checkers {

struct DiagramOptions {
    bool flip = false;  // White's side at the top
};

std::string diagram(const Position& pos, DiagramOptions options = {});

// FEN, then the diagram, then the side to move: how every failure shows a position.
std::string describe(const Position& pos, DiagramOptions options = {});

}  // namespace retrocheck::checkers
