// The regression corpus: positions with published (or established) verdicts, one a line, tab
// separated (corpus/checkers.tsv, corpus/chess.tsv):
//
//   FEN  result  keeps  spoils  source  note
//
// result    for the side to move: win, draw or loss, optionally with the distance in plies to
//           the end of the game (`loss in 8`), which is then checked too where tables reach;
// keeps     moves that keep the result, comma separated, `-` for none given (checkers 22x15;
//           chess SAN or UCI);
// spoils    moves that change it for the worse (a win or draw thrown away), `-` for none;
// source    where the verdict comes from;
// note      `-`, or a remark; `disputed: <win|draw|loss> ...` marks an entry whose result is our
//           proven value and contradicts the published verdict named there (both are printed);
//           `open: <why>` marks an entry not proven within the corpus budget on this machine
//           (`retrocheck corpus` skips it unless given --open).
// Blank lines and lines starting with `#` are comments.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/corpus_game.h"
#include "engine/core/outcome.h"
#include "engine/core/result.h"

namespace retrocheck::corpus {

template <class P>
struct EntryOf {
    int line = 0;
    P position;
    Outcome verdict = Outcome::draw();  // for the side to move; a distance when the entry gives one
    std::vector<MoveOf<P>> keeps, spoils;
    std::string source;
    std::string note;             // empty for `-`
    std::optional<Wld> disputed;  // the published verdict the result contradicts
    bool open = false;            // not proven within the budget: the note says why
};
using Entry = EntryOf<checkers::Position>;
using ChessEntry = EntryOf<chess::Position>;

// Errors name the file, the line and the bad field or token. P is checkers::Position or
// chess::Position.
template <class P = checkers::Position>
Result<std::vector<EntryOf<P>>> parse_corpus(std::string_view text, const std::string& file);

// Whether a corpus text is chess: its first entry's FEN has a chess board (eight ranks between
// '/'). A PDN text is checkers.
bool is_chess_corpus(std::string_view text);

// A PDN problem file as a corpus: each game's [FEN] set-up is an entry, its result (the result
// token or [Result] tag, PDN's colours) the published verdict, its first move a key move (a
// keep), its Event tag (or the file and game number) the source.
Result<std::vector<Entry>> parse_pdn_corpus(std::string_view text, const std::string& file);

// A checkers corpus file in either form: PDN when its name ends in .pdn or its text starts with a
// tag; the second form takes the file's text already read.
Result<std::vector<Entry>> read_corpus(const std::filesystem::path& path);
Result<std::vector<Entry>> parse_checkers_corpus(std::string_view text,
                                                 const std::filesystem::path& path);

}  // namespace retrocheck::corpus
