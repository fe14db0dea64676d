#pragma once
#include <cstdlib>

#include <malloc.h>

namespace sp {

// glibc gives threads that allocate at once arenas of their own (up to eight per core), and memory
// freed in one is not reused by another: the copy's workers and their read-ahead threads each keep
// chunk buffers. Peak RSS of `shardctl migrate run --until T2` on a 1,000,000-message sandbox:
// 233-248 MiB with glibc's default, 212 MiB with 2 arenas, 178 MiB with 1, in the same time
// (docs/benchmarks.md). Two: little contention for the few threads that allocate much. An
// explicit MALLOC_ARENA_MAX in the environment is left as it is.
inline void limitMallocArenas()
{
    if (!std::getenv("MALLOC_ARENA_MAX"))
        mallopt(M_ARENA_MAX, 2);
}

} // namespace sp
