package io.fixtape.bench.harness.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What must agree between cells put in one table (BENCH_CONTRACT section 4): the recipe and standards, the
 * harness arguments other than the arm list and output paths, the placement, JVM, transport, machine, and the
 * validation lane. Arm-specific facts (which engine, its idle strategy, its own thread names) are what a table
 * compares, so they are not part of the key. Stateless.
 */
final class Comparability
{
    /** Arguments that select rows or outputs, not the conditions of the measurement. */
    private static final List<String> ROW_ARGS = List.of("--arms", "--json", "--out", "--store", "--model",
        "--log-dir");

    private Comparability()
    {
    }

    /** The facts of a cell that every other cell of its table must share. */
    static Map<String, String> key(final JsonObject cell)
    {
        final Map<String, String> key = new LinkedHashMap<>();
        final JsonObject params = cell.getAsJsonObject("bench_params");
        final JsonObject profile = cell.getAsJsonObject("bench_profile");
        key.put("kind", text(cell, "kind"));
        key.put("scenario", text(cell, "scenario"));
        key.put("recipe", text(cell, "recipe"));
        if ("roundtrip".equals(text(cell, "kind")))
        {
            key.put("offered_rate", text(cell, "offered_rate"));
        }
        key.put("warmup/measured/runs", "roundtrip".equals(text(cell, "kind"))
            ? text(params, "warmup") + "/" + text(params, "measured") + "/" + text(params, "runs")
            : text(params, "runs"));
        key.put("standards_sha256", text(cell.getAsJsonObject("bench_standards"), "sha256"));
        key.put("args", conditionArgs(params.getAsJsonArray("argv")));
        key.put("pairing", text(profile, "pairing"));
        key.put("transport", text(profile, "transport"));
        key.put("validation_lane", lane(text(profile, "validation")));
        final JsonObject jvm = profile.getAsJsonObject("jvm");
        key.put("jvm_java", text(jvm, "java"));
        key.put("jvm_flags", String.valueOf(jvm.get("flags")));
        key.put("machine", String.valueOf(profile.get("machine")));
        return key;
    }

    /** Differences between two keys, as "field: a vs b" lines. */
    static List<String> differences(final Map<String, String> a, final Map<String, String> b)
    {
        final List<String> out = new ArrayList<>();
        for (final Map.Entry<String, String> entry : a.entrySet())
        {
            final String other = b.get(entry.getKey());
            if (!Objects.equals(entry.getValue(), other))
            {
                out.add(entry.getKey() + ": '" + entry.getValue() + "' vs '" + other + "'");
            }
        }
        return out;
    }

    /** Dictionary validation off (or no FIX at all) is the performance lane; on is the conformance lane. */
    static String lane(final String validation)
    {
        final String v = validation.toLowerCase(Locale.ROOT);
        if (v.startsWith("off") || v.startsWith("n/a"))
        {
            return "performance (validation off)";
        }
        if (v.startsWith("on"))
        {
            return "conformance (validation on)";
        }
        return "unknown: " + validation;
    }

    private static String conditionArgs(final JsonArray argv)
    {
        final List<String> kept = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++)
        {
            final String arg = argv.get(i).getAsString();
            final String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (ROW_ARGS.contains(name))
            {
                if (!arg.contains("="))
                {
                    i++;
                }
                continue;
            }
            kept.add(arg);
        }
        return String.join(" ", kept);
    }

    static String text(final JsonObject object, final String key)
    {
        if (object == null)
        {
            return "";
        }
        final JsonElement element = object.get(key);
        return element == null || element.isJsonNull() ? ""
            : element.isJsonPrimitive() ? element.getAsString() : element.toString();
    }
}
