// Runs when the test bundle is loaded, before XCTest starts any test, so the
// validation observer sees every test's start. Swift has no load-time hook;
// the observer itself is Swift (GPUTestEnvironment.swift) and exported under
// this C name.
extern void harbeth_register_test_observers(void);

__attribute__((constructor)) static void register_observers(void) {
    harbeth_register_test_observers();
}
