#include "tradgames/board_style.hpp"

namespace tradgames {

std::vector<std::string> file_letters(int n) {
    std::vector<std::string> r;
    for (int i = 0; i < n; ++i) r.emplace_back(1, static_cast<char>('a' + i));
    return r;
}

std::vector<std::string> rank_numbers(int n) {
    std::vector<std::string> r;
    for (int i = 1; i <= n; ++i) r.push_back(std::to_string(i));
    return r;
}

}  // namespace tradgames
