package io.fixtape.engine.session;

import io.fixtape.engine.status.MetricTypes;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * One session's counters in the engine's counters file, for other processes ({@code fixtape stat}) and the
 * Prometheus endpoint. Each counter's label is its Prometheus series, e.g.
 * {@code fixtape_session_messages_total{session="FIX.4.4:EXEC->BANK",direction="in",msg_type="D"}}, and its type id
 * says whether it is a counter, a gauge or part of a histogram ({@link MetricTypes}).
 *
 * <p>The session keeps counting in its plain fields ({@link SessionCounters}); {@link #publish} copies them into the
 * file on the poller thread every {@code CountersFile.HEARTBEAT_INTERVAL_MS} (allocation-free), so the message path
 * is unchanged. While published, journal appends are timed with the engine clock for the latency histogram.
 */
public final class SessionMetrics
{
    private final AtomicCounter[] counters;
    private final LongSupplier[] sources;

    /**
     * Allocate the session's counters.
     *
     * @throws IllegalStateException when the counters file has no room left (the caller goes on without them).
     */
    public SessionMetrics(final Session session, final CountersManager manager, final EpochNanoClock clock)
    {
        final SessionCounters c = session.counters();
        final String s = "session=\"" + escape(session.sessionId().toString()) + "\"";
        final List<String> labels = new ArrayList<>();
        final List<Integer> types = new ArrayList<>();
        final List<LongSupplier> from = new ArrayList<>();
        final Adder counter = (name, extra, source) ->
        {
            labels.add(series(name, s, extra));
            types.add(MetricTypes.COUNTER);
            from.add(source);
        };
        final Adder gauge = (name, extra, source) ->
        {
            labels.add(series(name, s, extra));
            types.add(MetricTypes.GAUGE);
            from.add(source);
        };
        for (int i = 0; i < SessionCounters.MSG_TYPE_NAMES.length; i++)
        {
            final int slot = i;
            final String type = ",msg_type=\"" + SessionCounters.MSG_TYPE_NAMES[i] + "\"";
            counter.add("fixtape_session_messages_total", ",direction=\"in\"" + type, () -> c.receivedByType[slot]);
            counter.add("fixtape_session_messages_total", ",direction=\"out\"" + type, () -> c.sentByType[slot]);
        }
        counter.add("fixtape_session_bytes_total", ",direction=\"in\"", () -> c.bytesReceived);
        counter.add("fixtape_session_bytes_total", ",direction=\"out\"", () -> c.bytesSent);
        counter.add("fixtape_session_resend_requests_total", ",direction=\"in\"", () -> c.resendRequestsReceived);
        counter.add("fixtape_session_resend_requests_total", ",direction=\"out\"", () -> c.resendRequestsSent);
        counter.add("fixtape_session_messages_resent_total", "", () -> c.messagesResent);
        counter.add("fixtape_session_gap_fills_total", ",direction=\"out\"", () -> c.gapFillsSent);
        counter.add("fixtape_session_sequence_resets_total", ",direction=\"in\"", () -> c.sequenceResetsReceived);
        counter.add("fixtape_session_sequence_resets_rejected_total", "", () -> c.sequenceResetsRejected);
        counter.add("fixtape_session_resend_requests_refused_total", "", () -> c.resendRequestsRefused);
        counter.add("fixtape_session_resend_requests_coalesced_total", "", () -> c.resendRequestsCoalesced);
        counter.add("fixtape_session_rejects_total", ",direction=\"in\"", () -> c.rejectsReceived);
        counter.add("fixtape_session_rejects_total", ",direction=\"out\"", c::rejectsSentTotal);
        counter.add("fixtape_session_business_rejects_total", ",direction=\"out\"", () -> c.businessRejectsSent);
        counter.add("fixtape_session_logons_total", "", () -> c.logons);
        for (final LogoutReason reason : LogoutReason.VALUES)
        {
            counter.add("fixtape_session_logouts_total", ",direction=\"out\",reason=\"" + lower(reason) + "\"",
                () -> c.logoutsSent(reason));
        }
        for (final DisconnectReason reason : DisconnectReason.values())
        {
            counter.add("fixtape_session_disconnects_total", ",reason=\"" + lower(reason) + "\"",
                () -> c.disconnects(reason));
        }
        counter.add("fixtape_session_back_pressured_total", "", () -> c.backPressured);
        counter.add("fixtape_session_garbled_total", "", () -> c.garbledMessages);
        counter.add("fixtape_session_store_failures_total", "", () -> c.storeFailures);
        counter.add("fixtape_session_internal_errors_total", "", () -> c.internalErrors);
        counter.add("fixtape_session_application_errors_total", "", () -> c.applicationErrors);
        counter.add("fixtape_session_journal_appends_total", "", () -> c.journalAppends);
        counter.add("fixtape_session_journal_bytes_total", "", () -> c.journalBytes);
        gauge.add("fixtape_session_next_sender_seq_num", "", session::nextSenderSeqNum);
        gauge.add("fixtape_session_next_target_seq_num", "", session::nextTargetSeqNum);
        gauge.add("fixtape_session_state", "", () -> session.state().ordinal());
        gauge.add("fixtape_session_logged_on", "", () -> session.isLoggedOn() ? 1 : 0);
        gauge.add("fixtape_session_store_paused", "", () -> session.isStorePaused() ? 1 : 0);
        addLatencyHistogram(c, s, labels, types, from);

        counters = new AtomicCounter[labels.size()];
        sources = from.toArray(new LongSupplier[0]);
        try
        {
            for (int i = 0; i < counters.length; i++)
            {
                counters[i] = manager.newCounter(labels.get(i), types.get(i));
            }
        }
        catch (final RuntimeException full)
        {
            close();
            throw new IllegalStateException("counters file full: no room for the counters of " +
                session.sessionId(), full);
        }
        c.journalClock = clock;
    }

    /** Histogram series: cumulative buckets ({@code le} in seconds), then _sum (seconds, as nanos) and _count. */
    private static void addLatencyHistogram(final SessionCounters c, final String s, final List<String> labels,
        final List<Integer> types, final List<LongSupplier> from)
    {
        final String name = "fixtape_session_journal_append_seconds";
        for (int i = 0; i < SessionCounters.LATENCY_BUCKETS; i++)
        {
            final int upTo = i;
            final long bound = SessionCounters.latencyBucketBound(i);
            final String le = bound == Long.MAX_VALUE ? "+Inf" : Double.toString(bound / 1e9);
            labels.add(series(name + "_bucket", s, ",le=\"" + le + "\""));
            types.add(MetricTypes.HISTOGRAM_BUCKET);
            from.add(() ->
            {
                long cumulative = 0;
                for (int b = 0; b <= upTo; b++)
                {
                    cumulative += c.journalLatency[b];
                }
                return cumulative;
            });
        }
        labels.add(series(name + "_sum", s, ""));
        types.add(MetricTypes.HISTOGRAM_SUM_NANOS);
        from.add(() -> c.journalNanos);
        labels.add(series(name + "_count", s, ""));
        types.add(MetricTypes.HISTOGRAM_COUNT);
        from.add(() ->
        {
            long total = 0;
            for (final long count : c.journalLatency)
            {
                total += count;
            }
            return total;
        });
    }

    /** Copy the session's counts into the file. Poller thread; allocation-free. */
    public void publish()
    {
        final AtomicCounter[] counters = this.counters;
        for (int i = 0; i < counters.length; i++)
        {
            counters[i].setRelease(sources[i].getAsLong());
        }
    }

    /** Free the counters (the session left this engine). */
    public void close()
    {
        for (final AtomicCounter counter : counters)
        {
            if (counter != null)
            {
                counter.close();
            }
        }
    }

    private static String series(final String name, final String session, final String extra)
    {
        return name + "{" + session + extra + "}";
    }

    private static String lower(final Enum<?> value)
    {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** Prometheus label value escaping: backslash, double quote, newline. */
    static String escape(final String value)
    {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    @FunctionalInterface
    private interface Adder
    {
        void add(String name, String extraLabels, LongSupplier source);
    }
}
