#include "core/config/YamlSupport.h"

#include <vector>

namespace sp::detail {

namespace {
constexpr qint64 kMaxVisitedNodes = 2000000;
constexpr int kMaxDiagnostics = 1000;
} // namespace

YamlContext::YamlContext(const QString &file, const QByteArray &text, Diagnostics *out)
    : m_file(file), m_text(text), m_out(out)
{
}

SourceLocation YamlContext::fileLocation(int line, int column) const
{
    SourceLocation loc;
    loc.file = m_file;
    loc.line = line;
    loc.column = column;
    return loc;
}

SourceLocation YamlContext::location(const YAML::Node &node) const
{
    SourceLocation loc = fileLocation();
    if (!node.IsDefined())
        return loc;
    const YAML::Mark m = node.Mark();
    if (m.line >= 0 && m.column >= 0) {
        loc.line = m.line + 1;
        loc.column = m.column + 1;
    }
    return loc;
}

SourceLocation YamlContext::scalarLocation(const YAML::Node &node) const
{
    SourceLocation loc = location(node);
    if (!node.IsDefined())
        return loc;
    const YAML::Mark m = node.Mark();
    if (loc.column > 0 && m.pos >= 0 && m.pos < m_text.size()) {
        const char c = m_text.at(m.pos);
        if (c == '\'' || c == '"')
            loc.column += 1;
    }
    return loc;
}

void YamlContext::report(Severity severity, const QString &code, const Text &message,
                         const SourceLocation &where, const Text &hint)
{
    report(Diagnostic::make(severity, code, message, where, hint));
}

void YamlContext::report(const Diagnostic &d)
{
    if (m_reported >= kMaxDiagnostics) {
        if (!m_truncatedNoted) {
            m_truncatedNoted = true;
            m_out->append(Diagnostic::make(
                Severity::Error, QStringLiteral("too-many-diagnostics"),
                msg("more than %1 problems; the rest are not shown", {kMaxDiagnostics}), d.location));
        }
        return;
    }
    ++m_reported;
    m_out->append(d);
}

bool YamlContext::visit(const YAML::Node &node)
{
    if (m_exhausted)
        return false;
    if (++m_visited > kMaxVisitedNodes) {
        m_exhausted = true;
        error(QStringLiteral("yaml-too-large"),
              msg("the document has more than %1 nodes once aliases are followed", {kMaxVisitedNodes}),
              location(node), msg("Check for aliases (*name) that repeat large blocks."));
        return false;
    }
    return true;
}

bool YamlContext::take(qint64 bytes, const YAML::Node &where)
{
    if (m_exhausted)
        return false;
    m_bytes += bytes;
    if (m_bytes > kMaxExpandedBytes) {
        m_exhausted = true;
        error(QStringLiteral("yaml-too-large"),
              msg("the document expands to more than %1 MiB of text once aliases are followed",
                  {kMaxExpandedBytes / (1024 * 1024)}),
              location(where), msg("Check for aliases (*name) that repeat large values."));
        return false;
    }
    return true;
}

YamlEntries YamlContext::entries(const YAML::Node &map, const Text &what)
{
    YamlEntries out;
    if (!map.IsDefined() || map.IsNull())
        return out;
    if (!map.IsMap()) {
        error(QStringLiteral("bad-type"), msg("%1 must be a map", {what}), location(map));
        return out;
    }
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (!visit(it->first))
            break;
        if (!it->first.IsScalar()) {
            error(QStringLiteral("bad-type"), msg("a key in %1 is not a plain name", {what}),
                  location(it->first));
            continue;
        }
        if (!take(qint64(it->first.Scalar().size()), it->first))
            break;
        YamlEntry e;
        e.rawKey = QString::fromStdString(it->first.Scalar());
        e.key = m_kebab ? kebabToCamel(e.rawKey) : e.rawKey;
        e.keyNode = it->first;
        e.value = it->second;
        out << e;
    }
    return out;
}

const YamlEntry *YamlContext::find(const YamlEntries &entries, const QString &key)
{
    for (const YamlEntry &e : entries)
        if (e.key == key)
            return &e;
    return nullptr;
}

QString YamlContext::keyName(const QString &camel) const { return m_kebab ? camelToKebab(camel) : camel; }

void YamlContext::checkKeys(const YamlEntries &entries, const QStringList &known, const Text &context)
{
    for (const YamlEntry &e : entries) {
        if (m_reported >= kMaxDiagnostics && m_truncatedNoted)
            return; // nothing more would be shown
        if (known.contains(e.key))
            continue;
        QStringList shown;
        for (const QString &k : known)
            shown << keyName(k);
        const QString suggestion = closestMatch(e.rawKey, shown);
        if (!suggestion.isEmpty())
            warning(QStringLiteral("unknown-key"),
                    msg("unknown key '%1' in %2; did you mean '%3'?", {e.rawKey, context, suggestion}),
                    location(e.keyNode),
                    msg("Rename it to '%1' if that was meant; otherwise it is ignored.", {suggestion}));
        else
            warning(QStringLiteral("unknown-key"), msg("unknown key '%1' in %2", {e.rawKey, context}),
                    location(e.keyNode), msg("It is ignored."));
    }
}

std::optional<QString> YamlContext::scalar(const YAML::Node &node, const Text &what)
{
    if (!node.IsDefined() || node.IsNull())
        return QString();
    if (!node.IsScalar()) {
        error(QStringLiteral("bad-type"), msg("%1 must be a single value", {what}), location(node));
        return std::nullopt;
    }
    if (!take(qint64(node.Scalar().size()), node))
        return std::nullopt;
    return QString::fromStdString(node.Scalar());
}

QStringList YamlContext::stringList(const YAML::Node &node, const Text &what)
{
    QStringList out;
    if (!node.IsDefined() || node.IsNull())
        return out;
    if (node.IsScalar()) {
        if (!take(qint64(node.Scalar().size()), node))
            return out;
        const QStringList parts = QString::fromStdString(node.Scalar()).split(QLatin1Char(','));
        for (const QString &p : parts)
            if (!p.trimmed().isEmpty())
                out << p.trimmed();
        return out;
    }
    if (!node.IsSequence()) {
        error(QStringLiteral("bad-type"), msg("%1 must be a list", {what}), location(node));
        return out;
    }
    for (auto it = node.begin(); it != node.end(); ++it) {
        if (!visit(*it))
            break;
        const auto s = scalar(*it, what);
        if (s && !s->trimmed().isEmpty())
            out << s->trimmed();
    }
    return out;
}

QString kebabToCamel(const QString &key)
{
    if (!key.contains(QLatin1Char('-')))
        return key;
    QString out;
    out.reserve(key.size());
    bool upper = false;
    for (const QChar c : key) {
        if (c == QLatin1Char('-')) {
            upper = true;
            continue;
        }
        out += upper ? c.toUpper() : c;
        upper = false;
    }
    return out;
}

QString camelToKebab(const QString &key)
{
    QString out;
    out.reserve(key.size() + 4);
    for (const QChar c : key) {
        if (c.isUpper()) {
            out += QLatin1Char('-');
            out += c.toLower();
        } else {
            out += c;
        }
    }
    return out;
}

static int editDistance(const QString &a, const QString &b)
{
    const int n = int(a.size()), m = int(b.size());
    std::vector<int> prev(size_t(m) + 1), cur(size_t(m) + 1);
    for (int j = 0; j <= m; ++j)
        prev[size_t(j)] = j;
    for (int i = 1; i <= n; ++i) {
        cur[0] = i;
        for (int j = 1; j <= m; ++j) {
            const int cost = a.at(i - 1).toLower() == b.at(j - 1).toLower() ? 0 : 1;
            cur[size_t(j)] = std::min({prev[size_t(j)] + 1, cur[size_t(j - 1)] + 1, prev[size_t(j - 1)] + cost});
        }
        std::swap(prev, cur);
    }
    return prev[size_t(m)];
}

QString closestMatch(const QString &word, const QStringList &candidates)
{
    if (word.size() > 200)
        return QString();
    QString best;
    int bestDistance = 1 << 30;
    for (const QString &c : candidates) {
        const int d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    // A typo, not a different word: at most a third of the name changed (and at least one edit allowed).
    const int allowed = std::max(2, int(word.size()) / 3);
    return bestDistance <= allowed ? best : QString();
}

} // namespace sp::detail
