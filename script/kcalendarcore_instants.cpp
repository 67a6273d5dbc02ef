// Reads an iCalendar file with KCalendarCore (KDE Frameworks 5) and prints "UID epoch zone" for every
// timed event: script/check_interop.py compiles it when the library is installed.
#include <KCalendarCore/MemoryCalendar>
#include <KCalendarCore/ICalFormat>
#include <KCalendarCore/Event>
#include <QCoreApplication>
#include <QFile>
#include <QTimeZone>
#include <cstdio>
int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::ReadOnly)) return 2;
    auto calendar = KCalendarCore::MemoryCalendar::Ptr(new KCalendarCore::MemoryCalendar(QTimeZone::utc()));
    KCalendarCore::ICalFormat format;
    if (!format.fromRawString(calendar, file.readAll())) { fprintf(stderr, "parse failed\n"); return 1; }
    const auto events = calendar->rawEvents();
    fprintf(stderr, "%d events\n", int(events.size()));
    for (const auto &event : events) {
        if (event->allDay()) continue;
        const QDateTime start = event->dtStart();
        printf("%s %lld %s\n", event->uid().toUtf8().constData(), (long long)start.toSecsSinceEpoch(),
               start.timeZone().id().constData());
    }
    return 0;
}
