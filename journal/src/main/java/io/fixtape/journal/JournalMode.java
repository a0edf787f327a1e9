package io.fixtape.journal;

import java.util.Locale;

/** What the journal keeps (settings key {@code JournalMode}). Declared wherever results are reported. */
public enum JournalMode
{
    /** No store at all: sequence numbers live in memory, resends are answered by gap fill. */
    NONE,
    /** Outbound application messages (for resend) and sequence-number state. */
    STORE,
    /** Every inbound and outbound message, admin included, plus sequence-number state. The default. */
    AUDIT;

    public static JournalMode parse(final String value)
    {
        try
        {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("JournalMode=" + value + " is not one of none|store|audit", ex);
        }
    }
}
