// The first few of many findings in walk order, gathered from any number of threads: each
// thread keeps its own list with the findings' places (a key), and the lists are merged and
// cut at the end, so what is reported does not depend on how work was split.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace retrocheck::tb {

template <typename T>
class FirstExamples {
  public:
    using Key = std::pair<std::uint64_t, std::uint64_t>;  // (slice in walk order, position id)

    explicit FirstExamples(std::size_t limit = 20) : limit_(limit) {}

    void add(Key key, T item) {
        items_.emplace_back(key, std::move(item));
        if (items_.size() > 2 * limit_ + 8) cut();
    }
    void absorb(FirstExamples& other) {
        for (auto& e : other.items_) items_.push_back(std::move(e));
        other.items_.clear();
        cut();
    }
    // The first `limit` in key order (several of one key in the order they were added).
    std::vector<T> take() {
        cut();
        std::vector<T> out;
        for (auto& e : items_) out.push_back(std::move(e.second));
        items_.clear();
        return out;
    }

  private:
    void cut() {
        std::stable_sort(items_.begin(), items_.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        if (items_.size() > limit_)
            items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(limit_), items_.end());
    }
    std::size_t limit_;
    std::vector<std::pair<Key, T>> items_;
};

}  // namespace retrocheck::tb
