/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * operator new for programs linked with mimalloc (hybridnet_use_allocator in
 * cmake/HybridnetModule.cmake): memory from malloc, which is mimalloc's, and the C++ rule
 * at exhaustion - call the new-handler while there is one, else throw std::bad_alloc.
 * mimalloc's own operator new, built as C, aborts with SIGABRT and no message instead, so a
 * run that reaches its memory limit (a sweep spec's `memoryLimit`, `hybridnet sweep
 * --memory`) would not say why; the launcher classifies it as "oom" by the std::bad_alloc on
 * standard error.  The executable's definitions take precedence over the shared libraries', so
 * ns-3's allocations come here too.  Delete stays mimalloc's free; the aligned and nothrow forms
 * stay mimalloc's.
 */
#include <cstdlib>
#include <new>

void*
operator new(std::size_t size)
{
    while (true)
    {
        if (void* p = std::malloc(size == 0 ? 1 : size))
        {
            return p;
        }
        std::new_handler handler = std::get_new_handler();
        if (!handler)
        {
            throw std::bad_alloc();
        }
        handler();
    }
}

void*
operator new[](std::size_t size)
{
    return ::operator new(size);
}
