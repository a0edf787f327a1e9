package io.fixtape.nic;

import java.util.BitSet;

/**
 * Parses and prints the kernel's CPU list syntax ({@code "0-2,5"}) as used by {@code Cpus_allowed_list} and
 * {@code taskset -c}. Stateless; safe from any thread.
 */
public final class CpuList
{
    private CpuList()
    {
    }

    /** @throws IllegalArgumentException on anything that is not a CPU list. */
    public static BitSet parse(final String text)
    {
        final BitSet cpus = new BitSet();
        final String trimmed = text.trim();
        if (trimmed.isEmpty())
        {
            return cpus;
        }
        for (final String part : trimmed.split(","))
        {
            final int dash = part.indexOf('-');
            try
            {
                if (dash < 0)
                {
                    cpus.set(Integer.parseInt(part.trim()));
                }
                else
                {
                    final int from = Integer.parseInt(part.substring(0, dash).trim());
                    final int to = Integer.parseInt(part.substring(dash + 1).trim());
                    if (to < from)
                    {
                        throw new IllegalArgumentException("bad CPU range '" + part + "' in '" + text + "'");
                    }
                    cpus.set(from, to + 1);
                }
            }
            catch (final NumberFormatException e)
            {
                throw new IllegalArgumentException("not a CPU list: '" + text + "'", e);
            }
        }
        return cpus;
    }

    /** Prints a set the way the kernel does: ranges collapsed, ascending. */
    public static String format(final BitSet cpus)
    {
        final StringBuilder out = new StringBuilder();
        int cpu = cpus.nextSetBit(0);
        while (cpu >= 0)
        {
            final int end = cpus.nextClearBit(cpu) - 1;
            if (out.length() > 0)
            {
                out.append(',');
            }
            out.append(cpu);
            if (end > cpu)
            {
                out.append('-').append(end);
            }
            cpu = cpus.nextSetBit(end + 1);
        }
        return out.toString();
    }
}
