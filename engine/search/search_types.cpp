#include "engine/search/search_types.h"

namespace retrocheck::search {

const char* to_string(ScoreKind k) {
    switch (k) {
        case ScoreKind::Heuristic:
            return "heuristic";
        case ScoreKind::Win:
            return "win";
        case ScoreKind::Loss:
            return "loss";
        case ScoreKind::TableWin:
            return "table_win";
        case ScoreKind::TableLoss:
            return "table_loss";
        case ScoreKind::TableDraw:
            return "table_draw";
    }
    return "?";
}

}  // namespace retrocheck::search
