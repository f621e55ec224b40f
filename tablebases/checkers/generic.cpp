// The generic paths of tablebases/ (the verifier and its classification), instantiated for
// checkers.
#include "tablebases/checkers/game.h"
#include "tablebases/verify/verifier_impl.h"

namespace retrocheck::tb {

template VerifyReport<CheckersGame> verify<TableSet, CheckersGame>(
    const TableSet&, std::size_t, std::atomic<std::uint64_t>*,
    const std::vector<CheckersGame::Slice>&);
template VerifyReport<CheckersGame> verify_part<TableSet, CheckersGame>(
    const TableSet&, std::size_t, std::atomic<std::uint64_t>*,
    const std::vector<CheckersGame::Slice>&);
template std::vector<Violation<CheckersGame>> check_position<TableSet, CheckersGame>(
    const TableSet&, const CheckersGame::Position&);
template std::string describe<CheckersGame>(const Violation<CheckersGame>&);

}  // namespace retrocheck::tb
