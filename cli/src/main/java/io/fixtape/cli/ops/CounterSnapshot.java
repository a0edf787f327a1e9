package io.fixtape.cli.ops;

import io.fixtape.cli.UserError;
import io.fixtape.engine.status.CountersFile;
import io.fixtape.engine.status.MetricTypes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One reading of an engine directory's counters file ({@link CountersFile}) from this process: the engine's
 * identity and liveness, and every counter's label, type and value in allocation order. Sessions are found from
 * their series' {@code session="..."} label.
 */
final class CounterSnapshot
{
    private static final Pattern SESSION = Pattern.compile("session=\"((?:[^\"\\\\]|\\\\.)*)\"");

    record Counter(String label, int type, long value)
    {
        /** The value of the {@code session} label, or null for an engine counter. */
        String session()
        {
            final Matcher matcher = SESSION.matcher(label);
            return matcher.find() ? matcher.group(1).replace("\\\"", "\"").replace("\\\\", "\\") : null;
        }

        /** The series name without labels. */
        String name()
        {
            final int brace = label.indexOf('{');
            return brace < 0 ? label : label.substring(0, brace);
        }
    }

    final String engineName;
    final long pid;
    final long startEpochMs;
    final long heartbeatEpochMs;
    final boolean closed;
    final boolean live;
    final List<Counter> counters;

    private CounterSnapshot(final CountersFile file, final long nowMs)
    {
        engineName = file.engineName();
        pid = file.pid();
        startEpochMs = file.startEpochMs();
        heartbeatEpochMs = file.heartbeatEpochMs();
        closed = file.isClosed();
        live = file.isLive(nowMs);
        final List<Counter> read = new ArrayList<>();
        final var reader = file.reader();
        reader.forEach((id, type, key, label) -> read.add(new Counter(label, type, reader.getCounterValue(id))));
        counters = read;
    }

    /** Read {@code directory}'s counters file. @throws UserError when there is none (one line). */
    static CounterSnapshot read(final Path directory)
    {
        if (!Files.isDirectory(directory))
        {
            throw new UserError(directory + " is not a directory (give the engine's EngineDirectory)");
        }
        try (CountersFile file = CountersFile.open(directory))
        {
            return new CounterSnapshot(file, System.currentTimeMillis());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserError(ex.getMessage());
        }
    }

    /** "running" (heartbeat age), "stopped" or "not running (process gone)". */
    String status(final long nowMs)
    {
        if (live)
        {
            return "running, pid " + pid + ", heartbeat " + (nowMs - heartbeatEpochMs) + " ms ago";
        }
        return (closed ? "stopped" : "not running (no heartbeat since " + Instant.ofEpochMilli(heartbeatEpochMs) +
            ")") + ", last pid " + pid;
    }

    /** Every session's series (label without the session), by session, in file order. */
    Map<String, Map<String, Counter>> bySession()
    {
        final Map<String, Map<String, Counter>> sessions = new LinkedHashMap<>();
        for (final Counter counter : counters)
        {
            final String session = counter.session();
            if (session != null)
            {
                sessions.computeIfAbsent(session, s -> new LinkedHashMap<>()).put(counter.label(), counter);
            }
        }
        return sessions;
    }

    /** The value of a session's gauge or counter by series name (and extra labels), or -1. */
    static long value(final Map<String, Counter> session, final String name)
    {
        for (final Counter counter : session.values())
        {
            if (counter.name().equals(name))
            {
                return counter.value();
            }
        }
        return -1;
    }

    static boolean isEngineCounter(final Counter counter)
    {
        return counter.type() == MetricTypes.ENGINE_COUNTER;
    }
}
