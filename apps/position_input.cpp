#include "apps/position_input.h"

#include <algorithm>
#include <sstream>

#include "engine/checkers/game.h"
#include "engine/chess/game.h"
#include "engine/core/text.h"

namespace retrocheck::app {

namespace {

// A FEN argument of game G; the error quotes it, and says so when it is the other game's FEN.
template <Game G, Game Other>
Result<typename G::Position> read_fen(const std::string& text) {
    auto pos = G::parse_fen(text);
    if (pos) return pos;
    if (Other::looks_like_fen(text))
        return Error{"bad FEN " + in_quotes(text) + ": a " + std::string(Other::kName) +
                     " FEN, and this reads " + std::string(G::kName) + " positions"};
    return Error{"bad FEN " + in_quotes(text) + ": " + pos.error()};
}

template <Game G>
Result<typename G::Position> apply_moves(typename G::Position pos, const std::string& moves) {
    std::istringstream in(moves);
    std::string token;
    for (int i = 1; in >> token; ++i) {
        const auto move = G::parse_move(token, pos);
        if (!move)
            return Error{"--moves: move " + std::to_string(i) + " " + in_quotes(token) + ": " +
                         move.error()};
        pos = pos.after(*move);
    }
    return pos;
}

template <Game G, Game Other, class P = typename G::Position>
Result<PositionInputOf<P>> parse(const PositionArgs& args, const InputText& text,
                                 std::optional<P> fallback) {
    PositionInputOf<P> input;
    input.bulk = text.bulk;
    if (!text.given) {
        if (!fallback) return Error{"no position given (a FEN, '-' for stdin, or --fen-file)"};
        auto moved = apply_moves<G>(*fallback, args.moves);
        if (!moved) return Error{moved.error()};
        input.positions = PositionsOf<P>({{std::move(moved).value(), ""}});
        return input;
    }
    const std::string moves = args.moves;
    const auto make = [moves](std::string_view fen) -> Result<P> {
        auto pos = read_fen<G, Other>(std::string(fen));
        if (!pos) return Error{pos.error()};
        return apply_moves<G>(std::move(pos).value(), moves);
    };
    // Every line checked first, nothing kept: the positions are made again as they are visited.
    InputText::Cursor cursor(text.lines());
    std::string_view fen;
    int line = 0;
    std::size_t count = 0;
    while (cursor.next(fen, line)) {
        const std::string where = text.where(line);
        if (const auto pos = make(fen); !pos)
            return Error{(where.empty() ? "" : where + ": ") + pos.error()};
        ++count;
    }
    if (count == 0) return Error{text.name + ": no positions (one FEN a line)"};
    input.positions = PositionsOf<P>(text, make, count);
    return input;
}

}  // namespace

void add_position_options(CLI::App* cmd, PositionArgs& args) {
    args.fen_option = cmd->get_option_no_throw("fen");
    cmd->add_option("--fen-file", args.fen_file,
                    "Positions from a file, one FEN a line ('#' comments and blank lines skipped)");
    cmd->add_option("--moves", args.moves,
                    "Moves to play from each position first, e.g. \"24-19 8-11\" or \"e4 e5\"");
}

void add_game_option(CLI::App* cmd, PositionArgs& args) {
    cmd->add_option("--game", args.game,
                    "The game of the positions (default: told by the FEN's syntax; checkers "
                    "when no FEN is given)")
        ->check(CLI::IsMember({"chess", "checkers"}));
}

bool InputText::Cursor::next(std::string_view& fen, int& line) {
    while (at_ < text_.size()) {
        const std::size_t end = std::min(text_.find('\n', at_), text_.size());
        const std::string_view t = trim(text_.substr(at_, end - at_));
        at_ = end + 1;
        ++line_;
        if (t.empty() || t.front() == '#') continue;
        fen = t;
        line = line_;
        return true;
    }
    return false;
}

std::string InputText::first() const {
    Cursor cursor(lines());
    std::string_view fen;
    int line = 0;
    return cursor.next(fen, line) ? std::string(fen) : std::string();
}

Result<InputText> read_input_text(const PositionArgs& args) {
    InputText text;
    if (!args.fen_file.empty() && !args.fen.empty() && args.fen != "-")
        return Error{"give either a FEN or --fen-file, not both"};
    const bool fen_given =
        args.fen_given || (args.fen_option && args.fen_option->count() > 0) || !args.fen.empty();
    if (fen_given && trim(args.fen).empty())
        return Error{
            "an empty FEN: give a position, '-' for FENs on stdin, or none for the "
            "default"};
    if (args.fen_file.empty() && args.fen != "-") {
        if (!args.fen.empty()) {
            text.given = true;
            text.argument = args.fen;
        }
        return text;
    }
    text.bulk = text.given = true;
    text.name = args.fen_file.empty() ? "stdin" : args.fen_file;
    auto mapped = MappedText::open(args.fen_file.empty() ? "/dev/stdin" : args.fen_file);
    if (!mapped) return Error{mapped.error()};
    text.file = std::make_shared<const MappedText>(std::move(mapped).value());
    if (text.first().empty()) return Error{text.name + ": no positions (one FEN a line)"};
    return text;
}

bool is_chess(const PositionArgs& args, const InputText& text) {
    if (!args.game.empty()) return args.game == "chess";
    return text.given && chess::looks_like_fen(text.first());
}

Result<PositionInput> parse_positions(const PositionArgs& args, const InputText& text,
                                      std::optional<checkers::Position> fallback) {
    return parse<checkers::Checkers, chess::Chess>(args, text, std::move(fallback));
}

Result<ChessInput> parse_chess_positions(const PositionArgs& args, const InputText& text,
                                         std::optional<chess::Position> fallback) {
    return parse<chess::Chess, checkers::Checkers>(args, text, std::move(fallback));
}

Result<PositionInput> read_positions(const PositionArgs& args,
                                     std::optional<checkers::Position> fallback) {
    const auto text = read_input_text(args);
    if (!text) return Error{text.error()};
    return parse_positions(args, *text, std::move(fallback));
}

}  // namespace retrocheck::app
