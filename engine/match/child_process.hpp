// Child processes of the match referee's engine hosts (cb_host.cpp, hub_host.cpp): what they
// share. Internal to engine/match; POSIX only.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>

namespace tradgames::engine::detail {

/// Sends n bytes on the socket fd (MSG_NOSIGNAL: a gone peer is no SIGPIPE). False if it failed.
bool send_all(int fd, const void* data, std::size_t n);

/// Serialises the hosts' fork() calls: a child forked while another host holds both ends of a
/// fresh socket pair would keep that pair open (and its peer would never see end of file).
std::mutex& child_fork_mutex();

/// Why an engine process ended, from its waitpid status: "engine crashed (signal 11,
/// Segmentation fault)" or "engine exited (status 3)".
std::string describe_exit(int status);

}  // namespace tradgames::engine::detail
