// The KPvK bitbase of the engine's endgame knowledge (engine/chess/endgames/kpk.h), made from our
// own KPvK table: built in memory, with the tables its promotions lead to, on first use.
#pragma once

#include <memory>

#include "engine/chess/endgames/kpk.h"

namespace retrocheck::tb::chess {

std::shared_ptr<const retrocheck::chess::endgames::KpkBitbase> kpk_bitbase();

}  // namespace retrocheck::tb::chess
