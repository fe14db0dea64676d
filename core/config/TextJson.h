#pragma once
#include "core/config/Text.h"

#include <QJsonObject>

namespace sp {

// A Text kept in a file (the health history's events): {"text", "source", "args"}. Read back, a
// template the console does not know is shown as the English text it was stored with (CoreText).
QJsonObject textToJson(const Text &t);
Text textFromJson(const QJsonObject &o);

} // namespace sp
