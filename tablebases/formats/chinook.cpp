#include "tablebases/formats/chinook.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/checkers/movegen.h"
#include "engine/core/text_file.h"
#include "tablebases/checkers/index.h"
#include "tablebases/formats/squares.h"
#include "tablebases/formats/text_cursor.h"

namespace retrocheck::tb::formats {

namespace {

constexpr int kRunLength[13] = {10, 15, 20, 25, 30, 40, 50, 60, 100, 200, 400, 800, 1600};
constexpr int kPow3[5] = {1, 3, 9, 27, 81};

std::string header_name(const std::array<int, 6>& k) {
    return fmt::format("BASE{}{}{}{}.{}{}", k[0], k[1], k[2], k[3], k[4], k[5]);
}

Wld value_of_digit(int d) { return d == 1 ? Wld::Win : d == 2 ? Wld::Loss : Wld::Draw; }

bool is_value(char c) { return c == '+' || c == '=' || c == '-'; }

}  // namespace

Result<std::vector<ChinookSlice>> parse_chinook_index(std::string_view text,
                                                      const std::string& file) {
    TextCursor c(text, file);
    std::vector<ChinookSlice> out;
    std::map<std::array<int, 6>, int> seen;
    c.skip_spaces();
    while (!c.at_end()) {
        ChinookSlice s;
        s.line = c.line();
        if (!c.take("BASE"))
            return c.error("expected a slice header BASE<bk><wk><bm><wm>.<rb><rw>");
        for (int i = 0; i < 6; ++i) {
            if (i == 4 && !c.take('.')) return c.error("expected '.' in the slice header");
            const char d = c.peek();
            if (d < '0' || d > '9') return c.error("expected a digit in the slice header");
            c.take(d);
            s.key[static_cast<std::size_t>(i)] = d - '0';
        }
        const auto& k = s.key;
        if (k[4] > 6 || k[5] > 6) return c.error("leading rank above 6 in " + header_name(k));
        if ((k[2] == 0 && k[4] != 0) || (k[3] == 0 && k[5] != 0))
            return c.error("a leading rank for men that are not there in " + header_name(k));
        if (k[0] + k[2] == 0 || k[1] + k[3] == 0 || k[0] + k[1] + k[2] + k[3] > kMaxPieces)
            return c.error("impossible material (or more than 8 pieces) in " + header_name(k));
        if (const auto [it, fresh] = seen.emplace(k, s.line); !fresh)
            return c.error(
                fmt::format("{} already appeared on line {}", header_name(k), it->second));
        c.skip_spaces();
        if (!is_value(c.peek())) return c.error("expected the slice value + = or -");
        s.value = c.peek();
        c.take(s.value);
        if (is_value(c.peek())) {
            if (c.peek() != s.value) return c.error("a uniform slice needs the same value twice");
            c.take(s.value);
            out.push_back(std::move(s));
            c.skip_spaces();
            continue;
        }
        s.uniform = false;
        c.skip_spaces();
        if (!c.take('S')) return c.error("expected the S line of data slice " + header_name(k));
        c.skip_spaces();
        if (c.number() != 0) return c.error("expected 0 as the S line's first number");
        auto block_and_byte = [&]() -> std::optional<std::uint64_t> {
            c.skip_spaces();
            const auto block = c.number(1u << 30);
            if (!block || !c.take('/')) return std::nullopt;
            const auto byte = c.number(kBlock);
            if (!byte) return std::nullopt;
            return *block * kBlock + *byte;
        };
        const auto start = block_and_byte();
        if (!start) return c.error("expected block/byte (byte below 1024) on the S line");
        s.blocks.push_back({0, *start});
        for (;;) {
            c.skip_spaces();
            if (c.take('.')) {
                c.skip_spaces();
                const auto index = c.number();
                c.skip_spaces();
                const auto block = c.number(1u << 30);
                if (!index || !block) return c.error("expected 'index block' on a '.' line");
                if (*index <= s.blocks.back().first)
                    return c.error(fmt::format("index {} does not increase", *index));
                if (*block != s.blocks.back().second / kBlock + 1)
                    return c.error(fmt::format("block {} does not follow block {}", *block,
                                               s.blocks.back().second / kBlock));
                s.blocks.push_back({*index, *block * kBlock});
            } else if (c.take('E')) {
                c.skip_spaces();
                const auto index = c.number();
                if (!index) return c.error("expected the index on the E line");
                const auto end = block_and_byte();
                if (!end) return c.error("expected block/byte (byte below 1024) on the E line");
                if (*end / kBlock != s.blocks.back().second / kBlock ||
                    *end <= s.blocks.back().second)
                    return c.error("the E line does not end in the slice's last block");
                s.end_index = *index;
                s.end_offset = *end;
                break;
            } else {
                return c.error("expected a '.' or 'E' line in data slice " + header_name(k));
            }
        }
        out.push_back(std::move(s));
        c.skip_spaces();
    }
    if (out.empty()) return c.error("no slices");
    return out;
}

// A slice with what indexing needs: the men-pair table (BASE and LO by black-men set) and the
// king ranges.
struct ChinookDatabase::Loaded {
    ChinookSlice s;
    std::vector<std::uint64_t> base;
    std::vector<int> lo;
    std::uint64_t rbk = 1, rwk = 1, size = 0;

    explicit Loaded(ChinookSlice slice) : s(std::move(slice)) {
        const auto [bk, wk, bm, wm, rb, rw] = s.key;
        rbk = binomial(32 - bm - wm, bk);
        rwk = binomial(32 - bm - wm - bk, wk);
        const std::uint64_t first = bm ? binomial(4 * rb, bm) : 0;
        const std::uint64_t sets = bm ? binomial(4 * rb + 4, bm) - first : 1;
        if (s.uniform) return;  // the men-pair table only serves indexing into data
        std::uint64_t total = 0;
        for (std::uint64_t j = 0; j < sets; ++j) {
            const std::vector<int> x = bm ? colex_unrank(first + j, bm) : std::vector<int>{};
            auto at_least = [&](int d) {
                return static_cast<int>(
                    std::count_if(x.begin(), x.end(), [d](int v) { return v >= d; }));
            };
            const int l = 4 * rw - at_least(32 - 4 * rw);
            const int h = 4 * (rw + 1) - at_least(28 - 4 * rw);
            base.push_back(total);
            lo.push_back(l);
            total += wm ? binomial(h, wm) - binomial(l, wm) : 1;
        }
        size = total * rbk * rwk;
    }
};

Result<std::shared_ptr<ChinookDatabase>> ChinookDatabase::open(const std::filesystem::path& data) {
    const std::filesystem::path idx = data.string() + ".idx";
    auto text = read_regular_file(idx);
    if (!text) return Error{text.error()};
    auto bytes = read_regular_file(data);
    if (!bytes) return Error{bytes.error()};
    return from_bytes(*text, std::move(bytes).value(), data);
}

Result<std::shared_ptr<ChinookDatabase>> ChinookDatabase::from_bytes(
    std::string_view index_text, std::string data_bytes, const std::filesystem::path& data) {
    const std::filesystem::path idx = data.string() + ".idx";
    auto parsed = parse_chinook_index(index_text, idx.string());
    if (!parsed) return Error{parsed.error()};

    std::shared_ptr<ChinookDatabase> db(new ChinookDatabase());
    db->data_path_ = data;
    db->data_ = std::move(data_bytes);
    for (ChinookSlice& s : std::move(parsed).value()) {
        auto loaded = std::make_shared<Loaded>(std::move(s));
        const ChinookSlice& c = loaded->s;
        const std::string where =
            fmt::format("{} line {}: {}", idx.string(), c.line, header_name(c.key));
        db->max_pieces_ = std::max(db->max_pieces_, c.key[0] + c.key[1] + c.key[2] + c.key[3]);
        if (!c.uniform) {
            if (c.end_index != (loaded->size + 4) / 5 * 5)
                return Error{fmt::format("{}: the E line covers {} positions, the slice has {}",
                                         where, c.end_index, loaded->size)};
            if (c.end_offset > db->data_.size())
                return Error{fmt::format("{}: ends at offset {}, past the end of {} ({} bytes)",
                                         where, c.end_offset, data.string(), db->data_.size())};
            // Walk each block: its bytes must cover exactly up to the next block's first index.
            for (std::size_t b = 0; b < c.blocks.size(); ++b) {
                const bool last = b + 1 == c.blocks.size();
                const std::uint64_t stop =
                    last ? c.end_offset : (c.blocks[b].second / kBlock + 1) * kBlock;
                const std::uint64_t until = last ? c.end_index : c.blocks[b + 1].first;
                std::uint64_t covered = c.blocks[b].first;
                for (std::uint64_t p = c.blocks[b].second; p < stop; ++p) {
                    const auto x = static_cast<unsigned char>(db->data_[p]);
                    covered += x >= 243 ? static_cast<std::uint64_t>(kRunLength[x - 243]) : 5;
                }
                if (covered != until)
                    return Error{fmt::format(
                        "{}: block {} (offset {}) decodes to index {}, the index file says {}",
                        where, c.blocks[b].second / kBlock, c.blocks[b].second, covered, until)};
            }
        }
        db->slices_.emplace(c.key, std::move(loaded));
    }
    return db;
}

Result<std::shared_ptr<ChinookDatabase>> ChinookDatabase::open_directory(
    const std::filesystem::path& dir) {
    std::error_code ec;
    std::vector<std::filesystem::path> found;
    std::filesystem::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const auto& p = it->path();
        std::error_code ignored;
        if (p.extension() == ".idx" && std::filesystem::exists(p.parent_path() / p.stem(), ignored))
            found.push_back(p.parent_path() / p.stem());
    }
    if (ec) return Error{dir.string() + ": cannot read the directory: " + ec.message()};
    if (found.empty())
        return Error{dir.string() + ": no Chinook database here (a data file with its .idx)"};
    if (found.size() > 1)
        return Error{dir.string() + ": several Chinook databases here; name one data file"};
    return open(found.front());
}

ProbeResult ChinookDatabase::probe(const checkers::Position& pos) const {
    const int black = checkers::popcount(pos.pieces(checkers::Color::Black));
    const int white = checkers::popcount(pos.pieces(checkers::Color::White));
    if (black == 0 || white == 0 || black + white > max_pieces_) return {};
    if (checkers::either_side_can_capture(pos))
        return {ProbeStatus::NotStored, Outcome::draw(), {}};
    return raw(pos);
}

ProbeResult ChinookDatabase::raw(const checkers::Position& pos) const {
    const auto found = find(pos);
    if (!found) return {ProbeStatus::Missing, Outcome::draw(), found.error()};
    const auto [s, index] = *found;
    if (s->s.uniform) return ProbeResult::ok(Outcome::of(value_of_char(s->s.value)));
    const auto v = decode(*s, index);
    if (!v) return {ProbeStatus::Corrupt, Outcome::draw(), v.error()};
    return ProbeResult::ok(Outcome::of(v->value));
}

Result<StoredByte> ChinookDatabase::locate(const checkers::Position& pos) const {
    const auto found = find(pos);
    if (!found) return Error{found.error()};
    if (found->first->s.uniform) return Error{header_name(found->first->s.key) + " is uniform"};
    return decode(*found->first, found->second);
}

Result<std::pair<const ChinookDatabase::Loaded*, std::uint64_t>> ChinookDatabase::find(
    const checkers::Position& pos) const {
    // Black to move only is stored: White to move is looked up as its colour flip.
    const DSquares d =
        d_squares(pos.side_to_move() == checkers::Color::White ? pos.flipped() : pos);
    const int nbm = static_cast<int>(d.black_men.size()),
              nwm = static_cast<int>(d.white_men.size());
    const int nbk = static_cast<int>(d.black_kings.size()),
              nwk = static_cast<int>(d.white_kings.size());
    const int rb = nbm ? d.black_men.back() >> 2 : 0;
    const int rw = nwm ? (31 - d.white_men.front()) >> 2 : 0;
    const auto it = slices_.find({nbk, nwk, nbm, nwm, rb, rw});
    if (it == slices_.end())
        return Error{data_path_.string() + " has no slice " +
                     header_name({nbk, nwk, nbm, nwm, rb, rw})};
    const Loaded& s = *it->second;
    if (s.s.uniform) return std::pair{&s, std::uint64_t{0}};

    const std::uint64_t mb = nbm ? colex_rank(d.black_men) - binomial(4 * rb, nbm) : 0;
    std::vector<int> t;
    for (int w : d.white_men) t.push_back((31 - w) - count_above(d.black_men, w));
    std::sort(t.begin(), t.end());
    std::vector<int> men = d.black_men;
    men.insert(men.end(), d.white_men.begin(), d.white_men.end());
    std::vector<int> u;
    for (int k : d.black_kings) u.push_back(k - count_below(men, k));
    const std::uint64_t kb = colex_rank(u);
    std::vector<int> below = men;
    below.insert(below.end(), d.black_kings.begin(), d.black_kings.end());
    u.clear();
    for (int k : d.white_kings) u.push_back(k - count_below(below, k));
    const std::uint64_t kw = colex_rank(u);
    const std::uint64_t p = s.base[mb] + (nwm ? colex_rank(t) - binomial(s.lo[mb], nwm) : 0);
    return std::pair{&s, (p * s.rbk + kb) * s.rwk + kw};
}

Result<StoredByte> ChinookDatabase::decode(const Loaded& s, std::uint64_t index) const {
    const auto& blocks = s.s.blocks;
    const auto next = std::upper_bound(blocks.begin(), blocks.end(), index,
                                       [](std::uint64_t i, const auto& b) { return i < b.first; });
    const auto entry = next - 1;
    const std::uint64_t stop =
        next == blocks.end() ? s.s.end_offset : (entry->second / kBlock + 1) * kBlock;
    std::uint64_t c = entry->first;
    for (std::uint64_t p = entry->second; p < stop; ++p) {
        const auto x = static_cast<unsigned char>(data_[p]);
        if (x >= 243) {
            c += static_cast<std::uint64_t>(kRunLength[x - 243]);
            if (index < c) return StoredByte{data_path_, p, -1, value_of_char(s.s.value)};
        } else if (index < c + 5) {
            const int digit = static_cast<int>(index - c);
            return StoredByte{data_path_, p, digit, value_of_digit((x / kPow3[4 - digit]) % 3)};
        } else {
            c += 5;
        }
    }
    return Error{fmt::format("{}: {} index {} not found before offset {}", data_path_.string(),
                             header_name(s.s.key), index, stop)};
}

}  // namespace retrocheck::tb::formats
