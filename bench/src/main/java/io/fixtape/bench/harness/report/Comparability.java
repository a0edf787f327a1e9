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
import java.util.TreeSet;

/**
 * What must agree between cells put in one table (a table never mixes conditions): the recipe and standards, the
 * harness arguments other than the row selectors and output paths, the placement (requested and read back from
 * the OS for every thread), sessions, JVM (java, flags, the client JVM's version), transport, kernel bypass,
 * machine, and the validation lane. Row facts (which engine, its store, its acceptor model and worker threads, its
 * idle strategy) are what a table compares: they are not part of the key but every row's label shows them
 * ({@link #rowLabel}). Stateless.
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
        final JsonObject params = object(cell, "bench_params");
        final JsonObject profile = object(cell, "bench_profile");
        final boolean roundTrip = "roundtrip".equals(text(cell, "kind"));
        key.put("kind", text(cell, "kind"));
        key.put("scenario", text(cell, "scenario"));
        key.put("recipe", text(cell, "recipe"));
        key.put("label", text(cell, "label"));
        key.put("messages_per_iteration", Integer.toString(messagesPerIteration(cell)));
        if (roundTrip)
        {
            key.put("offered_rate", text(cell, "offered_rate"));
        }
        key.put("warmup/measured/runs", roundTrip
            ? text(params, "warmup") + "/" + text(params, "measured") + "/" + text(params, "runs")
            : text(params, "runs"));
        key.put("standards_sha256", text(object(cell, "bench_standards"), "sha256"));
        key.put("args", conditionArgs(params));
        key.put("runs_mode", text(profile, "runs"));
        key.put("pairing", text(profile, "pairing"));
        key.put("server_cpus_read_back", serverCpus(profile));
        key.put("client_cpus_read_back", clientCpus(profile));
        key.put("sessions", text(profile, "sessions"));
        key.put("transport", text(profile, "transport"));
        key.put("kernel_bypass", text(profile, "kernel_bypass"));
        key.put("validation_lane", lane(text(profile, "validation")));
        final JsonObject jvm = object(profile, "jvm");
        key.put("jvm_java", text(jvm, "java"));
        key.put("jvm_flags", String.valueOf(jvm == null ? null : jvm.get("flags")));
        key.put("jvm_server_only_flags", String.valueOf(jvm == null ? null : jvm.get("server_only_flags")));
        final JsonObject clientJvm = object(jvm, "client_jvm");
        key.put("client_jvm_version", text(clientJvm, "version") + " " + text(clientJvm, "vm"));
        key.put("machine", String.valueOf(profile == null ? null : profile.get("machine")));
        return key;
    }

    /**
     * The part of the key a {@code capacity_bracket} or {@code capacity_error} record can show (it carries the
     * arguments and, when written by this harness version, the recipe and standards): checked against its table.
     */
    static Map<String, String> recordKey(final JsonObject record)
    {
        final Map<String, String> key = new LinkedHashMap<>();
        key.put("scenario", text(record, "scenario"));
        key.put("recipe", recipe(record));
        key.put("args", conditionArgs(object(record, "bench_params")));
        if (record.has("bench_standards"))
        {
            key.put("standards_sha256", text(object(record, "bench_standards"), "sha256"));
        }
        return key;
    }

    /** The recipe label; capacity records written before records carried one were all recipe 'capacity'. */
    static String recipe(final JsonObject record)
    {
        final String recipe = text(record, "recipe");
        return recipe.isEmpty() ? "capacity" : recipe;
    }

    /** Differences between two keys, as "field: a vs b" lines; fields missing from either key are skipped. */
    static List<String> differences(final Map<String, String> a, final Map<String, String> b)
    {
        final List<String> out = new ArrayList<>();
        for (final Map.Entry<String, String> entry : a.entrySet())
        {
            if (!b.containsKey(entry.getKey()))
            {
                continue;
            }
            final String other = b.get(entry.getKey());
            if (!Objects.equals(entry.getValue(), other))
            {
                out.add(entry.getKey() + ": '" + entry.getValue() + "' vs '" + other + "'");
            }
        }
        return out;
    }

    /**
     * A declared topology is verified, not assumed (section 4): a fixtape cell whose server read back another
     * acceptor model than the one asked for. Null when consistent (or not a fixtape cell).
     */
    static String declaredModelMismatch(final JsonObject cell)
    {
        final String asked = text(object(cell, "bench_params"), "model");
        final String readBack = text(object(cell, "bench_profile"), "acceptor_model");
        if (!text(cell, "arm").startsWith("fixtape") || asked.isEmpty() || readBack.isEmpty())
        {
            return null;
        }
        return asked.equals(readBack) ? null : "cell " + text(cell, "arm") + " asked for acceptor model '" + asked
            + "' but its server read back '" + readBack + "'";
    }

    /**
     * The row's label: the arm (with its store when a run had several), and for fixtape the acceptor model and,
     * when it has workers, their number; these may differ between the rows of one table.
     */
    static String rowLabel(final JsonObject cell)
    {
        final String arm = text(cell, "arm");
        if (!arm.startsWith("fixtape"))
        {
            return arm;
        }
        final JsonObject profile = object(cell, "bench_profile");
        final String model = text(profile, "acceptor_model");
        final String workers = workerThreads(profile);
        return arm + (model.isEmpty() ? "" : " model=" + model) + (workers.isEmpty() ? "" : " workers=" + workers);
    }

    /** md_nos_er sends two requests per iteration; cells written before they said so are derived from the scenario. */
    static int messagesPerIteration(final JsonObject cell)
    {
        final String recorded = text(cell, "messages_per_iteration");
        if (!recorded.isEmpty())
        {
            return Integer.parseInt(recorded);
        }
        return "md_nos_er".equals(text(cell, "scenario")) ? 2 : 1;
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

    /** The argument vector without the row selectors and output paths. */
    static String conditionArgs(final JsonObject params)
    {
        final JsonArray argv = params == null ? null : params.getAsJsonArray("argv");
        if (argv == null)
        {
            return "";
        }
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

    /** Worker threads of a mono/pool/shard acceptor as read back (wherever a harness version put them), else "". */
    private static String workerThreads(final JsonObject profile)
    {
        final JsonObject server = object(profile, "server");
        for (final JsonObject holder : new JsonObject[] {object(server, "configured"), object(server, "description"),
            server})
        {
            final String workers = text(object(holder, "model_read_back"), "worker_threads");
            if (!workers.isEmpty())
            {
                return "0".equals(workers) ? "" : workers;
            }
        }
        return "";
    }

    /** Every CPU the server's process and threads may run on, as read back from the OS. */
    private static String serverCpus(final JsonObject profile)
    {
        final JsonObject server = object(profile, "server");
        final TreeSet<String> cpus = new TreeSet<>();
        if (server == null)
        {
            return "";
        }
        if (server.has("process_cpus_read_back"))
        {
            cpus.add(text(server, "process_cpus_read_back"));
        }
        addThreadCpus(server.get("threads_read_back"), cpus);
        return String.join(" ", cpus);
    }

    private static String clientCpus(final JsonObject profile)
    {
        final JsonObject client = object(profile, "client");
        final TreeSet<String> cpus = new TreeSet<>();
        if (client == null)
        {
            return "";
        }
        addThreadCpus(client.get("threads_read_back"), cpus);
        final JsonObject hot = object(client, "hot_thread_read_back");
        if (hot != null && hot.has("cpus"))
        {
            cpus.add(text(hot, "cpus"));
        }
        return String.join(" ", cpus);
    }

    private static void addThreadCpus(final JsonElement threads, final TreeSet<String> cpus)
    {
        if (threads != null && threads.isJsonArray())
        {
            for (final JsonElement thread : threads.getAsJsonArray())
            {
                if (thread.isJsonObject() && thread.getAsJsonObject().has("cpus"))
                {
                    cpus.add(thread.getAsJsonObject().get("cpus").getAsString());
                }
            }
        }
    }

    static JsonObject object(final JsonObject object, final String key)
    {
        if (object == null)
        {
            return null;
        }
        final JsonElement element = object.get(key);
        return element != null && element.isJsonObject() ? element.getAsJsonObject() : null;
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
