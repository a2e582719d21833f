#ifndef MINI_RUNTIME_ERROR_H
#define MINI_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace mini::rt {

/// Every failure of the run side: a message a user can act on.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};

} // namespace mini::rt

#endif
