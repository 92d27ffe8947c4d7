#ifndef HARBETH_TEST_REGISTRATION_H
#define HARBETH_TEST_REGISTRATION_H
// Nothing to call: linking this target into a test bundle registers the
// validation observer before the first test starts (see registration.c).
#endif
