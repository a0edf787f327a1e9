package io.fixtape.bench.harness;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code --key value} arguments of the harness's child JVMs (client and servers). The user-facing CLI is picocli;
 * these mains are started only by the orchestrator. Immutable.
 */
public final class Args
{
    private final Map<String, String> values = new HashMap<>();

    public Args(final String[] args)
    {
        for (int i = 0; i < args.length; i++)
        {
            if (!args[i].startsWith("--") || i + 1 >= args.length)
            {
                throw new IllegalArgumentException("expected --key value pairs, got '" + args[i] + "'");
            }
            values.put(args[i].substring(2), args[++i]);
        }
    }

    public String get(final String key)
    {
        final String value = values.get(key);
        if (value == null)
        {
            throw new IllegalArgumentException("missing --" + key);
        }
        return value;
    }

    public String get(final String key, final String fallback)
    {
        return values.getOrDefault(key, fallback);
    }

    public int getInt(final String key)
    {
        return Integer.parseInt(get(key));
    }

    public long getLong(final String key)
    {
        return Long.parseLong(get(key));
    }
}
