#include "core/cluster/ServerState.h"

namespace sp {

bool isAccessDeniedError(unsigned errorCode)
{
    return errorCode == 1045 || errorCode == 1044 || errorCode == 1698;
}

ServerState serverStateOf(const InstanceHealth &h)
{
    if (h.reachable)
        return ServerState::Up;
    if (isAccessDeniedError(h.errorCode))
        return ServerState::AccessDenied;
    if (h.error.isEmpty())
        return ServerState::Unknown;
    return ServerState::Unreachable;
}

QString serverStateName(ServerState s)
{
    switch (s) {
    case ServerState::Up:
        return QStringLiteral("up");
    case ServerState::Unreachable:
        return QStringLiteral("unreachable");
    case ServerState::AccessDenied:
        return QStringLiteral("access denied");
    case ServerState::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

} // namespace sp
