package io.fixtape.cluster;

import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;

/**
 * The settings-file keys of the acceptor models ({@code [DEFAULT]} section) and their mapping onto a
 * {@link ClusterContext}:
 * <ul>
 *   <li>{@code AcceptorModel} — single (default), mono, pool or shard;</li>
 *   <li>{@code AcceptorThreads} — pool workers / shards (default 2);</li>
 *   <li>{@code AcceptorCpus} — shard CPUs, comma-separated, one per shard (default shard i on CPU i mod online);</li>
 *   <li>{@code AppIdleStrategy} — idle strategy of the application agent (default backoff).</li>
 * </ul>
 */
public final class ClusterSettings
{
    public static final String MODEL = "AcceptorModel";
    public static final String THREADS = "AcceptorThreads";
    public static final String CPUS = "AcceptorCpus";
    public static final String APP_IDLE_STRATEGY = "AppIdleStrategy";

    private ClusterSettings()
    {
    }

    /** {@code keys} plus the acceptor-model keys (engine-wide: [DEFAULT] only). */
    public static KnownKeys knownKeys(final KnownKeys keys)
    {
        return keys
            .with(MODEL, KnownKeys.Scope.ENGINE, "acceptor model: single (default), mono, pool or shard (cluster-shard module)")
            .with(THREADS, KnownKeys.Scope.ENGINE, "pool workers or shards (default 2)")
            .with(CPUS, KnownKeys.Scope.ENGINE, "shard CPUs, comma-separated, one per shard (default: shard i on CPU i mod online CPUs)")
            .with(APP_IDLE_STRATEGY, KnownKeys.Scope.ENGINE, "idle strategy of the application agent in mono/pool/shard (default backoff)");
    }

    /**
     * A context for {@code engine} from the file's {@code [DEFAULT]} section.
     *
     * @throws io.fixtape.engine.config.SettingsException naming the key and its {@code file:line}.
     */
    public static ClusterContext toContext(final Settings settings, final EngineContext engine)
    {
        final Settings.Section defaults = settings.defaults();
        final ClusterContext context = new ClusterContext().engine(engine);
        final String model = defaults.string(MODEL, "single");
        try
        {
            context.model(AcceptorModel.parse(model));
        }
        catch (final IllegalArgumentException ex)
        {
            defaults.check(false, MODEL, "must be single, mono, pool or shard");
        }
        context.threads(defaults.integer(THREADS, ClusterContext.DEFAULT_THREADS));
        context.appIdleStrategy(defaults.string(APP_IDLE_STRATEGY, ClusterContext.DEFAULT_APP_IDLE_STRATEGY));
        final String cpus = defaults.string(CPUS, "");
        if (!cpus.isBlank())
        {
            final String[] parts = cpus.split(",");
            final int[] values = new int[parts.length];
            for (int i = 0; i < parts.length; i++)
            {
                try
                {
                    values[i] = Integer.parseInt(parts[i].trim());
                }
                catch (final NumberFormatException ex)
                {
                    defaults.check(false, CPUS, "must be CPU numbers, comma-separated");
                }
            }
            context.cpus(values);
        }
        return context;
    }
}
