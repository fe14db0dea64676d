#pragma once
#include "core/cluster/Credentials.h"
#include "core/config/ShardingConfig.h"

#include <QStringList>

#include <atomic>

namespace sp {

struct LoadMix
{
    int insert = 70;
    int update = 20;
    int remove = 10;
    // "insert:70,update:20,delete:10" (weights; any subset; at least one positive).
    static bool parse(const QString &text, LoadMix *out, QString *error);
    int total() const { return insert + update + remove; }
};

struct LoadGeneratorOptions
{
    double rate = 100;        // operations per second, all workers together
    double durationSec = 10;
    LoadMix mix;
    quint64 seed = 1;
    int workers = 4;          // threads, each with its own connections
    int connectTimeoutSec = 3;
    CredentialOptions credentials;
};

struct LoadKindStats
{
    qint64 ok = 0;
    qint64 errors = 0;
    qint64 skipped = 0;       // update/delete with no known row to act on, or 0 rows affected
};

struct LoadRunResult
{
    bool started = false;     // false: setup failed (see error), nothing was sent
    QString error;
    LoadKindStats insert, update, remove;
    double seconds = 0;
    QStringList errorSamples; // first few errors, one line each
    qint64 operations() const
    {
        return insert.ok + insert.errors + update.ok + update.errors + update.skipped + remove.ok + remove.errors +
            remove.skipped;
    }
    qint64 errors() const { return insert.errors + update.errors + remove.errors; }
};

// An application-like writer for t_messages (and t_user_messages when the config has it): every
// write is routed with sp::Router to the physical table the config names, as the application user
// (credentials resolved by Credentials). Updates and deletes target rows by (_target, _mid), the
// way the application would: a sample of existing rows is read first, inserted rows join it.
class LoadGenerator final
{
public:
    LoadGenerator(const ShardingConfig &config, const LoadGeneratorOptions &options);
    // Blocks for options.durationSec (or until `cancel` becomes true).
    LoadRunResult run(const std::atomic<bool> *cancel = nullptr);

private:
    ShardingConfig m_config;
    LoadGeneratorOptions m_options;
};

} // namespace sp
