package io.fixtape.replay.drive;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogWriter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A replay's latency as files: an HdrHistogram log ({@link HistogramLogWriter}: one tagged histogram per inbound
 * MsgType and kind, {@code service:D}, {@code response:D}…, readable by HistogramLogProcessor and HdrHistogram's
 * plotting tools) and a percentile plot (PNG, XChart: latency against percentile in nines, one line per MsgType).
 * After the run, never on the measured path. Stateless; AWT headless.
 */
public final class LatencyPicture
{
    private LatencyPicture()
    {
    }

    /**
     * The histogram log: for each sampled MsgType its {@code service} and {@code response} histograms (ns), tagged
     * {@code KIND:MSGTYPE}, stamped with the measured window.
     */
    public static void writeHistogramLog(final Path out, final ReplayResult result, final long startEpochMillis)
        throws IOException
    {
        try (PrintStream stream = new PrintStream(Files.newOutputStream(out), false, "US-ASCII"))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputComment("fixtape replay " + result.sessions.size() + " session(s) over " +
                result.transport.cliName() + ", pacing " + result.pacing + "; values in ns");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startEpochMillis);
            writer.setBaseTime(startEpochMillis);
            writer.outputLegend();
            final long endEpochMillis = startEpochMillis + result.elapsedNanos / 1_000_000;
            for (final Long type : result.latency.sampledTypes())
            {
                final String name = LatencyRecorder.name(type);
                write(writer, result.latency.service(type), "service:" + name, startEpochMillis, endEpochMillis);
                write(writer, result.latency.response(type), "response:" + name, startEpochMillis, endEpochMillis);
            }
        }
    }

    private static void write(final HistogramLogWriter writer, final Histogram histogram, final String tag,
        final long start, final long end)
    {
        final Histogram tagged = histogram.copy();
        tagged.setTag(tag);
        tagged.setStartTimeStamp(start);
        tagged.setEndTimeStamp(end);
        writer.outputIntervalHistogram(tagged);
    }

    /**
     * The percentile plot: per sampled inbound MsgType the {@code service} latency (and, when the schedule paced
     * the messages, the {@code response} latency) in µs, log scale, against the percentile in nines.
     */
    public static void writePlot(final Path png, final ReplayResult result, final String title) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
            .xAxisTitle("percentile in nines, log10(1/(1-p)): 1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99")
            .yAxisTitle("latency µs (log)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setMarkerSize(0);
        chart.getStyler().setXAxisMin(0.0);
        boolean any = false;
        for (final Long type : result.latency.sampledTypes())
        {
            final String name = LatencyRecorder.name(type);
            any |= addSeries(chart, name + " service", result.latency.service(type));
            if (result.pacing.isScheduled())
            {
                any |= addSeries(chart, name + " response", result.latency.response(type));
            }
        }
        if (!any)
        {
            chart.addSeries("no samples", new double[] {0}, new double[] {1}).setMarker(SeriesMarkers.NONE);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static boolean addSeries(final XYChart chart, final String name, final Histogram histogram)
    {
        if (histogram.getTotalCount() == 0)
        {
            return false;
        }
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final HistogramIterationValue value : histogram.percentiles(5))
        {
            final double p = value.getPercentileLevelIteratedTo() / 100.0;
            if (p >= 0.999999)
            {
                break;
            }
            xs.add(Math.log10(1.0 / (1.0 - p)));
            ys.add(Math.max(0.001, value.getValueIteratedTo() / 1000.0));
        }
        if (xs.isEmpty())
        {
            xs.add(0.0);
            ys.add(Math.max(0.001, histogram.getMaxValue() / 1000.0));
        }
        final XYSeries series = chart.addSeries(name + String.format(" (p50 %.1f µs)",
            histogram.getValueAtPercentile(50) / 1000.0), xs, ys);
        series.setMarker(SeriesMarkers.NONE);
        return true;
    }
}
