package io.fixtape.engine.status;

import org.agrona.concurrent.status.CountersReader;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters of an engine (in memory or read from its counters file) in the Prometheus text exposition format
 * 0.0.4: every metric named {@code fixtape_*}, counters ending in {@code _total}, sessions, directions and reasons as
 * labels, one {@code # TYPE} line per metric. Engine counters named with dots map as {@code connections.accepted} →
 * {@code fixtape_connections_accepted_total}, {@code bytes.read}/{@code bytes.written} →
 * {@code fixtape_bytes_total{direction="in"|"out"}} and {@code disconnect.<reason>} →
 * {@code fixtape_disconnects_total{reason="<reason>"}}. Not the hot path (allocates).
 */
public final class PrometheusText
{
    /** Content type of the format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private PrometheusText()
    {
    }

    /** The whole exposition. */
    public static String format(final CountersReader reader)
    {
        final Map<String, String> types = new LinkedHashMap<>();
        final Map<String, StringBuilder> samples = new LinkedHashMap<>();
        reader.forEach((counterId, typeId, keyBuffer, label) ->
        {
            final long value = reader.getCounterValue(counterId);
            final String series;
            final String type;
            final String sample;
            switch (typeId)
            {
                case MetricTypes.ENGINE_COUNTER ->
                {
                    series = engineSeries(label);
                    type = "counter";
                    sample = Long.toString(value);
                }
                case MetricTypes.GAUGE ->
                {
                    series = label;
                    type = "gauge";
                    sample = Long.toString(value);
                }
                case MetricTypes.HISTOGRAM_BUCKET, MetricTypes.HISTOGRAM_COUNT ->
                {
                    series = label;
                    type = "histogram";
                    sample = Long.toString(value);
                }
                case MetricTypes.HISTOGRAM_SUM_NANOS ->
                {
                    series = label;
                    type = "histogram";
                    sample = Double.toString(value / 1e9);
                }
                default ->
                {
                    series = label;
                    type = "counter";
                    sample = Long.toString(value);
                }
            }
            final String metric = metricName(series, type);
            types.putIfAbsent(metric, type);
            samples.computeIfAbsent(metric, k -> new StringBuilder()).append(series).append(' ').append(sample)
                .append('\n');
        });
        final StringBuilder out = new StringBuilder(4096);
        types.forEach((metric, type) ->
            out.append("# TYPE ").append(metric).append(' ').append(type).append('\n').append(samples.get(metric)));
        return out.toString();
    }

    /** The metric a series belongs to: its name, without a histogram's _bucket/_sum/_count suffix. */
    static String metricName(final String series, final String type)
    {
        final int brace = series.indexOf('{');
        final String name = brace < 0 ? series : series.substring(0, brace);
        if ("histogram".equals(type))
        {
            for (final String suffix : List.of("_bucket", "_sum", "_count"))
            {
                if (name.endsWith(suffix))
                {
                    return name.substring(0, name.length() - suffix.length());
                }
            }
        }
        return name;
    }

    /** An engine counter's dotted label as a Prometheus series. */
    static String engineSeries(final String label)
    {
        if (label.equals("bytes.read"))
        {
            return "fixtape_bytes_total{direction=\"in\"}";
        }
        if (label.equals("bytes.written"))
        {
            return "fixtape_bytes_total{direction=\"out\"}";
        }
        if (label.startsWith("disconnect."))
        {
            return "fixtape_disconnects_total{reason=\"" + label.substring("disconnect.".length()) + "\"}";
        }
        return "fixtape_" + label.replace('.', '_').replace('-', '_') + "_total";
    }
}
