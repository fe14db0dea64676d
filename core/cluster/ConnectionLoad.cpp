// LOAD DATA LOCAL INFILE served from memory (Connection::loadFromMemory): libmariadb's local-infile
// handler reads the buffer instead of a file. The handler is installed at open() and refuses every
// request unless a loadFromMemory() call is running and the server asks for exactly its name, so a
// server can never read a file of this machine through the connection.
#include "core/cluster/Connection.h"

#include <mysql.h>

#include <cstring>

namespace sp {

struct Connection::MemoryInfile
{
    const QByteArray *data = nullptr; // set while loadFromMemory() runs
    qsizetype pos = 0;
    bool refused = false;
};

namespace {

int infileInit(void **ptr, const char *filename, void *userdata)
{
    auto *m = static_cast<Connection::MemoryInfile *>(userdata);
    *ptr = m;
    m->pos = 0;
    m->refused = !m->data || !filename || std::strcmp(filename, Connection::memoryInfileName()) != 0;
    return m->refused ? 1 : 0;
}

int infileRead(void *ptr, char *buf, unsigned int len)
{
    auto *m = static_cast<Connection::MemoryInfile *>(ptr);
    if (m->refused || !m->data)
        return -1;
    const qsizetype n = qMin<qsizetype>(qsizetype(len), m->data->size() - m->pos);
    if (n > 0) {
        std::memcpy(buf, m->data->constData() + m->pos, size_t(n));
        m->pos += n;
    }
    return int(n);
}

void infileEnd(void *) {}

int infileError(void *ptr, char *msg, unsigned int len)
{
    const auto *m = static_cast<Connection::MemoryInfile *>(ptr);
    const char *text = m && m->refused ? "ShardPilot serves no local file to the server (only its own LOAD DATA from memory)"
                                       : "reading the in-memory LOAD DATA buffer failed";
    if (len > 0) {
        std::strncpy(msg, text, len - 1);
        msg[len - 1] = '\0';
    }
    return 2000; // CR_UNKNOWN_ERROR
}

} // namespace

void Connection::installMemoryInfile()
{
    if (!m_memoryInfile)
        m_memoryInfile = std::make_shared<MemoryInfile>();
    m_memoryInfile->data = nullptr;
    mysql_set_local_infile_handler(m_mysql, infileInit, infileRead, infileEnd, infileError, m_memoryInfile.get());
}

bool Connection::loadFromMemory(const QByteArray &sqlUtf8, const QByteArray &data, ExecResult *result)
{
    if (!m_mysql || !m_params.memoryInfile || !m_memoryInfile) {
        setError(QStringLiteral("LOAD DATA from memory needs a connection opened for it (ConnectionParams::memoryInfile)"));
        return false;
    }
    m_memoryInfile->data = &data;
    const bool ok = exec(sqlUtf8, result);
    m_memoryInfile->data = nullptr;
    return ok;
}

} // namespace sp
