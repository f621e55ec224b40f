#include "engine/checkers/move.h"

#include <algorithm>

namespace retrocheck::checkers {

Move rotated(const Move& m) {
    Move r = m;
    r.from = rotated(m.from);
    r.captured = rotated(m.captured);
    for (std::size_t i = 0; i < m.n_landings; ++i) r.landings[i] = rotated(m.landings[i]);
    return r;
}

MoveList::MoveList(const MoveList& other) { *this = other; }

MoveList& MoveList::operator=(const MoveList& other) {
    if (this == &other) return *this;
    size_ = 0;
    for (const Move& m : other) push_back(m);
    return *this;
}

void MoveList::grow() {
    const std::size_t capacity = capacity_ * 2;
    auto heap = std::make_unique<Move[]>(capacity);
    std::copy(data_, data_ + size_, heap.get());
    heap_ = std::move(heap);
    data_ = heap_.get();
    capacity_ = capacity;
}

}  // namespace retrocheck::checkers
