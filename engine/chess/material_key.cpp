#include "engine/chess/material_key.h"

namespace retrocheck::chess {

namespace {

constexpr PieceType kOrder[] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                PieceType::Knight, PieceType::Pawn};

std::optional<PieceType> type_of_letter(char c) {
    for (const PieceType t : kOrder)
        if (letter(t) == c) return t;
    return std::nullopt;
}

}  // namespace

std::optional<MaterialKey> material_key_of(std::string_view name) {
    const auto v = name.find('v');
    if (v == std::string_view::npos) return std::nullopt;
    MaterialKey key = 0;
    for (const Color c : {Color::White, Color::Black}) {
        const std::string_view side = c == Color::White ? name.substr(0, v) : name.substr(v + 1);
        if (side.empty() || side[0] != 'K') return std::nullopt;
        for (const char ch : side.substr(1)) {
            const auto t = type_of_letter(ch);
            if (!t || count_of(key, c, *t) == 15) return std::nullopt;
            key += material_unit({c, *t});
        }
    }
    return key;
}

std::string material_name(MaterialKey k) {
    std::string s;
    for (const Color c : {Color::White, Color::Black}) {
        if (c == Color::Black) s += 'v';
        s += 'K';
        for (const PieceType t : kOrder)
            s.append(static_cast<std::size_t>(count_of(k, c, t)), letter(t));
    }
    return s;
}

}  // namespace retrocheck::chess
