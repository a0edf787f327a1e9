package io.fixtape.journal;

/**
 * The journal holds damaged records (a file cut short, bytes zeroed or changed in place) where the engine would have
 * to read them to start: it refuses to start on them rather than lose or reuse a sequence number without a word. The
 * message names the damage and the ways out ({@code fixtape journal verify}, the
 * {@link JournalContext#recoverTruncate(boolean) recover-truncate} opt-in).
 */
public final class JournalDamagedException extends JournalException
{
    private static final long serialVersionUID = 1L;

    public JournalDamagedException(final String message)
    {
        super(message);
    }
}
