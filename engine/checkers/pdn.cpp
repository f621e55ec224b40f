#include "engine/checkers/pdn.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <set>
#include <string>

#include "engine/checkers/notation.h"
#include "engine/checkers/rules.h"
#include "engine/core/text.h"
#include "engine/core/text_file.h"

namespace retrocheck::checkers {
namespace {

// A move names at most 13 squares (12 landings), so no honest move token comes near this.
constexpr std::size_t kMaxMoveToken = 64;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// What ends a movetext word: white space and the characters that open or close something.
bool is_delimiter(char c) {
    return is_blank(c) || c == '\n' ||
           std::string_view("{}()[];").find(c) != std::string_view::npos;
}

GameResult win_for(Color c) {
    return c == Color::Black ? GameResult::BlackWins : GameResult::WhiteWins;
}

// PDN results list the first side to move first (see pdn.h), and in English checkers that is
// rules::kFirstToMove, Black.
std::optional<GameResult> result_token(std::string_view w) {
    if (w == "1-0" || w == "2-0") return win_for(rules::kFirstToMove);
    if (w == "0-1" || w == "0-2") return win_for(~rules::kFirstToMove);
    if (w == "1/2-1/2" || w == "1-1" || w == "\xC2\xBD-\xC2\xBD") return GameResult::Draw;
    if (w == "0-0" || w == "*") return GameResult::Unknown;
    return std::nullopt;
}

// `11-15`, `22x15`, `15x24x31`, `15:24`: squares of digits joined by separators. Returns the
// text with `:` as `x`; which squares and separators make a legal move is parse_move's to say.
std::optional<std::string> move_text(std::string_view w) {
    if (w.size() > kMaxMoveToken) return std::nullopt;
    std::string text;
    int squares = 0;
    bool in_square = false;
    for (char c : w) {
        if (is_digit(c)) {
            squares += in_square ? 0 : 1;
            in_square = true;
            text += c;
        } else if (c == '-' || c == 'x' || c == 'X' || c == ':') {
            if (!in_square) return std::nullopt;
            in_square = false;
            text += c == ':' ? 'x' : c;
        } else {
            return std::nullopt;
        }
    }
    if (!in_square || squares < 2) return std::nullopt;
    return text;
}

class Reader {
  public:
    using Visit = std::function<std::optional<Error>(const PdnGame&)>;
    Reader(std::string_view text, const std::string& file, const Visit& visit)
        : text_(text), file_(file), visit_(visit) {}

    // The number of games, each handed to visit as it ends.
    Result<std::size_t> run();

  private:
    // The game being read.
    struct Pending {
        PdnGame game;
        bool movetext = false;  // a move, move number or ellipsis has been read
        std::optional<GameResult> tag_result;
        Color next_side = rules::kFirstToMove;
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

Result<std::size_t> Reader::run() {
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

Reader::Pending& Reader::game(int line) {
    if (!pending_) {
        // Not emplace(): clang 14 judges Pending (default member initializers, nested in a class
        // still incomplete where optional<Pending> is declared) not default-constructible.
        pending_ = Pending{};
        pending_->game.index = static_cast<int>(games_) + 1;
        pending_->game.line = line;
    }
    return *pending_;
}

void Reader::finish(std::optional<GameResult> token) {
    PdnGame& g = pending_->game;
    g.result = token ? *token : pending_->tag_result.value_or(GameResult::Unknown);
    ++games_;
    if (!stopped_) stopped_ = visit_(g);
    pending_.reset();
}

std::optional<Error> Reader::skip_comment() {
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
bool Reader::skip_bracketed_annotation() {
    std::size_t p = pos_ + 1;
    while (p < text_.size() && (text_[p] == '!' || text_[p] == '?')) ++p;
    if (p == pos_ + 1 || p >= text_.size() || text_[p] != ')') return false;
    pos_ = p + 1;
    return true;
}

// `[Name "value"]` on one line; in the value `\"` is a quote and `\\` a backslash.
std::optional<Error> Reader::read_tag() {
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

void Reader::add_tag(std::string name, std::string value, int line) {
    // Tags after movetext, or a name the game already has, begin the next game.
    if (pending_ && (pending_->movetext || pending_->tag_names.count(name))) finish(std::nullopt);
    Pending& g = game(line);
    g.tag_names.insert(name);
    if (name == "FEN") {
        g.game.fen = value;
        const auto pos = parse_fen(value);
        g.next_side = pos ? pos->side_to_move() : rules::kFirstToMove;
        // The second player's first move is the second half of number 1 (`1... 22-18`).
        g.in_number = g.next_side == rules::kFirstToMove ? 0 : 1;
    } else if (name == "Result") {
        g.tag_result = result_token(trim(value)).value_or(GameResult::Unknown);
    }
    g.game.tags.emplace_back(std::move(name), std::move(value));
}

std::optional<Error> Reader::read_word(std::string_view word, int line) {
    const auto bad = [&] {
        return error(line, "unexpected token " + in_quotes(word) +
                               ": not a move, move number, NAG, result or comment");
    };
    std::string_view w = word;
    if (const auto result = result_token(w)) {
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
        if (const auto result = result_token(w)) {
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
    while (!body.empty() && std::string_view("!?*").find(body.back()) != std::string_view::npos)
        body.remove_suffix(1);
    if (body.empty()) return std::nullopt;  // an annotation on its own
    auto text = move_text(body);
    if (!text) return bad();
    add_move(std::move(*text), line);
    return std::nullopt;
}

void Reader::add_move(std::string text, int line) {
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

}  // namespace

Result<std::size_t> for_each_pdn_game(
    std::string_view text, const std::string& file,
    const std::function<std::optional<Error>(const PdnGame&)>& visit) {
    return Reader(text, file, visit).run();
}

Result<std::vector<PdnGame>> parse_pdn(std::string_view text, const std::string& file) {
    std::vector<PdnGame> games;
    const auto n = for_each_pdn_game(text, file, [&](const PdnGame& g) -> std::optional<Error> {
        games.push_back(g);
        return std::nullopt;
    });
    if (!n) return Error{n.error()};
    return games;
}

Result<std::vector<PdnGame>> read_pdn(const std::filesystem::path& path) {
    const auto text = read_text_file(path);
    if (!text) return Error{text.error()};
    return parse_pdn(*text, path.string());
}

Result<ReplayedGame> replay(const PdnGame& game) {
    const std::string where = "game " + std::to_string(game.index);
    ReplayedGame r;
    r.start = Position::start();
    if (game.fen) {
        const auto start = parse_fen(*game.fen);
        if (!start)
            return Error{where + " (from line " + std::to_string(game.line) + "): bad FEN tag " +
                         in_quotes(*game.fen) + ": " + start.error()};
        r.start = *start;
    }
    r.moves.reserve(game.moves.size());
    r.positions.reserve(game.moves.size() + 1);
    r.positions.push_back(r.start);
    Position pos = r.start;
    for (const PdnMove& pm : game.moves) {
        const auto m = parse_move(pm.text, pos);
        if (!m)
            return Error{where + ", move " + std::to_string(pm.number) + " (" +
                         title(pos.side_to_move()) + ") " + in_quotes(pm.text) + " (line " +
                         std::to_string(pm.line) + "): " + m.error()};
        pos = pos.after(*m);
        r.moves.push_back(*m);
        r.positions.push_back(pos);
    }
    return r;
}

std::string to_string(GameResult r) {
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

}  // namespace retrocheck::checkers
