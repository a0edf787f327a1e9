package io.fixtape.bench.harness.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.fixtape.bench.harness.run.Gates;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.fixtape.bench.harness.report.Comparability.text;

/**
 * The gates of a cell as the report shows them: the cell's own, plus the could-not-offer-the-load gate derived from
 * its per-run send rate and scheduler lag ({@link Gates#offeredLoad}) where the cell carries no {@code offered_load}
 * gate. Thresholds come from the cell's own standards, else from the fallback standards the report was given.
 *
 * <p>Single-threaded.
 */
final class CellGates
{
    private final Map<String, String> fallbackStandards;

    /**
     * @param fallbackStandards gate thresholds for cells whose own standards lack a gate (the values of the current
     *                          standards file), may be empty.
     */
    CellGates(final Map<String, String> fallbackStandards)
    {
        this.fallbackStandards = fallbackStandards;
    }

    /** The cell's offered_load gate (status and value), or one derived here from its per-run figures. */
    Map<String, Object> offeredLoad(final JsonObject cell)
    {
        final JsonObject gates = cell.getAsJsonObject("gates");
        if (gates.has("offered_load"))
        {
            final Map<String, Object> gate = new LinkedHashMap<>();
            gate.put("status", text(gates.getAsJsonObject("offered_load"), "status"));
            gate.put("value", text(gates.getAsJsonObject("offered_load"), "value"));
            return gate;
        }
        final List<Double> sendRates = new ArrayList<>();
        final List<Double> lags = new ArrayList<>();
        if (cell.has("per_run"))
        {
            for (final JsonElement run : cell.getAsJsonArray("per_run"))
            {
                sendRates.add(run.getAsJsonObject().get("send_rate").getAsDouble());
                lags.add(run.getAsJsonObject().get("max_scheduler_lag_us").getAsDouble());
            }
        }
        final String tolerance = standard(cell, "gate.offered.send.tolerance", null);
        final String maxLag = standard(cell, "gate.offered.lag.max.us", null);
        if (tolerance == null || maxLag == null)
        {
            final Map<String, Object> gate = new LinkedHashMap<>();
            gate.put("status", "N/A");
            gate.put("value", "no thresholds");
            return gate;
        }
        final Map<String, Object> gate = Gates.offeredLoad(sendRates, lags, cell.get("offered_rate").getAsLong(),
            Double.parseDouble(tolerance), Double.parseDouble(maxLag));
        gate.put("value", gate.get("value") + ", derived by report");
        return gate;
    }

    /** A standards value: the cell's own, else the fallback standards', else {@code fallback}. */
    String standard(final JsonObject cell, final String key, final String fallback)
    {
        final JsonObject values = Comparability.object(Comparability.object(cell, "bench_standards"), "values");
        if (values != null && values.has(key))
        {
            return values.get(key).getAsString();
        }
        return fallbackStandards.getOrDefault(key, fallback);
    }

    /** The gates column of a round-trip row: each gate and its status, the stability gate with its cv. */
    String summary(final JsonObject row)
    {
        final StringBuilder out = new StringBuilder();
        for (final Map.Entry<String, JsonElement> gate : row.getAsJsonObject("gates").entrySet())
        {
            if (out.length() > 0)
            {
                out.append(", ");
            }
            final JsonObject g = gate.getValue().getAsJsonObject();
            out.append(gate.getKey()).append(' ').append(g.get("status").getAsString());
            if ("stability".equals(gate.getKey()))
            {
                out.append(" (cv ").append(text(g, "value")).append(')');
            }
        }
        if (!row.getAsJsonObject("gates").has("offered_load"))
        {
            out.append(", offered_load ").append(offeredLoad(row).get("status")).append(" (derived)");
        }
        return out.toString();
    }

    /** The row's own warnings, preceded by the derived could-not-offer-the-load warning when it applies. */
    List<String> warnings(final JsonObject row)
    {
        final List<String> lines = new ArrayList<>();
        if (row.has("warnings"))
        {
            row.getAsJsonArray("warnings").forEach(w -> lines.add(w.getAsString()));
        }
        final Map<String, Object> offered = offeredLoad(row);
        if (!row.getAsJsonObject("gates").has("offered_load") && "WARN".equals(offered.get("status")))
        {
            lines.add(0, "could not offer the load (" + offered.get("value") + "): the latency includes queueing"
                + " in front of the arm, not only service");
        }
        return lines;
    }
}
