#include "core/cluster/Credentials.h"

#include "core/config/JdbcUrl.h"
#include "core/config/TextFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sp {

namespace {

constexpr int kMaxIncludeDepth = 8;
constexpr qint64 kMaxOptionFileBytes = 1024 * 1024;

QString normaliseKey(QString key)
{
    key = key.trimmed().toLower();
    key.replace(QLatin1Char('_'), QLatin1Char('-'));
    return key;
}

// MySQL option-file value: optional quotes, backslash escapes, trailing "# comment" when unquoted.
QString parseValue(const QString &raw)
{
    QString v = raw.trimmed();
    QString out;
    if (!v.isEmpty() && (v.front() == QLatin1Char('"') || v.front() == QLatin1Char('\''))) {
        const QChar q = v.front();
        for (int i = 1; i < v.size(); ++i) {
            const QChar c = v.at(i);
            if (c == QLatin1Char('\\') && i + 1 < v.size()) {
                const QChar e = v.at(++i);
                switch (e.unicode()) {
                case 'n': out += QLatin1Char('\n'); break;
                case 't': out += QLatin1Char('\t'); break;
                case 'r': out += QLatin1Char('\r'); break;
                case 'b': out += QLatin1Char('\b'); break;
                case 's': out += QLatin1Char(' '); break;
                default: out += e; break;
                }
            } else if (c == q) {
                break;
            } else {
                out += c;
            }
        }
        return out;
    }
    for (int i = 0; i < v.size(); ++i) {
        const QChar c = v.at(i);
        if (c == QLatin1Char('#') && (i == 0 || v.at(i - 1).isSpace()))
            break;
        if (c == QLatin1Char('\\') && i + 1 < v.size()) {
            const QChar e = v.at(++i);
            switch (e.unicode()) {
            case 'n': out += QLatin1Char('\n'); break;
            case 't': out += QLatin1Char('\t'); break;
            case 'r': out += QLatin1Char('\r'); break;
            case 'b': out += QLatin1Char('\b'); break;
            case 's': out += QLatin1Char(' '); break;
            default: out += e; break;
            }
        } else {
            out += c;
        }
    }
    return out.trimmed();
}

QString quoteValue(const QString &v)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : v) {
        switch (c.unicode()) {
        case '\\': out += QStringLiteral("\\\\"); break;
        case '"': out += QStringLiteral("\\\""); break;
        case '\n': out += QStringLiteral("\\n"); break;
        case '\r': out += QStringLiteral("\\r"); break;
        case '\t': out += QStringLiteral("\\t"); break;
        default: out += c; break;
        }
    }
    return out + QLatin1Char('"');
}

// Parses one file into `values`; groups are merged in file order (later settings win, like mysql).
void parseFile(const QString &path, const QStringList &groups, OptionFileValues &result, int depth)
{
    if (depth > kMaxIncludeDepth) {
        result.error = path + QStringLiteral(": !include nested too deeply");
        return;
    }
    const TextFileResult file = readTextFile(path, kMaxOptionFileBytes);
    if (!file.ok()) {
        result.error = path + QStringLiteral(": ") +
            (file.code == QLatin1String("file-too-large") ? QStringLiteral("option file larger than 1 MiB") : file.error);
        return;
    }
    const QStringList lines = QString::fromUtf8(file.bytes).split(QLatin1Char('\n'));
    bool inGroup = false;
    int lineNo = 0;
    for (QString line : lines) {
        ++lineNo;
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';')))
            continue;
        if (line.startsWith(QLatin1String("!include "))) {
            QString inc = line.mid(9).trimmed();
            if (QFileInfo(inc).isRelative())
                inc = QFileInfo(path).dir().filePath(inc);
            parseFile(inc, groups, result, depth + 1);
            if (!result.ok())
                return;
            continue;
        }
        if (line.startsWith(QLatin1String("!includedir "))) {
            QString dirPath = line.mid(12).trimmed();
            if (QFileInfo(dirPath).isRelative())
                dirPath = QFileInfo(path).dir().filePath(dirPath);
            const QDir dir(dirPath);
            const QStringList files = dir.entryList({QStringLiteral("*.cnf")}, QDir::Files, QDir::Name);
            for (const QString &name : files) {
                parseFile(dir.filePath(name), groups, result, depth + 1);
                if (!result.ok())
                    return;
            }
            continue;
        }
        if (line.startsWith(QLatin1Char('['))) {
            const int end = line.indexOf(QLatin1Char(']'));
            if (end < 0) {
                result.error = path + QLatin1Char(':') + QString::number(lineNo) +
                    QStringLiteral(": group header without ']'");
                return;
            }
            inGroup = groups.contains(line.mid(1, end - 1).trimmed().toLower());
            continue;
        }
        if (!inGroup)
            continue;
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq < 0)
            result.values.insert(normaliseKey(line), QString()); // boolean option
        else
            result.values.insert(normaliseKey(line.left(eq)), parseValue(line.mid(eq + 1)));
    }
}

} // namespace

namespace {

// Option files in the order resolve() reads them (first one wins).
QStringList optionFilesFor(const CredentialOptions &options)
{
    QStringList files;
    QString explicitFile = options.defaultsFile;
    if (explicitFile.isEmpty())
        explicitFile = options.environment.value(QStringLiteral("SHARDPILOT_DEFAULTS_FILE"));
    if (!explicitFile.isEmpty())
        files.append(explicitFile);
    if (options.useHomeMyCnf) {
        const QString home = options.homeDir.isEmpty() ? QDir::homePath() : options.homeDir;
        const QString myCnf = QDir(home).filePath(QStringLiteral(".my.cnf"));
        if (QFileInfo::exists(myCnf))
            files.append(myCnf);
    }
    return files;
}

std::optional<bool> parseBool(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t.isEmpty() || t == QLatin1String("1") || t == QLatin1String("true") || t == QLatin1String("on") ||
        t == QLatin1String("yes"))
        return true;
    if (t == QLatin1String("0") || t == QLatin1String("false") || t == QLatin1String("off") ||
        t == QLatin1String("no"))
        return false;
    return std::nullopt;
}

} // namespace

QString credentialSourceName(CredentialSource s)
{
    switch (s) {
    case CredentialSource::None: return QStringLiteral("none");
    case CredentialSource::ConfigFile: return QStringLiteral("config file");
    case CredentialSource::EnvironmentDataSource: return QStringLiteral("environment (data source)");
    case CredentialSource::Environment: return QStringLiteral("environment");
    case CredentialSource::OptionFile: return QStringLiteral("option file");
    case CredentialSource::SecretStore: return QStringLiteral("secret store");
    }
    return {};
}

QStringList Credentials::defaultGroups()
{
    return {QStringLiteral("client"), QStringLiteral("client-server"), QStringLiteral("client-mariadb"),
            QStringLiteral("shardpilot")};
}

QString Credentials::secretAccount(const QString &user, const DataSourceDef &ds)
{
    return user + QLatin1Char('@') + ds.host + QLatin1Char(':') + QString::number(ds.port);
}

QString Credentials::environmentVariableFor(const QString &dataSourceName)
{
    QString n = dataSourceName.toUpper();
    for (QChar &c : n)
        if (!((c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))))
            c = QLatin1Char('_');
    return QStringLiteral("SHARDPILOT_PASSWORD_") + n;
}

OptionFileValues Credentials::readOptionFile(const QString &path, const QStringList &groups)
{
    OptionFileValues out;
    QStringList lower;
    for (const QString &g : groups)
        lower.append(g.toLower());
    parseFile(path, lower, out, 0);
    if (!out.ok())
        out.values.clear();
    return out;
}

ResolvedCredentials Credentials::resolve(const DataSourceDef &ds, const CredentialOptions &options)
{
    ResolvedCredentials r;
    r.user = ds.username;
    if (!ds.password.isEmpty() || ds.passwordInFile) {
        r.password = ds.password;
        r.source = CredentialSource::ConfigFile;
        r.detail = ds.location.file.isEmpty() ? QStringLiteral("config") : ds.location.file;
        return r;
    }
    const QProcessEnvironment &env = options.environment;
    const QString dsVar = environmentVariableFor(ds.name);
    if (env.contains(dsVar)) {
        r.password = env.value(dsVar);
        r.source = CredentialSource::EnvironmentDataSource;
        r.detail = QStringLiteral("env ") + dsVar;
        return r;
    }
    if (env.contains(QStringLiteral("SHARDPILOT_PASSWORD"))) {
        r.password = env.value(QStringLiteral("SHARDPILOT_PASSWORD"));
        r.source = CredentialSource::Environment;
        r.detail = QStringLiteral("env SHARDPILOT_PASSWORD");
        return r;
    }

    for (const QString &file : optionFilesFor(options)) {
        const OptionFileValues v = readOptionFile(file);
        if (!v.ok()) {
            r.notes.append(v.error);
            continue;
        }
        const QString fileUser = v.value(QStringLiteral("user"));
        if (!r.user.isEmpty() && !fileUser.isEmpty() && fileUser != r.user) {
            r.notes.append(file + QStringLiteral(": skipped, its user '") + fileUser +
                           QStringLiteral("' is not '") + r.user + QLatin1Char('\''));
            continue;
        }
        if (!v.has(QStringLiteral("password"))) {
            r.notes.append(file + QStringLiteral(": no password in [client]"));
            continue;
        }
        if (r.user.isEmpty())
            r.user = fileUser;
        r.password = v.value(QStringLiteral("password"));
        r.source = CredentialSource::OptionFile;
        r.detail = file;
        return r;
    }

    if (options.secretStore) {
        const QString account = secretAccount(r.user, ds);
        QString error;
        if (auto pw = options.secretStore->readPassword(options.secretService, account, &error)) {
            r.password = *pw;
            r.source = CredentialSource::SecretStore;
            r.detail = options.secretService + QLatin1Char('/') + account;
            return r;
        }
        if (!error.isEmpty())
            r.notes.append(QStringLiteral("secret store: ") + error);
    }
    return r;
}

std::optional<SslMode> Credentials::parseSslMode(const QString &text)
{
    QString t = text.trimmed().toLower();
    t.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (t == QLatin1String("disabled") || t == QLatin1String("disable"))
        return SslMode::Disabled;
    if (t == QLatin1String("preferred"))
        return SslMode::Preferred;
    if (t == QLatin1String("required") || t == QLatin1String("trust"))
        return SslMode::Required;
    if (t == QLatin1String("verify_ca"))
        return SslMode::VerifyCa;
    if (t == QLatin1String("verify_identity") || t == QLatin1String("verify_full"))
        return SslMode::VerifyIdentity;
    return std::nullopt;
}

TlsOptions Credentials::resolveTls(const DataSourceDef &ds, const CredentialOptions &options,
                                   QStringList *notes)
{
    TlsOptions tls;
    auto note = [notes](const QString &text) {
        if (notes)
            notes->append(text);
    };
    // Option files: the first file that says anything about TLS decides, like the password.
    std::optional<SslMode> fileMode;
    for (const QString &file : optionFilesFor(options)) {
        const OptionFileValues v = readOptionFile(file);
        if (!v.ok())
            continue;
        const bool anyTls = v.has(QStringLiteral("ssl")) || v.has(QStringLiteral("skip-ssl")) ||
                            v.has(QStringLiteral("ssl-mode")) || v.has(QStringLiteral("ssl-ca")) ||
                            v.has(QStringLiteral("ssl-cert")) || v.has(QStringLiteral("ssl-key")) ||
                            v.has(QStringLiteral("ssl-verify-server-cert"));
        if (!anyTls)
            continue;
        tls.ca = v.value(QStringLiteral("ssl-ca"));
        tls.cert = v.value(QStringLiteral("ssl-cert"));
        tls.key = v.value(QStringLiteral("ssl-key"));
        if (!tls.ca.isEmpty() || !tls.cert.isEmpty() || !tls.key.isEmpty())
            fileMode = SslMode::Required;
        if (v.has(QStringLiteral("ssl")))
            fileMode = parseBool(v.value(QStringLiteral("ssl"))).value_or(true) ? SslMode::Required
                                                                                : SslMode::Disabled;
        if (v.has(QStringLiteral("ssl-verify-server-cert")) &&
            parseBool(v.value(QStringLiteral("ssl-verify-server-cert"))).value_or(true))
            fileMode = SslMode::VerifyIdentity;
        if (v.has(QStringLiteral("ssl-mode"))) {
            if (auto m = parseSslMode(v.value(QStringLiteral("ssl-mode"))))
                fileMode = m;
            else
                note(file + QStringLiteral(": unknown ssl-mode '") + v.value(QStringLiteral("ssl-mode")) +
                     QLatin1Char('\''));
        }
        if (v.has(QStringLiteral("skip-ssl")))
            fileMode = SslMode::Disabled;
        break;
    }

    // The url's parameters (case-insensitive names, as the drivers read them).
    QMap<QString, QString> params;
    const QString query = JdbcUrl::parse(ds.url).params;
    for (const QString &pair : query.split(QLatin1Char('&'), Qt::SkipEmptyParts)) {
        const int eq = int(pair.indexOf(QLatin1Char('=')));
        params.insert((eq < 0 ? pair : pair.left(eq)).trimmed().toLower(),
                      eq < 0 ? QString() : pair.mid(eq + 1).trimmed());
    }
    std::optional<SslMode> urlMode;
    if (params.contains(QStringLiteral("sslmode"))) {
        urlMode = parseSslMode(params.value(QStringLiteral("sslmode")));
        if (!urlMode)
            note(ds.name + QStringLiteral(": unknown sslMode '") + params.value(QStringLiteral("sslmode")) +
                 QLatin1Char('\''));
    }
    if (!urlMode && params.contains(QStringLiteral("usessl"))) {
        if (!parseBool(params.value(QStringLiteral("usessl"))).value_or(true)) {
            urlMode = SslMode::Disabled;
        } else {
            const bool verify =
                parseBool(params.value(QStringLiteral("verifyservercertificate"), QStringLiteral("false")))
                    .value_or(false);
            urlMode = verify ? SslMode::VerifyCa : SslMode::Required;
        }
    }
    if (!urlMode &&
        parseBool(params.value(QStringLiteral("requiressl"), QStringLiteral("false"))).value_or(false))
        urlMode = SslMode::Required;
    const QString serverCert = params.value(QStringLiteral("serversslcert"));
    if (!serverCert.isEmpty()) {
        if (serverCert.startsWith(QLatin1String("-----BEGIN")))
            note(ds.name + QStringLiteral(": serverSslCert holds an inline certificate; give it as a file"));
        else
            tls.ca = serverCert.startsWith(QLatin1String("file:")) ? serverCert.mid(5) : serverCert;
    }
    if (params.contains(QStringLiteral("trustcertificatekeystoreurl")) ||
        params.contains(QStringLiteral("clientcertificatekeystoreurl")))
        note(ds.name +
             QStringLiteral(": Java keystores are not used; give ssl-ca/ssl-cert/ssl-key in an option file"));

    tls.mode = urlMode.value_or(fileMode.value_or(SslMode::Default));
    return tls;
}

bool Credentials::writeOptionFile(const QString &path, const QString &user, const QString &password,
                                  QString *error, const QMap<QString, QString> &extra)
{
    QString text = QStringLiteral("# Written by ShardPilot. Keep this file private (mode 0600).\n[client]\n");
    if (!user.isEmpty())
        text += QStringLiteral("user=") + quoteValue(user) + QLatin1Char('\n');
    text += QStringLiteral("password=") + quoteValue(password) + QLatin1Char('\n');
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        text += it.key() + QLatin1Char('=') + quoteValue(it.value()) + QLatin1Char('\n');
    const QByteArray bytes = text.toUtf8();

    // Write a 0600 temporary file next to the target, then rename over it: the secret is never in a
    // file with wider permissions, and a crash leaves either the old or the new file.
    const QByteArray tmp = QFile::encodeName(path + QStringLiteral(".tmp"));
    ::unlink(tmp.constData());
    const int fd = ::open(tmp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, S_IRUSR | S_IWUSR);
    if (fd < 0) {
        if (error)
            *error = path + QStringLiteral(": cannot create: ") + QString::fromLocal8Bit(strerror(errno));
        return false;
    }
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (error)
                *error = path + QStringLiteral(": write failed: ") + QString::fromLocal8Bit(strerror(errno));
            ::close(fd);
            ::unlink(tmp.constData());
            return false;
        }
        done += n;
    }
    ::fchmod(fd, S_IRUSR | S_IWUSR);
    ::fsync(fd);
    ::close(fd);
    if (::rename(tmp.constData(), QFile::encodeName(path).constData()) != 0) {
        if (error)
            *error = path + QStringLiteral(": rename failed: ") + QString::fromLocal8Bit(strerror(errno));
        ::unlink(tmp.constData());
        return false;
    }
    return true;
}

} // namespace sp
