#pragma once
#include <QByteArray>
#include <QString>

namespace sp {

// What exports write instead of a password. A plan's new-config.yaml and plan.json carry
// kPasswordPlaceholder (a `password:` value says where the real one goes; a url carries the bare
// token); the config export (File > Export) writes kRedactedPassword. The loader takes neither for
// a password: the data source is flagged (linter: `placeholder-password`) and its password comes
// from the rest of the credential chain (environment, option file, keychain).
inline constexpr char kPasswordPlaceholder[] = "SHARDPILOT_REDACTED";
inline constexpr char kRedactedPassword[] = "******";

// The `password:` value a plan export writes (a quoted YAML scalar, quotes included).
QString passwordPlaceholderValue();
// `value` is one of the placeholders above (kPasswordPlaceholder starts it, or it is "******").
bool isPasswordPlaceholder(const QString &value);

// The YAML text with every password value replaced (keys `password`, `pwd`, `passwd`, any key
// ending in `password`; quoted so a bare * is not read as an alias) by `yamlValue`, and every
// password inside a JDBC url (user:secret@, password= / pwd= parameters) by `urlValue`. Comments
// and everything else are kept byte for byte; `count` (optional) gets how many were replaced.
QByteArray redactPasswords(const QByteArray &yaml, const QString &yamlValue, const QString &urlValue,
                           int *count = nullptr);

// redactPasswords() with the plan placeholders: new-config.yaml and plan.json ("config minus
// secrets"; the migration reads the passwords from the original config).
QByteArray redactForPlan(const QByteArray &yaml);
// A url with its password (if any) replaced by kPasswordPlaceholder.
QString redactUrlForPlan(const QString &url);

} // namespace sp
