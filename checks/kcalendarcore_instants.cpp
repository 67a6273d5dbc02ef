// Reads an iCalendar file with KCalendarCore (KDE Frameworks 5) and prints "UID start end zone" (epoch
// seconds) for every timed event; with a second argument "expand", "UID start end" for every instance
// of every timed event from 2020 through 2030, its recurrence rule and exceptions applied.
// script/check_interop.py compiles it when the library is installed.
#include <KCalendarCore/MemoryCalendar>
#include <KCalendarCore/ICalFormat>
#include <KCalendarCore/Event>
#include <QCoreApplication>
#include <QFile>
#include <QTimeZone>
#include <cstdio>
#include <cstring>
int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::ReadOnly)) return 2;
    const bool expand = argc > 2 && std::strcmp(argv[2], "expand") == 0;
    auto calendar = KCalendarCore::MemoryCalendar::Ptr(new KCalendarCore::MemoryCalendar(QTimeZone::utc()));
    KCalendarCore::ICalFormat format;
    if (!format.fromRawString(calendar, file.readAll())) { fprintf(stderr, "parse failed\n"); return 1; }
    const auto events = calendar->rawEvents();
    fprintf(stderr, "%d events\n", int(events.size()));
    const QDateTime from(QDate(2020, 1, 1), QTime(0, 0), Qt::UTC);
    const QDateTime to(QDate(2031, 1, 1), QTime(0, 0), Qt::UTC);
    for (const auto &event : events) {
        if (event->allDay()) continue;
        const QDateTime start = event->dtStart();
        const qint64 length = start.secsTo(event->dtEnd());
        if (!expand) {
            printf("%s %lld %lld %s\n", event->uid().toUtf8().constData(), (long long)start.toSecsSinceEpoch(),
                   (long long)event->dtEnd().toSecsSinceEpoch(), start.timeZone().id().constData());
            continue;
        }
        const auto times = event->recurs() ? event->recurrence()->timesInInterval(from, to) : QList<QDateTime>{start};
        for (const QDateTime &t : times) {
            printf("%s %lld %lld\n", event->uid().toUtf8().constData(), (long long)t.toSecsSinceEpoch(),
                   (long long)(t.toSecsSinceEpoch() + length));
        }
    }
    return 0;
}
