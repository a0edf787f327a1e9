package io.fixtape.cluster;

import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.ThreadPlacement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link ClusterAcceptor} actually configured, for a bench profile: the model and its threads, the idle
 * strategies, the Aeron set-up, every {@code fixtape-} thread's CPUs read back from the OS and each worker's own
 * session and message counts — the fields needed to verify a declared topology rather than assume it.
 *
 * <p>Threading: any thread (reads counters and the OS).
 */
final class AcceptorProfile
{
    private AcceptorProfile()
    {
    }

    static Map<String, Object> describe(final ClusterContext context, final EngineContext base,
        final ClusterCounters counters, final int workers, final ShardPinning pinning)
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("acceptor_model", context.model().text());
        profile.put("worker_threads", workers);
        profile.put("agent_threads", context.agentThreads());
        profile.put("worker_idle_strategy", base.idleStrategyName());
        if (context.model().fansOut())
        {
            profile.put("app_idle_strategy", context.appIdleStrategy());
            profile.put("aeron", "embedded media driver, SHARED mode on its own thread (aeron-driver, backoff idle, "
                + "parks up to " + EmbeddedMediaDriver.MAX_PARK_NS / 1000 + " us); client conductor stepped by the "
                + "application agent; IPC streams "
                + IpcHeaderDescriptor.INBOUND_STREAM_ID + " (inbound) and " + IpcHeaderDescriptor.REPLY_STREAM_ID_BASE
                + "+w (replies), header v" + IpcHeaderDescriptor.VERSION);
        }
        final int allowed = context.allowedCpus();
        if (context.agentThreads() > allowed)
        {
            profile.put("oversubscribed", context.agentThreads() + " agent threads on " + allowed + " CPU(s) this "
                + "process may use: idle strategies " + base.idleStrategyName() + " (workers) / "
                + context.appIdleStrategy() + " (application agent); busy-spin is refused in this case");
        }
        profile.put("thread_cpus_read_back", threadCpus());
        profile.put("workers", perWorker(context, counters, workers, pinning));
        if (context.model().fansOut())
        {
            profile.put("reply_refused", counters.replyRefused.get());
            profile.put("reply_dropped_at_close", counters.replyDroppedAtClose.get());
        }
        if (context.model() == AcceptorModel.POOL)
        {
            profile.put("pool_moves", counters.poolMoves.get());
            profile.put("pool_moves_declined", counters.poolMovesDeclined.get());
        }
        return profile;
    }

    /** Every {@code fixtape-} thread of this process and the CPUs the OS lets it run on. */
    private static Map<String, String> threadCpus()
    {
        final Map<String, String> cpusByThread = new LinkedHashMap<>();
        try
        {
            for (final ThreadPlacement placement : CpuAffinity.selfThreads())
            {
                if (placement.name().startsWith("fixtape-"))
                {
                    cpusByThread.put(placement.name(), placement.cpus());
                }
            }
        }
        catch (final RuntimeException ex)
        {
            cpusByThread.put("error", String.valueOf(ex.getMessage()));
        }
        return cpusByThread;
    }

    private static List<Map<String, Object>> perWorker(final ClusterContext context, final ClusterCounters counters,
        final int workers, final ShardPinning pinning)
    {
        final List<Map<String, Object>> perWorker = new ArrayList<>();
        for (int w = 0; w < workers; w++)
        {
            final Map<String, Object> one = new LinkedHashMap<>();
            one.put("worker", w);
            if (context.cpus() != null)
            {
                one.put("cpu_requested", context.cpus()[w]);
                one.put("cpu_read_back", pinning.cpuReadBack(w));
            }
            one.put("sessions", counters.sessions(w).get());
            one.put("logons", counters.logons(w).get());
            one.put("messages", counters.messages(w).get());
            one.put("admin", counters.adminMessages(w).get());
            one.put("replies", counters.replies(w).get());
            perWorker.add(one);
        }
        return perWorker;
    }
}
