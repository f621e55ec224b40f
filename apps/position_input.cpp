#include "apps/position_input.h"

#include <iostream>
#include <iterator>
#include <sstream>

#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "engine/core/text.h"
#include "engine/core/text_file.h"

namespace retrocheck::app {

namespace {

// Applies every move of `moves` in order; errors name the move by its 1-based index and text.
Result<checkers::Position> apply_moves(checkers::Position pos, const std::string& moves) {
    std::istringstream in(moves);
    std::string token;
    for (int i = 1; in >> token; ++i) {
        const auto m = checkers::parse_move(token, pos);
        if (!m)
            return Error{"--moves: move " + std::to_string(i) + " " + in_quotes(token) + ": " +
                         m.error()};
        pos = pos.after(*m);
    }
    return pos;
}

Result<InputPosition> one(const std::string& fen, const std::string& moves, std::string where) {
    auto pos = fen_argument(fen);
    if (!pos) return Error{(where.empty() ? "" : where + ": ") + pos.error()};
    auto moved = apply_moves(*pos, moves);
    if (!moved) return Error{(where.empty() ? "" : where + ": ") + moved.error()};
    return InputPosition{*moved, std::move(where)};
}

}  // namespace

void add_position_options(CLI::App* cmd, PositionArgs& args) {
    cmd->add_option("--fen-file", args.fen_file,
                    "Positions from a file, one FEN a line ('#' comments and blank lines skipped)");
    cmd->add_option("--moves", args.moves,
                    "Moves to play from each position first, e.g. \"24-19 8-11\"");
}

Result<PositionInput> read_positions(const PositionArgs& args,
                                     std::optional<checkers::Position> fallback) {
    PositionInput input;
    if (!args.fen_file.empty() && !args.fen.empty() && args.fen != "-")
        return Error{"give either a FEN or --fen-file, not both"};
    if (args.fen_file.empty() && args.fen != "-") {
        if (args.fen.empty()) {
            if (!fallback) return Error{"no position given (a FEN, '-' for stdin, or --fen-file)"};
            auto moved = apply_moves(*fallback, args.moves);
            if (!moved) return Error{moved.error()};
            input.positions.push_back({*moved, ""});
            return input;
        }
        auto p = one(args.fen, args.moves, "");
        if (!p) return Error{p.error()};
        input.positions.push_back(std::move(p).value());
        return input;
    }
    input.bulk = true;
    std::string text, name;
    if (!args.fen_file.empty()) {
        auto read = read_text_file(args.fen_file);
        if (!read) return Error{read.error()};
        text = std::move(read).value();
        name = args.fen_file;
    } else {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        name = "stdin";
    }
    std::istringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line); ++n) {
        const std::string_view t = trim(line);
        if (t.empty() || t.front() == '#') continue;
        auto p = one(std::string(t), args.moves, name + " line " + std::to_string(n));
        if (!p) return Error{p.error()};
        input.positions.push_back(std::move(p).value());
    }
    if (input.positions.empty()) return Error{name + ": no positions (one FEN a line)"};
    return input;
}

}  // namespace retrocheck::app
