// libFuzzer harness: arbitrary text through the inline-expression expander with a small result limit.
#include "core/config/InlineExpression.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString expression = QString::fromUtf8(reinterpret_cast<const char *>(data), int(size));
    sp::InlineOptions options;
    options.maxResults = 10000;
    options.location.file = QStringLiteral("fuzz.yaml");
    options.location.line = 1;
    options.location.column = 1;
    const sp::InlineExpansion r = sp::expandInline(expression, options);
    if (r.ok() && r.values.size() > 10000)
        __builtin_trap(); // the limit must hold
    if (!r.ok() && !r.values.isEmpty())
        __builtin_trap(); // errors leave no values
    return 0;
}
