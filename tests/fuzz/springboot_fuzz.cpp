// libFuzzer harness: arbitrary bytes through the Spring Boot form of the loader
// (core/config/SpringBootLoader: spring.shardingsphere.datasource and .rules.sharding, kebab-case
// and relaxed camelCase keys, indexed keys such as binding-tables[0]) even when the document is
// not detected as Spring Boot, then finalisation and lint, with the loader's own guards (encoding,
// prescan, exceptions). A crash, a sanitizer report or a hang is a bug.
#include "core/analysis/Linter.h"
#include "core/config/ConfigFinalizer.h"
#include "core/config/SpringBootLoader.h"
#include "core/config/YamlPrescan.h"
#include "core/config/YamlSupport.h"

#include <cstddef>
#include <cstdint>
#include <new>

using namespace sp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), int(size));
    if (!detail::checkEncoding(text).ok || !detail::prescanYaml(text).ok)
        return 0;
    YAML::Node root;
    try {
        root = YAML::Load(std::string(text.constData(), size_t(text.size())));
    } catch (const YAML::Exception &) {
        return 0;
    }
    if (!root.IsMap())
        return 0;
    Diagnostics diags;
    ShardingConfig config;
    detail::YamlContext ctx(QStringLiteral("fuzz.yaml"), text, &diags);
    ctx.inlineBudget = 2000;
    try {
        (void)detail::SpringBootLoader::detect(root);
        detail::SpringBootLoader::load(ctx, root, config);
        if (!ctx.exhausted())
            detail::finalizeConfig(ctx, config);
    } catch (const YAML::Exception &) {
        return 0; // the loader reports these as yaml-syntax
    } catch (const std::bad_alloc &) {
        return 0; // and these as yaml-too-large
    }
    size_t total = 0;
    for (const Diagnostic &d : diags)
        total += size_t(d.toString().size());
    LintOptions lint;
    lint.sampleKeys = 500;
    for (const Diagnostic &d : Linter::lint(config, lint))
        total += size_t(d.toString().size());
    return total == size_t(-1) ? 1 : 0;
}
