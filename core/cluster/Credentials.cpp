#include "core/cluster/Credentials.h"

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

    QStringList files;
    QString explicitFile = options.defaultsFile;
    if (explicitFile.isEmpty())
        explicitFile = env.value(QStringLiteral("SHARDPILOT_DEFAULTS_FILE"));
    if (!explicitFile.isEmpty())
        files.append(explicitFile);
    if (options.useHomeMyCnf) {
        const QString home = options.homeDir.isEmpty() ? QDir::homePath() : options.homeDir;
        const QString myCnf = QDir(home).filePath(QStringLiteral(".my.cnf"));
        if (QFileInfo::exists(myCnf))
            files.append(myCnf);
    }
    for (const QString &file : files) {
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
