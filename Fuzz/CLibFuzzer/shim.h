#ifndef HARBETH_CLIBFUZZER_SHIM_H
#define HARBETH_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, for a program that has its own main: SwiftPM links
// every executable with main defined as the module's entry point, so
// libFuzzer's main cannot be used. The symbol comes from libclang_rt.fuzzer,
// which -sanitize=fuzzer links; nothing refers to it in other builds.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
