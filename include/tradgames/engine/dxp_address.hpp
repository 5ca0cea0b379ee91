// tradgames: TCP addresses as written "HOST:PORT", read one way for `dxp --listen/--connect`,
// the `dxp:HOST:PORT` match player and Python's engines (dxp.hpp).
#pragma once

#include <string>
#include <string_view>

namespace tradgames::engine {

/// A TCP address as written "HOST:PORT".
struct DxpAddress {
    std::string host;
    int port = 0;
};

/// Reads "HOST:PORT" (HOST: the non-empty text before the last ':'; PORT: 1 to 5 decimal digits,
/// 0..65535), or "[HOST:]PORT" when `default_host` is not empty (a bare port takes that host).
/// Throws OptionError: "expected HOST:PORT with a port 0..65535, got 'TEXT'".
[[nodiscard]] DxpAddress parse_dxp_address(std::string_view text, std::string_view default_host = {});

}  // namespace tradgames::engine
