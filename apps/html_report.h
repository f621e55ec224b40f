// HTML reports (--html FILE): one self-contained page (no script, no outside file) that opens with
// the verdict and the failures (each example position once, as an SVG board with numbered
// squares, men and kings and the offending move drawn), then the summary, then SVG histograms of
// distances per slice or material (verify, stats), those with one value or none folded away. It
// fits a 1280-pixel window.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/core/result.h"
#include "tablebases/checkers/slice.h"

namespace retrocheck::app {

// One example position: its board drawn by the game's board_svg(), with the move drawn.
struct HtmlBoard {
    std::string title;       // "finding: win-shortest"
    std::string svg;         // the board
    std::string fen;         // the position
    std::string move_label;  // "child 14-10", "extra 11x2x9"; empty: no move drawn
    std::string details;     // shown beside the board, as preformatted text
};

// The distances of one slice's wins and losses, for one side to move or both.
struct HtmlHistogram {
    std::string title;                        // "2K v 1K (bm0bk1wm0wk2), White to move"
    std::vector<std::uint64_t> wins, losses;  // [n]: positions won (lost) in n plies
    std::uint64_t draws = 0;
};

struct HtmlReport {
    std::string title;  // "retrocheck verify tables"
    bool passed = true;
    std::vector<std::pair<std::string, std::string>> summary;  // label, value
    std::vector<HtmlBoard> boards;
    std::vector<HtmlHistogram> histograms;
};

std::string html_page(const HtmlReport& report);

// The SVG of one board (class "board"; each dark square a rect.square with its number, each
// piece a circle of class "man"/"king" and "black"/"white", the move a polyline.move).
std::string board_svg(const checkers::Position& pos, const std::vector<int>& move);
// A chess board (class "board chess"; each square a rect.square of class "light"/"dark", each
// piece a text.piece of class "white"/"black" holding its figurine, files and ranks named, the
// move a line.move).
std::string board_svg(const chess::Position& pos, const std::optional<chess::Move>& move);

// An example board of either game: the position drawn with `move` (the squares of a checkers
// move, from then every landing; or a chess move) and its FEN.
HtmlBoard html_board(std::string title, const checkers::Position& pos, std::vector<int> move = {},
                     std::string move_label = {}, std::string details = {});
HtmlBoard html_board(std::string title, const chess::Position& pos,
                     std::optional<chess::Move> move = {}, std::string move_label = {},
                     std::string details = {});
// The SVG of one histogram (class "histogram"; each bar a rect.bar of class "win"/"loss"/"draw").
std::string histogram_svg(const HtmlHistogram& h);
// Nothing to show: every position drawn, or every one won or lost in the same number of plies
// (a page folds these away).
bool trivial(const HtmlHistogram& h);

// The same with the move as text, in the game's notation (PDN; UCI for chess), as a plugin or an
// engine gives it: nullptr for none.
HtmlBoard html_board(std::string title, const checkers::Position& pos, const std::string* move,
                     std::string move_label, std::string details);
HtmlBoard html_board(std::string title, const chess::Position& pos, const std::string* move,
                     std::string move_label, std::string details);
// The squares of a move's text ("11x2x9" -> 11, 2, 9; "24-19" -> 24, 19), or of a move.
std::vector<int> move_squares(const std::string& text);
std::vector<int> move_squares(const checkers::Move& m);
// The two squares of a chess move in UCI ("e7e8q"), to draw: it may be a move our generator
// finds illegal (a plugin's or an engine's); nothing for text that names no two squares.
std::optional<chess::Move> uci_move_drawn(const std::string& uci);

// Writes the page whole or not at all; the error names the file.
Result<bool> write_html(const std::string& path, const HtmlReport& report);

// --html FILE.
void add_html_option(CLI::App* cmd, std::string& path);

}  // namespace retrocheck::app
