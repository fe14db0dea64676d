#pragma once
#include "core/cluster/Connection.h"
#include "core/config/ShardingConfig.h"
#include "core/config/Text.h"

#include <QMap>
#include <QProcessEnvironment>
#include <QString>

#include <memory>
#include <optional>

namespace sp {

// Where secrets live when they are not in a file. KeychainSecretStore (qtkeychain) implements it;
// the resolver works without any store, so a box with no secret service still resolves passwords.
class SecretStore
{
public:
    virtual ~SecretStore() = default;
    // Password for `account` (e.g. "shardpilot_app@127.0.0.1:3306") under `service` ("ShardPilot").
    // nullopt when there is none or the store is unavailable; `error` says why when it failed.
    virtual std::optional<QString> readPassword(const QString &service, const QString &account,
                                                QString *error = nullptr) = 0;
    // `error` says why it failed and what to do, as a sentence for people (the console translates it).
    virtual bool writePassword(const QString &service, const QString &account, const QString &password,
                               Text *error = nullptr) = 0;
};

enum class CredentialSource {
    None,
    ConfigFile,            // password written in the sharding YAML (the linter flags it)
    EnvironmentDataSource, // SHARDPILOT_PASSWORD_<DSNAME>
    Environment,           // SHARDPILOT_PASSWORD
    OptionFile,            // --defaults-file / SHARDPILOT_DEFAULTS_FILE / ~/.my.cnf
    SecretStore
};

QString credentialSourceName(CredentialSource s);

struct ResolvedCredentials
{
    QString user;
    QString password;      // in memory only; never logged or written
    CredentialSource source = CredentialSource::None;
    QString detail;        // where it came from, e.g. "env SHARDPILOT_PASSWORD_DB0", "/x/app.cnf"
    QStringList notes;     // why a candidate was skipped (no secrets in here)

    bool hasPassword() const { return source != CredentialSource::None; }
};

struct CredentialOptions
{
    QString defaultsFile;        // explicit option file (--defaults-file); empty: $SHARDPILOT_DEFAULTS_FILE
    bool useHomeMyCnf = true;    // ~/.my.cnf
    QString homeDir;             // empty: QDir::homePath()
    // Shared: a background worker (a health poller, a stats job) keeps the store alive while it
    // resolves, even when the window that made the options is already gone.
    std::shared_ptr<SecretStore> secretStore;
    QString secretService = QStringLiteral("ShardPilot");
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
};

// Values of a MySQL option file, merged over the groups a client reads.
struct OptionFileValues
{
    QMap<QString, QString> values; // keys normalised: lower case, '-' instead of '_'
    QString error;                 // unreadable file or bad syntax (first problem, with line)
    bool ok() const { return error.isEmpty(); }
    QString value(const QString &key) const { return values.value(key); }
    bool has(const QString &key) const { return values.contains(key); }
};

// Resolves the user and password for a data source, in this order:
//  1. the password in the config (still used, but the linter flags it),
//  2. $SHARDPILOT_PASSWORD_<DSNAME> (name upper-cased, other characters than A-Z0-9 as '_'),
//  3. $SHARDPILOT_PASSWORD,
//  4. the option file given by defaultsFile or $SHARDPILOT_DEFAULTS_FILE, then ~/.my.cnf
//     (groups [client], [client-server], [client-mariadb], [shardpilot]; later groups win),
//  5. the secret store, account "<user>@<host>:<port>".
// The user is the config's username, else the option file's `user`. An option file whose `user`
// differs from the config's username is skipped, so one account's password is never sent for another.
class Credentials final
{
public:
    static ResolvedCredentials resolve(const DataSourceDef &ds, const CredentialOptions &options = {});
    static QString environmentVariableFor(const QString &dataSourceName);
    // The secret store's account for `user` on the data source's server: "<user>@<host>:<port>".
    static QString secretAccount(const QString &user, const DataSourceDef &ds);

    // Parses a MySQL option file, supports quoting, escapes, !include and !includedir.
    static OptionFileValues readOptionFile(const QString &path,
                                           const QStringList &groups = defaultGroups());
    static QStringList defaultGroups();

    // TLS for a data source. The mode comes from the JDBC url's parameters - MySQL Connector/J's
    // sslMode (DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY) or useSSL / requireSSL /
    // verifyServerCertificate, MariaDB Connector/J's sslMode (disable, trust, verify-ca, verify-full) -
    // else from the option files of resolve() (ssl-mode, ssl, skip-ssl, ssl-verify-server-cert; an
    // ssl-ca/-cert/-key alone means REQUIRED, as the mariadb client does). Certificate paths come from
    // ssl-ca / ssl-cert / ssl-key, and the url's serverSslCert when it is a file. `notes` says what
    // could not be used (Java keystores, unknown modes).
    static TlsOptions resolveTls(const DataSourceDef &ds, const CredentialOptions &options = {},
                                 QStringList *notes = nullptr);
    // "VERIFY_CA", "verify-ca", "required", "trust", ... nullopt for text that names no mode.
    static std::optional<SslMode> parseSslMode(const QString &text);

    // Writes an option file with mode 0600 (created with that mode, never world-readable even
    // briefly): [client] user=... password=... (+ optional extra keys).
    static bool writeOptionFile(const QString &path, const QString &user, const QString &password,
                                QString *error, const QMap<QString, QString> &extra = {});
};

} // namespace sp
