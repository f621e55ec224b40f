// The generic paths of tablebases/ (the verifier and its classification), instantiated for
// chess.
#include "tablebases/chess/game.h"
#include "tablebases/verify/verifier_impl.h"

namespace retrocheck::tb {

template VerifyReport<chess::ChessGame> verify<chess::MaterialTableSet, chess::ChessGame>(
    const chess::MaterialTableSet&, std::size_t, std::atomic<std::uint64_t>*,
    const std::vector<chess::ChessGame::Slice>&);
template VerifyReport<chess::ChessGame> verify_part<chess::MaterialTableSet, chess::ChessGame>(
    const chess::MaterialTableSet&, std::size_t, std::atomic<std::uint64_t>*,
    const std::vector<chess::ChessGame::Slice>&);
template std::vector<Violation<chess::ChessGame>>
check_position<chess::MaterialTableSet, chess::ChessGame>(const chess::MaterialTableSet&,
                                                          const chess::ChessGame::Position&);
template std::string describe<chess::ChessGame>(const Violation<chess::ChessGame>&);

}  // namespace retrocheck::tb
