#include "tablebases/chess/material.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

#include "engine/core/text.h"

namespace retrocheck::tb::chess {

namespace {

constexpr PieceType kTypes[5] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                 PieceType::Knight, PieceType::Pawn};

std::size_t slot_of(PieceType t) {
    return static_cast<std::size_t>(std::find(std::begin(kTypes), std::end(kTypes), t) -
                                    std::begin(kTypes));
}

}  // namespace

Result<std::vector<Material>> Material::parse_list(std::string_view text) {
    std::vector<Material> out;
    for (std::size_t at = 0; at <= text.size();) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        auto m = parse(trim(text.substr(at, comma - at)));
        if (!m) return Error{m.error()};
        out.push_back(*m);
        at = comma + 1;
    }
    return out;
}

Result<Material> Material::parse(std::string_view text) {
    auto bad = [&](const std::string& why) {
        return Error{"material " + in_quotes(text) + ": " + why +
                     " (spelled as Syzygy's KQvKR, Gaviota's kqkr or plain KQKR)"};
    };
    const bool upper = std::any_of(text.begin(), text.end(), [](char c) { return c == 'K'; });
    const bool lower = std::any_of(text.begin(), text.end(), [](char c) { return c == 'k'; });
    if (upper == lower) return bad(upper ? "kings in both cases" : "no king");
    // Each side: its king, then its pieces; Black's begins at 'v' (dropped) or at its king.
    std::string sides[2];
    int side = -1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == 'v' && side == 0 && i + 1 < text.size() &&
            (text[i + 1] == 'K' || text[i + 1] == 'k'))
            continue;  // the separator; the next king opens Black's side
        const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (u == 'K') {
            if (++side > 1) return bad("more than one king a side");
        } else if (side < 0) {
            return bad("each side starts with its king");
        } else if (c !=
                   (upper ? u : static_cast<char>(std::tolower(static_cast<unsigned char>(c))))) {
            return bad(in_quotes(std::string_view(&c, 1)) + " is not one of Q R B N P");
        }
        sides[side] += u;
    }
    if (side != 1) return bad("two sides, each with its king");
    Material m;
    for (std::size_t s = 0; s < 2; ++s) {
        for (char c : std::string_view(sides[s]).substr(1)) {
            const auto at = std::string_view("QRBNP").find(c);
            if (at == std::string_view::npos)
                return bad(in_quotes(std::string_view(&c, 1)) + " is not one of Q R B N P");
            ++m.count[s][at];
        }
        if (std::accumulate(m.count[s].begin(), m.count[s].end(), 0) > 15 || m.count[s][4] > 8)
            return bad("more pieces than a side can have");
    }
    return m;
}

Material Material::of(const retrocheck::chess::Position& pos) {
    Material m;
    for (Color c : {Color::White, Color::Black})
        for (PieceType t : kTypes)
            m.count[slot(c)][slot_of(t)] =
                static_cast<std::uint8_t>(retrocheck::chess::popcount(pos.pieces(c, t)));
    return m;
}

int Material::pieces() const {
    int n = 2;
    for (const auto& side : count)
        for (std::uint8_t k : side) n += k;
    return n;
}

int Material::pawns() const { return count[0][4] + count[1][4]; }

std::string Material::name() const {
    std::string out;
    for (std::size_t side = 0; side < 2; ++side) {
        if (side == 1) out += 'v';
        out += 'K';
        for (std::size_t t = 0; t < 5; ++t) out.append(count[side][t], "QRBNP"[t]);
    }
    return out;
}

Material Material::canonical() const {
    // Each side as a count and a strength key: more pieces first, then Q > R > B > N > P from
    // the first piece on (the order of Syzygy's file names).
    auto side = [&](std::size_t c) {
        std::string key;
        for (std::size_t t = 0; t < 5; ++t) key.append(count[c][t], static_cast<char>('9' - t));
        return key;
    };
    const std::string w = side(0), b = side(1);
    const bool white_first = w.size() != b.size() ? w.size() > b.size() : w >= b;
    return white_first ? *this : flipped();
}

std::vector<Material> canonical_materials(const std::vector<Material>& materials) {
    std::set<Material> out;
    for (const Material& m : materials) out.insert(m.canonical());
    return {out.begin(), out.end()};
}

std::vector<Material> Material::successors() const {
    std::set<Material> out;
    for (std::size_t side = 0; side < 2; ++side) {
        for (std::size_t t = 0; t < 5; ++t) {
            if (!count[side][t]) continue;
            Material captured = *this;
            --captured.count[side][t];
            out.insert(captured);
        }
        if (!count[side][4]) continue;
        for (std::size_t to = 0; to < 4; ++to) {
            Material promoted = *this;
            --promoted.count[side][4];
            ++promoted.count[side][to];
            out.insert(promoted);
            for (std::size_t t = 0; t < 4; ++t) {  // a pawn cannot be taken by promoting
                if (!count[1 - side][t]) continue;
                Material both = promoted;
                --both.count[1 - side][t];
                out.insert(both);
            }
        }
    }
    return {out.begin(), out.end()};
}

std::strong_ordering operator<=>(const Material& a, const Material& b) {
    if (auto c = a.pieces() <=> b.pieces(); c != 0) return c;
    if (auto c = a.pawns() <=> b.pawns(); c != 0) return c;
    return a.name() <=> b.name();
}

std::vector<Material> materials_up_to(int max_pieces) {
    std::vector<Material> out;
    // Every split of up to max_pieces - 2 pieces between the two sides and five types.
    std::vector<Material> frontier{Material{}};
    std::set<Material> seen;
    while (!frontier.empty()) {
        const Material m = frontier.back();
        frontier.pop_back();
        if (!seen.insert(m).second) continue;
        if (m.pieces() >= max_pieces) continue;
        for (std::size_t side = 0; side < 2; ++side)
            for (std::size_t t = 0; t < 5; ++t) {
                Material more = m;
                ++more.count[side][t];
                frontier.push_back(more);
            }
    }
    for (const Material& m : seen)
        if (m.pieces() >= 3) out.push_back(m);
    return out;
}

}  // namespace retrocheck::tb::chess
