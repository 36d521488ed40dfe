#include "client/error_class.h"

#include <algorithm>

namespace versus::client {

const std::vector<unsigned>& default_ignored_errors() {
  // ER_LOCK_DEADLOCK, ER_CHECKREAD (record changed since last read), ER_LOCK_WAIT_TIMEOUT
  static const std::vector<unsigned> codes{1213, 1020, 1205};
  return codes;
}

ErrorClass classify_error(unsigned mysql_errno, const std::vector<unsigned>& ignored) {
  if (mysql_errno != 0 && std::find(ignored.begin(), ignored.end(), mysql_errno) != ignored.end())
    return ErrorClass::ignorable;
  switch (mysql_errno) {
    case 2006:  // CR_SERVER_GONE_ERROR
    case 2013:  // CR_SERVER_LOST
      return ErrorClass::reconnect;
    default:
      return ErrorClass::fatal;
  }
}

}  // namespace versus::client
