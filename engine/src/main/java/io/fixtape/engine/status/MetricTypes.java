package io.fixtape.engine.status;

/**
 * Type ids of the counters in the engine's counters file, telling a reader how to present each. Type 0 is an
 * engine counter whose label is a dotted name ({@code connections.accepted}); the others carry their Prometheus
 * series as label ({@code fixtape_session_messages_total{session="...",direction="in",msg_type="D"}}).
 */
public final class MetricTypes
{
    /** An engine counter named with dots (see {@link EngineCounters}). */
    public static final int ENGINE_COUNTER = 0;
    /** A monotonic counter; label is its Prometheus series. */
    public static final int COUNTER = 101;
    /** A value that goes up and down (sequence numbers, state). */
    public static final int GAUGE = 102;
    /** A cumulative histogram bucket ({@code _bucket{...,le="..."}}). */
    public static final int HISTOGRAM_BUCKET = 103;
    /** A histogram's sum, kept in nanoseconds and exposed in seconds. */
    public static final int HISTOGRAM_SUM_NANOS = 104;
    /** A histogram's count. */
    public static final int HISTOGRAM_COUNT = 105;

    private MetricTypes()
    {
    }
}
