package io.fixtape.bench.harness.run;

import java.util.Locale;

/**
 * The arms of a round trip. Every arm is measured by the same client; {@link #echo} arms get the client's bytes
 * back instead of a FIX reply.
 */
public enum Arm
{
    /** Raw TCP echo of the same bytes: the physical floor. */
    FLOOR(true),
    /** fixtape's acceptor with the built-in exec application. */
    FIXTAPE(false),
    /** QuickFIX/J 2.3.2 acceptor, same exec behaviour, validation off. */
    QUICKFIXJ(false),
    /** Artio 0.175 engine + library. */
    ARTIO(false);

    private final boolean echo;

    Arm(final boolean echo)
    {
        this.echo = echo;
    }

    public boolean echo()
    {
        return echo;
    }

    public String label()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Arm parse(final String name)
    {
        try
        {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("unknown arm '" + name + "' (floor, fixtape, quickfixj, artio)", e);
        }
    }
}
