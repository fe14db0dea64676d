#pragma once
#include <QString>

namespace sp {

// Where the installed (or built) product keeps its read-only data. The layout is the same in the
// build tree and after installation: <prefix>/bin/<program> (build: <build>/app/<program>) next to
// <prefix>/share/shardpilot/{examples,translations}. Nothing here is a compiled-in source path.
namespace AppPaths {

// <dir of the running program>/../share/shardpilot, or $SHARDPILOT_DATA_DIR when set.
QString dataDir();
// dataDir()/examples, or $SHARDPILOT_EXAMPLES_DIR when set.
QString examplesDir();
// dataDir()/translations (the compiled .qm catalogues).
QString translationsDir();
// examplesDir()/name.
QString examplePath(const QString &name);

} // namespace AppPaths
} // namespace sp
