#include "apps/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "apps/report_file.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/core/text.h"

namespace retrocheck::app {

namespace {

constexpr int kSquare = 44;  // pixels a square
constexpr int kBoard = 8 * kSquare;

// Where square s (1-32) stands: column and row from the top-left, Black's side at the top.
std::pair<int, int> cell(int s) {
    const int i = s - 1, row = i / 4;
    return {2 * (i % 4) + (row % 2 == 0 ? 1 : 0), row};
}

std::pair<int, int> centre(int s) {
    const auto [col, row] = cell(s);
    return {col * kSquare + kSquare / 2, row * kSquare + kSquare / 2};
}

constexpr const char* kStyle = R"(
body { font-family: "DejaVu Sans", sans-serif; margin: 1.5em; color: #222; max-width: 1220px; }
h1 { font-size: 1.4em; overflow-wrap: anywhere; } h2 { font-size: 1.15em; margin-top: 1.6em; }
.verdict { padding: 0.15em 0.6em; border-radius: 0.3em; color: white; }
.passed { background: #2e7d32; } .failed { background: #c62828; }
table.summary td { padding: 0.15em 1.2em 0.15em 0; overflow-wrap: anywhere; vertical-align: top; }
figure { display: flex; flex-wrap: wrap; gap: 1.2em; margin: 1em 0; align-items: flex-start; }
figure > div { flex: 1 1 320px; min-width: 0; }
figcaption { font-weight: bold; margin-bottom: 0.4em; }
pre { font-size: 0.85em; margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
details.trivial summary { cursor: pointer; margin: 1em 0; }
svg.board .light { fill: #f3e6c8; } svg.board .square { fill: #9c6b3f; }
svg.board .number { fill: #f3e6c8; font-size: 10px; }
svg.board .black { fill: #222; stroke: #000; } svg.board .white { fill: #fafafa; stroke: #444; }
svg.board .crown { fill: #d4a017; font-size: 16px; font-weight: bold; text-anchor: middle; }
svg.board .move { fill: none; stroke: #1565c0; stroke-width: 5; stroke-opacity: 0.8; }
svg.board .move-end { fill: #1565c0; fill-opacity: 0.8; }
svg.chess .light { fill: #f0d9b5; } svg.chess .dark { fill: #b58863; }
svg.chess .piece { font-size: 34px; text-anchor: middle; stroke: none; }
svg.chess .piece.white { fill: #fff; paint-order: stroke; stroke: #000; stroke-width: 1px; }
svg.chess .piece.black { fill: #000; } svg.chess .coordinate { font-size: 10px; fill: #555; }
svg.chess line.move { stroke: #1565c0; stroke-width: 5; stroke-opacity: 0.8; }
.histograms { display: flex; flex-wrap: wrap; gap: 1em; }
svg.histogram .win { fill: #2e7d32; } svg.histogram .loss { fill: #c62828; }
svg.histogram .draw { fill: #9e9e9e; } svg.histogram text { font-size: 10px; fill: #333; }
svg.histogram text.title { font-size: 11px; font-weight: bold; }
)";

}  // namespace

std::vector<int> move_squares(const std::string& text) {
    std::vector<int> out;
    int n = -1;
    for (const char c : text + " ") {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            n = (n < 0 ? 0 : n * 10) + (c - '0');
        } else if (n >= 0) {
            if (n >= 1 && n <= 32) out.push_back(n);
            n = -1;
        }
    }
    return out;
}

std::vector<int> move_squares(const checkers::Move& m) {
    std::vector<int> out{checkers::pdn(m.from)};
    for (const auto sq : m.path()) out.push_back(checkers::pdn(sq));
    return out;
}

std::string board_svg(const checkers::Position& pos, const std::vector<int>& move) {
    std::string s = fmt::format(
        R"(<svg class="board" xmlns="http://www.w3.org/2000/svg" width="{0}" height="{0}" )"
        R"(viewBox="0 0 {0} {0}" role="img" aria-label="{1}">)",
        kBoard, xml_escaped(checkers::format_fen(pos)));
    s += fmt::format(R"(<rect class="light" width="{0}" height="{0}"/>)", kBoard);
    for (int sq = 1; sq <= 32; ++sq) {
        const auto [col, row] = cell(sq);
        s += fmt::format(R"(<rect class="square" x="{}" y="{}" width="{}" height="{}"/>)"
                         R"(<text class="number" x="{}" y="{}">{}</text>)",
                         col * kSquare, row * kSquare, kSquare, kSquare, col * kSquare + 2,
                         row * kSquare + 10, sq);
    }
    for (int sq = 1; sq <= 32; ++sq) {
        const checkers::Bitboard b = checkers::Bitboard{1} << (sq - 1);
        if (!(pos.occupied() & b)) continue;
        const bool king = pos.kings() & b;
        const char* colour = (pos.pieces(checkers::Color::Black) & b) ? "black" : "white";
        const auto [x, y] = centre(sq);
        s += fmt::format(R"(<circle class="{} {}" cx="{}" cy="{}" r="{}" stroke-width="2"/>)",
                         king ? "king" : "man", colour, x, y, kSquare * 2 / 5);
        if (king) s += fmt::format(R"(<text class="crown" x="{}" y="{}">K</text>)", x, y + 6);
    }
    if (move.size() >= 2) {
        std::string points;
        for (const int sq : move) {
            const auto [x, y] = centre(sq);
            points += fmt::format("{},{} ", x, y);
        }
        s += fmt::format(R"(<polyline class="move" points="{}"/>)", points);
        const auto [x, y] = centre(move.back());
        s += fmt::format(R"(<circle class="move-end" cx="{}" cy="{}" r="7"/>)", x, y);
    }
    return s + "</svg>";
}

std::string board_svg(const chess::Position& pos, const std::optional<chess::Move>& move) {
    // Square s (0 = a1) from the top-left, White at the bottom.
    const auto at = [](chess::Square sq) {
        const int i = chess::index_of(sq);
        return std::pair<int, int>{(i % 8) * kSquare, (7 - i / 8) * kSquare};
    };
    std::string s =
        fmt::format(R"(<svg class="board chess" xmlns="http://www.w3.org/2000/svg" width="{0}" )"
                    R"(height="{1}" viewBox="0 0 {0} {1}" role="img" aria-label="{2}">)",
                    kBoard + 14, kBoard + 14, xml_escaped(chess::format_fen(pos)));
    for (int i = 0; i < 64; ++i) {
        const auto [x, y] = at(chess::square_at(i));
        s += fmt::format(R"(<rect class="square {}" x="{}" y="{}" width="{}" height="{}"/>)",
                         (i / 8 + i % 8) % 2 == 0 ? "dark" : "light", x, y, kSquare, kSquare);
    }
    for (int i = 0; i < 8; ++i)
        s += fmt::format(R"(<text class="coordinate" x="{}" y="{}">{}</text>)"
                         R"(<text class="coordinate" x="{}" y="{}">{}</text>)",
                         i * kSquare + kSquare / 2 - 3, kBoard + 12, static_cast<char>('a' + i),
                         kBoard + 3, (7 - i) * kSquare + kSquare / 2 + 4, i + 1);
    static constexpr const char* kFigurines[2][6] = {
        {"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
        {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"}};
    static constexpr chess::PieceType kTypes[6] = {
        chess::PieceType::Pawn, chess::PieceType::Knight, chess::PieceType::Bishop,
        chess::PieceType::Rook, chess::PieceType::Queen,  chess::PieceType::King};
    for (const chess::Color c : {chess::Color::White, chess::Color::Black})
        for (std::size_t t = 0; t < 6; ++t)
            for (chess::Bitboard b = pos.pieces(c, kTypes[t]); b;) {
                const auto [x, y] = at(chess::pop_lowest(b));
                const bool white = c == chess::Color::White;
                s += fmt::format(R"(<text class="piece {}" x="{}" y="{}">{}</text>)",
                                 white ? "white" : "black", x + kSquare / 2, y + kSquare - 9,
                                 kFigurines[white ? 0 : 1][t]);
            }
    if (move) {
        const auto [x1, y1] = at(move->from());
        const auto [x2, y2] = at(move->to());
        s += fmt::format(R"(<line class="move" x1="{}" y1="{}" x2="{}" y2="{}"/>)",
                         x1 + kSquare / 2, y1 + kSquare / 2, x2 + kSquare / 2, y2 + kSquare / 2);
        s += fmt::format(R"(<circle class="move-end" cx="{}" cy="{}" r="7"/>)", x2 + kSquare / 2,
                         y2 + kSquare / 2);
    }
    return s + "</svg>";
}

std::optional<chess::Move> uci_move_drawn(const std::string& uci) {
    const auto square = [&](std::size_t at) -> std::optional<chess::Square> {
        if (uci.size() < at + 2 || uci[at] < 'a' || uci[at] > 'h' || uci[at + 1] < '1' ||
            uci[at + 1] > '8')
            return std::nullopt;
        return chess::make_square(uci[at] - 'a', uci[at + 1] - '1');
    };
    const auto from = square(0), to = square(2);
    if (!from || !to) return std::nullopt;
    return chess::Move::make(*from, *to);
}

namespace {

// The details without the text diagram of the position the board draws (each board once) and
// without a line of its FEN alone (the page prints it above them).
std::string without(const std::string& details, const std::string& diagram,
                    const std::string& fen) {
    std::string out = details;
    for (std::size_t at; (at = out.find(diagram)) != std::string::npos;)
        out.erase(at, diagram.size());
    std::string kept;
    for (std::size_t at = 0; at < out.size();) {
        const std::size_t end = std::min(out.find('\n', at), out.size());
        if (out.compare(at, end - at, fen) != 0) kept += out.substr(at, end - at + 1);
        at = end + 1;
    }
    return kept;
}

}  // namespace

HtmlBoard html_board(std::string title, const checkers::Position& pos, std::vector<int> move,
                     std::string move_label, std::string details) {
    return {std::move(title), board_svg(pos, move), checkers::format_fen(pos),
            std::move(move_label),
            without(details, checkers::diagram(pos), checkers::format_fen(pos))};
}

HtmlBoard html_board(std::string title, const chess::Position& pos, std::optional<chess::Move> move,
                     std::string move_label, std::string details) {
    return {std::move(title), board_svg(pos, move), chess::format_fen(pos), std::move(move_label),
            without(details, chess::diagram(pos), chess::format_fen(pos))};
}

std::string histogram_svg(const HtmlHistogram& h) {
    // Labels on the left of the bars, the distance axis at least kMinAxis long so that its two
    // ends' labels stand apart, the draws on a row of their own: no label overlaps another.
    constexpr int kLeft = 50, kHalf = 60, kTop = 20, kMinAxis = 240, kMaxAxis = 1000;
    const std::size_t plies = std::max(h.wins.size(), h.losses.size());
    const int bar = std::clamp(plies == 0 ? 6 : kMaxAxis / static_cast<int>(plies), 1, 6);
    const int axis_length = std::max(kMinAxis, static_cast<int>(plies) * bar);
    std::uint64_t most = 1;
    for (const auto v : h.wins) most = std::max(most, v);
    for (const auto v : h.losses) most = std::max(most, v);
    const int width = kLeft + axis_length + 10;
    const int axis = kTop + kHalf;
    std::string s = fmt::format(
        R"(<svg class="histogram" xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" )"
        R"(viewBox="0 0 {0} {1}" role="img" aria-label="{2}">)",
        width, axis + kHalf + 34, xml_escaped(h.title));
    s += fmt::format(R"(<text class="title" x="0" y="12">{}</text>)", xml_escaped(h.title));
    const auto draw = [&](const char* cls, std::size_t i, std::uint64_t v, bool up) {
        if (v == 0) return;
        const int height = std::max(1, static_cast<int>(kHalf * v / most));
        s += fmt::format(
            R"(<rect class="bar {}" x="{}" y="{}" width="{}" height="{}"><title>{} in {} plies: {}</title></rect>)",
            cls, kLeft + static_cast<int>(i) * bar, up ? axis - height : axis, std::max(1, bar - 1),
            height, up ? "wins" : "losses", i, grouped(v));
    };
    for (std::size_t i = 0; i < h.wins.size(); ++i) draw("win", i, h.wins[i], true);
    for (std::size_t i = 0; i < h.losses.size(); ++i) draw("loss", i, h.losses[i], false);
    s += fmt::format(R"(<line x1="{}" x2="{}" y1="{}" y2="{}" stroke="#333"/>)", kLeft,
                     kLeft + axis_length, axis, axis);
    s += fmt::format(R"(<text x="0" y="{}">wins</text><text x="0" y="{}">losses</text>)", kTop + 12,
                     axis + kHalf);
    s += fmt::format(R"(<text x="{}" y="{}">0</text>)"
                     R"(<text x="{}" y="{}" text-anchor="end">{} plies</text>)"
                     R"(<text x="{}" y="{}">draws {}</text>)",
                     kLeft, axis + kHalf + 14, kLeft + axis_length, axis + kHalf + 14,
                     plies == 0 ? 0 : plies - 1, kLeft, axis + kHalf + 30, grouped(h.draws));
    return s + "</svg>";
}

bool trivial(const HtmlHistogram& h) {
    int bars = 0;
    for (const auto* side : {&h.wins, &h.losses})
        for (const auto v : *side) bars += v > 0;
    return bars <= 1;
}

namespace {

void add_boards(std::string& s, const std::vector<HtmlBoard>& boards) {
    for (const HtmlBoard& b : boards) {
        s += "<figure class=\"example\">" + b.svg + "<div>";
        s += "<figcaption>" + xml_escaped(b.title) + "</figcaption>";
        s += "<pre>" + xml_escaped(b.fen);
        if (!b.move_label.empty()) s += "\nmove drawn: " + xml_escaped(b.move_label);
        s += "\n\n" + xml_escaped(b.details) + "</pre></div></figure>\n";
    }
}

}  // namespace

std::string html_page(const HtmlReport& r) {
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
    s += "<meta name=\"viewport\" content=\"width=device-width\">";
    s += "<title>" + xml_escaped(r.title) + "</title><style>" + kStyle + "</style></head><body>\n";
    s += fmt::format("<h1>{} <span class=\"verdict {}\">{}</span></h1>\n", xml_escaped(r.title),
                     r.passed ? "passed" : "failed", r.passed ? "passed" : "failed");
    // A failed page shows its failures first; a passing one its summary.
    if (!r.boards.empty() && !r.passed) {
        s += "<h2>Failures</h2>\n";
        add_boards(s, r.boards);
    }
    s += "<h2>Summary</h2>\n<table class=\"summary\">\n";
    for (const auto& [label, value] : r.summary)
        s += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", xml_escaped(label),
                         xml_escaped(value));
    s += "</table>\n";
    if (!r.boards.empty() && r.passed) {
        s += "<h2>Positions</h2>\n";
        add_boards(s, r.boards);
    }
    std::vector<const HtmlHistogram*> shown, folded;
    for (const HtmlHistogram& h : r.histograms) (trivial(h) ? folded : shown).push_back(&h);
    if (!shown.empty()) {
        s += "<h2>Distances</h2>\n<div class=\"histograms\">\n";
        for (const HtmlHistogram* h : shown) s += histogram_svg(*h) + "\n";
        s += "</div>\n";
    }
    if (!folded.empty()) {
        s += fmt::format(
            "<details class=\"trivial\"><summary>{} more with one value or none (every position "
            "drawn, or all won or lost in the same number of plies)</summary>\n"
            "<div class=\"histograms\">\n",
            folded.size());
        for (const HtmlHistogram* h : folded) s += histogram_svg(*h) + "\n";
        s += "</div></details>\n";
    }
    return s + "</body></html>\n";
}

Result<bool> write_html(const std::string& path, const HtmlReport& report) {
    return write_report_file(path, html_page(report), "the HTML report");
}

void add_html_option(CLI::App* cmd, std::string& path) {
    cmd->add_option("--html", path,
                    "Also write an HTML report to FILE: the summary and every example position "
                    "drawn, with the move that shows the problem")
        ->check(CLI::Validator(report_path_problem, "FILE", "report file"));
}

HtmlBoard html_board(std::string title, const checkers::Position& pos, const std::string* move,
                     std::string move_label, std::string details) {
    return html_board(std::move(title), pos, move ? move_squares(*move) : std::vector<int>{},
                      std::move(move_label), std::move(details));
}

HtmlBoard html_board(std::string title, const chess::Position& pos, const std::string* move,
                     std::string move_label, std::string details) {
    return html_board(std::move(title), pos, move ? uci_move_drawn(*move) : std::nullopt,
                      std::move(move_label), std::move(details));
}

}  // namespace retrocheck::app
