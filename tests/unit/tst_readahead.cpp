// The copy's read-ahead thread (core/migration/copy/ReadAhead.h): one thread for every job, not the
// caller's; jobs run one at a time in the order given; start() waits for a pending job; wait() returns
// only after the job has run; the destructor lets a pending job finish before it joins.
#include "core/migration/copy/ReadAhead.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace sp::migration;

class TestReadAhead final : public QObject
{
    Q_OBJECT
private slots:
    void jobsRunOnOneThreadInOrder()
    {
        std::vector<std::thread::id> ids;
        std::vector<int> order;
        {
            ReadAhead ahead;
            for (int i = 0; i < 50; ++i) {
                ahead.start([&, i] {
                    ids.push_back(std::this_thread::get_id());
                    order.push_back(i);
                });
                if (i % 2 == 0)
                    ahead.wait(); // the other half: the next start() waits for it
            }
            ahead.wait();
        }
        QCOMPARE(order.size(), size_t(50));
        for (int i = 0; i < 50; ++i)
            QCOMPARE(order[size_t(i)], i);
        for (const std::thread::id &id : ids) {
            QCOMPARE(id, ids.front());
            QVERIFY(id != std::this_thread::get_id());
        }
    }

    void waitReturnsAfterTheJob()
    {
        ReadAhead ahead;
        ahead.wait(); // nothing started: at once
        std::atomic<bool> done{false};
        ahead.start([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(60));
            done = true;
        });
        ahead.wait();
        QVERIFY(done.load());
    }

    void startWaitsForThePendingJob()
    {
        ReadAhead ahead;
        std::atomic<bool> first{false};
        bool sawFirst = false;
        ahead.start([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(60));
            first = true;
        });
        ahead.start([&] { sawFirst = first.load(); });
        ahead.wait();
        QVERIFY(sawFirst);
    }

    void destructorLetsThePendingJobFinish()
    {
        std::atomic<bool> done{false};
        {
            ReadAhead ahead;
            ahead.start([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(60));
                done = true;
            });
        }
        QVERIFY(done.load());
    }
};

QTEST_GUILESS_MAIN(TestReadAhead)
#include "tst_readahead.moc"
