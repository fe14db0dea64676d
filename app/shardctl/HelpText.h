#pragma once
#include "Command.h"

#include <QString>

namespace sp::cli {

// The texts `--help` prints, in one place, so the man page (help --man) is made from the same words.

// "Usage: shardctl <command> ..." with one line per command.
QString usageText();
// `shardctl <name> --help`: the command's options as QCommandLineParser formats them.
QString commandHelpText(Command &cmd);
// Parser set up with --help and the command's options (used by main to parse, and for the help text).
void setUpParser(QCommandLineParser &parser, Command &cmd);
// `shardctl --version`: one line per component (ShardPilot, Qt, MariaDB Connector/C, yaml-cpp).
QString versionText();
// shardctl(1) in roff, generated from usageText(), commandHelpText() of every command and versionText().
QString manPage();

} // namespace sp::cli
