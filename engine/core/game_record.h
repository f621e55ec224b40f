// Game records in the PDN and PGN families (one reader, each game's notation a parameter):
// split a text into games (tags, main-line moves, result) as they end, one game in memory at a
// time. Parsing is syntax only; each game's replay checks legality.
//
// What is read, after PGN and PDN 3.0 (pdn.fmjd.org, "PDN Grammars" and "PDN parsing issues"):
// `[Name "value"]` tags, one to a line, with `\"` and `\\` escapes in the value; `{...}`
// comments (may span lines, do not nest); `;` comments to the end of the line; lines starting with
// `%`; variations `( ... )`, nested, skipped whole; NAGs `$12`; move numbers `12.` and `12...` (a
// lone `...` too), also glued to the move (`12.11-15`, `12.e4`); moves as the notation reads them
// (N::move_text); annotations after a move (N::kAnnotations) or `(!)`, which are dropped; and
// the result tokens that end a game, which list the first side to move first (N::kFirstToMove:
// Black in English checkers, White in chess).
//
// A notation N has: Color, kFirstToMove, kWhite, kPdnResults (whether PDN's 2-0, 0-2, 1-1 and
// 0-0 are results), kAnnotations (the characters stripped from the end of a move), move_text(word)
// (the move as its parser reads it, or nothing when the word is no move of this notation) and
// fen_side(fen) (the side to move of a [FEN] set-up, or nothing).
#pragma once

#include <cctype>
#include <charconv>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/text.h"

namespace retrocheck::records {

enum class GameResult { BlackWins, WhiteWins, Draw, Unknown };

// "black wins", "white wins", "draw", "unknown".
inline std::string to_string(GameResult r) {
    switch (r) {
        case GameResult::BlackWins:
            return "black wins";
        case GameResult::WhiteWins:
            return "white wins";
        case GameResult::Draw:
            return "draw";
        case GameResult::Unknown:
            return "unknown";
    }
    return "unknown";
}

template <class Color>
struct RecordMove {
    // The move number written before the move; a move written without one continues the count,
    // two moves to a number. A game from a set-up with the second side to move starts on the
    // second half of number 1, as `1... 22-18` writes it, unless the file writes `1. 22-18`.
    int number = 0;
    // The side that plays it: the sides alternate from the side to move of the [FEN] set-up
    // (the first side without one, or when the FEN does not parse). Move numbers never change it,
    // since writers disagree on `1.` against `1...`; so in a game that replays, side is the
    // position's side to move.
    Color side{};
    // The move as written, without its annotations, as the notation's parser reads it; legality
    // is the replay's business.
    std::string text;
    int line = 0;  // 1-based, in the file
    // Whether it is the second move of its number as the file has it (`12... 22-18`, or the
    // second of two moves after `12.`), so that the number is printed back as it was written.
    bool second_of_number = false;
};

template <class Color>
struct GameRecord {
    int index = 0;                                          // 1-based, in the file
    int line = 0;                                           // of its first tag or movetext token
    std::vector<std::pair<std::string, std::string>> tags;  // in file order, values unescaped
    std::optional<std::string> fen;                         // the [FEN] tag's value, if any
    std::vector<RecordMove<Color>> moves;                   // the main line
    // From the result token that ends the movetext; without one, from the [Result] tag;
    // Unknown when neither says (or the tag's value is not a result).
    GameResult result = GameResult::Unknown;
};

namespace detail {

inline bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
// What ends a movetext word: white space and the characters that open or close something.
inline bool is_delimiter(char c) {
    return is_blank(c) || c == '\n' ||
           std::string_view("{}()[];").find(c) != std::string_view::npos;
}

// 1-0 is the first side to move's win.
template <class N>
std::optional<GameResult> result_token(std::string_view w) {
    const auto win_for = [](bool first) {
        const bool white = (first ? N::kFirstToMove : ~N::kFirstToMove) == N::kWhite;
        return white ? GameResult::WhiteWins : GameResult::BlackWins;
    };
    if (w == "1-0") return win_for(true);
    if (w == "0-1") return win_for(false);
    if (w == "1/2-1/2" || w == "\xC2\xBD-\xC2\xBD") return GameResult::Draw;
    if (w == "*") return GameResult::Unknown;
    // PDN's own: the international 2-0, 0-2, 1-1, and 0-0 for neither side scoring (in PGN 0-0
    // is castling).
    if (!N::kPdnResults) return std::nullopt;
    if (w == "2-0") return win_for(true);
    if (w == "0-2") return win_for(false);
    if (w == "1-1") return GameResult::Draw;
    if (w == "0-0") return GameResult::Unknown;
    return std::nullopt;
}

template <class N>
class RecordReader {
  public:
    using Color = typename N::Color;
    using Game = GameRecord<Color>;
    using Visit = std::function<std::optional<Error>(const Game&)>;
    RecordReader(std::string_view text, const std::string& file, const Visit& visit)
        : text_(text), file_(file), visit_(visit) {}

    // The number of games, each handed to visit as it ends.
    Result<std::size_t> run();

  private:
    // The game being read.
    struct Pending {
        Game game;
        bool movetext = false;  // a move, move number or ellipsis has been read
        std::optional<GameResult> tag_result;
        Color next_side = N::kFirstToMove;
        int number = 1;
        int in_number = 0;                // moves read under the current number: 0, 1 or 2
        std::set<std::string> tag_names;  // a name again begins the next game
    };
    struct Open {
        int line;
        std::size_t pos;
    };

    Error error(int line, const std::string& what) const {
        return Error{file_ + ":" + std::to_string(line) + ": " + what};
    }
    std::string_view rest_of_line(std::size_t from) const {
        const auto end = text_.find('\n', from);
        return text_.substr(from, end == std::string_view::npos ? end : end - from);
    }
    Error unterminated_variation(const std::string& before) const {
        const Open& open = open_variations_.back();
        return error(open.line, "unterminated variation " + in_quotes(rest_of_line(open.pos)) +
                                    ": no ')' closes it" + before);
    }

    Pending& game(int line);
    void finish(std::optional<GameResult> token);
    std::optional<Error> skip_comment();
    bool skip_bracketed_annotation();
    std::optional<Error> read_tag();
    void add_tag(std::string name, std::string value, int line);
    std::optional<Error> read_word(std::string_view word, int line);
    void add_move(std::string text, int line);

    std::string_view text_;
    const std::string& file_;
    std::size_t pos_ = 0;
    std::size_t line_begin_ = 0;
    int line_ = 1;
    std::vector<Open> open_variations_;
    std::optional<Pending> pending_;
    const Visit& visit_;
    std::size_t games_ = 0;
    std::optional<Error> stopped_;  // what a visit said
};

template <class N>
Result<std::size_t> RecordReader<N>::run() {
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = line_begin_ = 3;  // a UTF-8 byte order mark
    while (pos_ < text_.size()) {
        if (stopped_) return *stopped_;
        const char c = text_[pos_];
        if (c == '\n') {
            ++line_;
            line_begin_ = ++pos_;
        } else if (is_blank(c)) {
            ++pos_;
        } else if (c == ';' || (c == '%' && pos_ == line_begin_)) {  // comment or escape line
            pos_ = std::min(text_.find('\n', pos_), text_.size());
        } else if (c == '{') {
            if (auto err = skip_comment()) return *err;
        } else if (c == '(') {
            if (!skip_bracketed_annotation()) open_variations_.push_back({line_, pos_++});
        } else if (c == ')') {
            if (open_variations_.empty())
                return error(line_, "')' without a matching '(': " + in_quotes(rest_of_line(pos_)));
            open_variations_.pop_back();
            ++pos_;
        } else if (c == '[') {
            if (!open_variations_.empty())
                return unterminated_variation(" before the tag on line " + std::to_string(line_));
            if (auto err = read_tag()) return *err;
        } else if (c == '}' || c == ']') {
            return error(line_, std::string("'") + c + "' without a matching '" +
                                    (c == '}' ? '{' : '[') + "': " + in_quotes(rest_of_line(pos_)));
        } else {
            const std::size_t begin = pos_;
            while (pos_ < text_.size() && !is_delimiter(text_[pos_])) ++pos_;
            if (!open_variations_.empty()) continue;  // a variation is skipped whole
            if (auto err = read_word(text_.substr(begin, pos_ - begin), line_)) return *err;
        }
    }
    if (!open_variations_.empty()) return unterminated_variation("");
    if (pending_) finish(std::nullopt);  // the last game may lack its result token
    if (stopped_) return *stopped_;
    return games_;
}

template <class N>
typename RecordReader<N>::Pending& RecordReader<N>::game(int line) {
    if (!pending_) {
        // Not emplace(): clang 14 judges Pending (default member initializers, nested in a class
        // still incomplete where optional<Pending> is declared) not default-constructible.
        pending_ = Pending{};
        pending_->game.index = static_cast<int>(games_) + 1;
        pending_->game.line = line;
    }
    return *pending_;
}

template <class N>
void RecordReader<N>::finish(std::optional<GameResult> token) {
    Game& g = pending_->game;
    g.result = token ? *token : pending_->tag_result.value_or(GameResult::Unknown);
    ++games_;
    if (!stopped_) stopped_ = visit_(g);
    pending_.reset();
}

template <class N>
std::optional<Error> RecordReader<N>::skip_comment() {
    const auto end = text_.find('}', pos_);
    if (end == std::string_view::npos)
        return error(
            line_, "unterminated comment " + in_quotes(rest_of_line(pos_)) + ": no '}' closes it");
    for (std::size_t i = pos_; i < end; ++i) {
        if (text_[i] != '\n') continue;
        ++line_;
        line_begin_ = i + 1;
    }
    pos_ = end + 1;
    return std::nullopt;
}

// `(!)`, `(?!)`: a move's annotation in brackets (PDN 3.0 MOVESTRENGTH), not a variation.
template <class N>
bool RecordReader<N>::skip_bracketed_annotation() {
    std::size_t p = pos_ + 1;
    while (p < text_.size() && (text_[p] == '!' || text_[p] == '?')) ++p;
    if (p == pos_ + 1 || p >= text_.size() || text_[p] != ')') return false;
    pos_ = p + 1;
    return true;
}

// `[Name "value"]` on one line; in the value `\"` is a quote and `\\` a backslash.
template <class N>
std::optional<Error> RecordReader<N>::read_tag() {
    const std::size_t begin = pos_;
    std::size_t p = pos_ + 1;
    const auto at_end = [&] { return p >= text_.size() || text_[p] == '\n'; };
    const auto skip_blanks = [&] {
        while (!at_end() && is_blank(text_[p])) ++p;
    };
    const auto unterminated = [&] {
        return error(line_, "unterminated tag " + in_quotes(rest_of_line(begin)) +
                                ": a tag ends with '\"]' on its own line");
    };
    const auto malformed = [&](const char* why) {
        return error(line_, "bad tag " + in_quotes(rest_of_line(begin)) + ": " + why);
    };

    skip_blanks();
    const std::size_t name_begin = p;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(text_[p])) || text_[p] == '_'))
        ++p;
    std::string name(text_.substr(name_begin, p - name_begin));
    skip_blanks();
    if (at_end()) return unterminated();
    if (name.empty()) return malformed("expected a tag name after '['");
    if (text_[p] != '"') return malformed("expected a quoted value after the name");
    ++p;
    std::string value;
    for (;;) {
        if (at_end()) return unterminated();
        const char c = text_[p++];
        if (c == '"') break;
        if (c == '\\' && !at_end() && (text_[p] == '"' || text_[p] == '\\')) {
            value += text_[p++];
            continue;
        }
        value += c;
    }
    skip_blanks();
    if (at_end()) return unterminated();
    if (text_[p] != ']') return malformed("expected ']' after the value");
    pos_ = p + 1;
    add_tag(std::move(name), std::move(value), line_);
    return std::nullopt;
}

template <class N>
void RecordReader<N>::add_tag(std::string name, std::string value, int line) {
    // Tags after movetext, or a name the game already has, begin the next game.
    if (pending_ && (pending_->movetext || pending_->tag_names.count(name))) finish(std::nullopt);
    Pending& g = game(line);
    g.tag_names.insert(name);
    if (name == "FEN") {
        g.game.fen = value;
        g.next_side = N::fen_side(value).value_or(N::kFirstToMove);
        // The second player's first move is the second half of number 1 (`1... 22-18`).
        g.in_number = g.next_side == N::kFirstToMove ? 0 : 1;
    } else if (name == "Result") {
        g.tag_result = result_token<N>(trim(value)).value_or(GameResult::Unknown);
    }
    g.game.tags.emplace_back(std::move(name), std::move(value));
}

template <class N>
std::optional<Error> RecordReader<N>::read_word(std::string_view word, int line) {
    const auto bad = [&] {
        return error(line, "unexpected token " + in_quotes(word) +
                               ": not a move, move number, NAG, result or comment");
    };
    std::string_view w = word;
    if (const auto result = result_token<N>(w)) {
        game(line);
        finish(*result);
        return std::nullopt;
    }

    // A move number, perhaps with the move glued on: `12.`, `12...`, `12.11-15`.
    std::size_t digits = 0;
    while (digits < w.size() && is_digit(w[digits])) ++digits;
    if (digits > 0 && digits < w.size() && w[digits] == '.') {
        std::size_t dots = digits;
        while (dots < w.size() && w[dots] == '.') ++dots;
        int number = 0;
        if (digits > 6 || std::from_chars(w.data(), w.data() + digits, number).ec != std::errc())
            return bad();
        Pending& g = game(line);
        g.movetext = true;
        g.number = number;
        g.in_number = dots - digits > 1 ? 1 : 0;  // `12...` introduces the second move of 12
        w.remove_prefix(dots);
        if (w.empty()) return std::nullopt;
        if (const auto result = result_token<N>(w)) {
            finish(*result);
            return std::nullopt;
        }
    }

    if (w == "..." || w == "\xE2\x80\xA6") {  // the next move is the second of its number
        Pending& g = game(line);
        g.movetext = true;
        g.in_number = 1;
        return std::nullopt;
    }
    if (w.size() > 1 && w.front() == '$' &&
        w.find_first_not_of("0123456789", 1) == std::string_view::npos)
        return std::nullopt;  // a NAG
    std::string_view body = w;
    while (!body.empty() && N::kAnnotations.find(body.back()) != std::string_view::npos)
        body.remove_suffix(1);
    if (body.empty()) return std::nullopt;  // an annotation on its own
    auto text = N::move_text(body);
    if (!text) return bad();
    add_move(std::move(*text), line);
    return std::nullopt;
}

template <class N>
void RecordReader<N>::add_move(std::string text, int line) {
    Pending& g = game(line);
    g.movetext = true;
    if (g.in_number >= 2) {
        ++g.number;
        g.in_number = 0;
    }
    const bool second = g.in_number == 1;
    ++g.in_number;
    g.game.moves.push_back({g.number, g.next_side, std::move(text), line, second});
    g.next_side = ~g.next_side;
}

}  // namespace detail

// Splits text into games, handing each to visit as soon as it ends, so that memory holds one game
// however many the text has. A game ends at its result token, or where the next game's tags
// start (also a tag name repeated before any movetext), or at the end of the text; comments alone
// do not make a game, so empty input gives zero games. Errors read `file:line: ...` and name the
// token: an unterminated tag, comment or variation, a ')' or '}' with no opening, a malformed
// tag, or a token that is none of move, move number, NAG, annotation, result or comment. A
// visit's error stops the walk and is returned; else the number of games.
template <class N>
Result<std::size_t> for_each_game(
    std::string_view text, const std::string& file,
    const std::function<std::optional<Error>(const GameRecord<typename N::Color>&)>& visit) {
    return detail::RecordReader<N>(text, file, visit).run();
}

// Every game of the text (for_each_game into a list).
template <class N>
Result<std::vector<GameRecord<typename N::Color>>> parse_games(std::string_view text,
                                                               const std::string& file) {
    std::vector<GameRecord<typename N::Color>> games;
    const auto n = for_each_game<N>(text, file, [&](const auto& g) -> std::optional<Error> {
        games.push_back(g);
        return std::nullopt;
    });
    if (!n) return Error{n.error()};
    return games;
}

template <class Position, class Move>
struct ReplayedRecord {
    Position start;
    std::vector<Move> moves;
    std::vector<Position> positions;  // positions[0] = start, positions[i + 1] after moves[i]
};

// Replays the main line from the [FEN] set-up (parse_fen) or from start, each move read by
// parse_move(text, position). Refusals: `game 2 (from line 40): bad FEN tag '...': <why>` and
// `game 2, move 14 (White) '22-17' (line 57): <parse_move's reason><note(position)>`.
template <class Position, class Move, class Color, class ParseFen, class ParseMove, class Note>
Result<ReplayedRecord<Position, Move>> replay_record(const GameRecord<Color>& game, Position start,
                                                     ParseFen parse_fen, ParseMove parse_move,
                                                     Note note) {
    const std::string where = "game " + std::to_string(game.index);
    ReplayedRecord<Position, Move> r;
    r.start = start;
    if (game.fen) {
        const auto set_up = parse_fen(*game.fen);
        if (!set_up)
            return Error{where + " (from line " + std::to_string(game.line) + "): bad FEN tag " +
                         in_quotes(*game.fen) + ": " + set_up.error()};
        r.start = *set_up;
    }
    r.moves.reserve(game.moves.size());
    r.positions.reserve(game.moves.size() + 1);
    r.positions.push_back(r.start);
    Position pos = r.start;
    for (const RecordMove<Color>& rm : game.moves) {
        const auto m = parse_move(rm.text, pos);
        if (!m)
            return Error{where + ", move " + std::to_string(rm.number) + " (" +
                         title(pos.side_to_move()) + ") " + in_quotes(rm.text) + " (line " +
                         std::to_string(rm.line) + "): " + m.error() + note(pos)};
        pos = pos.after(*m);
        r.moves.push_back(*m);
        r.positions.push_back(pos);
    }
    return r;
}

}  // namespace retrocheck::records
