#include "client/error_class.h"

namespace versus::client {

ErrorClass classify_error(unsigned mysql_errno) {
  switch (mysql_errno) {
    case 1213:  // ER_LOCK_DEADLOCK
    case 1205:  // ER_LOCK_WAIT_TIMEOUT
    case 1020:  // ER_CHECKREAD: record changed since last read
      return ErrorClass::ignorable;
    case 2006:  // CR_SERVER_GONE_ERROR
    case 2013:  // CR_SERVER_LOST
      return ErrorClass::reconnect;
    default:
      return ErrorClass::fatal;
  }
}

}  // namespace versus::client
