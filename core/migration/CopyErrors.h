#pragma once
#include <QString>

namespace sp::migration {

// What a duplicate-key error (1062) of a copied row means, from the server's own message ("Duplicate
// entry '42' for key 'PRIMARY'" / "... for key 'uk_mid'", MySQL 8: "... for key 't.uk_mid'"): a
// primary key clash is two data nodes using the same ids; a clash on a secondary UNIQUE key is a
// value two rows share, named with the key. Appended to the error, starting with " (".
QString duplicateKeyHint(const QString &serverMessage);

} // namespace sp::migration
