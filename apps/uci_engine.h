// A UCI engine run as a child process (`sh -c COMMAND`, with Debian's /usr/games on the PATH):
// the handshake, and `go perft N` with its divide. Every wait has a deadline; an engine that
// dies, hangs or answers in an unknown form is an error naming the engine and what it said.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.h"

namespace retrocheck::app {

struct EngineDivide {
    std::vector<std::pair<std::string, std::uint64_t>> moves;  // UCI move, leaves below it
    std::uint64_t total = 0;                                   // the engine's own total
};

class UciEngine {
  public:
    static Result<std::unique_ptr<UciEngine>> start(const std::string& command, int timeout_ms);
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    const std::string& name() const { return name_; }  // "id name", or the command
    // `position fen F` and `go perft depth` (depth >= 1): the divide and the total.
    Result<EngineDivide> perft(const std::string& fen, int depth, int timeout_ms);
    // `ucinewgame` (the engine forgets what it learned of another game).
    bool new_game() { return send("ucinewgame"); }
    // `position fen F moves M...` and `go GO` ("nodes 20000", "movetime 500"): the move of
    // `bestmove`, as the engine wrote it (UCI; "(none)" or "0000" for no move).
    Result<std::string> best_move(const std::string& fen, const std::vector<std::string>& moves,
                                  const std::string& go, int timeout_ms);

  private:
    UciEngine(std::string command, pid_t pid, int to, int from);
    bool send(const std::string& line);
    // The next line, or an error once the deadline passes, the engine's output ends or a line
    // grows past kMaxLine without ending. The deadline bounds a whole exchange, not a line: an
    // engine that writes without end is stopped all the same.
    Result<std::string> read_line(std::chrono::steady_clock::time_point deadline, int timeout_ms);
    static constexpr std::size_t kMaxLine = 1 << 20;
    std::string died() const;
    std::string last_words() const;  // " (its stderr: '...')" or ""

    std::string command_, name_;
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    std::string buffer_;
    std::FILE* errors_ = nullptr;  // the engine's stderr
};

}  // namespace retrocheck::app
