// ThreadSanitizer's suppressions for the test process. The TSan runtime
// calls this while it starts (only in builds with --sanitize=thread). It is
// C, not Swift, because it runs before any runtime is set up and must not be
// instrumented: a body without calls or memory accesses gets no TSan hooks.
//
// Why: on Linux with Swift 6.3, TSan cannot see Synchronization's `Mutex`
// (the stdlib's futex-based lock is not instrumented), so it reports every
// access a `Mutex` guards as a race; two threads bumping a counter under
// `Mutex.withLock` reproduce it. Kakapos guards its own state with a pthread
// lock (`ConditionLock`) that TSan sees. HarbethGPU's submission scheduler
// and handle still use `Mutex`, and Kakapos drives them, so accesses whose
// innermost frame is in them are suppressed; a race whose innermost frame is
// in Kakapos or in a test is still reported. Remove these lines once
// HarbethGPU's submission types use a lock TSan can see.
const char *__tsan_default_suppressions(void) {
    return "race_top:10HarbethGPU19SubmissionScheduler\n"
           "race_top:10HarbethGPU31SubmissionSchedulerStateMachine\n"
           "race_top:10HarbethGPU22RenderSubmissionHandle\n"
           "race_top:10HarbethGPU28RenderSubmissionStateMachine\n";
}
