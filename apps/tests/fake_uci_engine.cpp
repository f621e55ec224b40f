// A scripted UCI engine for perft-diff's tests: it answers `go perft` with our own generator,
// except for the defect it is told to have:
//   --drop EPD=MOVE   at the position EPD (four fields) it does not generate MOVE (UCI)
//   --add EPD=MOVE    at EPD it also generates MOVE (from-to, as if legal)
//   --die             exits at the first `go perft`; --hang: never answers it
//   --bestmove M      answers every `go` other than perft with M (else the first legal move)
// so perft-diff must walk down to EPD and name MOVE, or report the engine's failure.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"

using namespace retrocheck::chess;

namespace {

struct Defect {
    std::uint64_t at = 0;  // the hash of the position where it shows
    Move drop{}, add{};
    bool dropping = false, adding = false;
};
Defect defect;

MoveList moves_of(const Position& pos) {
    MoveList out;
    for (Move m : legal_moves(pos))
        if (!(defect.dropping && pos.hash() == defect.at && m == defect.drop)) out.push(m);
    if (defect.adding && pos.hash() == defect.at) out.push(defect.add);
    return out;
}

std::uint64_t perft(const Position& pos, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (Move m : moves_of(pos)) n += depth == 1 ? 1 : perft(pos.after(m), depth - 1);
    return n;
}

bool set_defect(const std::string& spec, bool drop) {
    const auto eq = spec.rfind('=');
    if (eq == std::string::npos) return false;
    const auto pos = parse_fen(spec.substr(0, eq));
    if (!pos) return false;
    defect.at = pos->hash();
    const std::string uci = spec.substr(eq + 1);
    if (drop) {
        const auto m = parse_uci(uci, *pos);
        if (!m) return false;
        defect.drop = *m;
        defect.dropping = true;
    } else {
        defect.add = Move::make(make_square(uci[0] - 'a', uci[1] - '1'),
                                make_square(uci[2] - 'a', uci[3] - '1'));
        defect.adding = true;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    bool die = false, hang = false;
    std::string bestmove;  // --bestmove M: every `go` other than perft answers M
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--drop" || a == "--add") && i + 1 < argc) {
            if (!set_defect(argv[++i], a == "--drop")) {
                std::fprintf(stderr, "fake engine: bad %s %s\n", a.c_str(), argv[i]);
                return 2;
            }
        } else if (a == "--bestmove" && i + 1 < argc) {
            bestmove = argv[++i];
        } else if (a == "--die") {
            die = true;
        } else if (a == "--hang") {
            hang = true;
        } else {
            std::fprintf(stderr, "fake engine: unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    Position pos = Position::start();
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string word;
        in >> word;
        if (word == "uci") {
            std::cout << "id name fake engine\nuciok" << std::endl;
        } else if (word == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (word == "position") {
            std::string kind, fen, token;
            in >> kind;
            while (in >> token && token != "moves") fen += (fen.empty() ? "" : " ") + token;
            pos = kind == "startpos" ? Position::start() : *parse_fen(fen);
            while (in >> token) pos = pos.after(*parse_uci(token, pos));
        } else if (word == "go") {
            std::string perft_word;
            int depth = 0;
            in >> perft_word >> depth;
            if (die) return 3;
            if (hang) pause();
            if (perft_word != "perft") {  // a search: the given move, or the first legal one
                const auto moves = moves_of(pos);
                std::cout << "bestmove "
                          << (!bestmove.empty() ? bestmove
                              : moves.empty()   ? std::string("(none)")
                                                : format_uci(moves[0]))
                          << std::endl;
                continue;
            }
            std::uint64_t total = 0;
            for (Move m : moves_of(pos)) {
                const std::uint64_t n = perft(pos.after(m), depth - 1);
                total += n;
                std::cout << format_uci(m) << ": " << n << "\n";
            }
            std::cout << "\nNodes searched: " << total << "\n" << std::endl;
        } else if (word == "quit") {
            return 0;
        }
    }
    return 0;
}
