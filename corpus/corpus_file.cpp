#include "corpus/corpus_file.h"

#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>

#include "engine/checkers/notation.h"
#include "engine/checkers/pdn.h"
#include "engine/core/text.h"
#include "engine/core/text_file.h"

namespace retrocheck::corpus {

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
        const std::size_t end = s.find(sep, start);
        out.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) return out;
        start = end + 1;
    }
}

std::optional<int> number(std::string_view s) {
    int n = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return n;
}

// `win`, `draw`, `loss`, `win in 5`, `loss in 8` or `loss in 8 plies` (odd for a win, even for
// a loss).
std::optional<Outcome> parse_verdict(std::string_view text) {
    const auto words = split(text, ' ');
    Wld w;
    if (words[0] == "win")
        w = Wld::Win;
    else if (words[0] == "loss")
        w = Wld::Loss;
    else if (words[0] == "draw")
        w = Wld::Draw;
    else
        return std::nullopt;
    if (words.size() == 1) return Outcome::of(w);
    const bool unit = words.size() == 4 && (words[3] == "plies" || words[3] == "ply");
    if ((words.size() != 3 && !unit) || words[1] != "in" || w == Wld::Draw) return std::nullopt;
    const auto plies = number(words[2]);
    if (!plies || *plies < 0 || (*plies % 2 == 1) != (w == Wld::Win)) return std::nullopt;
    return w == Wld::Win ? Outcome::win(*plies) : Outcome::loss(*plies);
}

template <class P>
Result<std::vector<MoveOf<P>>> parse_moves(std::string_view text, const P& pos) {
    std::vector<MoveOf<P>> moves;
    if (text == "-") return moves;
    for (const std::string_view token : split(text, ',')) {
        auto m = CorpusGame<P>::parse_move(trim(token), pos);
        if (!m) return Error{m.error()};
        moves.push_back(*m);
    }
    return moves;
}

constexpr std::string_view kDisputed = "disputed:";
constexpr std::string_view kOpen = "open:";

// The note, and the published verdict of a disputed entry (which must differ from its result).
Result<std::pair<std::string, std::optional<Wld>>> parse_note(std::string_view text, Wld result) {
    if (text == "-" || text.empty()) return std::pair<std::string, std::optional<Wld>>{};
    std::optional<Wld> published;
    if (text.substr(0, kDisputed.size()) == kDisputed) {
        const std::string_view rest = trim(text.substr(kDisputed.size()));
        const std::string_view word = rest.substr(0, rest.find_first_of(" ;,"));
        const auto v = word.empty() ? std::nullopt : parse_verdict(word);
        if (!v)
            return Error{
                "a disputed note names the published verdict first (`disputed: draw "
                "...`), found '" +
                std::string(word) + "'"};
        if (v->wld() == result)
            return Error{"a disputed entry's published verdict (" + std::string(word) +
                         ") must differ from its result"};
        published = v->wld();
    }
    return std::pair<std::string, std::optional<Wld>>{std::string(text), published};
}

// The first field of the first entry line, or nothing.
std::string_view first_fen(std::string_view text) {
    for (std::string_view line : split(text, '\n')) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        return trim(line.substr(0, line.find('\t')));
    }
    return {};
}

}  // namespace

bool is_chess_corpus(std::string_view text) { return chess::looks_like_fen(first_fen(text)); }

template <class P>
Result<std::vector<EntryOf<P>>> parse_corpus(std::string_view text, const std::string& file) {
    std::vector<EntryOf<P>> entries;
    int line_no = 0;
    for (std::string_view line : split(text, '\n')) {
        ++line_no;
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        const auto where = file + ":" + std::to_string(line_no) + ": ";
        const auto fields = split(line, '\t');
        if (fields.size() != 6)
            return Error{where +
                         "expected 6 tab-separated fields (FEN, result, keeps, spoils, "
                         "source, note), found " +
                         std::to_string(fields.size())};
        EntryOf<P> e;
        e.line = line_no;
        const auto pos = CorpusGame<P>::parse_fen(trim(fields[0]));
        if (!pos)
            return Error{where + "bad " + CorpusGame<P>::kName +
                         " FEN (a corpus holds the game of its first entry): " + pos.error()};
        e.position = *pos;
        const auto verdict = parse_verdict(trim(fields[1]));
        if (!verdict)
            return Error{where + "bad result '" + std::string(trim(fields[1])) +
                         "' (win, draw, loss, or `win in N` / `loss in N` with N odd for a win, "
                         "even for a loss)"};
        e.verdict = *verdict;
        auto keeps = parse_moves(trim(fields[2]), e.position);
        if (!keeps) return Error{where + "keeps: " + keeps.error()};
        auto spoils = parse_moves(trim(fields[3]), e.position);
        if (!spoils) return Error{where + "spoils: " + spoils.error()};
        if (e.verdict.is_loss() && !spoils->empty())
            return Error{where + "a lost position has no move that spoils its result"};
        e.keeps = std::move(keeps).value();
        e.spoils = std::move(spoils).value();
        e.source = std::string(trim(fields[4]));
        if (e.source.empty()) return Error{where + "every entry names its source"};
        auto note = parse_note(trim(fields[5]), e.verdict.wld());
        if (!note) return Error{where + note.error()};
        e.note = note->first;
        e.disputed = note->second;
        e.open = e.note.rfind(kOpen, 0) == 0;
        entries.push_back(std::move(e));
    }
    return entries;
}

template Result<std::vector<Entry>> parse_corpus<checkers::Position>(std::string_view,
                                                                     const std::string&);
template Result<std::vector<ChessEntry>> parse_corpus<chess::Position>(std::string_view,
                                                                       const std::string&);

Result<std::vector<Entry>> parse_pdn_corpus(std::string_view text, const std::string& file) {
    const auto games = checkers::parse_pdn(text, file);
    if (!games) return Error{games.error()};
    std::vector<Entry> entries;
    for (const checkers::PdnGame& g : *games) {
        const std::string where =
            file + ": game " + std::to_string(g.index) + " (line " + std::to_string(g.line) + "): ";
        if (!g.fen) return Error{where + "no [FEN] set-up: a problem needs its position"};
        const auto replayed = checkers::replay(g);
        if (!replayed) return Error{file + ": " + replayed.error()};
        Entry e;
        e.line = g.line;
        e.position = replayed->start;
        if (g.result == checkers::GameResult::Unknown)
            return Error{where + "no result (a result token or [Result] tag) to check"};
        if (g.result == checkers::GameResult::Draw) {
            e.verdict = Outcome::draw();
        } else {
            const auto winner = g.result == checkers::GameResult::BlackWins
                                    ? checkers::Color::Black
                                    : checkers::Color::White;
            e.verdict = Outcome::of(winner == e.position.side_to_move() ? Wld::Win : Wld::Loss);
        }
        if (!replayed->moves.empty()) e.keeps.push_back(replayed->moves.front());
        e.source = file + " game " + std::to_string(g.index);
        for (const auto& [tag, value] : g.tags)
            if (tag == "Event" && !value.empty() && value != "?") e.source = value;
        entries.push_back(std::move(e));
    }
    return entries;
}

Result<std::vector<Entry>> read_corpus(const std::filesystem::path& path) {
    auto text = read_text_file(path);
    if (!text) return Error{text.error()};
    return parse_checkers_corpus(*text, path);
}

Result<std::vector<Entry>> parse_checkers_corpus(std::string_view text,
                                                 const std::filesystem::path& path) {
    const auto first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (path.extension() == ".pdn" || (first != std::string_view::npos && text[first] == '['))
        return parse_pdn_corpus(text, path.string());
    return parse_corpus<checkers::Position>(text, path.string());
}

}  // namespace retrocheck::corpus
