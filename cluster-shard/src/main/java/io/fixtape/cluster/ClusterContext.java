package io.fixtape.cluster;

import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.IdleStrategies;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.nic.CpuAffinity;

import java.io.File;
import java.util.Arrays;

/**
 * Configuration of a {@link ClusterAcceptor}: the {@link EngineContext} that describes the sessions and engine
 * settings (as for a single engine), plus the acceptor model and its threads. Fluent setters, documented defaults,
 * one {@link #conclude()} that fails naming the field.
 *
 * <p>Settings keys ({@code [DEFAULT]}): {@code AcceptorModel}, {@code AcceptorThreads}, {@code AcceptorCpus},
 * {@code AppIdleStrategy} — see {@link ClusterSettings}.
 *
 * <p>Threading: built on one thread, handed to {@link ClusterAcceptor#launch} and not changed afterwards.
 */
public final class ClusterContext
{
    /** Default worker count for pool and shard. */
    public static final int DEFAULT_THREADS = 2;
    /** Default idle strategy of the application agent (never a spinner: see {@link #conclude()}). */
    public static final String DEFAULT_APP_IDLE_STRATEGY = "backoff";
    /** Default term length of each IPC log (three terms per log, sparse files). */
    public static final int DEFAULT_IPC_TERM_LENGTH = 4 * 1024 * 1024;
    /** Default bound of each pending (back-pressured) queue. */
    public static final int DEFAULT_MAX_PENDING_BYTES = 16 * 1024 * 1024;

    private EngineContext engine;
    private AcceptorModel model = AcceptorModel.SINGLE;
    private int threads = DEFAULT_THREADS;
    private int[] cpus;
    private String appIdleStrategy = DEFAULT_APP_IDLE_STRATEGY;
    private String aeronDirectoryName;
    private int ipcTermLength = DEFAULT_IPC_TERM_LENGTH;
    private int maxPendingBytes = DEFAULT_MAX_PENDING_BYTES;
    private int onlineCpus = -1;

    /** Sessions and engine-wide settings, as for one {@code FixEngine}. Required. */
    public ClusterContext engine(final EngineContext engine)
    {
        this.engine = engine;
        return this;
    }

    public EngineContext engine()
    {
        return engine;
    }

    /** The acceptor model. Default {@link AcceptorModel#SINGLE}. */
    public ClusterContext model(final AcceptorModel model)
    {
        this.model = model;
        return this;
    }

    public AcceptorModel model()
    {
        return model;
    }

    /** Session workers (pool) or shards (shard). Default {@value #DEFAULT_THREADS}; single and mono use 1. */
    public ClusterContext threads(final int threads)
    {
        this.threads = threads;
        return this;
    }

    /** Worker threads actually used by the model (1 for single and mono). */
    public int threads()
    {
        return model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? threads : 1;
    }

    /**
     * Shard model: the CPU of each shard, pinned and read back. Default: shard {@code i} on CPU
     * {@code i % onlineCpus}.
     */
    public ClusterContext cpus(final int... cpus)
    {
        this.cpus = cpus.clone();
        return this;
    }

    /** Shard CPUs after {@link #conclude()} (null for other models). */
    public int[] cpus()
    {
        return cpus == null ? null : cpus.clone();
    }

    /** Idle strategy of the application agent ({@value IdleStrategies#NAMES}). Default backoff. */
    public ClusterContext appIdleStrategy(final String name)
    {
        this.appIdleStrategy = name;
        return this;
    }

    public String appIdleStrategy()
    {
        return appIdleStrategy;
    }

    /** Directory of the embedded media driver. Default: a fresh directory under /dev/shm (or java.io.tmpdir). */
    public ClusterContext aeronDirectoryName(final String aeronDirectoryName)
    {
        this.aeronDirectoryName = aeronDirectoryName;
        return this;
    }

    public String aeronDirectoryName()
    {
        return aeronDirectoryName;
    }

    /** Term length of each IPC log (power of two, 64 KiB..1 GiB). Default 4 MiB. */
    public ClusterContext ipcTermLength(final int ipcTermLength)
    {
        this.ipcTermLength = ipcTermLength;
        return this;
    }

    public int ipcTermLength()
    {
        return ipcTermLength;
    }

    /** Bound of each back-pressure queue in bytes (power of two). Default 16 MiB. */
    public ClusterContext maxPendingBytes(final int maxPendingBytes)
    {
        this.maxPendingBytes = maxPendingBytes;
        return this;
    }

    public int maxPendingBytes()
    {
        return maxPendingBytes;
    }

    /** Override the number of online CPUs (tests); default: read from the OS. */
    ClusterContext onlineCpus(final int onlineCpus)
    {
        this.onlineCpus = onlineCpus;
        return this;
    }

    /** CPUs this process may run on (its affinity mask, e.g. one CPU under {@code taskset -c 1}). */
    int allowedCpus()
    {
        return onlineCpus > 0 ? onlineCpus : Runtime.getRuntime().availableProcessors();
    }

    /**
     * Agent threads of this configuration: workers, plus the application agent for the fan-out models (pool/shard's
     * accepting agent and the Aeron client conductor share its thread). Not counted: the media driver's own thread,
     * which parks (backoff) and never spins.
     */
    public int agentThreads()
    {
        return threads() + (model.fansOut() ? 1 : 0);
    }

    /**
     * Fill defaults and validate. On a machine with fewer CPUs than agent threads, a busy-spinning idle strategy
     * is refused: spinning agents that share a core starve each other.
     *
     * @throws IllegalArgumentException naming the bad field.
     */
    public ClusterContext conclude()
    {
        if (engine == null)
        {
            throw new IllegalArgumentException("engine: an EngineContext with the sessions is required");
        }
        if (model == null)
        {
            throw new IllegalArgumentException("model: required (single, mono, pool or shard)");
        }
        if (threads < 1 || threads > 64)
        {
            throw new IllegalArgumentException("AcceptorThreads must be 1..64: " + threads);
        }
        IdleStrategies.byName(appIdleStrategy); // names the bad value
        if (Integer.bitCount(ipcTermLength) != 1 || ipcTermLength < 64 * 1024 || ipcTermLength > (1 << 30))
        {
            throw new IllegalArgumentException("ipcTermLength must be a power of two in 64 KiB..1 GiB: " + ipcTermLength);
        }
        // a worker stops reading at half its queue, but processes one read (receive buffer) whole: half must hold it
        final int minPending = Math.max(64 * 1024, 4 * engine.transportConfig().receiveBufferSize());
        if (Integer.bitCount(maxPendingBytes) != 1 || maxPendingBytes < minPending)
        {
            throw new IllegalArgumentException("maxPendingBytes must be a power of two >= " + minPending + " (4 x the "
                + "transport's receive buffer, so half the queue holds the events of one read): " + maxPendingBytes);
        }
        if (model.fansOut())
        {
            for (final SessionEndpoint endpoint : engine.sessions())
            {
                if (endpoint.isInitiator())
                {
                    throw new IllegalArgumentException("AcceptorModel=" + model.text() + ": initiator session " +
                        endpoint.config().sessionId() + " is not supported (acceptor sessions only; use single)");
                }
            }
        }
        final int online = onlineCpus > 0 ? onlineCpus : CpuAffinity.onlineCpus();
        if (model == AcceptorModel.SHARD)
        {
            if (cpus == null)
            {
                cpus = new int[threads];
                for (int i = 0; i < threads; i++)
                {
                    cpus[i] = i % online;
                }
            }
            if (cpus.length != threads)
            {
                throw new IllegalArgumentException("AcceptorCpus: " + cpus.length + " CPUs for " + threads +
                    " shards " + Arrays.toString(cpus) + " (one per shard)");
            }
            for (final int cpu : cpus)
            {
                if (cpu < 0 || cpu >= online)
                {
                    throw new IllegalArgumentException("AcceptorCpus: CPU " + cpu + " does not exist (online: 0-" +
                        (online - 1) + ")");
                }
            }
        }
        else
        {
            cpus = null;
        }
        final boolean spinning = "busy-spin".equals(engine.idleStrategyName()) ||
            "busy-spin".equals(appIdleStrategy);
        final int allowed = allowedCpus();
        if (spinning && agentThreads() > allowed)
        {
            throw new IllegalArgumentException("IdleStrategy=busy-spin with AcceptorModel=" + model.text() + ": " +
                agentThreads() + " busy threads on " + allowed + " CPUs this process may use is starvation, not a " +
                "configuration; use backoff or sleeping, or fewer AcceptorThreads");
        }
        if (aeronDirectoryName == null)
        {
            final File shm = new File("/dev/shm");
            final String base = shm.isDirectory() && shm.canWrite() ? shm.getPath() :
                System.getProperty("java.io.tmpdir");
            aeronDirectoryName = base + File.separator + "fixtape-cluster-" + ProcessHandle.current().pid() + "-" +
                Long.toHexString(System.nanoTime());
        }
        return this;
    }
}
