// The rule choices of English (American) checkers, as named constants. Each one is a point on
// which checkers variants differ; the move generator reads them with `if constexpr` or checks
// them with static_assert, so changing one is a deliberate act. Source: CHECKERS.md, "Rules",
// which follows the American Checker Federation's standard rules.
#pragma once

#include "engine/checkers/types.h"

namespace retrocheck::checkers::rules {

// Black (Red) moves first. (CHECKERS.md: "Black ... starts on 1-12 and moves first".)
inline constexpr Color kFirstToMove = Color::Black;

// Men move and capture forward only; Brazilian/international men also capture backwards.
inline constexpr bool kMenCaptureBackward = false;

// Kings move and capture one square at a time, in all four directions (no flying kings).
inline constexpr bool kFlyingKings = false;

// Captures are mandatory, and a started capture must be completed to the end of its sequence.
inline constexpr bool kCapturesMandatory = true;

// The player may choose any capture sequence: there is no rule to take the most pieces.
inline constexpr bool kMustCaptureMost = false;

// A man that reaches the far row is crowned and its move ends there, even if it could capture on.
inline constexpr bool kPromotionEndsMove = true;

// The side to move with no legal move (no pieces, or all blocked) loses.
inline constexpr bool kNoMoveLoses = true;

// The row a man of colour c promotes on: Black men move toward 29-32, White men toward 1-4.
constexpr Bitboard promotion_row(Color c) { return c == Color::Black ? 0xF0000000u : 0x0000000Fu; }

}  // namespace retrocheck::checkers::rules
