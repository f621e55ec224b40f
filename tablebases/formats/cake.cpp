#include "tablebases/formats/cake.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/checkers/movegen.h"
#include "engine/core/text_file.h"
#include "tablebases/checkers/index.h"
#include "tablebases/formats/squares.h"
#include "tablebases/formats/text_cursor.h"

namespace retrocheck::tb::formats {

namespace {

constexpr int kSkipTail[30] = {36,   40,   44,   48,   52,   56,   60,   70,   80,   90,
                               100,  150,  200,  250,  300,  400,  500,  650,  800,  1000,
                               1200, 1400, 1600, 2000, 2400, 3200, 4000, 5000, 7500, 10000};
constexpr int kPow3[4] = {1, 3, 9, 27};

// Positions a byte describes (0 for the invalid 255).
std::uint64_t length_of(unsigned char x) {
    if (x <= 80) return 4;
    if (x == 255) return 0;
    const int r = (x - 81) % 58;
    return static_cast<std::uint64_t>(r < 28 ? 5 + r : kSkipTail[r - 28]);
}

Wld value_of_digit(int d) { return d == 0 ? Wld::Win : d == 1 ? Wld::Loss : Wld::Draw; }

std::string slice_name(const std::array<int, 7>& k) {
    return fmt::format("BASE{},{},{},{},{},{},{}", k[0], k[1], k[2], k[3], k[4], k[5],
                       k[6] ? 'w' : 'b');
}

std::uint64_t men_range(int rank, int n) {
    return n ? binomial(4 * rank + 4, n) - binomial(4 * rank, n) : 1;
}

}  // namespace

Result<std::vector<CakeSlice>> parse_cake_index(std::string_view text, const std::string& file) {
    TextCursor c(text, file);
    std::vector<CakeSlice> out;
    std::map<std::array<int, 7>, int> seen;
    c.skip_spaces();
    while (!c.at_end()) {
        CakeSlice s;
        s.line = c.line();
        if (!c.take("BASE")) return c.error("expected a slice entry BASE<bm>,<bk>,<wm>,<wk>,...");
        for (int i = 0; i < 6; ++i) {
            if (i > 0 && !c.take(',')) return c.error("expected ',' in the slice entry");
            const auto n = c.number(13);
            if (!n) return c.error("expected a count or rank (0-12) in the slice entry");
            s.key[static_cast<std::size_t>(i)] = static_cast<int>(*n);
        }
        if (!c.take(',')) return c.error("expected ',' before the colour");
        if (c.take('b'))
            s.key[6] = 0;
        else if (c.take('w'))
            s.key[6] = 1;
        else
            return c.error("expected the colour b or w");
        if (!c.take(':')) return c.error("expected ':' after the colour");
        const auto& k = s.key;
        if (k[4] > 6 || k[5] > 6) return c.error("leading rank above 6 in " + slice_name(k));
        if ((k[0] == 0 && k[4] != 0) || (k[2] == 0 && k[5] != 0))
            return c.error("a leading rank for men that are not there in " + slice_name(k));
        if (k[0] + k[1] == 0 || k[2] + k[3] == 0 || k[0] + k[1] + k[2] + k[3] > kMaxPieces)
            return c.error("impossible material (or more than 8 pieces) in " + slice_name(k));
        if (const auto [it, fresh] = seen.emplace(k, s.line); !fresh)
            return c.error(
                fmt::format("{} already appeared on line {}", slice_name(k), it->second));
        const char v = c.peek();
        if (v == '+' || v == '=' || v == '-') {
            c.take(v);
            s.value = v;
        } else {
            s.uniform = false;
            const auto block = c.number(1u << 30);
            if (!block || !c.take('/')) return c.error("expected block/byte or a value after ':'");
            const auto byte = c.number(kBlock);
            if (!byte) return c.error("expected a start byte below 1024");
            s.first_block = *block;
            s.start_byte = *byte;
            for (;;) {
                c.skip_spaces();
                if (c.at_end() || c.peek() == 'B') break;
                const auto index = c.number();
                if (!index) return c.error("expected a block's first index or the next BASE");
                const std::uint64_t last = s.block_indices.empty() ? 0 : s.block_indices.back();
                if (*index <= last)
                    return c.error(fmt::format("index {} does not increase", *index));
                s.block_indices.push_back(*index);
            }
        }
        out.push_back(std::move(s));
        c.skip_spaces();
    }
    if (out.empty()) return c.error("no slices");
    return out;
}

struct CakeDatabase::Loaded {
    CakeSlice s;
    std::uint64_t bm_range = 1, wm_range = 1, bk_range = 1, size = 0;

    explicit Loaded(CakeSlice slice) : s(std::move(slice)) {
        const auto [bm, bk, wm, wk, rb, rw, colour] = s.key;
        bm_range = men_range(rb, bm);
        wm_range = men_range(rw, wm);
        bk_range = binomial(32 - bm - wm, bk);
        size = bm_range * wm_range * bk_range * binomial(32 - bm - wm - bk, wk);
    }
    std::uint64_t block_start(std::size_t k) const {
        return k == 0 ? s.first_block * kBlock + s.start_byte : (s.first_block + k) * kBlock;
    }
};

std::string CakeDatabase::add(int n, Pair pair, const std::filesystem::path& idx) {
    for (const auto& [key, s] : pair.slices)
        if (key[0] + key[1] + key[2] + key[3] != n)
            return fmt::format("{} line {}: {} does not have {} pieces", idx.string(), s->s.line,
                               slice_name(key), n);
    pairs_[n] = std::move(pair);
    max_pieces_ = std::max(max_pieces_, n);
    return {};
}

Result<std::shared_ptr<CakeDatabase>> CakeDatabase::from_bytes(int pieces,
                                                               std::string_view index_text,
                                                               std::string data_bytes) {
    const std::filesystem::path idx = fmt::format("db{}.idx", pieces);
    const std::filesystem::path cpr = fmt::format("db{}.cpr", pieces);
    auto pair = pair_from_bytes(index_text, std::move(data_bytes), idx, cpr);
    if (!pair) return Error{pair.error()};
    std::shared_ptr<CakeDatabase> db(new CakeDatabase());
    if (const auto added = db->add(pieces, std::move(pair).value(), idx); !added.empty())
        return Error{added};
    return db;
}

Result<CakeDatabase::Pair> CakeDatabase::load_pair(const std::filesystem::path& idx,
                                                   const std::filesystem::path& cpr) {
    auto text = read_regular_file(idx);
    if (!text) return Error{text.error()};
    auto data = read_regular_file(cpr);
    if (!data) return Error{data.error()};
    return pair_from_bytes(*text, std::move(data).value(), idx, cpr);
}

Result<CakeDatabase::Pair> CakeDatabase::pair_from_bytes(std::string_view text, std::string data,
                                                         const std::filesystem::path& idx,
                                                         const std::filesystem::path& cpr) {
    auto parsed = parse_cake_index(text, idx.string());
    if (!parsed) return Error{parsed.error()};
    Pair pair;
    pair.cpr = cpr;
    pair.data = std::move(data);
    const std::uint64_t size = pair.data.size();
    for (CakeSlice& s : std::move(parsed).value()) {
        auto loaded = std::make_shared<Loaded>(std::move(s));
        const CakeSlice& c = loaded->s;
        const std::string where =
            fmt::format("{} line {}: {}", idx.string(), c.line, slice_name(c.key));
        if (!c.uniform) {
            // Walk every block: each must end exactly at the next block's first index, and the
            // last must cover the slice (to at most 3 positions of padding).
            for (std::size_t k = 0; k <= c.block_indices.size(); ++k) {
                const std::uint64_t start = loaded->block_start(k);
                const std::uint64_t stop = std::min((start / kBlock + 1) * kBlock, size);
                if (start >= size)
                    return Error{
                        fmt::format("{}: block {} starts at offset {}, past the end of {} "
                                    "({} bytes)",
                                    where, start / kBlock, start, cpr.string(), size)};
                const bool last = k == c.block_indices.size();
                std::uint64_t covered = k == 0 ? 0 : c.block_indices[k - 1];
                std::uint64_t p = start;
                for (; p < stop && (!last || covered < loaded->size); ++p) {
                    const std::uint64_t len = length_of(static_cast<unsigned char>(pair.data[p]));
                    if (len == 0)
                        return Error{fmt::format("{}: invalid byte 255 at offset {}", where, p)};
                    covered += len;
                }
                if (!last && covered != c.block_indices[k])
                    return Error{
                        fmt::format("{}: block {} decodes to index {}, the index file says {}",
                                    where, start / kBlock, covered, c.block_indices[k])};
                if (last && (covered < loaded->size || covered > loaded->size + 3))
                    return Error{fmt::format(
                        "{}: the data from offset {} covers {} positions before offset {}, the "
                        "slice has {}",
                        where, start, covered, p, loaded->size)};
            }
        }
        pair.slices.emplace(c.key, std::move(loaded));
    }
    return pair;
}

Result<std::shared_ptr<CakeDatabase>> CakeDatabase::open_directory(
    const std::filesystem::path& dir) {
    std::shared_ptr<CakeDatabase> db(new CakeDatabase());
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return Error{dir.string() + ": not a directory"};
    for (int n = 2; n <= kMaxPieces; ++n) {
        const auto idx = dir / fmt::format("db{}.idx", n);
        const auto cpr = dir / fmt::format("db{}.cpr", n);
        std::error_code ignored;
        const bool has_idx = std::filesystem::exists(idx, ignored);
        const bool has_cpr = std::filesystem::exists(cpr, ignored);
        if (!has_idx && !has_cpr) continue;
        if (has_idx != has_cpr)
            return Error{(has_idx ? cpr : idx).string() + ": missing (its pair " +
                         (has_idx ? idx : cpr).filename().string() + " is there)"};
        auto pair = load_pair(idx, cpr);
        if (!pair) return Error{pair.error()};
        if (const auto added = db->add(n, std::move(pair).value(), idx); !added.empty())
            return Error{added};
    }
    if (db->pairs_.empty())
        return Error{dir.string() + ": no Cake database here (db<n>.idx with db<n>.cpr)"};
    return db;
}

ProbeResult CakeDatabase::probe(const checkers::Position& pos) const {
    const int black = checkers::popcount(pos.pieces(checkers::Color::Black));
    const int white = checkers::popcount(pos.pieces(checkers::Color::White));
    if (black == 0 || white == 0 || !pairs_.count(black + white)) return {};
    if (checkers::either_side_can_capture(pos))
        return {ProbeStatus::NotStored, Outcome::draw(), {}};
    return raw(pos);
}

ProbeResult CakeDatabase::raw(const checkers::Position& pos) const {
    const auto found = find(pos);
    if (!found) return {ProbeStatus::Missing, Outcome::draw(), found.error()};
    if (found->slice->s.uniform)
        return ProbeResult::ok(Outcome::of(value_of_char(found->slice->s.value)));
    const auto v = decode(*found);
    if (!v) return {ProbeStatus::Corrupt, Outcome::draw(), v.error()};
    return ProbeResult::ok(Outcome::of(v->value));
}

Result<StoredByte> CakeDatabase::locate(const checkers::Position& pos) const {
    const auto found = find(pos);
    if (!found) return Error{found.error()};
    if (found->slice->s.uniform) return Error{slice_name(found->slice->s.key) + " is uniform"};
    return decode(*found);
}

Result<CakeDatabase::Found> CakeDatabase::find(const checkers::Position& pos) const {
    const auto pair_it = pairs_.find(pos.piece_count());
    if (pair_it == pairs_.end())
        return Error{"no Cake pair for " + std::to_string(pos.piece_count()) + " pieces"};
    const Pair& pair = pair_it->second;
    auto ranks = [](const DSquares& d) {
        return std::pair{d.black_men.empty() ? 0 : d.black_men.back() >> 2,
                         d.white_men.empty() ? 0 : (31 - d.white_men.front()) >> 2};
    };
    auto n = [](const std::vector<int>& v) { return static_cast<int>(v.size()); };
    // Canonical orientation (CAKE.md section 5): reversing is the colour flip.
    DSquares d = d_squares(pos);
    auto [rb, rw] = ranks(d);
    const int white_to_move = pos.side_to_move() == checkers::Color::White ? 1 : 0;
    const int key =
        65536 * ((n(d.white_men) + n(d.white_kings)) - (n(d.black_men) + n(d.black_kings))) +
        256 * (n(d.white_kings) - n(d.black_kings)) + 16 * (rw - rb) + white_to_move;
    if (key > 0) {
        d = d_squares(pos.flipped());
        std::tie(rb, rw) = ranks(d);
    }
    const int colour = key > 0 ? 1 - white_to_move : white_to_move;
    const std::array<int, 7> k{
        n(d.black_men), n(d.black_kings), n(d.white_men), n(d.white_kings), rb, rw, colour};
    const auto it = pair.slices.find(k);
    if (it == pair.slices.end()) return Error{pair.cpr.string() + " has no slice " + slice_name(k)};
    const Loaded& s = *it->second;
    if (s.s.uniform) return Found{&pair, &s, 0};

    const std::uint64_t bmi = k[0] ? colex_rank(d.black_men) - binomial(4 * rb, k[0]) : 0;
    std::vector<int> from_white;
    for (int w : d.white_men) from_white.push_back(31 - w);
    std::sort(from_white.begin(), from_white.end());
    const std::uint64_t wmi = k[2] ? colex_rank(from_white) - binomial(4 * rw, k[2]) : 0;
    std::vector<int> men = d.black_men;
    men.insert(men.end(), d.white_men.begin(), d.white_men.end());
    std::vector<int> u;
    for (int x : d.black_kings) u.push_back(x - count_below(men, x));
    const std::uint64_t bki = colex_rank(u);
    men.insert(men.end(), d.black_kings.begin(), d.black_kings.end());
    u.clear();
    for (int x : d.white_kings) u.push_back(x - count_below(men, x));
    const std::uint64_t wki = colex_rank(u);
    return Found{&pair, &s, bmi + s.bm_range * (wmi + s.wm_range * (bki + s.bk_range * wki))};
}

Result<StoredByte> CakeDatabase::decode(const Found& f) const {
    const Pair& pair = *f.pair;
    const Loaded& s = *f.slice;
    const std::uint64_t index = f.index;
    const auto& bi = s.s.block_indices;
    const std::size_t blk =
        static_cast<std::size_t>(std::upper_bound(bi.begin(), bi.end(), index) - bi.begin());
    const std::uint64_t start = s.block_start(blk);
    const std::uint64_t stop =
        std::min((start / kBlock + 1) * kBlock, std::uint64_t{pair.data.size()});
    std::uint64_t c = blk == 0 ? 0 : bi[blk - 1];
    for (std::uint64_t p = start; p < stop; ++p) {
        const auto x = static_cast<unsigned char>(pair.data[p]);
        const std::uint64_t len = length_of(x);
        if (len == 0) break;
        if (index < c + len) {
            if (x > 80) return StoredByte{pair.cpr, p, -1, value_of_digit((x - 81) / 58)};
            const int j = static_cast<int>(index - c);
            return StoredByte{pair.cpr, p, j, value_of_digit((x / kPow3[j]) % 3)};
        }
        c += len;
    }
    return Error{fmt::format("{}: {} index {} not found in block {}", pair.cpr.string(),
                             slice_name(s.s.key), index, start / kBlock)};
}

}  // namespace retrocheck::tb::formats
