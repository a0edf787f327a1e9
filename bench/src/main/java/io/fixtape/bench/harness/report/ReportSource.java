package io.fixtape.bench.harness.report;

import com.google.gson.JsonObject;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One record of a result file (a cell, a capacity bracket or a capacity error) and the file it was read from.
 *
 * @param json the record.
 * @param file where it was read from (named in refusals and in a table's run list).
 */
record ReportSource(JsonObject json, Path file)
{
    /** Which invocation measured it: its run id, or (a record without one) its file and arguments. */
    String run()
    {
        final String id = Comparability.text(json, "bench_run_id");
        return !id.isEmpty() ? id
            : file + " " + Comparability.text(Comparability.object(json, "bench_params"), "argv").hashCode();
    }

    String arm()
    {
        return Comparability.text(json, "arm");
    }

    static List<JsonObject> jsons(final List<ReportSource> sources)
    {
        return sources.stream().map(ReportSource::json).toList();
    }

    static List<ReportSource> concat(final List<ReportSource> a, final List<ReportSource> b)
    {
        final List<ReportSource> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
