#include "core/config/Redaction.h"

#include "core/config/JdbcUrl.h"

#include <QRegularExpression>
#include <QStringList>

namespace sp {

namespace {

// `key: value` where key is password-like; value up to an end-of-line comment. Group 1 keeps the
// key part, group 2 is the value, group 3 a trailing comment.
const QRegularExpression &passwordKeyRe()
{
    static const QRegularExpression re(
        QStringLiteral(R"re(^(\s*(?:-\s+)?["']?[\w.-]*(?:password|passwd|pwd)["']?\s*:[ \t]*)("(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^\s#][^\n]*?)?([ \t]+#[^\n]*)?\s*$)re"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    return re;
}

bool isEmptyValue(const QString &v)
{
    const QString t = v.trimmed();
    return t.isEmpty() || t == QLatin1String("''") || t == QLatin1String("\"\"") || t == QLatin1String("~")
        || t.compare(QLatin1String("null"), Qt::CaseInsensitive) == 0;
}

QString redactLine(const QString &line, const QString &yamlValue, const QString &urlValue, int *count)
{
    const auto m = passwordKeyRe().match(line);
    if (m.hasMatch() && m.capturedLength(2) > 0 && !isEmptyValue(m.captured(2))) {
        ++*count;
        return m.captured(1) + yamlValue + m.captured(3);
    }
    return JdbcUrl::redactCredentials(line, count, urlValue);
}

} // namespace

QString passwordPlaceholderValue()
{
    return QLatin1Char('"') + QLatin1String(kPasswordPlaceholder)
        + QStringLiteral(": not exported; put the password here, or remove this line and let the keychain, "
                         "a MySQL option file or SHARDPILOT_PASSWORD_<DS> provide it\"");
}

bool isPasswordPlaceholder(const QString &value)
{
    const QString v = value.trimmed();
    return v.startsWith(QLatin1String(kPasswordPlaceholder)) || v == QLatin1String(kRedactedPassword);
}

QByteArray redactPasswords(const QByteArray &yaml, const QString &yamlValue, const QString &urlValue, int *count)
{
    int n = 0;
    QStringList lines = QString::fromUtf8(yaml).split(QLatin1Char('\n'));
    for (QString &l : lines)
        l = redactLine(l, yamlValue, urlValue, &n);
    if (count)
        *count += n;
    if (n == 0)
        return yaml; // byte for byte
    return lines.join(QLatin1Char('\n')).toUtf8();
}

QByteArray redactForPlan(const QByteArray &yaml)
{
    return redactPasswords(yaml, passwordPlaceholderValue(), QLatin1String(kPasswordPlaceholder));
}

QString redactUrlForPlan(const QString &url)
{
    return JdbcUrl::redactCredentials(url, nullptr, QLatin1String(kPasswordPlaceholder));
}

} // namespace sp
