#include "core/config/ConfigLoader.h"
#include "core/config/TextFile.h"

#include "core/config/ConfigFinalizer.h"
#include "core/config/NativeLoader.h"
#include "core/config/SpringBootLoader.h"
#include "core/config/YamlPrescan.h"
#include "core/config/YamlSupport.h"

#include <QFile>
#include <QFileInfo>

#include <yaml-cpp/depthguard.h>

#include <new>

namespace sp {

namespace {

Diagnostic fileDiagnostic(const QString &file, const QString &code, const Text &message, int line = 0,
                          int column = 0, const Text &hint = {})
{
    return Diagnostic::make(Severity::Error, code, message, SourceLocation{file, line, column}, hint);
}

// yaml-cpp's own words (English, not translated) when it has some.
Text yamlMessage(const YAML::Exception &e)
{
    const QString text = QString::fromStdString(e.msg);
    return text.isEmpty() ? msg("invalid YAML") : Text(text);
}

} // namespace

LoadResult ConfigLoader::loadFile(const QString &path, const LoadOptions &options)
{
    LoadResult result;
    result.config.filePath = path;
    const TextFileResult file = readTextFile(path, options.maxFileBytes);
    if (!file.ok()) {
        result.diagnostics << fileDiagnostic(path, file.code, file.errorText);
        return result;
    }
    return loadText(file.bytes, path, options);
}

LoadResult ConfigLoader::loadText(const QByteArray &yaml, const QString &fileName, const LoadOptions &options)
{
    LoadResult result;
    result.config.filePath = fileName;
    Diagnostics &diags = result.diagnostics;
    if (yaml.size() > options.maxFileBytes) {
        diags << fileDiagnostic(
            fileName, QStringLiteral("file-too-large"),
            msg("the text is %1 bytes; the limit is %2", {yaml.size(), options.maxFileBytes}));
        return result;
    }
    detail::PrescanResult pre = detail::checkEncoding(yaml);
    if (pre.ok)
        pre = detail::prescanYaml(yaml);
    if (!pre.ok) {
        Text hint;
        if (pre.code == QLatin1String("yaml-too-deep"))
            hint = msg("A sharding configuration is never this deeply nested.");
        else if (pre.code == QLatin1String("yaml-multiple-documents"))
            hint = msg("ShardingSphere reads one YAML document per file. Keep the configuration's document "
                       "(for Spring Boot profiles, the active profile's settings) and remove the others.");
        else if (pre.code == QLatin1String("file-encoding"))
            hint = msg("Save the file as UTF-8 text (for example: iconv -f UTF-16 -t UTF-8).");
        else
            hint = msg("Add the closing quote.");
        diags << fileDiagnostic(fileName, pre.code, pre.message, pre.line, pre.column, hint);
        return result;
    }

    YAML::Node root;
    try {
        root = YAML::Load(std::string(yaml.constData(), size_t(yaml.size())));
    } catch (const YAML::DeepRecursion &e) {
        diags << fileDiagnostic(fileName, QStringLiteral("yaml-too-deep"), yamlMessage(e), e.mark.line + 1,
                                e.mark.column + 1);
        return result;
    } catch (const YAML::ParserException &e) {
        diags << fileDiagnostic(fileName, QStringLiteral("yaml-syntax"), yamlMessage(e), e.mark.line + 1,
                                e.mark.column + 1);
        return result;
    } catch (const YAML::Exception &e) {
        diags << fileDiagnostic(fileName, QStringLiteral("yaml-syntax"), yamlMessage(e),
                                e.mark.line >= 0 ? e.mark.line + 1 : 1, e.mark.column >= 0 ? e.mark.column + 1 : 1);
        return result;
    } catch (const std::bad_alloc &) {
        diags << fileDiagnostic(fileName, QStringLiteral("yaml-too-large"),
                                msg("out of memory while parsing"), 1, 1);
        return result;
    }

    detail::YamlContext ctx(fileName, yaml, &diags);
    ctx.inlineBudget = options.maxInlineResults;
    try {
        if (!root.IsDefined() || root.IsNull()) {
            ctx.error(QStringLiteral("empty-config"), msg("the file holds no configuration"),
                      ctx.fileLocation(1, 1));
            return result;
        }
        if (!root.IsMap()) {
            ctx.error(QStringLiteral("bad-type"), msg("the document must be a map of settings"),
                      ctx.location(root));
            return result;
        }
        if (detail::SpringBootLoader::detect(root))
            detail::SpringBootLoader::load(ctx, root, result.config);
        else
            detail::NativeLoader::load(ctx, root, result.config);
        if (!ctx.exhausted())
            detail::finalizeConfig(ctx, result.config);
    } catch (const YAML::Exception &e) {
        ctx.error(QStringLiteral("yaml-syntax"), yamlMessage(e),
                  ctx.fileLocation(e.mark.line >= 0 ? e.mark.line + 1 : 1, e.mark.column >= 0 ? e.mark.column + 1 : 1));
    } catch (const std::bad_alloc &) {
        ctx.error(QStringLiteral("yaml-too-large"), msg("out of memory while reading the configuration"),
                  ctx.fileLocation(1, 1));
    }
    return result;
}

} // namespace sp
