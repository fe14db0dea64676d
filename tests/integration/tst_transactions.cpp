// Transaction guard, consistent-snapshot position, affected-rows modes, warnings (fetched and turned into
// errors) and read timeouts, against a real mariadbd.
#include "SandboxFixture.h"

#include "core/cluster/Connection.h"
#include "core/cluster/Transaction.h"

#include <QElapsedTimer>
#include <QtTest>

#include <stdexcept>

using namespace sp;
using namespace sp::test;

class TestTransactions final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{1, {}, 50, 7}};

    Connection open(const ConnectionParams &p)
    {
        Connection c;
        c.open(p);
        return c;
    }
    Connection root() { return open(m_fx.rootParams(0)); }

    qint64 count(const QString &where = QStringLiteral("1"))
    {
        Connection c = root();
        return c.queryValue(QStringLiteral("SELECT COUNT(*) FROM txtest.t WHERE ") + where)->toLongLong();
    }

    BinlogPosition masterPosition(Connection &c)
    {
        const auto r = c.query(QStringLiteral("SHOW MASTER STATUS"));
        return r && !r->rows.isEmpty()
                   ? BinlogPosition{r->rows.at(0).at(0).toString(), r->rows.at(0).at(1).toULongLong()}
                   : BinlogPosition{};
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        Connection c = root();
        QVERIFY2(c.exec(QStringLiteral("CREATE DATABASE txtest")), qPrintable(c.lastError()));
    }

    void init()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("DROP TABLE IF EXISTS txtest.t")));
        QVERIFY(c.exec(QStringLiteral(
            "CREATE TABLE txtest.t (id INT PRIMARY KEY, u INT, v VARCHAR(8), UNIQUE KEY uk (u))"
            " ENGINE=InnoDB")));
    }

    void guardRollsBackOnException()
    {
        Connection c = root();
        try {
            Transaction tx(c);
            QVERIFY2(tx.ok(), qPrintable(tx.error()));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a')")));
            QVERIFY(c.inTransaction());
            throw std::runtime_error("boom");
        } catch (const std::runtime_error &) {
        }
        QVERIFY(!c.inTransaction());
        QCOMPARE(count(), 0);
    }

    void guardRollsBackWhenNotCommitted()
    {
        Connection c = root();
        {
            Transaction tx(c);
            QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a')")));
            QCOMPARE(count(), 0); // not visible to others while open
        }
        QCOMPARE(count(), 0);
        {
            Transaction tx(c);
            QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (2, 2, 'b')")));
            QVERIFY2(tx.commit(), qPrintable(tx.error()));
            QVERIFY(tx.isCommitted());
            QVERIFY(!tx.commit()); // once
        }
        QCOMPARE(count(), 1);
        {
            Transaction tx(c);
            QVERIFY(c.exec(QStringLiteral("DELETE FROM txtest.t")));
            QVERIFY(tx.rollback());
            QVERIFY(!tx.ok());
        }
        QCOMPARE(count(), 1);
    }

    void nestedBeginIsRefused()
    {
        Connection c = root();
        Transaction outer(c);
        QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a')")));
        Transaction inner(c); // START TRANSACTION here would commit the outer one
        QVERIFY(!inner.ok());
        QVERIFY2(inner.error().contains(QLatin1String("already open")), qPrintable(inner.error()));
        QCOMPARE(count(), 0);
        QVERIFY(outer.commit());
        QCOMPARE(count(), 1);
    }

    void commitOnReopenedConnectionFails()
    {
        Connection c = root();
        Transaction tx(c);
        QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a')")));
        QVERIFY(c.reconnect()); // the server rolled the transaction back with the old session
        QVERIFY(!tx.commit());
        QVERIFY2(tx.error().contains(QLatin1String("lost")), qPrintable(tx.error()));
        QCOMPARE(count(), 0);

        // killed by another session: the same connection object, but the session is gone
        Connection d = root();
        Transaction tx2(d);
        QVERIFY(d.exec(QStringLiteral("INSERT INTO txtest.t VALUES (2, 2, 'b')")));
        Connection killer = root();
        QVERIFY(killer.killConnection(d.threadId()));
        QVERIFY(!tx2.commit());
        QCOMPARE(count(), 0);
    }

    // With multi-statements on for the session, START ... WITH CONSISTENT SNAPSHOT and the position's
    // status rows go in one round trip: the same position either way.
    void consistentSnapshotPosition_data()
    {
        QTest::addColumn<bool>("multiStatements");
        QTest::newRow("separate") << false;
        QTest::newRow("together") << true;
    }
    void consistentSnapshotPosition()
    {
        QFETCH(bool, multiStatements);
        ConnectionParams ap = m_fx.rootParams(0);
        ap.multiStatements = multiStatements;
        Connection a = open(ap);
        QVERIFY2(a.isOpen(), qPrintable(a.lastError()));
        Connection b = root();
        QVERIFY(b.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a')")));
        const BinlogPosition before = masterPosition(b);
        QVERIFY(before.isValid());
        Transaction tx(a, TransactionOptions{true, true});
        QVERIFY2(tx.ok(), qPrintable(tx.error()));
        const auto p1 = tx.snapshotPosition();
        QVERIFY2(p1, qPrintable(tx.error()));
        QCOMPARE(*p1, before);
        // others commit; the snapshot and its position stay where they were
        QVERIFY(b.exec(QStringLiteral("INSERT INTO txtest.t VALUES (2, 2, 'b')")));
        const BinlogPosition after = masterPosition(b);
        QVERIFY(before < after);
        QCOMPARE(a.queryValue(QStringLiteral("SELECT COUNT(*) FROM txtest.t"))->toLongLong(), 1);
        const auto p2 = tx.snapshotPosition();
        QVERIFY(p2);
        QCOMPARE(*p2, before);
        QVERIFY(tx.commit());
        // a transaction without the snapshot option has no snapshot position to give
        Transaction plain(a);
        QVERIFY(!plain.snapshotPosition());
    }

    void affectedRowsModes()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a'), (2, 2, 'b')")));
        const QString sql =
            QStringLiteral("UPDATE txtest.t SET v = 'a' WHERE id IN (1, 2)"); // row 1 already 'a'

        ConnectionParams matched = m_fx.rootParams(0);
        QCOMPARE(matched.affectedRows, AffectedRows::Matched); // the default, documented
        Connection m = open(matched);
        ExecResult r;
        QVERIFY(m.exec(sql, &r));
        QCOMPARE(r.affectedRows, quint64(2)); // both matched, one changed
        QCOMPARE(r.matchedRows, qint64(2));
        QCOMPARE(r.changedRows, qint64(1));

        ConnectionParams changed = m_fx.rootParams(0);
        changed.affectedRows = AffectedRows::Changed;
        Connection ch = open(changed);
        QVERIFY(ch.exec(sql, &r)); // nothing changes now
        QCOMPARE(r.affectedRows, quint64(0));
        QCOMPARE(r.matchedRows, qint64(2));
        QCOMPARE(r.changedRows, qint64(0));
        QVERIFY(m.exec(sql, &r));
        QCOMPARE(r.affectedRows, quint64(2));
        // an INSERT reports no matched/changed
        QVERIFY(m.exec(QStringLiteral("INSERT INTO txtest.t VALUES (3, 3, 'c')"), &r));
        QCOMPARE(r.matchedRows, qint64(-1));
    }

    void warningsFetched()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("SET SESSION sql_mode = ''"))); // non-strict: truncate and warn
        ExecResult r;
        QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'far too long')"), &r));
        QCOMPARE(r.warnings, 1u);
        const auto w = c.fetchWarnings();
        QVERIFY(w);
        QCOMPARE(w->size(), 1);
        QCOMPARE(w->at(0).level, QStringLiteral("Warning"));
        QCOMPARE(w->at(0).code, 1265u);
        QVERIFY2(w->at(0).message.contains(QLatin1String("Data truncated for column 'v'")),
                 qPrintable(w->at(0).message));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT v FROM txtest.t"))->toString(),
                 QStringLiteral("far too "));
    }

    void warningsAsErrors()
    {
        ConnectionParams p = m_fx.rootParams(0);
        p.warnings.asErrors = true;
        Connection c = open(p);
        QVERIFY(c.exec(QStringLiteral("SET SESSION sql_mode = ''")));
        {
            Transaction tx(c);
            QVERIFY(!c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'far too long')")));
            QVERIFY2(c.lastError().contains(QLatin1String("1265")) &&
                         c.lastError().contains(QLatin1String("Data truncated")),
                     qPrintable(c.lastError()));
        } // the guard rolls the truncated row back
        QCOMPARE(count(), 0);
        // a truncated value in a SELECT too
        QVERIFY(!c.query(QStringLiteral("SELECT CAST('12abc' AS SIGNED)")));
        QVERIFY2(c.lastError().contains(QLatin1String("1292")), qPrintable(c.lastError()));
        // notes are not errors unless asked
        QVERIFY2(c.exec(QStringLiteral("DROP TABLE IF EXISTS txtest.nope")), qPrintable(c.lastError()));
        WarningPolicy strict = c.warningPolicy();
        strict.includeNotes = true;
        c.setWarningPolicy(strict);
        QVERIFY(!c.exec(QStringLiteral("DROP TABLE IF EXISTS txtest.nope")));
        QVERIFY(c.lastError().contains(QLatin1String("1051")));
    }

    void insertIgnoreToleratesOnlyThePrimaryKey()
    {
        ConnectionParams p = m_fx.rootParams(0);
        p.warnings.asErrors = true;
        p.warnings.tolerate = [](const SqlWarning &w) { return w.isDuplicatePrimaryKey(); };
        Connection c = open(p);
        QVERIFY(c.exec(QStringLiteral("INSERT INTO txtest.t VALUES (1, 1, 'a')")));
        // replaying a row that is there: fine
        ExecResult r;
        QVERIFY2(c.exec(QStringLiteral("INSERT IGNORE INTO txtest.t VALUES (1, 1, 'a')"), &r),
                 qPrintable(c.lastError()));
        QCOMPARE(r.affectedRows, quint64(0));
        QCOMPARE(r.warnings, 1u);
        // another key colliding on the unique index: the row would be lost silently
        QVERIFY(!c.exec(QStringLiteral("INSERT IGNORE INTO txtest.t VALUES (2, 1, 'b')")));
        QVERIFY2(c.lastError().contains(QLatin1String("for key 'uk'")), qPrintable(c.lastError()));
    }

    void readTimeout()
    {
        ConnectionParams p = m_fx.rootParams(0);
        p.readTimeoutSec = 1;
        Connection c = open(p);
        QElapsedTimer t;
        t.start();
        QVERIFY(!c.queryValue(QStringLiteral("SELECT SLEEP(6)")));
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(c.lastErrno() == 2013 || c.lastErrno() == 2006, qPrintable(c.lastError()));

        p.readTimeoutSec = 0; // none: a long statement runs to its end
        Connection d = open(p);
        auto v = d.queryValue(QStringLiteral("SELECT SLEEP(2)"));
        QVERIFY2(v, qPrintable(d.lastError()));
        QCOMPARE(v->toLongLong(), 0);
    }

    void cleanupTestCase() { m_fx.stop(); }
};

QTEST_GUILESS_MAIN(TestTransactions)
#include "tst_transactions.moc"
