#pragma once
#include "core/cluster/ClusterStats.h"

#include <QString>

namespace sp {

// MariaDB/MySQL refused the account: 1045 (ER_ACCESS_DENIED_ERROR: wrong password or unknown
// user), 1044 (ER_DBACCESS_DENIED_ERROR: no grant on the schema), 1698 (ER_ACCESS_DENIED_NO_PASSWORD_ERROR:
// e.g. root through unix_socket authentication from another OS user).
bool isAccessDeniedError(unsigned errorCode);

// The one classification of a server's state: up, access denied (the server answered and refused
// the account), or unreachable (no answer, or lost). A server not polled yet (no error, not
// reachable) is unknown.
ServerState serverStateOf(const InstanceHealth &h);

// "up", "unreachable", "access denied", "unknown": the CLI's and the JSON's words.
QString serverStateName(ServerState s);

} // namespace sp
