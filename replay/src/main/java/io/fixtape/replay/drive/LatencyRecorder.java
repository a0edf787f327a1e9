package io.fixtape.replay.drive;

import java.util.ArrayList;
import java.util.List;

import io.fixtape.engine.codec.MsgTypes;
import org.HdrHistogram.Histogram;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Per inbound MsgType, two HdrHistograms in nanoseconds: {@code response} (first reply arrived − scheduled send)
 * and {@code service} (first reply arrived − actual send). Histograms for every MsgType in the recording are
 * created up front, so recording allocates nothing.
 *
 * <p>Threading: recorded on the replay thread; read after the run.
 */
public final class LatencyRecorder
{
    private static final long HIGHEST_NANOS = 60_000_000_000L;

    private final Long2ObjectHashMap<Histogram[]> byType = new Long2ObjectHashMap<>();
    private final List<Long> types = new ArrayList<>();

    /** Make room for {@code msgType} (configuration time). */
    public void prepare(final long msgType)
    {
        if (!byType.containsKey(msgType))
        {
            byType.put(msgType, new Histogram[] {new Histogram(HIGHEST_NANOS, 3), new Histogram(HIGHEST_NANOS, 3)});
            types.add(msgType);
        }
    }

    public void record(final long msgType, final long responseNanos, final long serviceNanos)
    {
        final Histogram[] histograms = byType.get(msgType);
        if (histograms != null)
        {
            histograms[0].recordValue(Math.min(Math.max(responseNanos, 0), HIGHEST_NANOS));
            histograms[1].recordValue(Math.min(Math.max(serviceNanos, 0), HIGHEST_NANOS));
        }
    }

    /** MsgTypes with at least one sample, in first-seen order. */
    public List<Long> sampledTypes()
    {
        final List<Long> sampled = new ArrayList<>();
        for (final Long type : types)
        {
            if (byType.get(type)[0].getTotalCount() > 0)
            {
                sampled.add(type);
            }
        }
        return sampled;
    }

    public Histogram response(final long msgType)
    {
        return byType.get(msgType)[0];
    }

    public Histogram service(final long msgType)
    {
        return byType.get(msgType)[1];
    }

    static String name(final long msgType)
    {
        return MsgTypes.toString(msgType);
    }
}
