package io.fixtape.codegen.runtime;

/**
 * The text form of generated decoders' {@code appendTo}: {@code Name{Field=value, Group=2[{...}, {...}]}}, values as
 * they are on the wire. Allocation-free while the builder has room. Stateless.
 */
public final class Printing
{
    private Printing()
    {
    }

    /** Appends {@code , name=} ({@code name=} right after an opening bracket or at the start). */
    public static void name(final StringBuilder out, final String name)
    {
        separator(out);
        out.append(name).append('=');
    }

    /** Appends {@code , } unless {@code out} is empty or ends with an opening bracket. */
    public static void separator(final StringBuilder out)
    {
        final int length = out.length();
        if (length > 0)
        {
            final char last = out.charAt(length - 1);
            if (last != '{' && last != '[')
            {
                out.append(", ");
            }
        }
    }
}
