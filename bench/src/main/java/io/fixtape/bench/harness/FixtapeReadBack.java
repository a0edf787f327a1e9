package io.fixtape.bench.harness;

import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.journal.ChronicleMessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalStoreProvider;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.CpuList;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a fixtape engine ({@code fixtape acceptor}, or the harness-hosted engine of tick_to_trade) actually runs with, read from the running objects and from {@code /proc} (never
 * copied from the settings file): the store each session got (class, and the mode derived from what it does), whether
 * the store is compiled out ({@link StoreSwitch#COMPILED_OUT}), each session's validator, the journals' durability and
 * the pretouch in force, the idle strategy instance, direct-read connections, the acceptor model and threads, the
 * poller/worker threads with their CPUs from /proc, and the JVM. Printed as {@code fixtape acceptor: read-back JSON}
 * and, with {@code --profile-out}, written to a file (again at stop, with the stores opened during the run: the pool
 * model opens a session's store at its first Logon). Keys: {@link ReadBack}. Configuration and shutdown threads only.
 */
public final class FixtapeReadBack
{
    /** Wraps the engine's store factory to remember the store each session was given. */
    public static final class RecordingStoreFactory implements MessageStoreFactory
    {
        private final MessageStoreFactory delegate;
        private final List<MessageStore> created = new CopyOnWriteArrayList<>();

        RecordingStoreFactory(final MessageStoreFactory delegate)
        {
            this.delegate = delegate;
        }

        @Override
        public MessageStore create(final SessionId sessionId)
        {
            final MessageStore store = delegate.create(sessionId);
            created.add(store);
            return store;
        }

        @Override
        public void concurrentWriters(final int threads)
        {
            delegate.concurrentWriters(threads);
        }
    }

    private final EngineContext context;
    private final RecordingStoreFactory stores;
    private final JournalStoreProvider journals;
    private final Path out;
    private String printPrefix = "fixtape acceptor: ";
    private boolean printJson;
    private Map<String, Object> startup;

    /** Installs the recording store factory in {@code context}: call before the engine or cluster is built. */
    public FixtapeReadBack(final EngineContext context, final JournalStoreProvider journals, final Path out)
    {
        this.context = context;
        this.stores = new RecordingStoreFactory(context.storeFactory());
        this.journals = journals;
        this.out = out;
        context.storeFactory(stores);
    }

    /** Prefix of the printed read-back line; null prints nothing (default {@code "fixtape acceptor: "}). */
    public FixtapeReadBack printPrefix(final String prefix)
    {
        this.printPrefix = prefix;
        return this;
    }

    /**
     * Print the whole read-back as one JSON line ({@code --read-back-json}) instead of the concise summary. The file
     * ({@code --profile-out}) is JSON either way.
     */
    public FixtapeReadBack printJson(final boolean printJson)
    {
        this.printJson = printJson;
        return this;
    }

    /** Reads back after start: everything, threads included. Prints the line and writes the file. */
    public Map<String, Object> started(final String model, final int threads, final Map<String, Object> modelProfile)
    {
        final Map<String, Object> readBack = new LinkedHashMap<>();
        readBack.put(ReadBack.ACCEPTOR_MODEL, model);
        readBack.put(ReadBack.ACCEPTOR_THREADS, threads);
        readBack.put("sessions", context.sessions().size());
        readBack.put(ReadBack.VALIDATION, validation());
        readBack.put("validators", validators());
        readBack.put(ReadBack.IDLE_STRATEGY, context.idleStrategyName());
        readBack.put("idle_strategy_class", context.idleStrategy() == null ? "(per worker, by name)"
            : context.idleStrategy().getClass().getName());
        readBack.put(ReadBack.DIRECT_READ_CONNECTIONS, context.transportConfig().directReadConnections());
        readBack.put(ReadBack.STORE_COMPILED_OUT, StoreSwitch.COMPILED_OUT);
        // the engine's hot threads are named fixtape-* (poller; workers and application agent of the other models);
        // the session-event logger sleeps between lines and is not one of them
        final List<Map<String, Object>> hot = ReadBack.threads(name -> name.startsWith("fixtape-") &&
            !name.equals(io.fixtape.engine.status.SessionEventLogger.ROLE_NAME));
        readBack.put("hot_threads", hot);
        readBack.put(ReadBack.HOT_THREAD_CPUS, ReadBack.cpusOf(hot));
        readBack.put("process_cpus", CpuList.format(CpuAffinity.processCpus(ProcessHandle.current().pid())));
        readBack.put("threads_pinned_by_server", modelProfile != null && modelProfile.containsKey("workers")
            && ((List<?>)modelProfile.get("workers")).stream().anyMatch(w -> ((Map<?, ?>)w).containsKey("cpu_read_back"))
            ? "shard workers (sched_setaffinity, AcceptorCpus)" : "none (no thread pinned by the server itself)");
        readBack.put(ReadBack.JVM_FLAGS, JvmInfo.describe().get("input_arguments"));
        readBack.put("jvm", JvmInfo.describe());
        startup = readBack;
        return write("read-back", withStores(readBack));
    }

    /** At stop: the start-up read-back with the stores as created by now (threads are not read again). */
    public void stopped()
    {
        if (startup != null)
        {
            write("stopped. read-back", withStores(new LinkedHashMap<>(startup)));
        }
    }

    private Map<String, Object> withStores(final Map<String, Object> readBack)
    {
        final TreeSet<String> classes = new TreeSet<>();
        final TreeSet<String> modes = new TreeSet<>();
        for (final MessageStore store : stores.created)
        {
            classes.add(store.getClass().getName());
            modes.add(mode(store));
        }
        if (!classes.isEmpty())
        {
            readBack.put(ReadBack.STORE_CLASS, String.join(",", classes));
            readBack.put(ReadBack.STORE_MODE, String.join(",", modes));
        }
        readBack.put("stores_opened", stores.created.size());
        final TreeSet<String> durability = new TreeSet<>();
        final TreeSet<String> pretouch = new TreeSet<>();
        for (final ChronicleMessageStoreFactory journal : journals.journals())
        {
            durability.add(journal.journal().context().durability().name());
            pretouch.add(journal.pretouchInForce().name());
        }
        readBack.put(ReadBack.JOURNAL_DURABILITY, durability.isEmpty() ? "n/a (no journal)" : String.join(",", durability));
        readBack.put(ReadBack.JOURNAL_PRETOUCH, pretouch.isEmpty() ? "n/a (no journal)" : String.join(",", pretouch));
        return readBack;
    }

    /**
     * The read-back for a person: model and threads, sessions, store mode, journal durability and pretouch, validation,
     * idle strategy, the hot threads' CPUs and the JVM, e.g. {@code model single (1 thread), 2 sessions, store audit,
     * journal page-cache (pretouch auto), validation on, idle backoff, hot threads on CPUs 0-1, JDK 17.0.13}.
     */
    static String summary(final Map<String, Object> readBack)
    {
        final StringBuilder sb = new StringBuilder();
        final Object threads = readBack.get(ReadBack.ACCEPTOR_THREADS);
        sb.append("model ").append(readBack.get(ReadBack.ACCEPTOR_MODEL))
            .append(" (").append(threads).append(Integer.valueOf(1).equals(threads) ? " thread)" : " threads)")
            .append(", ").append(readBack.get("sessions")).append(" sessions");
        final Object mode = readBack.get(ReadBack.STORE_MODE);
        sb.append(", store ").append(mode == null ? "(none opened yet)" : mode);
        if (Boolean.TRUE.equals(readBack.get(ReadBack.STORE_COMPILED_OUT)))
        {
            sb.append(" (compiled out)");
        }
        final Object durability = readBack.get(ReadBack.JOURNAL_DURABILITY);
        if (durability != null && !String.valueOf(durability).startsWith("n/a"))
        {
            sb.append(", journal ").append(durability).append(" (pretouch ")
                .append(readBack.get(ReadBack.JOURNAL_PRETOUCH)).append(')');
        }
        sb.append(", validation ").append(readBack.get(ReadBack.VALIDATION))
            .append(", idle ").append(readBack.get(ReadBack.IDLE_STRATEGY));
        final Object cpus = readBack.get(ReadBack.HOT_THREAD_CPUS);
        if (cpus != null && !String.valueOf(cpus).isEmpty())
        {
            sb.append(", hot threads on CPUs ").append(cpus);
        }
        sb.append(", JDK ").append(Runtime.version());
        return sb.toString();
    }

    /** What the store does, not what it was called: none (keeps nothing), store (outbound), audit (both ways). */
    public static String mode(final MessageStore store)
    {
        if (store instanceof NoMessageStore || !store.persistsMessages())
        {
            return "none";
        }
        if (store instanceof ChronicleMessageStore)
        {
            return store.recordsInbound() ? "audit" : "store";
        }
        return store.getClass().getSimpleName();
    }

    private String validation()
    {
        final TreeSet<String> states = new TreeSet<>();
        for (final SessionEndpoint endpoint : context.sessions())
        {
            states.add(ReadBack.onOff(endpoint.config().validator() != null));
        }
        return String.join(",", states);
    }

    private Map<String, String> validators()
    {
        final Map<String, String> out = new LinkedHashMap<>();
        for (final SessionEndpoint endpoint : context.sessions())
        {
            out.put(endpoint.config().sessionId().toString(), endpoint.config().validator() == null ? "none"
                : endpoint.config().validator().getClass().getName());
        }
        return out;
    }

    private Map<String, Object> write(final String label, final Map<String, Object> readBack)
    {
        final String json = Json.line(readBack);
        if (printPrefix != null)
        {
            System.out.println(printPrefix + label + " " + (printJson ? json : summary(readBack)));
            System.out.flush();
        }
        if (out != null)
        {
            try
            {
                final Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
                Files.writeString(tmp, json + "\n", StandardCharsets.UTF_8);
                Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("cannot write " + out, e);
            }
        }
        return readBack;
    }
}
