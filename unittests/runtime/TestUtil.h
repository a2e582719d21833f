// Helpers shared by the run-side tests.
#ifndef MINI_UNITTESTS_RUNTIME_TESTUTIL_H
#define MINI_UNITTESTS_RUNTIME_TESTUTIL_H

#include "mini/runtime/Error.h"

#include <functional>
#include <string>

/// The message of the mini::rt::Error that `f` throws, or "<no error>".
inline std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const mini::rt::Error &e) {
    return e.what();
  }
  return "<no error>";
}

#endif
