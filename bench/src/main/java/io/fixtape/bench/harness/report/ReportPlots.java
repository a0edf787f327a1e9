package io.fixtape.bench.harness.report;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.LatencySummary;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The PNG plots of {@code bench report}, drawn with XChart: latency percentile distribution per row of a round-trip
 * table; achieved-vs-offered and p99-vs-offered per capacity table. Axes say their units: rates are iterations of
 * the schedule per second ({@code messages_per_iteration} requests each). Stateless; AWT headless.
 */
final class ReportPlots
{
    private ReportPlots()
    {
    }

    static void percentiles(final String title, final List<JsonObject> rows, final Function<JsonObject, String> names,
        final Path png) throws IOException
    {
        final XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
            .xAxisTitle("percentile in nines, log10(1/(1-p)): 1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99")
            .yAxisTitle("response latency µs (log)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setMarkerSize(0);
        // No tick-label function: XChart 3.8.8's label-fitting callback loops on it; the axis title explains.
        chart.getStyler().setXAxisMin(0.0);
        final Map<String, Integer> seen = new LinkedHashMap<>();
        for (final JsonObject row : rows)
        {
            final Histogram histogram = LatencySummary.decode(row.get("response_histogram").getAsString());
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
            if (!xs.isEmpty())
            {
                final String label = names.apply(row);
                final int n = seen.merge(label, 1, Integer::sum);
                final String name = label + (n > 1 ? " #" + n : "") + " (p50 " + Comparability.text(row, "p50_us")
                    + " µs)";
                final XYSeries series = chart.addSeries(name, xs, ys);
                series.setMarker(SeriesMarkers.NONE);
            }
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    static void capacity(final String title, final Map<String, List<JsonObject>> series, final int messagesPerIteration,
        final double p99GateUs, final Path png, final boolean p99) throws IOException
    {
        final String unit = "iterations/s (1 iteration = " + messagesPerIteration + " request"
            + (messagesPerIteration == 1 ? "" : "s") + ")";
        final XYChart chart = new XYChartBuilder().width(900).height(560)
            .title(title + (p99 ? ": p99 vs offered" : ": achieved vs offered"))
            .xAxisTitle("offered rate, " + unit)
            .yAxisTitle(p99 ? "response p99 µs (log)" : "achieved rate, iterations/s").build();
        chart.getStyler().setYAxisLogarithmic(p99);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        double maxOffered = 0;
        final Map<String, List<double[]>> points = new LinkedHashMap<>();
        for (final Map.Entry<String, List<JsonObject>> entry : series.entrySet())
        {
            for (final JsonObject row : entry.getValue())
            {
                if (row.get("samples").getAsLong() == 0)
                {
                    continue;
                }
                final double offered = row.get("offered_rate").getAsDouble();
                maxOffered = Math.max(maxOffered, offered);
                points.computeIfAbsent(entry.getKey(), k -> new ArrayList<>()).add(new double[] {offered,
                    p99 ? Math.max(0.001, row.get("p99_us").getAsDouble()) : row.get("achieved_rate").getAsDouble()});
            }
        }
        if (!p99)
        {
            chart.addSeries("offered = achieved", new double[] {0, maxOffered}, new double[] {0, maxOffered})
                .setMarker(SeriesMarkers.NONE);
        }
        else
        {
            chart.addSeries("gate p99 " + p99GateUs + " µs", new double[] {0, maxOffered},
                new double[] {p99GateUs, p99GateUs}).setMarker(SeriesMarkers.NONE);
        }
        for (final Map.Entry<String, List<double[]>> arm : points.entrySet())
        {
            final double[] xs = arm.getValue().stream().mapToDouble(v -> v[0]).toArray();
            final double[] ys = arm.getValue().stream().mapToDouble(v -> v[1]).toArray();
            chart.addSeries(arm.getKey(), xs, ys);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
