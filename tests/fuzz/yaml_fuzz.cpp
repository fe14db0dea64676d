// libFuzzer harness: arbitrary bytes through the whole configuration loader (YAML parse, both forms,
// inline expansion, finalisation). Any crash, leak, hang or sanitizer report is a bug.
#include "core/config/ConfigLoader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sp::LoadOptions options;
    options.maxInlineResults = 10000; // keep each run short; the limit logic is what is exercised
    const QByteArray text(reinterpret_cast<const char *>(data), int(size));
    const sp::LoadResult r = sp::ConfigLoader::loadText(text, QStringLiteral("fuzz.yaml"), options);
    // Touch the result so nothing is optimised away and every diagnostic formats.
    size_t total = 0;
    for (const sp::Diagnostic &d : r.diagnostics)
        total += size_t(d.toString().size());
    for (const sp::TableRule &t : r.config.tables)
        total += size_t(t.dataNodes.size());
    return total == size_t(-1) ? 1 : 0;
}
