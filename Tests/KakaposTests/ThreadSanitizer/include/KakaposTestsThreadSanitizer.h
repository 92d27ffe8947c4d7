#ifndef KAKAPOS_TESTS_THREAD_SANITIZER_H
#define KAKAPOS_TESTS_THREAD_SANITIZER_H

/// Called by the ThreadSanitizer runtime at start-up; see suppressions.c.
const char *__tsan_default_suppressions(void);

#endif
