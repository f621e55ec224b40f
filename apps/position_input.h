// Positions as every FEN-taking command accepts them: one FEN argument, `-` for FENs on standard
// input, or --fen-file F (one a line; blank lines and `#` comments skipped), each with the moves
// of --moves applied first. All input is read and checked before any work starts, so a bad line
// is refused (exit 2, naming where it is) with nothing half done; the positions are then made
// again one at a time as the command reaches them, in memory that does not grow with the input.
//
// show, moves, perft and perft-diff take chess positions too: the game is told by the first
// FEN's syntax (a chess board field has eight ranks between '/'), or named by --game.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/chess/position.h"
#include "engine/core/mapped_text.h"
#include "engine/core/result.h"

namespace retrocheck::app {

struct PositionArgs {
    std::string fen;  // a FEN, or "-" for standard input; not given: the default (if any)
    // Whether fen was given (an empty one is refused, not taken for the default): set for the
    // command's "fen" option by add_position_options, or by a command that fills fen itself.
    const CLI::Option* fen_option = nullptr;
    bool fen_given = false;
    std::string fen_file;
    std::string moves;  // "24-19 8-11" or "e2e4 Nf6", applied in order to every position
    std::string game;   // "chess", "checkers", or "" to tell by the FEN
};

// Adds --fen-file and --moves (the FEN positional stays the command's own, added before).
void add_position_options(CLI::App* cmd, PositionArgs& args);
// Adds --game chess|checkers, for the commands that play both games.
void add_game_option(CLI::App* cmd, PositionArgs& args);

template <class P>
struct InputPositionOf {
    P position;
    std::string where;  // "stdin line 3", "F line 3", or "" for the argument
};

// The FEN lines as given, before any is parsed: one argument, or the lines of stdin or a file,
// mapped (stdin spooled to a temporary file first), never copied whole into memory.
struct InputText {
    std::string argument;                    // the FEN argument, when one was given
    std::shared_ptr<const MappedText> file;  // stdin or --fen-file
    std::string name;                        // "stdin", or the file's name
    bool bulk = false;
    bool given = false;  // false: no FEN, no file (the command's default position applies)

    // The next FEN line (trimmed; blank lines and `#` comments skipped) and its 1-based number.
    class Cursor {
      public:
        explicit Cursor(std::string_view text) : text_(text) {}
        bool next(std::string_view& fen, int& line);

      private:
        std::string_view text_;
        std::size_t at_ = 0;
        int line_ = 0;
    };
    std::string_view lines() const { return file ? file->text() : std::string_view(argument); }
    // "stdin line 3", or "" for the argument.
    std::string where(int line) const {
        return file ? name + " line " + std::to_string(line) : std::string();
    }
    // The first FEN, or "" when there is none.
    std::string first() const;
};
Result<InputText> read_input_text(const PositionArgs& args);

// The positions of the input, visited in order: each line parsed (and --moves played) again as
// it is reached, after the whole input was checked once, so that memory does not grow with it.
template <class P>
class PositionsOf {
  public:
    using Item = InputPositionOf<P>;
    using Parse = std::function<Result<P>(std::string_view)>;

    PositionsOf() = default;
    // Positions already made (the argument, or the default).
    explicit PositionsOf(std::vector<Item> made) : made_(std::move(made)) {}
    // The lines of text, every one known to parse.
    PositionsOf(InputText text, Parse parse, std::size_t count)
        : text_(std::move(text)), parse_(std::move(parse)), count_(count) {}

    std::size_t size() const { return parse_ ? count_ : made_.size(); }

    class iterator {
      public:
        using value_type = Item;
        using difference_type = std::ptrdiff_t;
        const Item& operator*() const { return item_; }
        const Item* operator->() const { return &item_; }
        iterator& operator++() {
            advance();
            return *this;
        }
        bool operator==(const iterator& o) const {
            return done_ == o.done_ && (done_ || at_ == o.at_);
        }

      private:
        friend class PositionsOf;
        iterator(const PositionsOf* of, bool done)
            : of_(of), cursor_(of->text_.lines()), done_(done) {
            if (!done_) advance();
        }
        void advance() {
            if (!of_->parse_) {
                done_ = at_ >= of_->made_.size();
                if (!done_) item_ = of_->made_[at_];
                ++at_;
                return;
            }
            std::string_view fen;
            int line = 0;
            done_ = !cursor_.next(fen, line);
            if (done_) return;
            ++at_;
            // Checked when the input was read: the parse cannot fail here.
            item_ = {*of_->parse_(fen), of_->text_.where(line)};
        }
        const PositionsOf* of_;
        InputText::Cursor cursor_;
        Item item_{};
        std::size_t at_ = 0;
        bool done_;
    };
    iterator begin() const { return iterator(this, false); }
    iterator end() const { return iterator(this, true); }

  private:
    std::vector<Item> made_;
    InputText text_;
    Parse parse_;
    std::size_t count_ = 0;
};

template <class P>
struct PositionInputOf {
    PositionsOf<P> positions;
    bool bulk = false;  // from stdin or a file: the answer is one record a position
};

using InputPosition = InputPositionOf<checkers::Position>;
using PositionInput = PositionInputOf<checkers::Position>;
using ChessInput = PositionInputOf<chess::Position>;

// Whether the input is chess: --game if given, else the first FEN's syntax (no FEN: checkers).
bool is_chess(const PositionArgs& args, const InputText& text);

// fallback: the position to use when neither a FEN nor a file is given (nothing: an error).
Result<PositionInput> read_positions(const PositionArgs& args,
                                     std::optional<checkers::Position> fallback = std::nullopt);
Result<PositionInput> parse_positions(const PositionArgs& args, const InputText& text,
                                      std::optional<checkers::Position> fallback = std::nullopt);
Result<ChessInput> parse_chess_positions(const PositionArgs& args, const InputText& text,
                                         std::optional<chess::Position> fallback = std::nullopt);

}  // namespace retrocheck::app
