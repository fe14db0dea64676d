// plan --exact against servers that accept TCP but never answer: before, ExactCounter reconnected
// for every pair (114 connects, 328 s, the same error 116 times). Now one error per server and its
// other pairs are skipped. The "servers" are listening sockets nobody accepts on (the kernel
// completes the TCP handshake from the backlog; no MySQL greeting ever comes).
#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/live/ExactCounter.h"
#include "core/planning/ExpansionStrategy.h"

#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sp;
using namespace sp::planning;

namespace {

// A loopback port that completes TCP connects but never says anything. -1 on failure.
int silentListener(int *fd)
{
    *fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (*fd < 0 || ::bind(*fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(*fd, 512) != 0)
        return -1;
    socklen_t len = sizeof a;
    ::getsockname(*fd, reinterpret_cast<sockaddr *>(&a), &len);
    return ntohs(a.sin_port);
}

} // namespace

class TestSilentServers final : public QObject
{
    Q_OBJECT
private slots:
    void onceErrorPerServer();
};

void TestSilentServers::onceErrorPerServer()
{
    int fds[2] = {-1, -1};
    const int p0 = silentListener(&fds[0]);
    const int p1 = silentListener(&fds[1]);
    QVERIFY(p0 > 0 && p1 > 0);
    QFile f(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    // db0, db2 on one silent server, db1, db3 on the other.
    for (int i = 0; i < 4; ++i)
        text.replace(QByteArray("mysql-" + QByteArray::number(i) + ":3306"),
                     QByteArray("127.0.0.1:" + QByteArray::number(i % 2 == 0 ? p0 : p1)));
    PlanInput in;
    in.configPath = QStringLiteral("silent.yaml");
    in.configText = text;
    in.config = ConfigLoader::loadText(text, in.configPath).config;
    in.request.strategy = StrategyId::ModDouble;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    ExpansionPlan plan = *out.plan;
    int pairs = 0;
    for (const TablePlan &t : plan.tables)
        pairs += int(t.pairs.size());
    QVERIFY(pairs > 8);

    InspectionOptions options;
    options.connectTimeoutSec = 1;
    options.readTimeoutSec = 1;
    options.countTimeoutSec = 1;
    options.credentials.useHomeMyCnf = false;
    options.credentials.environment = QProcessEnvironment();
    QElapsedTimer t;
    t.start();
    const ExactCountResult r = ExactCounter::run(plan, in.config, options);
    const qint64 ms = t.elapsed();
    QCOMPARE(r.counted, 0);
    QCOMPARE(r.errors.size(), 2); // one per server, not one per pair
    QCOMPARE(r.skipped, pairs - 2);
    for (const QString &e : r.errors)
        QVERIFY2(e.contains(QStringLiteral("not counted")), qPrintable(e));
    // Two failed handshakes, not one per pair (each costs up to the timeouts, a few seconds).
    QVERIFY2(ms < 20000, qPrintable(QString::number(ms)));
    ::close(fds[0]);
    ::close(fds[1]);
}

QTEST_GUILESS_MAIN(TestSilentServers)
#include "tst_silentservers.moc"
